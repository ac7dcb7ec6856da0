import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId, tsvector, updatedAt } from "./columns";
import { templateCategoryEnum } from "./enums";

export const templates = pgTable(
  "templates",
  {
    id: primaryId(),
    /** Null only for the curated community templates shipped with the product: nobody owns or edits them. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id").references(() => userBrands.id, { onDelete: "cascade" }),
    name: text("name").default("Untitled Template").notNull(),
    description: text("description"),
    category: templateCategoryEnum("category").default("general").notNull(),
    tags: text("tags").array().default(sql`'{}'::text[]`).notNull(),
    promptTemplate: text("prompt_template"),
    imagePromptTemplate: text("image_prompt_template"),
    referenceImages: text("reference_images").array().default(sql`'{}'::text[]`).notNull(),
    isActive: boolean("is_active").default(true).notNull(),
    isPublic: boolean("is_public").default(false).notNull(),
    /** Shown on community cards; copied at publish time so other users never read the owner's profile. */
    creatorName: text("creator_name"),
    usageCount: integer("usage_count").default(0).notNull(),
    /**
     * Name (A), tags (B), description (C), written by the use cases with each change: tags cannot feed a
     * generated column (array_to_string is not immutable). `simple` configuration, as site_pages.
     */
    searchVector: tsvector("search_vector").default(sql`''::tsvector`).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("templates_brand_id_created_at_idx").on(t.brandId, t.createdAt),
    index("templates_user_id_idx").on(t.userId),
    // The community library's three sorts, each in the exact order searchCommunityTemplates asks for
    // (id breaks ties) and only over what it lists (public and active), so a page is an index walk that
    // stops after 51 rows instead of a sort of every public template (10,000 in the bench).
    index("templates_community_popular_idx")
      .on(t.usageCount.desc(), t.id.desc())
      .where(sql`${t.isPublic} and ${t.isActive}`),
    index("templates_community_newest_idx")
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.isPublic} and ${t.isActive}`),
    // Most Popular within a category (the screens' category select), read the same way.
    index("templates_community_category_popular_idx")
      .on(t.category, t.usageCount.desc(), t.id.desc())
      .where(sql`${t.isPublic} and ${t.isActive}`),
    index("templates_community_alphabetical_idx")
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.isPublic} and ${t.isActive}`),
    index("templates_search_vector_idx").using("gin", t.searchVector),
  ],
);

export const templateFavorites = pgTable(
  "template_favorites",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    templateId: uuid("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("template_favorites_user_id_template_id_key").on(t.userId, t.templateId),
    index("template_favorites_template_id_idx").on(t.templateId),
  ],
);

/**
 * Catalogue of selectable styles (not per brand, despite the spec's table name): rows with category
 * `image_style` feed the image style picker; premium rows need pro or enterprise.
 */
export const brandStyles = pgTable(
  "brand_styles",
  {
    id: primaryId(),
    category: text("category").default("image_style").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** The style key stored in brand settings and sent to generation (professional, cartoon, ...). */
    imageStyle: text("image_style").notNull(),
    promptKey: text("prompt_key"),
    previewImageUrl: text("preview_image_url"),
    isPremium: boolean("is_premium").default(false).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("brand_styles_category_image_style_key").on(t.category, t.imageStyle),
    index("brand_styles_category_is_premium_idx").on(t.category, t.isPremium),
  ],
);

export type Template = typeof templates.$inferSelect;
export type NewTemplate = typeof templates.$inferInsert;
export type TemplateFavorite = typeof templateFavorites.$inferSelect;
export type BrandStyle = typeof brandStyles.$inferSelect;
