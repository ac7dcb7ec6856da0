import { z } from "zod";
import { getConversation, saveConversation } from "../chat/conversation";
import type { BrandContext } from "../context";
import { mediaView, toMediaView } from "./media";
import { UPLOADED_IMAGE_PART, type UploadedImagePartData } from "./schemas";
import { storeUploadedImage } from "./upload-image";

/** The user message a chat upload adds: the uploaded image's part, then the text the model reads. */
export const chatUploadMessageView = z
  .object({
    id: z.string(),
    role: z.literal("user"),
    parts: z.tuple([
      z.object({
        type: z.literal(UPLOADED_IMAGE_PART),
        data: z.object({ mediaId: z.string(), name: z.string() }),
      }),
      z.object({ type: z.literal("text"), text: z.string() }),
    ]),
  })
  .meta({ id: "ChatUploadMessage" });

export const chatImageUploadView = z
  .object({
    image: mediaView,
    watermarked: z
      .boolean()
      .meta({ description: "True when the brand's watermark was applied to the stored image." }),
    message: chatUploadMessageView.meta({
      description: "The user message added to the stored conversation (the client appends the same one).",
    }),
  })
  .meta({ id: "ChatMedia" });
export type ChatImageUpload = z.infer<typeof chatImageUploadView>;

/**
 * An image uploaded in the chat (core spec section 2): checked by content like every upload, marked with
 * the brand's watermark when it is on (the original is kept on any watermark failure), and added to the
 * brand's conversation as the user's message. The message keeps the media id and name, never the signed
 * link, which expires; the screens ask for a fresh one when they show it.
 */
export async function uploadChatImage(
  ctx: BrandContext,
  rawInput: { bytes: Uint8Array; name?: string | undefined },
): Promise<ChatImageUpload> {
  const { row, watermarked } = await storeUploadedImage(ctx, { ...rawInput, applyWatermark: true });
  const name = row.name || "image";
  const data: UploadedImagePartData = { mediaId: row.id, name };
  const message: ChatImageUpload["message"] = {
    id: crypto.randomUUID(),
    role: "user",
    // The text is what the model reads of the upload; the screens show the image instead.
    parts: [
      { type: UPLOADED_IMAGE_PART, data },
      { type: "text", text: `Uploaded image: ${name}` },
    ],
  };
  const { messages } = await getConversation(ctx);
  await saveConversation(ctx, [...messages, message]);
  return { image: toMediaView(ctx, row), watermarked, message };
}
