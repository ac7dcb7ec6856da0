import { pgEnum, text } from "drizzle-orm/pg-core";
import {
  billingEvents,
  campaignObjectives,
  campaignStatuses,
  optimizationGoals,
} from "../../campaigns/meta-values";
import { type PublishNetwork, postPlatforms, publishNetworks } from "../../posts/messages";

// Each closed set is exported as a readonly tuple too, so zod schemas (`z.enum(postStatuses)`) and UI
// selects reuse the very list the database enforces.

export const postStatuses = ["pending", "approved", "denied"] as const;
export type PostStatus = (typeof postStatuses)[number];
export const postStatusEnum = pgEnum("post_status", postStatuses);

// Written once in a module without drizzle (posts/messages.ts), so the web bundle can import the same list.
// The networks' columns are text, not database enums (migration 0023): a new network is a line in the
// catalog, with no migration; the domain's schemas check the values.
export const platforms = postPlatforms;
export type Platform = (typeof platforms)[number];
export const platformColumn = (name: string) => text(name, { enum: platforms });

/** Which use case created a post; the dashboard's AI/Manual filter reads `ai_generated`, not this. */
export const postSources = ["manual", "prompt", "suggestion", "image_caption"] as const;
export type PostSource = (typeof postSources)[number];
export const postSourceEnum = pgEnum("post_source", postSources);

export const generationStatuses = ["queued", "generating", "completed", "failed"] as const;
export type GenerationStatus = (typeof generationStatuses)[number];
export const generationStatusEnum = pgEnum("generation_status", generationStatuses);

/**
 * Steps of the background pipeline (content, then image, then AI suggestions). The chat shows them with the
 * spec's percentages: starting 5, generating_content 10-15, content_ready 60, generating_image 70,
 * image_ready 90, complete 100.
 */
export const generationStages = [
  "starting",
  "generating_content",
  "content_ready",
  "generating_image",
  "image_ready",
  "predicting",
  "complete",
] as const;
export type GenerationStage = (typeof generationStages)[number];
export const generationStageEnum = pgEnum("generation_stage", generationStages);

/** The provider that published a post or holds a connection: its ids only make sense on that network. */
export { type PublishNetwork, publishNetworks };
export const publishNetworkColumn = (name: string) => text(name, { enum: publishNetworks });

export const notificationTypes = ["success", "error", "info"] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationTypeEnum = pgEnum("notification_type", notificationTypes);

/** The spec names generate_new and schedule_existing "or other"; `other` holds general advice. */
export const suggestionTypes = ["generate_new", "schedule_existing", "other"] as const;
export type SuggestionType = (typeof suggestionTypes)[number];
export const suggestionTypeEnum = pgEnum("suggestion_type", suggestionTypes);

export const templateCategories = ["general", "post", "image", "content", "social", "marketing"] as const;
export type TemplateCategory = (typeof templateCategories)[number];
export const templateCategoryEnum = pgEnum("template_category", templateCategories);

// The post formats and first-comment states live with the platforms (web-safe: the composer reads them).
export {
  type FirstCommentStatus,
  firstCommentStatuses,
  type PostFormat,
  postFormats,
} from "../../posts/messages";

export const mediaKinds = ["upload", "generated", "watermark"] as const;
export type MediaKind = (typeof mediaKinds)[number];
export const mediaKindEnum = pgEnum("media_kind", mediaKinds);

export const connectionProviders = [...platforms, "facebook_ads"] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];
export const connectionProviderColumn = (name: string) => text(name, { enum: connectionProviders });

/** Analytics offers 7d/30d/90d; the calendar analysis uses 7d/30d of the same set. */
export const timeRanges = ["7d", "30d", "90d"] as const;
export type TimeRange = (typeof timeRanges)[number];
export const timeRangeEnum = pgEnum("time_range", timeRanges);

// Written once in a module without drizzle (campaigns/meta-values.ts), so the web bundle can import them.
export * from "../../campaigns/meta-values";
export const campaignObjectiveEnum = pgEnum("campaign_objective", campaignObjectives);
export const campaignStatusEnum = pgEnum("campaign_status", campaignStatuses);
export const optimizationGoalEnum = pgEnum("optimization_goal", optimizationGoals);
export const billingEventEnum = pgEnum("billing_event", billingEvents);

/**
 * Stripe's subscription statuses, plus `not_started` for a customer who opened checkout but has no
 * subscription yet (the read model has a row before Stripe sends one).
 */
export const subscriptionStatuses = [
  "not_started",
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusEnum = pgEnum("subscription_status", subscriptionStatuses);

export const dataDeletionStatuses = ["pending", "processing", "completed", "rejected"] as const;
export type DataDeletionStatus = (typeof dataDeletionStatuses)[number];
export const dataDeletionStatusEnum = pgEnum("data_deletion_status", dataDeletionStatuses);
