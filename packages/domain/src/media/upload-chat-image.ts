import { getConversation, saveConversation } from "../chat/conversation";
import type { BrandContext } from "../context";
import type { StoredChatMessage } from "../db/schema";
import { type MediaView, toMediaView } from "./media";
import { UPLOADED_IMAGE_PART, type UploadedImagePartData } from "./schemas";
import { storeUploadedImage } from "./upload-image";

export interface ChatImageUpload {
  image: MediaView;
  /** True when the brand's watermark was applied to the stored image. */
  watermarked: boolean;
  /** The user message added to the stored conversation (the client appends the same one). */
  message: StoredChatMessage;
}

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
  const message: StoredChatMessage = {
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
