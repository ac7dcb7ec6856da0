/*
 * The offline assistant's captions from images: "write a caption for this photo" after an upload in the
 * chat captions the newest uploaded image (captionFromImage) into a pending post. The upload reaches the
 * model as text carrying the image's id (see IMAGE_ID_PREFIX), which is how "this photo" is found.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

/** How an uploaded image's id is written into the model's view of the conversation (routes/chat.ts). */
export const IMAGE_ID_PREFIX = "Image id:";

/** The newest image uploaded in the conversation, from the user turns' text. */
export interface UploadedImage {
  id: string;
}

const IMAGE_ID = /\bImage id:\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** The last image id in the texts, read newest first. */
export function findUploadedImage(userTexts: readonly string[]): UploadedImage | null {
  for (let i = userTexts.length - 1; i >= 0; i--) {
    const ids = [...(userTexts[i] ?? "").matchAll(IMAGE_ID)].map((match) => match[1]);
    const last = ids.at(-1);
    if (last) return { id: last.toLowerCase() };
  }
  return null;
}

type Decision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

export const UPLOAD_A_PHOTO_FIRST =
  "Which photo? Upload it here with the image button first, then say “write a caption for this photo”.";

/**
 * "Write a caption for this photo", "caption this image for instagram", "caption my picture: our new
 * terrace". Null when the message is not about captioning an image.
 */
export function decideCaptionTurn(
  text: string,
  ctx: { tools: OfferedTools; lastImage: UploadedImage | null },
): Decision | null {
  const lower = text.toLowerCase();
  const aboutImage = /\b(photo|image|picture|pic|upload|it|this|that)\b/.test(lower);
  if (!/\bcaption\b/.test(lower) || !aboutImage) return null;
  // "Write a caption about our sale" is a caption to read (writeSocialPost), not one for an image.
  if (!/\b(photo|image|picture|pic|upload)s?\b/.test(lower) && /\babout\b/.test(lower)) return null;
  if (!ctx.tools.has("captionFromImage"))
    return { kind: "say", text: "I can't caption images in this version yet." };
  if (!ctx.lastImage) return { kind: "say", text: UPLOAD_A_PHOTO_FIRST };
  const input: Record<string, unknown> = { imageId: ctx.lastImage.id };
  if (/\binstagram\b/.test(lower)) input.platform = "instagram";
  else if (/\bfacebook\b/.test(lower)) input.platform = "facebook";
  // What to say about the photo: after "about" or a colon ("caption this photo: our new terrace").
  const context = text
    .match(/(?:\babout\b|:)\s*(.+?)\s*$/i)?.[1]
    ?.replace(/\s+(?:for|on)\s+(?:facebook|instagram)[.!?]*$/i, "")
    .replace(/[.!?]+$/, "")
    .trim();
  if (context) input.context = context;
  return {
    kind: "call",
    call: { toolName: "captionFromImage", input, preface: "Writing a caption for your photo…" },
  };
}

/** The reply after captionFromImage: the caption, where the post waits, and what to say next. */
export function describeCaptionOutcome(toolName: ToolName, result: unknown): string | null {
  if (toolName !== "captionFromImage") return null;
  const value = result as ToolOutput<"captionFromImage">;
  const { post } = value;
  const caption = post.content;
  const platform = post.platform === "instagram" ? "an Instagram" : "a Facebook";
  const model =
    value.model === "offline" ? " (written by the offline model from the photo's colours and light)" : "";
  return `Here is your caption${model}:\n\n${caption}\n\nI saved it as ${platform} post with your photo, waiting for your approval. Say “schedule it tomorrow at 9” or review it on the dashboard.`;
}
