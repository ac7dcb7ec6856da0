import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { LanguageCode } from "../brands/constants";
import type { BrandContext } from "../context";
import { type Media, media } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import type { AiBrandContext, StoredImageMimeType } from "../ports";
import { POST_NOT_FOUND } from "../posts/messages";
import { requireBrandPost } from "../posts/post";
import { readAiBrand } from "../suggestions/suggestion";
import { declareUseCase } from "../use-case";
import { ALT_TEXT_FAILED } from "./alt-text-prompt";
import { readMediaBytes } from "./media";
import { MAX_ALT_TEXT_LENGTH } from "./media-library";
import { loadPostMedia, mediaTypeOf, requireBrandMediaList } from "./post-media";
import { MEDIA_NOT_FOUND } from "./schemas";

/** The most images one call names by id (a post brings its own list, itself at most 20). */
export const MAX_ALT_TEXT_IMAGES = 20;
/** Images described at once: a batch finishes sooner without flooding the model's rate limit. */
const CONCURRENCY = 4;

export const writeAltTextInput = z
  .object({
    /** The brand's images to describe. */
    mediaIds: z
      .array(z.uuid({ error: MEDIA_NOT_FOUND }))
      .max(MAX_ALT_TEXT_IMAGES, `Alt text is written for at most ${MAX_ALT_TEXT_IMAGES} images at a time`)
      .optional()
      .meta({ description: `Ids of the brand's images (at most ${MAX_ALT_TEXT_IMAGES}).` }),
    /** Every image of this post, its text given to the model as context. */
    postId: z
      .uuid({ error: POST_NOT_FOUND })
      .optional()
      .meta({ description: "A post: all its images are described, with its text as context." }),
    overwrite: z
      .boolean()
      .optional()
      .meta({ description: "Replace alt text the images already have (default: only images lacking it)." }),
  })
  .refine((input) => (input.mediaIds?.length ?? 0) > 0 || input.postId !== undefined, {
    message: "Give the images or the post to write alt text for",
  });
export type WriteAltTextInput = z.input<typeof writeAltTextInput>;

export const altTextDraftView = z
  .object({
    mediaId: z.string(),
    name: z.string(),
    altText: z.string().meta({ description: "The image's alt text now: the new draft, or the one it kept." }),
    written: z.boolean().meta({
      description: "True when a draft was written and saved; false when the image kept its alt text.",
    }),
  })
  .meta({ id: "AltTextDraft" });

export const altTextDraftsView = z
  .object({
    items: z
      .array(altTextDraftView)
      .meta({ description: "The images, in the order asked (videos skipped)." }),
    model: z
      .enum(["offline", "openai"])
      .meta({ description: 'Which model wrote them ("offline" is labelled Offline model on the screens).' }),
  })
  .meta({ id: "AltTextDrafts" });
export type WriteAltTextResult = z.infer<typeof altTextDraftsView>;

/** An image to describe, with the post text and language it goes with. */
interface Target {
  row: Media;
  caption?: string | undefined;
  language?: LanguageCode | undefined;
}

/** The name the library shows for the file. */
const displayName = (row: Media) =>
  row.name ??
  `${row.kind === "generated" ? "Generated image" : "Image"} ${row.createdAt.toISOString().slice(0, 16).replace("T", " ")}`;

const hasAltText = (row: Pick<Media, "altText">) => (row.altText ?? "").trim() !== "";

/** What is stored: one paragraph, no characters PostgreSQL refuses, within the library's limit. */
export function cleanAltText(text: string): string {
  const flat = text
    .replaceAll("\u0000", "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= MAX_ALT_TEXT_LENGTH) return flat;
  const cut = flat.slice(0, MAX_ALT_TEXT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return (space > MAX_ALT_TEXT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd();
}

/** The images a request names: the ids given (the brand's own, else not found), then the post's. */
async function targetsOf(ctx: BrandContext, input: z.output<typeof writeAltTextInput>): Promise<Target[]> {
  const targets = new Map<string, Target>();
  if (input.mediaIds?.length) {
    const rows = await requireBrandMediaList(ctx, [...new Set(input.mediaIds)]);
    // Watermark files are not library images: not found, as everywhere in the library.
    if (rows.some((row) => row.kind === "watermark")) throw new AppError("not_found", MEDIA_NOT_FOUND);
    for (const row of rows) targets.set(row.id, { row });
  }
  if (input.postId) {
    const post = await requireBrandPost(ctx.db, ctx, input.postId);
    const items = (await loadPostMedia(ctx, [post])).get(post.id) ?? [];
    // Images at the user's own URLs have no stored file to describe or to keep alt text on.
    const ids = items.flatMap((item) => (item.mediaId ? [item.mediaId] : []));
    const rows = ids.length
      ? await ctx.db
          .select()
          .from(media)
          .where(and(inArray(media.id, ids), eq(media.brandId, ctx.brandId), eq(media.userId, ctx.userId)))
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const caption = post.content.trim() || undefined;
    for (const id of ids) {
      const row = byId.get(id);
      if (row) targets.set(id, { row, caption, language: post.language });
    }
  }
  return [...targets.values()];
}

/** `work` over the items, at most `limit` at a time; the answers in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Drafts alt text for the brand's images (by id, or all images of a post with its text as context) and saves
 * it on each image, where the networks that take alt text get it with the post. By default only images
 * without alt text are described; `overwrite` replaces what they have. Videos are skipped. A model failure
 * stops the batch (upstream_failed), the drafts already saved staying.
 */
export async function writeAltText(
  ctx: BrandContext,
  rawInput: WriteAltTextInput,
): Promise<WriteAltTextResult> {
  const input = parseInput(writeAltTextInput, rawInput);
  const overwrite = input.overwrite ?? false;
  const targets = (await targetsOf(ctx, input)).filter(({ row }) => mediaTypeOf(row) === "image");
  const { brand, language } = await readAiBrand(ctx);

  const items = await mapLimited(targets, CONCURRENCY, async (target) => {
    const { row } = target;
    const kept = { mediaId: row.id, name: displayName(row), altText: row.altText ?? "", written: false };
    if (!overwrite && hasAltText(row)) return kept;
    const altText = await draft(ctx, brand, target.language ?? language, target);
    const [saved] = await ctx.db
      .update(media)
      .set({ altText })
      .where(
        and(
          eq(media.id, row.id),
          eq(media.brandId, ctx.brandId),
          // Alt text the user wrote meanwhile is theirs to keep, unless they asked to overwrite.
          overwrite ? undefined : or(isNull(media.altText), eq(media.altText, "")),
        ),
      )
      .returning({ altText: media.altText });
    if (saved) return { ...kept, altText, written: true };
    const [current] = await ctx.db.select({ altText: media.altText }).from(media).where(eq(media.id, row.id));
    if (!current) throw new AppError("not_found", MEDIA_NOT_FOUND);
    return { ...kept, altText: current.altText ?? "" };
  });
  return { items, model: ctx.ai.kind };
}

/** The model's alt text for one image, cleaned; a failure or an empty answer is upstream_failed. */
async function draft(ctx: BrandContext, brand: AiBrandContext, language: LanguageCode, target: Target) {
  const { row } = target;
  const bytes = await readMediaBytes(ctx, row);
  let written: string;
  try {
    written = await ctx.ai.writeAltText({
      brand,
      language,
      image: { bytes, mimeType: row.mimeType as StoredImageMimeType, width: row.width, height: row.height },
      caption: target.caption,
      name: row.name ?? undefined,
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", ALT_TEXT_FAILED);
  }
  const altText = cleanAltText(written ?? "");
  if (altText === "") throw new AppError("upstream_failed", ALT_TEXT_FAILED);
  return altText;
}

export const writeAltTextUseCase = declareUseCase({
  name: "writeAltText",
  description:
    "Draft alt text (a short, literal description for people who use screen readers) for the brand's images, by their ids or for all images of a post (its text as context), and save it on each image. By default only images still lacking alt text are described; set overwrite to replace existing alt text. Videos are skipped.",
  scope: "brand",
  input: writeAltTextInput,
  output: altTextDraftsView,
  run: writeAltText,
});
