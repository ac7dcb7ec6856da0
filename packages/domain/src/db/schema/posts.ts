import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { type ImageStyle, type LanguageCode, userBrands } from "./brands";
import { createdAt, primaryId, timestamptz, updatedAt } from "./columns";
import {
  firstCommentStatuses,
  generationStageEnum,
  generationStatusEnum,
  platformColumn,
  postFormats,
  postSourceEnum,
  postStatusEnum,
  publishNetworkColumn,
  type SuggestionType,
} from "./enums";
import { media } from "./media";
import { templates } from "./templates";

/** AI suggestions stored on a post; keys keep the spec's (and the prediction call's) snake_case. */
export interface AiSuggestions {
  /** ISO date-time, or a free text such as 'Tomorrow at 12:00 PM'. */
  optimal_time: string;
  reasoning: string;
  /** 0-100. */
  engagement_prediction: number;
  /** 0-100. */
  audience_match: number;
  /** 0-100. */
  trend_score: number;
  hashtags?: string[];
}

/**
 * What the generation was asked for, kept on the post so a failed generation can be retried from the
 * chat or the card without the caller re-sending anything.
 */
export interface GenerationRequest {
  userPrompt?: string;
  promptOverride?: string | null;
  imagePromptOverride?: string | null;
  imageStyle?: ImageStyle;
  includeWatermark?: boolean;
  /** A custom image the user uploaded instead of an AI image (or the image to caption). */
  sourceMediaId?: string | null;
  /** Image captions: the optional context and custom prompt of the upload item. */
  context?: string | null;
  customPrompt?: string | null;
  /** Generation from a post suggestion. */
  suggestionId?: string;
  suggestedType?: SuggestionType;
  suggestedContent?: string | null;
  suggestedDate?: string | null;
  /** Written by the pipeline's content step, so a resumed run can draw the image without rewriting. */
  imagePrompt?: string;
  hashtags?: string[];
  /** Runs started by the recovery sweep after an interruption; after a few the post fails instead. */
  attempts?: number;
  /** What generatePost counted against the plan, so a generation that fails for good gives it back. */
  quota?: { reservedAt: string; daily: boolean };
}

export const posts = pgTable(
  "posts",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    // Generation creates the row before the text exists, hence the empty default.
    content: text("content").default("").notNull(),
    /** The spec's image URL (external images, legacy rows); app-stored images are referenced by id. */
    imageUrl: text("image_url"),
    imageMediaId: uuid("image_media_id").references(() => media.id, { onDelete: "set null" }),
    platform: platformColumn("platform").default("facebook").notNull(),
    status: postStatusEnum("status").default("pending").notNull(),
    scheduledDate: timestamptz("scheduled_date"),
    feedback: text("feedback"),
    language: text("language").$type<LanguageCode>().default("en").notNull(),
    aiGenerated: boolean("ai_generated").default(false).notNull(),
    aiSuggestions: jsonb("ai_suggestions").$type<AiSuggestions>(),

    source: postSourceEnum("source").default("manual").notNull(),
    templateId: uuid("template_id").references(() => templates.id, { onDelete: "set null" }),
    // Null for posts that never went through the pipeline (written by hand).
    generationStatus: generationStatusEnum("generation_status"),
    generationStage: generationStageEnum("generation_stage"),
    generationProgress: smallint("generation_progress"),
    generationRequest: jsonb("generation_request").$type<GenerationRequest>(),
    generationError: text("generation_error"),
    /** The server instance running the pipeline now (server_instances.id); its death hands the run over. */
    generationOwner: integer("generation_owner"),

    /**
     * The post's id on the network that holds it (a Page post id, the IG media id, a Bluesky at:// URI, a
     * Mastodon status id): the spec's facebook_post_id, renamed when the other networks came.
     */
    externalPostId: text("external_post_id"),
    /** Its public address there, when the network gives one. */
    externalUrl: text("external_url"),
    /** How the post goes out: a feed post (the default), a carousel, a Reel or a Story (post_media holds its items). */
    format: text("format", { enum: postFormats }).default("feed").notNull(),
    /**
     * A comment posted on the network right after the post (the hashtags, a link): its text, and how it went.
     * Its failure never fails the post; the post shows it with Retry.
     */
    firstComment: text("first_comment"),
    firstCommentStatus: text("first_comment_status", { enum: firstCommentStatuses }),
    firstCommentExternalId: text("first_comment_external_id"),
    firstCommentError: text("first_comment_error"),
    /** When the first comment was last claimed for sending (an attempt cut off by a crash is settled by it). */
    firstCommentAttemptAt: timestamptz("first_comment_attempt_at"),
    /** Posts written together for several channels (one per channel) share this id. */
    groupId: uuid("group_id"),
    publishedVia: publishNetworkColumn("published_via"),
    postedAt: timestamptz("posted_at"),
    publishError: text("publish_error"),
    /** Why the post has not gone out, as an error reason (publish_unconfirmed: the network may have it). */
    publishErrorReason: text("publish_error_reason"),
    /**
     * A publish attempt in progress, written before the network call and cleared with its result: while set,
     * nobody else publishes the post, and when its holder dies the outcome is unknown until the network is
     * asked (publish-due-posts). `by` is the server instance (null for one made by a request).
     */
    publishAttemptId: uuid("publish_attempt_id"),
    publishAttemptBy: integer("publish_attempt_by"),
    publishAttemptAt: timestamptz("publish_attempt_at"),
    /**
     * The network asked us to slow down (Meta's rate limits): the post waits, not failed, until this time,
     * and the publish job tries again then. `tries` counts those tries, so the waiting has an end.
     */
    publishRetryAt: timestamptz("publish_retry_at"),
    publishTries: integer("publish_tries").default(0).notNull(),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Keyset pagination of the post lists (newest first, id as tie-breaker).
    index("posts_brand_id_created_at_id_idx").on(t.brandId, t.createdAt, t.id),
    index("posts_brand_id_status_created_at_idx").on(t.brandId, t.status, t.createdAt),
    index("posts_brand_id_scheduled_date_idx").on(t.brandId, t.scheduledDate),
    // The lists' "by schedule" order (list-posts: dated soonest first, undated last), read in index order.
    index("posts_brand_id_schedule_key_id_idx").on(
      t.brandId,
      sql`coalesce(${t.scheduledDate}, 'infinity'::timestamptz)`,
      t.id,
    ),
    // The calendar month (list-calendar-posts): its two branches, published and scheduled, each a range.
    index("posts_calendar_published_idx")
      .on(t.brandId, t.postedAt)
      .where(sql`${t.status} = 'approved' and ${t.postedAt} is not null`),
    index("posts_calendar_scheduled_idx")
      .on(t.brandId, t.scheduledDate)
      .where(sql`${t.status} = 'approved' and ${t.postedAt} is null`),
    index("posts_user_id_idx").on(t.userId),
    // The inbox finds the post a comment is under by its network id (webhooks, polling).
    index("posts_brand_id_external_post_id_idx")
      .on(t.brandId, t.externalPostId)
      .where(sql`${t.externalPostId} is not null`),
    index("posts_group_id_idx").on(t.groupId).where(sql`${t.groupId} is not null`),
    index("posts_template_id_idx").on(t.templateId),
    index("posts_image_media_id_idx").on(t.imageMediaId),
    // Attempts in progress, for the sweep that looks for interrupted ones (few rows at any time).
    index("posts_publish_attempt_idx").on(t.publishAttemptAt).where(sql`${t.publishAttemptId} is not null`),
    // First comments of published posts not sent yet or cut off while sending, for the sweep that settles
    // them (few rows at any time: a comment normally goes out the moment its post does).
    index("posts_first_comment_unsent_idx")
      .on(t.postedAt)
      .where(
        sql`${t.firstCommentStatus} is null and ${t.firstComment} <> '' and ${t.postedAt} is not null and ${t.externalPostId} is not null`,
      ),
    index("posts_first_comment_pending_idx")
      .on(t.firstCommentAttemptAt)
      .where(sql`${t.firstCommentStatus} = 'pending'`),
    // Runs in flight, for the recovery sweep (few rows at any time).
    index("posts_generation_in_flight_idx")
      .on(t.updatedAt)
      .where(sql`${t.generationStatus} in ('queued', 'generating')`),
    // The publish worker's queue: approved, dated, not yet out, not failed (a failed post waits for the
    // user, so the watchers reading the queue every few seconds never walk past them).
    index("posts_due_for_publishing_idx")
      .on(t.scheduledDate)
      .where(
        sql`${t.status} = 'approved' and ${t.postedAt} is null and ${t.scheduledDate} is not null and ${t.publishError} is null`,
      ),
    check(
      "posts_generation_progress_range",
      sql`${t.generationProgress} is null or ${t.generationProgress} between 0 and 100`,
    ),
  ],
);

/**
 * A post's media, in order (ARCHITECTURE.md "Media"): the first item is also the post's `image_media_id`, so
 * the spec's `image_url` still reads as the first. A video may carry the moment its cover is taken from, and
 * any item a crop (fractions of the width and height) the format's aspect asked for.
 */
export const postMedia = pgTable(
  "post_media",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    coverMs: integer("cover_ms"),
    crop: jsonb("crop").$type<MediaCrop>(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), index("post_media_media_id_idx").on(t.mediaId)],
);

export interface MediaCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PostMediaRow = typeof postMedia.$inferSelect;

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
