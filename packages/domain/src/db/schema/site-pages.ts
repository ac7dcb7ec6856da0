import { sql } from "drizzle-orm";
import { index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { userBrands } from "./brands";
import { createdAt, primaryId, timestamptz, tsvector, updatedAt } from "./columns";

/**
 * Pages fetched by analyzeWebsite, searched by searchSite. The search vector uses the `simple`
 * configuration: brands write in twelve languages and a stemming dictionary would mangle most of them.
 */
export const sitePages = pgTable(
  "site_pages",
  {
    id: primaryId(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    content: text("content").default("").notNull(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')`,
      ),
    fetchedAt: timestamptz("fetched_at").defaultNow().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Re-analysing a site refreshes its pages in place.
    unique("site_pages_brand_id_url_key").on(t.brandId, t.url),
    index("site_pages_search_vector_idx").using("gin", t.searchVector),
  ],
);

export type SitePage = typeof sitePages.$inferSelect;
export type NewSitePage = typeof sitePages.$inferInsert;
