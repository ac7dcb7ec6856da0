import { fitText } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import { checkMediaFits, checkVideoBytes, itemLabel, ruleFor } from "../media-fit";
import type { OutgoingMedia, OutgoingPost, ProviderConnection, PublishedCopy } from "../provider";
import type { TelegramOptions } from "./connect";
import type { TelegramCredentials } from "./credentials";
import {
  describeTelegram,
  TELEGRAM_CAPTION_LIMIT,
  TELEGRAM_IMAGE_TYPES,
  TELEGRAM_MAX_IMAGE_BYTES,
  TELEGRAM_MAX_PHOTO_RATIO,
  TELEGRAM_MAX_PHOTO_SIDES,
  TELEGRAM_TEXT_LIMIT,
} from "./descriptor";
import { DELETE_TOO_OLD_MESSAGE, EDIT_GONE_MESSAGE, settleRefusal, UNCONFIRMED_MESSAGE } from "./errors";
import { formatExternalId, type PostKind, parseExternalId } from "./external-id";
import {
  createTelegramApi,
  LostAnswerError,
  type TelegramApi,
  TelegramRefusal,
  UPLOAD_TIMEOUT_MS,
} from "./telegram-api";

const messageSchema = z.object({
  message_id: z.number().int(),
  date: z.number(),
  chat: z.object({ id: z.number().int(), username: z.string().optional() }).optional(),
});
type TelegramMessage = z.infer<typeof messageSchema>;

const EMPTY_MESSAGE = "Telegram does not send an empty message: write some text or add an image.";
/** sendVideo plays MPEG-4 ("Sending files"); other types would go as documents. */
export const TELEGRAM_VIDEO_TYPES = ["video/mp4"];
const EDIT_UNREACHABLE =
  "Telegram could not be reached, so the edit may not have been made. Please try again in a minute.";
const number = (value: number) => value.toLocaleString("en-US");

const apiOf = (options: TelegramOptions, connection: ProviderConnection<TelegramCredentials>): TelegramApi =>
  createTelegramApi({
    apiUrl: options.apiUrl,
    token: connection.credentials.botToken,
    sleep: options.tools.sleep,
  });

function overText(count: number): AppError {
  return new AppError(
    "text_over_limit",
    `Telegram takes ${number(TELEGRAM_TEXT_LIMIT.maxLength)} characters in a message; this post has ${number(count)}. Shorten it and try again.`,
  );
}

/**
 * How the post goes out, decided before any call (and refused there when Telegram would refuse it):
 * text alone is a message (4,096); one image with up to 1,024 characters is a photo with its caption, and
 * with more (up to 4,096) a message whose link preview is the image, above the text; one video is a video
 * with its caption (1,024); 2-10 images and videos are an album with the text as the first one's caption
 * (1,024: there is no message form for several items).
 */
export function planPost(post: Pick<OutgoingPost, "content" | "format" | "media">): PostKind {
  checkMediaFits(describeTelegram("telegram"), post);
  for (const [index, item] of post.media.entries()) {
    if (item.kind === "video" && !TELEGRAM_VIDEO_TYPES.includes(item.mimeType)) {
      throw new AppError(
        "media_not_fitting",
        `${itemLabel(post.media, index)} is ${item.mimeType}: Telegram plays MP4 videos.`,
      );
    }
  }
  const items = post.media.length;
  const asText = fitText(post.content, TELEGRAM_TEXT_LIMIT);
  const asCaption = fitText(post.content, TELEGRAM_CAPTION_LIMIT);
  if (items === 0) {
    if (post.content.trim() === "") throw new AppError("invalid_input", EMPTY_MESSAGE);
    if (asText.over) throw overText(asText.count);
    return "text";
  }
  if (items === 1 && post.media[0]?.kind === "video") {
    if (!asCaption.over) return "video";
    throw new AppError(
      "text_over_limit",
      `Telegram takes ${number(TELEGRAM_CAPTION_LIMIT.maxLength)} characters in the caption of a video; this post has ${number(asCaption.count)}. Shorten it and try again.`,
    );
  }
  if (items === 1) {
    if (!asCaption.over) return "photo";
    if (asText.over) throw overText(asText.count);
    return "preview";
  }
  if (asCaption.over) {
    throw new AppError(
      "text_over_limit",
      `Telegram takes ${number(TELEGRAM_CAPTION_LIMIT.maxLength)} characters in the caption of a post with several images or videos; this post has ${number(asCaption.count)}. Shorten it, or keep one image (a longer text then goes as a message with the image as its preview).`,
    );
  }
  return "album";
}

const extensionOf = (mimeType: string) =>
  mimeType === "image/jpeg" ? "jpg" : (mimeType.split("/")[1] ?? "bin");

/** A video's bytes, uploaded (50 MB at most, the descriptor's rule), with what Telegram shows of it. */
async function readVideo(
  post: Pick<OutgoingPost, "format" | "media">,
  index: number,
): Promise<{ blob: Blob; name: string; fields: Record<string, string> }> {
  const item = post.media[index] as OutgoingMedia;
  const descriptor = describeTelegram("telegram");
  const { bytes } = await item.read();
  checkVideoBytes(descriptor, ruleFor(descriptor, post), post.media, index, bytes.byteLength);
  const fields: Record<string, string> = { supports_streaming: "true" };
  if (item.width && item.height) {
    fields.width = String(item.width);
    fields.height = String(item.height);
  }
  if (item.durationMs) fields.duration = String(Math.max(1, Math.round(item.durationMs / 1000)));
  return {
    blob: new Blob([new Uint8Array(bytes)], { type: "video/mp4" }),
    name: `video-${index + 1}.mp4`,
    fields,
  };
}

/** The image's bytes, refused (before any call) when Telegram would not take them as a photo. */
async function readPhoto(image: OutgoingMedia, index: number): Promise<{ blob: Blob; name: string }> {
  const which = index === 0 ? "The image" : `Image ${index + 1}`;
  if (image.width && image.height) {
    const longer = Math.max(image.width, image.height);
    const shorter = Math.max(1, Math.min(image.width, image.height));
    if (
      image.width + image.height > TELEGRAM_MAX_PHOTO_SIDES ||
      longer / shorter > TELEGRAM_MAX_PHOTO_RATIO
    ) {
      throw new AppError(
        "invalid_input",
        `${which} is ${image.width}x${image.height}: Telegram takes photos whose width and height add up to at most ${number(TELEGRAM_MAX_PHOTO_SIDES)}, at most ${TELEGRAM_MAX_PHOTO_RATIO} times longer than wide.`,
      );
    }
  }
  const { bytes, mimeType } = await image.read();
  if (!(TELEGRAM_IMAGE_TYPES as readonly string[]).includes(mimeType)) {
    throw new AppError("invalid_input", `${which} is ${mimeType}: Telegram takes JPEG, PNG or WebP photos.`);
  }
  if (bytes.byteLength > TELEGRAM_MAX_IMAGE_BYTES) {
    throw new AppError(
      "invalid_input",
      `${which} is larger than the ${TELEGRAM_MAX_IMAGE_BYTES / 1_048_576} MB Telegram takes for a photo.`,
    );
  }
  return {
    blob: new Blob([new Uint8Array(bytes)], { type: mimeType }),
    name: `photo-${index + 1}.${extensionOf(mimeType)}`,
  };
}

/** The one call that posts, with what it needs (bytes read beforehand: a failed read sends nothing). */
async function requestOf(
  kind: PostKind,
  chatId: string,
  post: OutgoingPost,
): Promise<{ method: string; params: Record<string, unknown> | FormData; timeoutMs?: number }> {
  const text = post.content;
  if (kind === "text") return { method: "sendMessage", params: { chat_id: chatId, text } };
  const [first] = post.media;
  if (kind === "preview" && first) {
    return {
      method: "sendMessage",
      params: {
        chat_id: chatId,
        text,
        link_preview_options: { url: first.url, prefer_large_media: true, show_above_text: true },
      },
    };
  }
  // Uploaded, not sent by URL: our links may not be reachable from Telegram (and a URL caps a photo at 5 MB
  // and a video at 20 MB). Photos are checked and read first, videos after: a refused photo reads no video.
  const files: ({ kind: "photo" } | { kind: "video"; fields: Record<string, string> } | null)[] = [];
  const read: { blob: Blob; name: string }[] = [];
  for (const [index, item] of post.media.entries()) {
    if (item.kind === "image") {
      read[index] = await readPhoto(item, index);
      files[index] = { kind: "photo" };
    } else files[index] = null;
  }
  for (const [index, item] of post.media.entries()) {
    if (item.kind !== "video") continue;
    const video = await readVideo(post, index);
    read[index] = video;
    files[index] = { kind: "video", fields: video.fields };
  }
  const form = new FormData();
  form.append("chat_id", chatId);
  if (kind === "photo" || kind === "video") {
    const [file] = read;
    const [what] = files;
    if (file) form.append(kind, file.blob, file.name);
    if (what?.kind === "video")
      for (const [name, value] of Object.entries(what.fields)) form.append(name, value);
    if (text.trim() !== "") form.append("caption", text);
    return {
      method: kind === "photo" ? "sendPhoto" : "sendVideo",
      params: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    };
  }
  // Photos attach as p<n>, videos as v<n> (n: the item's place in the post).
  const fieldOf = (index: number) => `${files[index]?.kind === "video" ? "v" : "p"}${index}`;
  const media = files.map((file, index) => ({
    type: file?.kind ?? "photo",
    media: `attach://${fieldOf(index)}`,
    ...(file?.kind === "video"
      ? Object.fromEntries(
          Object.entries(file.fields).map(([name, value]) => [
            name,
            name === "supports_streaming" ? true : Number(value),
          ]),
        )
      : {}),
    ...(index === 0 && text.trim() !== "" ? { caption: text } : {}),
  }));
  form.append("media", JSON.stringify(media));
  for (const [index, file] of read.entries()) form.append(fieldOf(index), file.blob, file.name);
  return { method: "sendMediaGroup", params: form, timeoutMs: UPLOAD_TIMEOUT_MS };
}

function copyOf(
  connection: ProviderConnection<TelegramCredentials>,
  kind: PostKind,
  messages: TelegramMessage[],
): PublishedCopy {
  const [first] = messages;
  if (!first) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
  // The channel's @name as Telegram answers it now; the connection's when the answer has no chat.
  const username = first.chat
    ? first.chat.username
    : (connection.handle ?? connection.metadata.handle)?.replace(/^@/u, "");
  return {
    externalId: formatExternalId({
      chatId: connection.credentials.chatId,
      kind,
      messageIds: messages.map((message) => message.message_id),
    }),
    url: username ? `https://t.me/${username}/${first.message_id}` : null,
    publishedAt: new Date(first.date * 1000),
  };
}

/**
 * Posts once. Telegram has no idempotency key and the Bot API cannot read a channel's history, so an
 * answer that is lost (no answer, a timeout, a 5xx, an unreadable success) cannot be settled: it is
 * publish_unconfirmed and never sent again. A rate limit (429) is a refusal before anything is done, so it
 * is waited out (once, when short) and sent again, or handed back with its wait.
 */
export async function publishPost(
  options: TelegramOptions,
  connection: ProviderConnection<TelegramCredentials>,
  post: OutgoingPost,
): Promise<PublishedCopy> {
  const kind = planPost(post);
  const request = await requestOf(kind, connection.credentials.chatId, post);
  const api = apiOf(options, connection);
  let result: unknown;
  try {
    result = await api.call(request.method, request.params, request.timeoutMs);
  } catch (error) {
    if (error instanceof LostAnswerError) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
    return settleRefusal(error, connection, "publish the post");
  }
  const messages = z.array(messageSchema).safeParse(Array.isArray(result) ? result : [result]);
  // Telegram said ok but not what it made: it was made, somewhere we cannot name.
  if (!messages.success) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
  return copyOf(connection, kind, messages.data);
}

/** Deletes each message of the post; one already gone is skipped (a second try finishes a first). */
export async function deletePost(
  options: TelegramOptions,
  connection: ProviderConnection<TelegramCredentials>,
  externalId: string,
): Promise<void> {
  const ref = parseExternalId(externalId);
  const api = apiOf(options, connection);
  for (const messageId of ref.messageIds) {
    try {
      await api.call("deleteMessage", { chat_id: ref.chatId, message_id: messageId });
    } catch (error) {
      if (error instanceof TelegramRefusal && error.status === 400) {
        if (/message to delete not found|MESSAGE_ID_INVALID/iu.test(error.description)) continue;
        // Telegram's answer for a post over 48 hours old (the bot may delete its own channel posts otherwise).
        if (/can't be deleted|cannot be deleted|MESSAGE_DELETE_FORBIDDEN/iu.test(error.description))
          throw new AppError("upstream_failed", DELETE_TOO_OLD_MESSAGE);
      }
      await settleRefusal(error, connection, "delete the post");
    }
  }
}

/**
 * Edits the post's text the way it was sent (its kind, in the externalId): a message's text
 * (editMessageText, the image kept as its preview), or the caption of a photo or an album's first photo
 * (editMessageCaption, 1,024). Images are not changed. Text over what the kind takes is refused before any
 * call: a photo's caption cannot become a message.
 */
export async function editPost(
  options: TelegramOptions,
  connection: ProviderConnection<TelegramCredentials>,
  externalId: string,
  post: OutgoingPost,
): Promise<void> {
  const ref = parseExternalId(externalId);
  const [messageId] = ref.messageIds;
  const text = post.content;
  let method: string;
  let params: Record<string, unknown>;
  if (ref.kind === "text" || ref.kind === "preview") {
    if (text.trim() === "") throw new AppError("invalid_input", EMPTY_MESSAGE);
    const fit = fitText(text, TELEGRAM_TEXT_LIMIT);
    if (fit.over) throw overText(fit.count);
    const [image] = post.media;
    method = "editMessageText";
    params = {
      chat_id: ref.chatId,
      message_id: messageId,
      text,
      ...(ref.kind === "preview" && image
        ? { link_preview_options: { url: image.url, prefer_large_media: true, show_above_text: true } }
        : {}),
    };
  } else {
    const fit = fitText(text, TELEGRAM_CAPTION_LIMIT);
    if (fit.over) {
      throw new AppError(
        "text_over_limit",
        `This Telegram post's text is the caption of its ${ref.kind === "album" ? "images" : ref.kind === "video" ? "video" : "image"}, which takes ${number(TELEGRAM_CAPTION_LIMIT.maxLength)} characters; the new text has ${number(fit.count)}. Shorten it and try again.`,
      );
    }
    method = "editMessageCaption";
    params = { chat_id: ref.chatId, message_id: messageId, caption: text };
  }
  try {
    await apiOf(options, connection).call(method, params);
  } catch (error) {
    if (error instanceof TelegramRefusal && error.status === 400) {
      // The same text again: nothing to do.
      if (/message is not modified/iu.test(error.description)) return;
      if (/message to edit not found|MESSAGE_ID_INVALID/iu.test(error.description))
        throw new AppError("upstream_failed", EDIT_GONE_MESSAGE);
    }
    // An edit sent twice is the same edit: a lost answer is a failure to try again, not an unknown post.
    if (error instanceof LostAnswerError) throw new AppError("upstream_failed", EDIT_UNREACHABLE);
    await settleRefusal(error, connection, "edit the post");
  }
}
