import { AppError } from "@smm/domain/errors";

/**
 * What a published Telegram post is, kept as its externalId: `<chatId>:<kind>:<id>[,<id>...]`, e.g.
 * `-1001234567890:text:42` or `-1001234567890:album:43,44,45`. A post of several images is several
 * messages (one per image), and deleting it deletes each; the kind says how its text is edited:
 * - text: a message (sendMessage): editMessageText, up to 4,096 characters;
 * - preview: a message whose link preview is the post's image (one image, text over 1,024):
 *   editMessageText with the image as preview again;
 * - photo: one photo with its caption (sendPhoto): editMessageCaption, up to 1,024;
 * - video: one video with its caption (sendVideo): editMessageCaption, up to 1,024;
 * - album: 2-10 photos and videos (sendMediaGroup), the caption on the first: editMessageCaption of the first.
 * The first id is the post's own (its t.me link).
 */
export const postKinds = ["text", "preview", "photo", "video", "album"] as const;
export type PostKind = (typeof postKinds)[number];

export interface TelegramPostRef {
  chatId: string;
  kind: PostKind;
  messageIds: number[];
}

const PATTERN = /^(-?\d+):(text|preview|photo|video|album):(\d+(?:,\d+)*)$/u;

export const formatExternalId = (ref: TelegramPostRef) =>
  `${ref.chatId}:${ref.kind}:${ref.messageIds.join(",")}`;

export function parseExternalId(externalId: string): TelegramPostRef {
  const match = PATTERN.exec(externalId.trim());
  if (!match?.[1] || !match[2] || !match[3])
    throw new AppError("invalid_input", `Not a Telegram post: ${externalId}`);
  return {
    chatId: match[1],
    kind: match[2] as PostKind,
    messageIds: match[3].split(",").map(Number),
  };
}
