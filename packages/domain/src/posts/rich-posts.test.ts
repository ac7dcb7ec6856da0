import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { formatRule } from "../channels/post-formats";
import type { BrandContext, Deps } from "../context";
import { type Media, media, type NewMedia, type NewPost, posts, sandboxPosts } from "../db/schema";
import { AppError } from "../errors";
import { deleteMedia, listMedia, updateMedia } from "../media/media-library";
import { approvePost } from "./approve-post";
import { editPost } from "./edit-post";
import {
  FIRST_COMMENT_ATTEMPT_TIMEOUT_MS,
  FIRST_COMMENT_INTERRUPTED,
  FIRST_COMMENT_LATE_MS,
  FIRST_COMMENT_NOT_SENT,
  retryFirstComment,
  settleFirstComments,
} from "./first-comment";
import { getPost } from "./get-post";
import { videoCopyNeeded } from "./publish-request";
import { setPostMedia } from "./set-post-media";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  return { ...t.as(userId), brandId: brand.id };
}

async function insertPost(ctx: BrandContext, values: Partial<NewPost> = {}) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content: "Fresh beans today #coffee", ...values })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

let files = 0;
async function insertFile(ctx: BrandContext, values: Partial<NewMedia> = {}) {
  files += 1;
  const id = crypto.randomUUID();
  const [row] = await t.database.db
    .insert(media)
    .values({
      id,
      userId: ctx.userId,
      brandId: ctx.brandId,
      kind: "upload",
      storageKey: `${ctx.userId}/${ctx.brandId}/${id}.jpg`,
      mimeType: "image/jpeg",
      byteSize: 40_000,
      width: 1080,
      height: 1080,
      name: `photo-${files}.jpg`,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const video = (seconds: number): Partial<NewMedia> => ({
  mimeType: "video/mp4",
  byteSize: 5_000_000,
  width: 1080,
  height: 1920,
  durationMs: seconds * 1000,
  name: "clip.mp4",
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe("a post's media list", () => {
  it("keeps the order given, and the first item is the post's image", async () => {
    const ctx = await brandContext();
    const [a, b, c] = [await insertFile(ctx), await insertFile(ctx), await insertFile(ctx)];
    const post = await insertPost(ctx);
    const view = await setPostMedia(ctx, {
      postId: post.id,
      format: "carousel",
      media: [{ mediaId: c.id }, { mediaId: a.id }, { mediaId: b.id }],
    });
    expect(view.format).toBe("carousel");
    expect(view.media.map((item) => item.mediaId)).toEqual([c.id, a.id, b.id]);
    expect(view.imageId).toBe(c.id);
    expect(view.imageUrl).toBe(view.media[0]?.url);
    // Read back as every screen reads it.
    expect((await getPost(ctx, { postId: post.id })).media.map((item) => item.mediaId)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
  });

  it("refuses what the network does not take, naming the item, and changes nothing", async () => {
    const ctx = await brandContext();
    const image = await insertFile(ctx);
    const long = await insertFile(ctx, video(120));
    const facebook = await insertPost(ctx);
    const reelOfImage = await failure(
      setPostMedia(ctx, { postId: facebook.id, format: "reel", media: [{ mediaId: image.id }] }),
    );
    expect(reelOfImage.reason).toBe("media_not_fitting");
    expect(reelOfImage.message).toBe("a Facebook Reel takes a video, not an image.");
    const tooLong = await failure(
      setPostMedia(ctx, { postId: facebook.id, format: "reel", media: [{ mediaId: long.id }] }),
    );
    expect(tooLong.message).toBe("the video is 120 s long; a Facebook Reel is at most 90 s.");

    const instagram = await insertPost(ctx, { platform: "instagram" });
    const twoInFeed = await failure(
      setPostMedia(ctx, { postId: instagram.id, media: [{ mediaId: image.id }, { mediaId: long.id }] }),
    );
    expect(twoInFeed.message).toBe("An Instagram post carries one image or video; this one has 2.");
    const mixed = await failure(
      setPostMedia(ctx, {
        postId: facebook.id,
        format: "carousel",
        media: [{ mediaId: image.id }, { mediaId: long.id }],
      }),
    );
    expect(mixed.message).toBe("A Facebook carousel cannot mix images and videos.");
    expect((await getPost(ctx, { postId: facebook.id })).media).toEqual([]);
  });

  it("refuses another brand's files as not found", async () => {
    const ctx = await brandContext();
    const other = await brandContext();
    const theirs = await insertFile(other);
    const post = await insertPost(ctx);
    const error = await failure(setPostMedia(ctx, { postId: post.id, media: [{ mediaId: theirs.id }] }));
    expect(error.code).toBe("not_found");
  });

  it("will not approve a carousel with one item", async () => {
    const ctx = await brandContext();
    const image = await insertFile(ctx);
    const post = await insertPost(ctx);
    await setPostMedia(ctx, { postId: post.id, format: "carousel", media: [{ mediaId: image.id }] });
    const error = await failure(approvePost(ctx, { postId: post.id, scheduledDate: inHours(2) }));
    expect(error.message).toBe("A Facebook carousel needs at least 2 items; this one has 1.");
  });

  it("hands the network every item in order with its alt text", async () => {
    const ctx = await brandContext();
    const a = await insertFile(ctx, { altText: "A latte with leaf art" });
    const b = await insertFile(ctx, { altText: "Beans in a burlap sack" });
    const post = await insertPost(ctx);
    await setPostMedia(ctx, {
      postId: post.id,
      format: "carousel",
      media: [{ mediaId: b.id }, { mediaId: a.id }],
    });
    const published = await approvePost(ctx, { postId: post.id, scheduledDate: new Date().toISOString() });
    const [copy] = await t.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.id, published.externalPostId ?? ""));
    expect(copy?.format).toBe("carousel");
    expect(copy?.media?.map((item) => item.altText)).toEqual([
      "Beans in a burlap sack",
      "A latte with leaf art",
    ]);
  });

  it("the single-image editor replaces the first item and keeps the rest", async () => {
    const ctx = await brandContext();
    const [a, b, c] = [await insertFile(ctx), await insertFile(ctx), await insertFile(ctx)];
    const post = await insertPost(ctx);
    await setPostMedia(ctx, {
      postId: post.id,
      format: "carousel",
      media: [{ mediaId: a.id }, { mediaId: b.id }],
    });
    const { post: edited } = await editPost(ctx, { postId: post.id, content: "New text", imageId: c.id });
    expect(edited.media.map((item) => item.mediaId)).toEqual([c.id, b.id]);
  });
});

describe("first comments", () => {
  it("goes out right after the post, on the same network", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx);
    await setPostMedia(ctx, { postId: post.id, firstComment: "#coffee #beans" });
    const published = await approvePost(ctx, { postId: post.id, scheduledDate: new Date().toISOString() });
    expect(published.firstComment).toEqual({ text: "#coffee #beans", status: "posted", error: null });
    const [copy] = await t.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.id, published.externalPostId ?? ""));
    expect(copy?.firstComment).toBe("#coffee #beans");
  });

  it("fails on its own: the post stays published and Retry sends it again", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx);
    await setPostMedia(ctx, { postId: post.id, firstComment: "#coffee" });
    const refusing: BrandContext = {
      ...ctx,
      social: {
        ...ctx.social,
        comment: async () => {
          throw new AppError("upstream_failed", "Failed to post the first comment: (#1705) error");
        },
      },
    };
    const published = await approvePost(refusing, {
      postId: post.id,
      scheduledDate: new Date().toISOString(),
    });
    expect(published.state).toBe("published");
    expect(published.firstComment).toEqual({
      text: "#coffee",
      status: "failed",
      error: "Failed to post the first comment: (#1705) error",
    });
    const retried = await retryFirstComment(ctx, { postId: post.id });
    expect(retried.firstComment?.status).toBe("posted");
    expect((await failure(retryFirstComment(ctx, { postId: post.id }))).code).toBe("conflict");
  });
});

describe("the media library", () => {
  it("finds files by alt text and says where each is used", async () => {
    const ctx = await brandContext();
    const latte = await insertFile(ctx, { name: "IMG_1.jpg" });
    await insertFile(ctx, { name: "IMG_2.jpg" });
    await updateMedia(ctx, { mediaId: latte.id, altText: "A latte with leaf art" });
    const post = await insertPost(ctx);
    await setPostMedia(ctx, { postId: post.id, media: [{ mediaId: latte.id }] });
    const found = await listMedia(ctx, { query: "latte" });
    expect(found.items.map((item) => item.id)).toEqual([latte.id]);
    expect(found.items[0]?.usedBy).toEqual([
      { postId: post.id, platform: "facebook", state: "draft", scheduledDate: null },
    ]);
    expect((await listMedia(ctx, { missingAltText: true })).items.map((item) => item.name)).toEqual([
      "IMG_2.jpg",
    ]);
  });

  it("refuses to delete a file a scheduled post uses, and closes up a draft's list", async () => {
    const ctx = await brandContext();
    const [a, b] = [await insertFile(ctx), await insertFile(ctx)];
    const scheduled = await insertPost(ctx);
    await setPostMedia(ctx, { postId: scheduled.id, media: [{ mediaId: a.id }] });
    await approvePost(ctx, { postId: scheduled.id, scheduledDate: inHours(5) });
    const refused = await failure(deleteMedia(ctx, { mediaId: a.id }));
    expect(refused.reason).toBe("media_in_use");
    expect(refused.message).toBe(
      "This file is used by a scheduled post. Change that post first, then delete the file.",
    );

    const draft = await insertPost(ctx);
    await setPostMedia(ctx, {
      postId: draft.id,
      format: "carousel",
      media: [{ mediaId: b.id }, { mediaId: a.id }],
    });
    await approvePost(ctx, { postId: scheduled.id, scheduledDate: inHours(6) }).catch(() => {});
    await t.database.db
      .update(posts)
      .set({ status: "pending", scheduledDate: null })
      .where(eq(posts.id, scheduled.id));
    await deleteMedia(ctx, { mediaId: b.id });
    const after = await getPost(ctx, { postId: draft.id });
    expect(after.media.map((item) => item.mediaId)).toEqual([a.id]);
    expect(after.imageId).toBe(a.id);
  });
});

describe("first comments a crash left behind", () => {
  it("sends a never-sent one, marks a cut-off or day-old one failed for Retry, and never sends twice", async () => {
    const ctx = await brandContext();
    const now = ctx.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const published = (minutesAgo: number, values: Partial<NewPost> = {}) =>
      insertPost(ctx, {
        status: "approved",
        postedAt: ago(minutesAgo * 60_000),
        externalPostId: `sandbox_${crypto.randomUUID()}`,
        firstComment: "#beans",
        ...values,
      });
    const unsent = await published(5);
    const cutOff = await published(30, {
      firstCommentStatus: "pending",
      firstCommentAttemptAt: ago(FIRST_COMMENT_ATTEMPT_TIMEOUT_MS + 60_000),
    });
    const sending = await published(3, { firstCommentStatus: "pending", firstCommentAttemptAt: ago(60_000) });
    const dayOld = await published(FIRST_COMMENT_LATE_MS / 60_000 + 60);
    const justOut = await published(0);
    const mine = new Set([unsent.id, cutOff.id, sending.id, dayOld.id, justOut.id]);

    const sent: string[] = [];
    const counting: Deps = {
      ...ctx,
      social: {
        ...ctx.social,
        comment: async (request) => {
          if (mine.has(request.postId)) sent.push(request.postId);
          return { externalId: `comment_${request.postId}` };
        },
      },
    };
    await settleFirstComments(counting);
    await settleFirstComments(counting);

    expect(sent).toEqual([unsent.id]);
    const after = async (id: string) => (await getPost(ctx, { postId: id })).firstComment;
    expect(await after(unsent.id)).toEqual({ text: "#beans", status: "posted", error: null });
    expect(await after(cutOff.id)).toEqual({
      text: "#beans",
      status: "failed",
      error: FIRST_COMMENT_INTERRUPTED,
    });
    expect((await after(sending.id))?.status).toBe("pending");
    expect(await after(dayOld.id)).toEqual({
      text: "#beans",
      status: "failed",
      error: FIRST_COMMENT_NOT_SENT,
    });
    expect((await after(justOut.id))?.status).toBeNull();

    // The user's Retry sends the one whose outcome was unknown, once.
    const retried = await retryFirstComment({ ...ctx, social: counting.social }, { postId: cutOff.id });
    expect(retried.firstComment?.status).toBe("posted");
    expect(sent).toEqual([unsent.id, cutOff.id]);
  });
});

describe("a first comment and the network's own scheduling", () => {
  it("takes a post the network holds back to our scheduler, so the comment follows the live post", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx);
    const held = await approvePost(ctx, { postId: post.id, scheduledDate: inHours(4) });
    expect(held.externalPostId).not.toBeNull();
    const withComment = await setPostMedia(ctx, { postId: post.id, firstComment: "#beans" });
    expect(withComment.externalPostId).toBeNull();
    expect(withComment.state).toBe("scheduled");
    const [copy] = await t.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.id, held.externalPostId ?? ""));
    expect(copy?.state).toBe("cancelled");
  });
});

describe("the copy of a video a network is handed", () => {
  const reel = formatRule("reel", {
    maxItems: 1,
    images: false,
    videos: true,
    maxVideoSeconds: 90,
    aspect: { min: 0.5625, max: 1.7778 },
    preferredAspect: "9:16",
  });
  const file = (values: Partial<Media>): Media =>
    ({
      mimeType: "video/mp4",
      width: 1080,
      height: 1920,
      videoInfo: {
        container: "mov,mp4",
        videoCodec: "h264",
        audioCodec: "aac",
        frameRate: 30,
        bitRate: null,
      },
      ...values,
    }) as Media;

  it("is the original when the network plays it as it is", () => {
    expect(videoCopyNeeded(file({}), reel)).toBeNull();
  });

  it("is re-encoded when the codec or the container is not H.264 MP4", () => {
    const webm = file({
      mimeType: "video/webm",
      videoInfo: { container: "webm", videoCodec: "vp9", audioCodec: "opus", frameRate: 30, bitRate: null },
    });
    expect(videoCopyNeeded(webm, reel)).toEqual({ maxSeconds: 90 });
  });

  it("is cropped to the format's shape when the video is outside its range", () => {
    expect(videoCopyNeeded(file({ width: 2560, height: 1080 }), reel)).toEqual({
      aspect: 0.5625,
      maxSeconds: 90,
    });
  });
});
