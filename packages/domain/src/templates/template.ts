import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Deps, UserContext } from "../context";
import { media, type Template, templateFavorites, templates, user } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { MEDIA_NOT_FOUND } from "../media/schemas";
import {
  ANONYMOUS_CREATOR_NAME,
  invalidReferenceImage,
  MAX_REFERENCE_IMAGE_BYTES,
  MAX_TEMPLATE_NAME_LENGTH,
  REFERENCE_IMAGE_TYPES,
  TEMPLATE_NOT_FOUND,
  type TemplateImageView,
  type TemplateView,
} from "./schemas";

/**
 * The full-text document of a template from its (new) values: name A, tags B, description C. Built from
 * parameters rather than columns so an UPDATE writes the vector of the values it sets.
 */
export function templateSearchVector(values: {
  name: string;
  tags: readonly string[];
  description: string | null;
}): SQL {
  return sql`setweight(to_tsvector('simple'::regconfig, ${values.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${values.tags.join(" ")}), 'B') || setweight(to_tsvector('simple'::regconfig, ${values.description ?? ""}), 'C')`;
}

/**
 * The name other users see: the owner's display name, never an address (sign-up names a user after the
 * address's local part, and an API client could send the whole address as the name).
 */
export function toCreatorName(displayName: string | null | undefined): string {
  const name = (displayName ?? "").trim();
  if (name === "") return ANONYMOUS_CREATOR_NAME;
  const local = name.includes("@") ? (name.split("@")[0] ?? "").trim() : name;
  return local === "" ? ANONYMOUS_CREATOR_NAME : local.slice(0, MAX_TEMPLATE_NAME_LENGTH);
}

export async function readCreatorName(ctx: UserContext): Promise<string> {
  const [row] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, ctx.userId));
  return toCreatorName(row?.name);
}

export function toTemplateImages(
  deps: Pick<Deps, "mediaUrls" | "now">,
  ids: readonly string[],
): TemplateImageView[] {
  const now = deps.now();
  return ids.map((id) => ({ id, url: deps.mediaUrls.sign(id, now).url }));
}

export function toTemplateView(
  ctx: Pick<UserContext, "userId" | "mediaUrls" | "now">,
  row: TemplateRow,
  isFavourite = false,
): TemplateView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    tags: row.tags,
    promptTemplate: row.promptTemplate,
    imagePromptTemplate: row.imagePromptTemplate,
    referenceImages: toTemplateImages(ctx, row.referenceImages),
    isActive: row.isActive,
    isPublic: row.isPublic,
    creatorName: row.isPublic ? (row.creatorName ?? ANONYMOUS_CREATOR_NAME) : null,
    usageCount: row.usageCount,
    isOwn: row.userId === ctx.userId,
    isFavourite,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A template without its search document, which no view needs. */
export type TemplateRow = Omit<Template, "searchVector">;

/** The template's columns without the search document. */
export const templateColumns = {
  id: templates.id,
  userId: templates.userId,
  brandId: templates.brandId,
  name: templates.name,
  description: templates.description,
  category: templates.category,
  tags: templates.tags,
  promptTemplate: templates.promptTemplate,
  imagePromptTemplate: templates.imagePromptTemplate,
  referenceImages: templates.referenceImages,
  isActive: templates.isActive,
  isPublic: templates.isPublic,
  creatorName: templates.creatorName,
  usageCount: templates.usageCount,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};

// Spelled out: drizzle renders a column without its table inside a select list, and a bare "id" here
// would be the favourite's own id.
export const isFavouriteOf = (userId: string) =>
  sql<boolean>`exists (select 1 from ${templateFavorites} f where f.template_id = "templates"."id" and f.user_id = ${userId})`;

/** The caller's own template (any of their brands), for edits; anything else is not found. */
export async function requireOwnTemplate(ctx: UserContext, templateId: string): Promise<TemplateRow> {
  if (!isUuid(templateId)) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const [row] = await ctx.db
    .select(templateColumns)
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.userId, ctx.userId)));
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  return row;
}

/** A template the caller may read: their own, or a public one. */
export async function requireReadableTemplate(
  ctx: UserContext,
  templateId: string,
): Promise<{ template: TemplateRow; isFavourite: boolean }> {
  if (!isUuid(templateId)) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const [row] = await ctx.db
    .select({ template: templateColumns, isFavourite: isFavouriteOf(ctx.userId) })
    .from(templates)
    .where(
      and(eq(templates.id, templateId), or(eq(templates.userId, ctx.userId), eq(templates.isPublic, true))),
    );
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  return row;
}

/**
 * Reference image ids a template may keep: the ones it already has (a copied community template keeps
 * its creator's images) and the caller's own uploads. Anything else is not found.
 */
export async function checkReferenceImages(
  ctx: UserContext,
  ids: readonly string[],
  alreadyKept: readonly string[] = [],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const fresh = unique.filter((id) => !alreadyKept.includes(id));
  if (fresh.length === 0) return unique;
  if (!fresh.every(isUuid)) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const rows = await ctx.db
    .select({ id: media.id, name: media.name, mimeType: media.mimeType, byteSize: media.byteSize })
    .from(media)
    .where(and(inArray(media.id, fresh), eq(media.userId, ctx.userId)));
  // An image of someone else that one of the caller's templates already keeps (a copied community
  // template's) may go on a duplicate of it: it was checked when its owner stored it.
  const others = fresh.filter((id) => !rows.some((row) => row.id === id));
  if (others.length > 0) {
    const kept = await ctx.db
      .select({ id: sql<string>`image_id` })
      .from(sql`${templates}, unnest(${templates.referenceImages}) as image_id`)
      .where(and(eq(templates.userId, ctx.userId), inArray(sql`image_id`, others)));
    const keptIds = new Set(kept.map((row) => row.id));
    if (!others.every((id) => keptIds.has(id))) throw new AppError("not_found", MEDIA_NOT_FOUND);
  }
  // A stored file's type was read from its content when it was stored; an image of another kind (a
  // watermark may be an SVG) or over the limit is refused as the form would refuse the file.
  for (const row of rows) {
    const typeOk = (REFERENCE_IMAGE_TYPES as readonly string[]).includes(row.mimeType);
    if (!typeOk || row.byteSize > MAX_REFERENCE_IMAGE_BYTES)
      throw new AppError("invalid_input", invalidReferenceImage(row.name || "image"));
  }
  return unique;
}
