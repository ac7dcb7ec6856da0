import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { media } from "../db/schema";
import { AppError } from "../errors";
import { noInput } from "../no-input";
import { parseInput } from "../parse-input";
import { safeText } from "../text";
import { declareUseCase } from "../use-case";
import { type MediaView, toMediaView } from "./media";

/** The images the chat can list and show: uploads and generated post images (never watermark files). */
const SHOWABLE_KINDS = ["upload", "generated"] as const;
const LIST_LIMIT = 100;

export const imageListItemView = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "A signed, expiring link." }),
    name: z.string().meta({ description: "The file's name; a generated image is named by its date." }),
    kind: z.enum(SHOWABLE_KINDS),
    createdAt: z.string(),
  })
  .meta({ id: "ImageListItem" });
export type ImageListItem = z.infer<typeof imageListItemView>;

export const imageListView = z
  .object({ images: z.array(imageListItemView).meta({ description: "Newest first, at most 100." }) })
  .meta({ id: "ImageList" });

/** Generated images have no file name; they are named by their date so "show image 2026-11-23 10:15" works. */
function displayName(view: MediaView): string {
  if (view.name) return view.name;
  const when = view.createdAt.slice(0, 16).replace("T", " ");
  return `${view.kind === "generated" ? "Generated image" : "Image"} ${when}`;
}

const toItem = (view: MediaView): ImageListItem => ({
  id: view.id,
  url: view.url,
  name: displayName(view),
  // Only uploads and generated images are read (brandImages), so the kind is one of those two.
  kind: view.kind as ImageListItem["kind"],
  createdAt: view.createdAt,
});

async function brandImages(ctx: BrandContext): Promise<ImageListItem[]> {
  const rows = await ctx.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.brandId, ctx.brandId),
        eq(media.userId, ctx.userId),
        inArray(media.kind, [...SHOWABLE_KINDS]),
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => toItem(toMediaView(ctx, row)));
}

/** The brand's images, newest first (the chat shows the first 6, then '...and N more images'). */
export async function listImages(ctx: BrandContext): Promise<{ images: ImageListItem[] }> {
  return { images: await brandImages(ctx) };
}

export const IMAGE_NAME_NOT_FOUND = "No image with that name. Ask me to show your images to see their names.";

export const showImageInput = z.object({
  name: safeText({ error: "Say which image to show" }).trim().min(1, "Say which image to show").max(255),
});
export type ShowImageInput = z.infer<typeof showImageInput>;

/** One image by its name: an exact match first (case-insensitive), else the newest whose name contains it. */
export async function showImage(ctx: BrandContext, rawInput: ShowImageInput): Promise<ImageListItem> {
  const { name } = parseInput(showImageInput, rawInput);
  const wanted = name.toLowerCase();
  const images = await brandImages(ctx);
  const found =
    images.find((image) => image.name.toLowerCase() === wanted) ??
    images.find((image) => image.name.toLowerCase().includes(wanted));
  if (!found) throw new AppError("not_found", IMAGE_NAME_NOT_FOUND);
  return found;
}

export const listImagesUseCase = declareUseCase({
  name: "listImages",
  description:
    "List the active brand's images (uploads and generated post images), newest first, with links.",
  scope: "brand",
  input: noInput,
  output: imageListView,
  run: listImages,
});

export const showImageUseCase = declareUseCase({
  name: "showImage",
  description: "Show one of the brand's images by its name (as listImages names it).",
  scope: "brand",
  input: showImageInput,
  output: imageListItemView,
  run: showImage,
});
