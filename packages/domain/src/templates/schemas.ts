import { z } from "zod";
import type { TemplateCategory as StoredTemplateCategory } from "../db/schema/enums";
import { safeText } from "../text";

/**
 * Inputs, views and constants of the templates area (connections spec: Template entity, Template form,
 * Community Templates screen, section 9). Pure data plus zod, so the web's forms import the same rules.
 */

// The column's enum, repeated here because the web's forms import this module and the schema module
// pulls in drizzle; `satisfies` keeps the two lists the same.
export const templateCategories = [
  "general",
  "post",
  "image",
  "content",
  "social",
  "marketing",
] as const satisfies readonly StoredTemplateCategory[];
export type TemplateCategory = (typeof templateCategories)[number];

export const TEMPLATE_NOT_FOUND = "Template not found";
export const TEMPLATE_NAME_REQUIRED = "Template name is required";
export const DEFAULT_TEMPLATE_NAME = "Untitled Template";
export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = "general";
/** Community search limit (connections spec section 9). */
export const COMMUNITY_PAGE_SIZE = 50;
/** How many favourites the community screen's panel shows. */
export const FAVOURITES_PANEL_SIZE = 8;
/** The creator of the curated templates shipped with the product. */
export const CURATED_CREATOR_NAME = "Social Media Manager";
/** Shown when an owner's display name is empty or looks like an address. */
export const ANONYMOUS_CREATOR_NAME = "Community member";
export const MAX_TEMPLATE_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_TEMPLATE_NAME_LENGTH = 120;
export const MAX_TEMPLATE_DESCRIPTION_LENGTH = 1000;
export const MAX_PROMPT_TEMPLATE_LENGTH = 4000;
/** Not named by the spec; ten keeps a template's thumbnails (3 on cards, 4 in the selector, '+N') meaningful. */
export const MAX_REFERENCE_IMAGES = 10;
/** Reference images: image files of at most 5242880 bytes (connections spec, Template form). */
export const MAX_REFERENCE_IMAGE_BYTES = 5_242_880;
/** The template form's notification for a file that is not an image, or too large. */
export const invalidReferenceImage = (filename: string) =>
  `Invalid file: ${filename}. Please use images under 5MB.`;
/** The image types a reference image may be, by its content (what the generator's uploads take). */
export const REFERENCE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/**
 * The form's quick check before a byte is sent: an image type the browser recognises, and the size. The
 * server decides by the content (uploadImage with purpose "templateReference").
 */
export function checkReferenceImageFile(file: { size: number; type: string; name: string }): string | null {
  const typeOk = (REFERENCE_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return typeOk && file.size <= MAX_REFERENCE_IMAGE_BYTES ? null : invalidReferenceImage(file.name);
}
export const MAX_SEARCH_LENGTH = 200;

export const templateSorts = ["popular", "newest", "alphabetical"] as const;
export type TemplateSort = (typeof templateSorts)[number];

/** The category select's labels (All Categories, Post Templates, ...). */
export const templateCategoryLabels: Record<TemplateCategory, string> = {
  general: "General Templates",
  post: "Post Templates",
  image: "Image Templates",
  content: "Content Templates",
  social: "Social Templates",
  marketing: "Marketing Templates",
};
/**
 * What an empty template list says, by what narrowed it: a typed search gets the spec's search text; a
 * category alone says the category, never "your search" when nothing was typed.
 */
export function templatesEmptyText(filters: {
  search: string;
  category: TemplateCategory | "all";
  community?: boolean;
}): { title: string; description: string } {
  const kind = filters.community ? "community templates" : "templates";
  if (filters.search.trim())
    return filters.community
      ? {
          title: "No community templates found",
          description: "Try different search terms or adjust your filters.",
        }
      : {
          title: "No templates found",
          description: "No templates match your search. Try clearing your search term.",
        };
  if (filters.category !== "all") {
    const label = templateCategoryLabels[filters.category];
    return {
      title: filters.community ? "No community templates found" : "No templates found",
      description: `No ${kind} fit the ${label} filter. Choose another category or All Categories.`,
    };
  }
  return filters.community
    ? {
        title: "No community templates found",
        description: "Be the first to share a template with the community!",
      }
    : { title: "No templates yet", description: "No templates created yet. Create your first template!" };
}

export const templateSortLabels: Record<TemplateSort, string> = {
  popular: "Most Popular",
  newest: "Newest First",
  alphabetical: "Alphabetical",
};

/** Tags are trimmed, non-empty and unique (first spelling kept, compared without case). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const templateId = safeText({ error: TEMPLATE_NOT_FOUND })
  .min(1, TEMPLATE_NOT_FOUND)
  .max(100, TEMPLATE_NOT_FOUND);
const categorySchema = z.enum(templateCategories, {
  error: `Category must be one of: ${templateCategories.join(", ")}`,
});
const promptSchema = safeText()
  .max(MAX_PROMPT_TEMPLATE_LENGTH, `Prompts must be at most ${MAX_PROMPT_TEMPLATE_LENGTH} characters`)
  .nullable();
const searchSchema = safeText()
  .trim()
  .max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters`);

/** The template form's fields; every one optional on update. */
export const templateFields = {
  name: safeText({ error: TEMPLATE_NAME_REQUIRED })
    .trim()
    .min(1, TEMPLATE_NAME_REQUIRED)
    .max(MAX_TEMPLATE_NAME_LENGTH, `Template name must be at most ${MAX_TEMPLATE_NAME_LENGTH} characters`),
  description: safeText()
    .trim()
    .max(
      MAX_TEMPLATE_DESCRIPTION_LENGTH,
      `Description must be at most ${MAX_TEMPLATE_DESCRIPTION_LENGTH} characters`,
    )
    .nullable(),
  category: categorySchema,
  tags: z
    .array(safeText().max(MAX_TAG_LENGTH, `Tags must be at most ${MAX_TAG_LENGTH} characters`))
    .max(MAX_TEMPLATE_TAGS, `At most ${MAX_TEMPLATE_TAGS} tags`)
    .transform(normaliseTags),
  promptTemplate: promptSchema,
  imagePromptTemplate: promptSchema,
  /** Ids of images uploaded with uploadTemplateImage (or the caller's own media). */
  referenceImageIds: z
    .array(safeText().min(1).max(100))
    .max(MAX_REFERENCE_IMAGES, `At most ${MAX_REFERENCE_IMAGES} reference images`),
  isPublic: z.boolean({ error: "isPublic must be true or false" }),
};

export const createTemplateInput = z.object({
  name: templateFields.name.optional(),
  description: templateFields.description.optional(),
  category: templateFields.category.optional(),
  tags: templateFields.tags.optional(),
  promptTemplate: templateFields.promptTemplate.optional(),
  imagePromptTemplate: templateFields.imagePromptTemplate.optional(),
  referenceImageIds: templateFields.referenceImageIds.optional(),
  isPublic: templateFields.isPublic.optional(),
});
export type CreateTemplateInput = z.input<typeof createTemplateInput>;

export const updateTemplateInput = createTemplateInput.extend({
  templateId,
  isActive: z.boolean().optional(),
});
export type UpdateTemplateInput = z.input<typeof updateTemplateInput>;

export const templateIdInput = z.object({ templateId });
export type TemplateIdInput = z.input<typeof templateIdInput>;

export const setTemplateVisibilityInput = z.object({ templateId, isPublic: templateFields.isPublic });
export type SetTemplateVisibilityInput = z.input<typeof setTemplateVisibilityInput>;

export const listTemplatesInput = z.object({
  search: searchSchema.optional(),
  category: categorySchema.optional(),
});
export type ListTemplatesInput = z.input<typeof listTemplatesInput>;

export const searchCommunityTemplatesInput = z.object({
  search: searchSchema.optional(),
  category: categorySchema.optional(),
  sort: z.enum(templateSorts, { error: "Sort must be popular, newest or alphabetical" }).default("popular"),
  /** The nextCursor of the previous page. */
  cursor: safeText().max(200).optional(),
});
export type SearchCommunityTemplatesInput = z.input<typeof searchCommunityTemplatesInput>;

/** A reference image of a template, with a signed, expiring link. */
export const templateImageView = z
  .object({ id: z.string(), url: z.string().meta({ description: "A signed link that expires." }) })
  .meta({ id: "TemplateImage" });
export type TemplateImageView = z.infer<typeof templateImageView>;

/** A template as the screens, tools and API see it. */
export const templateView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.enum(templateCategories),
    tags: z.array(z.string()),
    promptTemplate: z.string().nullable(),
    imagePromptTemplate: z.string().nullable(),
    referenceImages: z.array(templateImageView),
    isActive: z.boolean(),
    isPublic: z.boolean(),
    creatorName: z.string().nullable().meta({
      description: "The owner's display name on public templates (never an address); null on private ones.",
    }),
    usageCount: z.number().int(),
    isOwn: z.boolean().meta({ description: "Whether the caller owns it (may edit, delete, publish)." }),
    isFavourite: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Template", description: "A prompt template (own or public)." });
export type TemplateView = z.infer<typeof templateView>;

/** duplicateTemplate's answer: the form's starting values, not yet saved. */
export const templateDraftView = z
  .object({
    name: z.string(),
    description: z.string().nullable(),
    category: z.enum(templateCategories),
    tags: z.array(z.string()),
    promptTemplate: z.string().nullable(),
    imagePromptTemplate: z.string().nullable(),
    referenceImages: z.array(templateImageView),
    isPublic: z.literal(false),
  })
  .meta({ id: "TemplateDraft", description: "The values of an unsaved private copy." });
export type TemplateDraft = z.infer<typeof templateDraftView>;

/** The caller's templates in the brand (listTemplates). */
export const templateListView = z.object({ templates: z.array(templateView) }).meta({ id: "TemplateList" });

/** The caller's favourites (listFavourites). */
export const favouriteTemplatesView = z
  .object({ templates: z.array(templateView) })
  .meta({ id: "FavouriteTemplates" });

/** A page of the community library (searchCommunityTemplates). */
export const communityTemplatePageView = z
  .object({
    templates: z.array(templateView),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null on the last page." }),
  })
  .meta({ id: "CommunityTemplatePage" });

export const templateDeletedView = z
  .object({ templateId: z.string(), deleted: z.literal(true) })
  .meta({ id: "TemplateDeleted" });

export const templateUnfavouritedView = z
  .object({ templateId: z.string(), isFavourite: z.literal(false) })
  .meta({ id: "TemplateUnfavourited" });

/** applyTemplate's answer: the template's prompts with the brand's values, for the generator. */
export const appliedTemplateView = z
  .object({
    template: templateView,
    prompt: z
      .string()
      .meta({ description: "The content prompt with the brand's values in place of its variables." }),
    imagePrompt: z
      .string()
      .nullable()
      .meta({ description: "The image prompt likewise, or null when the template has none." }),
    imageStyle: z
      .literal("custom")
      .nullable()
      .meta({ description: "A template with an image prompt makes the generator's style custom." }),
  })
  .meta({ id: "AppliedTemplate" });
export type AppliedTemplate = z.infer<typeof appliedTemplateView>;
