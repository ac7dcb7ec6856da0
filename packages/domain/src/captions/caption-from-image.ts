import { z } from "zod";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { readMediaBytes, requireBrandMedia } from "../media/media";
import { parseInput } from "../parse-input";
import type { StoredImageMimeType } from "../ports";
import { publishPostChanged, toPostView } from "../posts/post";
import { postView } from "../posts/post-view-schema";
import { removeForbidden } from "../suggestions/do-not-mention";
import { readAiBrand } from "../suggestions/suggestion";
import { requireCaptionsLeft, reserveCaptionQuota } from "../usage/reserve-caption-quota";
import { declareUseCase } from "../use-case";
import {
  CAPTION_FAILED,
  CAPTION_FALLBACK,
  CAPTION_IMAGE_NOT_FOUND,
  type CaptionFromImageInput,
  captionFromImageInput,
} from "./schemas";

export { type CaptionFromImageInput, captionFromImageInput };

export const captionedPostView = z
  .object({
    post: postView.meta({
      description: "The new post: pending, with the caption and the image, waiting for review.",
    }),
    model: z
      .enum(["offline", "openai"])
      .meta({ description: 'Which model wrote it ("offline" is labelled Offline model on the screens).' }),
  })
  .meta({ id: "CaptionedPost" });
export type CaptionFromImageResult = z.infer<typeof captionedPostView>;

/** Images a caption can be written for: the user's uploads and generated post images, not watermark files. */
const CAPTIONABLE_KINDS = new Set(["upload", "generated"]);

/**
 * One image of the brand turned into a pending post (connections spec, captions from images): the model
 * writes a caption in the brand's voice for the platform, with the user's context, and the post is created
 * with that caption and the image, for review like any other.
 *
 * The caption counts against the plan (free: 25 a month) in the same transaction that creates the post, so
 * any number of simultaneous requests creates at most as many posts as there are captions left. The model
 * is asked before that transaction (a transaction is not held open over a network call); a user with none
 * left is refused before the model is asked.
 */
export async function captionFromImage(
  ctx: BrandContext,
  rawInput: CaptionFromImageInput,
): Promise<CaptionFromImageResult> {
  const input = parseInput(captionFromImageInput, rawInput);
  const image = await requireBrandMedia(ctx, input.imageId);
  if (!CAPTIONABLE_KINDS.has(image.kind)) throw new AppError("not_found", CAPTION_IMAGE_NOT_FOUND);
  await requireCaptionsLeft(ctx.db, ctx);

  const { brand, language } = await readAiBrand(ctx);
  const bytes = await readMediaBytes(ctx, image);
  let written: string;
  try {
    written = await ctx.ai.captionFromImage({
      brand,
      language,
      platform: input.platform,
      image: {
        bytes,
        mimeType: image.mimeType as StoredImageMimeType,
        width: image.width,
        height: image.height,
      },
      context: input.context,
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", CAPTION_FAILED);
  }
  // The brand's do-not-mention list is the domain's rule, whatever the model wrote.
  const caption = removeForbidden(written ?? "", brand.doNotMention).trim() || CAPTION_FALLBACK;

  const row = await ctx.db.transaction(async (tx) => {
    await reserveCaptionQuota(tx, ctx, 1);
    const now = ctx.now();
    const [created] = await tx
      .insert(posts)
      .values({
        userId: ctx.userId,
        brandId: ctx.brandId,
        content: caption,
        imageMediaId: image.id,
        platform: input.platform,
        status: "pending",
        language,
        aiGenerated: true,
        source: "image_caption",
        generationRequest: { sourceMediaId: image.id, context: input.context ?? null },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("post insert returned nothing");
    return created;
  });

  await publishPostChanged(ctx, row.id, "created");
  return { post: await toPostView(ctx, row), model: ctx.ai.kind };
}

export const captionFromImageUseCase = declareUseCase({
  name: "captionFromImage",
  description:
    "Write a caption for one of the brand's images (an upload, e.g. the image the user just uploaded in the chat, by its id) and create a pending post with that caption and the image, for review. Counts one caption against the plan (free: 25 a month).",
  scope: "brand",
  input: captionFromImageInput,
  output: captionedPostView,
  run: captionFromImage,
});
