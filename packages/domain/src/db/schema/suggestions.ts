import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { userBrands } from "./brands";
import { createdAt, primaryId, timestamptz, updatedAt } from "./columns";
import { platformColumn, suggestionTypeEnum } from "./enums";
import { posts } from "./posts";

/**
 * Suggestions of the calendar analysis (AI agent page) and of campaign plans (createCampaignPlan); dismissed
 * ones keep `is_used` true.
 */
export const postSuggestions = pgTable(
  "post_suggestions",
  {
    id: primaryId(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    type: suggestionTypeEnum("type").notNull(),
    platform: platformColumn("platform").default("facebook").notNull(),
    scheduledDate: timestamptz("scheduled_date"),
    reason: text("reason"),
    contentSuggestion: text("content_suggestion"),
    /** Predicted engagement in percent. */
    engagementScore: smallint("engagement_score"),
    isUsed: boolean("is_used").default(false).notNull(),
    // Deleting the generated post frees the suggestion again ('Generate' is offered once more).
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("post_suggestions_brand_id_scheduled_date_idx").on(t.brandId, t.scheduledDate),
    // listSuggestions: a brand's unused suggestions from now on, soonest first, read as one index range;
    // dismissed rows pile up over time and stay out of it.
    index("post_suggestions_unused_idx").on(t.brandId, t.scheduledDate).where(sql`${t.isUsed} = false`),
    index("post_suggestions_brand_id_created_at_idx").on(t.brandId, t.createdAt),
    index("post_suggestions_post_id_idx").on(t.postId),
    check(
      "post_suggestions_engagement_score_range",
      sql`${t.engagementScore} is null or ${t.engagementScore} between 0 and 100`,
    ),
  ],
);

export type PostSuggestion = typeof postSuggestions.$inferSelect;
export type NewPostSuggestion = typeof postSuggestions.$inferInsert;
