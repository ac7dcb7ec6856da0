import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { type Post, posts } from "../db/schema";
import { postFormats } from "../db/schema/enums";
import { AppError } from "../errors";
import { loadPostMedia, postMediaInput, requireBrandMediaList, writePostMedia } from "../media/post-media";
import { requireMediaFits } from "../media/post-media-rules";
import { parseInput } from "../parse-input";
import { safeText } from "../text";
import { declareUseCase } from "../use-case";
import {
  changedMeanwhile,
  isScheduledOnNetwork,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  updatePostIfUnchanged,
} from "./post";
import { postView } from "./post-view-schema";

/** Instagram's comment and Facebook's both take far more; Bluesky's reply is the shortest (300 graphemes). */
export const MAX_FIRST_COMMENT_LENGTH = 2_200;

export const setPostMediaInput = z
  .object({
    postId: z.uuid({ error: "Post not found" }),
    /** The post's images and videos in order (the brand's stored files); absent keeps them, [] removes all. */
    media: postMediaInput.optional(),
    /** feed (default), carousel, reel or story: what the post's network declares. */
    format: z.enum(postFormats, { error: `Choose one of: ${postFormats.join(", ")}` }).optional(),
    /** The comment posted right after the post goes out (hashtags, a link); null removes it. */
    firstComment: safeText()
      .trim()
      .max(MAX_FIRST_COMMENT_LENGTH, `A first comment is at most ${MAX_FIRST_COMMENT_LENGTH} characters`)
      .nullish(),
  })
  .refine(
    (input) => input.media !== undefined || input.format !== undefined || input.firstComment !== undefined,
    {
      message: "Give media, a format or a first comment to change",
    },
  );
export type SetPostMediaInput = z.input<typeof setPostMediaInput>;

export const POST_MEDIA_PUBLISHED =
  "This post is already published: its media and format can no longer change.";

/**
 * Changes a post's media list, its format or its first comment: the files must be the brand's, and they
 * must fit the format on the post's network (its provider's declaration), checked before anything is saved.
 */
export async function setPostMedia(ctx: BrandContext, input: SetPostMediaInput): Promise<PostView> {
  const parsed = parseInput(setPostMediaInput, input);
  const post = await requireBrandPost(ctx.db, ctx, parsed.postId);
  requireTransition(post, "EDIT", { type: "EDIT", content: post.content });
  if (post.postedAt && (parsed.media !== undefined || parsed.format !== undefined))
    throw new AppError("post_already_published", POST_MEDIA_PUBLISHED);

  const files = parsed.media
    ? await requireBrandMediaList(
        ctx,
        parsed.media.map((item) => item.mediaId),
      )
    : null;
  const format = parsed.format ?? post.format;
  if (files || parsed.format !== undefined) {
    const descriptor = await ctx.social.describe({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform: post.platform,
    });
    requireMediaFits(descriptor, format, files ?? (await currentFiles(ctx, post)), { complete: false });
  }
  if (parsed.firstComment !== undefined && parsed.firstComment) {
    const descriptor = await ctx.social.describe({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform: post.platform,
    });
    if (!descriptor.capabilities.firstComment)
      throw new AppError(
        "first_comment_unsupported",
        `${descriptor.label.replace(/ \(sandbox\)$/, "")} posts take no first comment.`,
      );
  }

  const firstComment = parsed.firstComment === undefined ? undefined : parsed.firstComment || null;
  const changes: Partial<Post> = {
    ...(parsed.format !== undefined ? { format } : {}),
    ...(firstComment !== undefined
      ? { firstComment, firstCommentStatus: null, firstCommentError: null, firstCommentExternalId: null }
      : {}),
    // The first item is the post's image (the spec's image_url); a list replaces an image at a plain URL.
    ...(parsed.media ? { imageMediaId: parsed.media[0]?.mediaId ?? null, imageUrl: null } : {}),
  };
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updatePostIfUnchanged({ ...ctx, db: tx }, post, changes);
    if (!row) return null;
    if (parsed.media) await writePostMedia(tx, post.id, parsed.media);
    return row;
  });
  if (!updated) throw changedMeanwhile();
  // A copy the network holds for later has the old media: it is taken back, and our scheduler sends the
  // post as it is now when it falls due.
  // So is one that gains a first comment: our scheduler sends it, and the comment follows at once.
  if (isScheduledOnNetwork(updated) && (parsed.media || parsed.format !== undefined || firstComment)) {
    const externalId = updated.externalPostId as string;
    await ctx.social.cancel({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform: post.platform,
      externalId,
    });
    const [released] = await ctx.db
      .update(posts)
      .set({ externalPostId: null, publishedVia: null })
      .where(and(eq(posts.id, post.id), eq(posts.externalPostId, externalId)))
      .returning();
    await publishPostChanged(ctx, post.id, "updated");
    return toPostView(ctx, released ?? updated);
  }
  await publishPostChanged(ctx, post.id, "updated");
  return toPostView(ctx, updated);
}

async function currentFiles(ctx: BrandContext, post: Post) {
  const items = (await loadPostMedia(ctx, [post])).get(post.id) ?? [];
  const ids = items.flatMap((item) => (item.mediaId ? [item.mediaId] : []));
  return requireBrandMediaList(ctx, ids);
}

export const setPostMediaUseCase = declareUseCase({
  name: "setPostMedia",
  description:
    "Change a post's images and videos (in order: the brand's uploaded or generated files), its format (feed, carousel, reel, story: what its network takes) or its first comment (posted right after the post goes out).",
  scope: "brand",
  input: setPostMediaInput,
  output: postView,
  run: setPostMedia,
});
