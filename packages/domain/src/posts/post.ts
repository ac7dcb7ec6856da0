import { and, eq, isNull, sql } from "drizzle-orm";
import type { BrandContext, DbExecutor, Deps } from "../context";
import { type NewPost, type Post, posts } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { availableActionsOf, type PostActionName } from "../machines/post-actions";
import {
  derivePostState,
  nextPostState,
  type PostAction,
  type PostEvent,
  type PostState,
} from "../machines/post-lifecycle";
import { loadPostMedia, type PostMediaItemView } from "../media/post-media";
import { type PublishingView, toPublishingView } from "./publish-retry";
import { POST_CHANGED_MEANWHILE, POST_NOT_FOUND } from "./schemas";

/** A post as the API, the tools and the screens see it. */
export interface PostView {
  id: string;
  brandId: string;
  content: string;
  /** A signed, expiring link for stored images; the spec's plain URL for external or legacy ones. */
  imageUrl: string | null;
  /** The stored image's id (uploads and generated images), for editPost and the tools. */
  imageId: string | null;
  /** How it goes out (feed, carousel, reel, story) and its media in order; `imageUrl` is the first's. */
  format: Post["format"];
  media: PostMediaItemView[];
  /** The comment posted right after the post goes out, and how it went; null when it has none. */
  firstComment: { text: string; status: Post["firstCommentStatus"]; error: string | null } | null;
  platform: Post["platform"];
  status: Post["status"];
  /** The lifecycle state (generating, pending, approved, scheduled, published, denied). */
  state: PostState;
  scheduledDate: string | null;
  postedAt: string | null;
  feedback: string | null;
  language: string;
  aiGenerated: boolean;
  aiSuggestions: Post["aiSuggestions"];
  source: Post["source"];
  generation: {
    status: Post["generationStatus"];
    stage: Post["generationStage"];
    progress: number | null;
    error: string | null;
  };
  /** The spec's name for the network's id of the post (kept for the API; every network's id, not Facebook's only). */
  facebookPostId: string | null;
  /** The network's id for the post, its public address, and which network holds it. */
  externalPostId: string | null;
  externalUrl: string | null;
  /** Posts written together for several channels share a group (null: written alone). */
  groupId: string | null;
  publishedVia: Post["publishedVia"];
  /** A post that has not gone out: waiting for a rate limit, failed, or unconfirmed; null otherwise. */
  publishing: PublishingView | null;
  /**
   * What may be done to it now (the lifecycle's answer for its state; nothing while it is being published):
   * screens offer exactly these, and every door refuses the others.
   */
  availableActions: PostActionName[];
  /** The AI's optimal time when it is still ahead (an AI post is approved at it without asking); else null. */
  optimalTime: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The link a post's image is shown or published from. */
export function postImageUrl(deps: Pick<Deps, "mediaUrls" | "now">, row: Post): string | null {
  return row.imageMediaId ? deps.mediaUrls.sign(row.imageMediaId, deps.now()).url : row.imageUrl;
}

type ViewDeps = Pick<Deps, "db" | "mediaUrls" | "now">;

/** A post as the screens see it, its media read with it. */
export async function toPostView(deps: ViewDeps, row: Post): Promise<PostView> {
  const [view] = await toPostViews(deps, [row]);
  if (!view) throw new Error("toPostViews returned nothing");
  return view;
}

/** Several posts, their media read in one query. */
export async function toPostViews(deps: ViewDeps, rows: readonly Post[]): Promise<PostView[]> {
  const mediaOf = await loadPostMedia(deps, rows);
  return rows.map((row) => viewOf(deps, row, mediaOf.get(row.id) ?? []));
}

function viewOf(deps: Pick<Deps, "mediaUrls" | "now">, row: Post, items: PostMediaItemView[]): PostView {
  const first = items[0];
  return {
    id: row.id,
    brandId: row.brandId,
    content: row.content,
    imageUrl: first ? first.thumbnailUrl : postImageUrl(deps, row),
    imageId: first ? first.mediaId : row.imageMediaId,
    format: row.format,
    media: items,
    firstComment:
      row.firstComment === null
        ? null
        : { text: row.firstComment, status: row.firstCommentStatus, error: row.firstCommentError },
    platform: row.platform,
    status: row.status,
    state: derivePostState(row),
    scheduledDate: row.scheduledDate?.toISOString() ?? null,
    postedAt: row.postedAt?.toISOString() ?? null,
    feedback: row.feedback,
    language: row.language,
    aiGenerated: row.aiGenerated,
    aiSuggestions: row.aiSuggestions,
    source: row.source,
    generation: {
      status: row.generationStatus,
      stage: row.generationStage,
      progress: row.generationProgress,
      error: row.generationError,
    },
    facebookPostId: row.externalPostId,
    externalPostId: row.externalPostId,
    externalUrl: row.externalUrl,
    groupId: row.groupId,
    publishedVia: row.publishedVia,
    publishing: toPublishingView(row),
    // While the publish job holds the post, every action would race the network call (requireTransition).
    availableActions: row.publishAttemptId ? [] : availableActionsOf(derivePostState(row)),
    optimalTime: futureOptimalTime(row, deps.now())?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The AI's optimal time when it is a real date still ahead, for an AI-generated post (core spec section 4:
 * such a post is approved at that time without asking); null otherwise (free text, past, no suggestions).
 */
export function futureOptimalTime(row: Pick<Post, "aiGenerated" | "aiSuggestions">, now: Date): Date | null {
  if (!row.aiGenerated || !row.aiSuggestions?.optimal_time) return null;
  const optimal = new Date(row.aiSuggestions.optimal_time);
  return !Number.isNaN(optimal.getTime()) && optimal.getTime() > now.getTime() ? optimal : null;
}

/** The brand's post with that id; another brand's or user's post (or a malformed id) is not found. */
export async function requireBrandPost(db: DbExecutor, ctx: BrandContext, postId: string): Promise<Post> {
  if (!isUuid(postId)) throw new AppError("not_found", POST_NOT_FOUND);
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.brandId, ctx.brandId), eq(posts.userId, ctx.userId)));
  if (!row) throw new AppError("not_found", POST_NOT_FOUND);
  return row;
}

const refusals: Record<PostAction, string> = {
  APPROVE: "Only pending or denied posts can be approved",
  DENY: "Only pending posts can be denied",
  CANCEL: "Only approved or scheduled posts can be cancelled",
  EDIT: "This post is still being generated",
  SCHEDULE: "Only approved posts can be scheduled",
  RESCHEDULE: "Only approved posts that are not published yet can be rescheduled",
  PUBLISH_NOW: "Only approved or scheduled posts can be posted now",
  DELETE: "This post cannot be deleted",
};

/** Posting or scheduling a post nobody approved: approving it with a date that is not ahead posts it. */
export const POST_NOT_APPROVED =
  "Approve this post first: approving it with the current time posts it right away.";

/** Refusal while the publish job is handing the post to the network (a few seconds, see publish-due-posts). */
export const POST_BEING_PUBLISHED = "This post is being published right now. Please try again in a minute.";

/**
 * Asks the lifecycle machine; a refused action is a 409 with words the user understands and a reason a
 * door can branch on: post_being_published, post_already_published, post_not_approved (publishing or
 * scheduling what nobody approved) or post_action_unavailable.
 */
export function requireTransition(row: Post, action: PostAction, event: PostEvent): PostState | "deleted" {
  // Whatever the action, it would race the network call under way (a second copy, a cancel it cannot see).
  if (row.publishAttemptId) throw new AppError("post_being_published", POST_BEING_PUBLISHED);
  const state = derivePostState(row);
  const next = nextPostState(state, event);
  if (next) return next;
  if (state === "published" && action !== "EDIT")
    throw new AppError("post_already_published", "This post has already been published");
  if (state === "pending" || state === "denied") {
    if (action === "PUBLISH_NOW") throw new AppError("post_not_approved", POST_NOT_APPROVED);
    if (action === "SCHEDULE") throw new AppError("post_not_approved", refusals.SCHEDULE);
  }
  throw new AppError("post_action_unavailable", refusals[action]);
}

/**
 * Writes a post only if nobody changed it since it was read (the row's updated_at as a version). Network
 * calls happen between the read and this write, outside any transaction, so a slow network never holds a
 * database lock; a lost race is a 409 and the caller undoes its network side effect.
 */
export async function updatePostIfUnchanged(
  ctx: BrandContext,
  read: Post,
  changes: Partial<NewPost>,
): Promise<Post | null> {
  const [row] = await ctx.db
    .update(posts)
    // Strictly later than the version read, so two writes in the same millisecond still differ.
    .set({ ...changes, updatedAt: new Date(Math.max(ctx.now().getTime(), read.updatedAt.getTime() + 1)) })
    .where(
      and(
        eq(posts.id, read.id),
        eq(posts.brandId, ctx.brandId),
        // Never under a publish attempt: its result is recorded by the publisher alone.
        isNull(posts.publishAttemptId),
        // Postgres keeps microseconds, a JS Date only milliseconds: compare at the precision we read.
        sql`date_trunc('milliseconds', ${posts.updatedAt}) = ${read.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

export function changedMeanwhile(): AppError {
  return new AppError("conflict", POST_CHANGED_MEANWHILE);
}

/** Tells the user's open pages (lists, calendar, chat cards) that a post changed. */
export async function publishPostChanged(
  ctx: BrandContext,
  postId: string,
  change: "created" | "updated" | "deleted",
): Promise<void> {
  await ctx.events.publish(ctx.userId, { type: "post.changed", brandId: ctx.brandId, postId, change });
}

/** What a network call needs to know about a post. */
export function toSocialRequest(
  ctx: BrandContext,
  row: Post,
  content = row.content,
  imageUrl = postImageUrl(ctx, row),
) {
  return {
    userId: ctx.userId,
    brandId: ctx.brandId,
    postId: row.id,
    platform: row.platform,
    content,
    imageUrl,
    imageMediaId: row.imageMediaId,
    language: row.language,
  };
}

/** A post handed to the network for later that has not gone out yet. */
export const isScheduledOnNetwork = (row: Post): boolean => Boolean(row.externalPostId) && !row.postedAt;
