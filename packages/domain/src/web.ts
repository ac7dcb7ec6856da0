/**
 * The browser's entry (`@smm/domain/web`): the only one apps/web may import. The area entries also carry
 * use cases that reach the database, drizzle and Node, which must never end up in the bundle; every module
 * re-exported here at runtime imports nothing but zod and xstate (web-safe-modules.test.ts checks it, and
 * that apps/web imports no other entry). Server modules appear only in `export type` lines: those vanish
 * at build time and give the screens the shapes of the API's answers.
 */
export * from "./account/password";
export * from "./agent/schemas";
export type { EnhanceContentResult } from "./ai/enhance-content";
export * from "./ai/schemas";
export * from "./analytics/schemas";
export type { StartCheckoutInput } from "./billing/start-checkout";
export * from "./brands/constants";
export * from "./brands/hex-color";
export * from "./brands/rules";
export * from "./brands/schemas";
export type { Brand } from "./brands/views";
export * from "./campaigns/money";
export * from "./campaigns/schemas";
export type { CaptionFromImageResult } from "./captions/caption-from-image";
export * from "./captions/schemas";
export * from "./channels/network-descriptor";
export * from "./channels/text-count";
export * from "./chat/schemas";
export * from "./connections/messages";
export * from "./connections/schemas";
export * from "./dates";
export type { ErrorReason } from "./errors";
export type { AppEvent } from "./events/types";
export type { GeneratePostInput } from "./generation/generate-post";
export type { ImageStyleView } from "./generation/list-image-styles";
export * from "./generation/progress";
export * from "./generation/schemas";
export * from "./inbox/messages";
export type {
  InboxItemView,
  InboxPageView,
  InboxPostView,
  InboxThreadDetailView,
  InboxThreadView,
  ListInboxItemsInput,
  ReplyDraftView,
} from "./inbox/schemas";
export * from "./machines/ad-set-wizard";
export * from "./machines/campaign-wizard";
export * from "./machines/facebook-connection";
export * from "./machines/post-actions";
export * from "./machines/post-lifecycle";
export * from "./machines/setup-wizard";
export * from "./media/chat-parts";
export type { MediaView } from "./media/media";
export type { LibraryItemView, ListMediaInput, UpdateMediaInput } from "./media/media-library";
export * from "./media/schemas";
export type { UploadedMediaView } from "./media/store-video";
export * from "./notifications/schemas";
export * from "./plans/catalogue";
export type { UserPlan } from "./plans/get-plan";
export * from "./posts/calendar-post";
export type { DashboardStats } from "./posts/get-dashboard-stats";
export type { CalendarPosts } from "./posts/list-calendar-posts";
export type { PostPage } from "./posts/list-posts";
export * from "./posts/messages";
export type { PostView } from "./posts/post";
export * from "./posts/schemas";
export type { PostWithWarning } from "./posts/views";
export * from "./suggestions/schemas";
export * from "./templates/schemas";
// Both areas name their not-found message so; the templates area owns templates.
export { TEMPLATE_NOT_FOUND } from "./templates/schemas";
export * from "./usage/limits";
export * from "./watermark/schemas";
