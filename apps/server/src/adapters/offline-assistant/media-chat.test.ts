import type { BrandContext } from "@smm/domain/context";
import { media, postMedia, posts } from "@smm/domain/db/schema";
import { uploadImage } from "@smm/domain/media";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import type { UIMessage } from "ai";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { assembleUIMessage, parseUIMessageStream } from "../../chat/scripted-model";

/*
 * The rich-post requests end to end (issue 32): /api/chat, the offline assistant, the real tools and use
 * cases on a real database, and the reply the user reads.
 */
let ctx: TestContext;
let cookie: string;
let brand: BrandContext;
/** The library's images, newest first. */
const images: { id: string; name: string }[] = [];
let videoId: string;

async function png(background: string) {
  return new Uint8Array(
    await sharp({ create: { width: 320, height: 320, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie } = await signUpVerifiedUser(ctx));
  const userId = await userIdOf(ctx, cookie);
  const created = await jsonRequest(ctx, "/api/brands", { body: { name: "Harbour Roasters" }, cookie });
  const { id: brandId } = (await created.json()) as { id: string };
  brand = { ...ctx.deps, userId, brandId };
  // Five images a minute apart (the library lists the newest first), then a video, the newest file.
  const colours = ["#7c2d12", "#1d4ed8", "#15803d", "#facc15", "#db2777"];
  const start = Date.now() - 60 * 60_000;
  for (const [index, colour] of colours.entries()) {
    const name = `coffee-${index + 1}.png`;
    const { id } = await uploadImage(brand, { bytes: await png(colour), name });
    await ctx.database.db
      .update(media)
      .set({ createdAt: new Date(start + index * 60_000) })
      .where(eq(media.id, id));
    images.unshift({ id, name });
  }
  videoId = crypto.randomUUID();
  const storageKey = `${userId}/${brandId}/${videoId}.mp4`;
  await ctx.deps.storage.put(storageKey, new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]), "video/mp4");
  await ctx.database.db.insert(media).values({
    id: videoId,
    userId,
    brandId,
    kind: "upload",
    storageKey,
    mimeType: "video/mp4",
    byteSize: 4_000_000,
    width: 1080,
    height: 1920,
    durationMs: 20_000,
    // What the probe reads of an H.264/AAC MP4: the networks take it as it is (no copy is made).
    videoInfo: {
      container: "mov,mp4,m4a,3gp,3g2,mj2",
      videoCodec: "h264",
      audioCodec: "aac",
      frameRate: 30,
      bitRate: null,
    },
    name: "pouring.mp4",
    createdAt: new Date(start + 10 * 60_000),
  });
});
afterAll(async () => {
  await ctx?.close();
});

/** One turn: the conversation so far and the user's words; the tools called, the reply and the message. */
async function say(history: UIMessage[], text: string) {
  const user: UIMessage = { id: `u-${history.length}`, role: "user", parts: [{ type: "text", text }] };
  const messages = [...history, user];
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages }, cookie });
  expect(response.status).toBe(200);
  const chunks = parseUIMessageStream(await response.text());
  const message = await assembleUIMessage(chunks);
  const calls = chunks.flatMap((chunk) =>
    chunk.type === "tool-input-available" ? [{ toolName: chunk.toolName, input: chunk.input }] : [],
  );
  const reply = chunks.flatMap((chunk) => (chunk.type === "text-delta" ? [chunk.delta] : [])).join("");
  const errors = chunks.flatMap((chunk) => (chunk.type === "tool-output-error" ? [chunk.errorText] : []));
  const outputs = chunks.flatMap((chunk) => (chunk.type === "tool-output-available" ? [chunk.output] : []));
  return { calls, reply, errors, outputs, conversation: message ? [...messages, message] : messages };
}

/** Next Friday at noon UTC (today when it is Friday before noon), as "for Friday" means. */
function nextFridayNoon(now = new Date()): string {
  let ahead = (5 - now.getUTCDay() + 7) % 7;
  if (ahead === 0 && now.getUTCHours() >= 12) ahead = 7;
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ahead, 12),
  ).toISOString();
}

const postRow = async (id: string) => (await ctx.database.db.select().from(posts).where(eq(posts.id, id)))[0];
const mediaOfPost = async (id: string) =>
  (
    await ctx.database.db
      .select({ mediaId: postMedia.mediaId })
      .from(postMedia)
      .where(eq(postMedia.postId, id))
      .orderBy(asc(postMedia.position))
  ).map((row) => row.mediaId);

it("shows the media library and finds images by name", async () => {
  const library = await say([], "show my media library");
  expect(library.calls).toEqual([{ toolName: "listMedia", input: {} }]);
  expect(library.reply).toBe(
    "Here are 6 files (5 images, 1 video): “pouring.mp4”, “coffee-5.png”, “coffee-4.png”, “coffee-3.png”, “coffee-2.png” and “coffee-1.png”.",
  );
  const found = await say([], "find images of coffee-3");
  expect(found.calls).toEqual([{ toolName: "listMedia", input: { query: "coffee-3", type: "image" } }]);
  expect(found.reply).toBe("Here is 1 image matching “coffee-3”: “coffee-3.png”.");
});

it("makes a carousel from the newest four images, then puts its hashtags in the first comment", async () => {
  const made = await say([], "make a carousel from my last four images");
  expect(made.errors).toEqual([]);
  const newest = images.slice(0, 4);
  expect(made.calls).toEqual([
    { toolName: "listMedia", input: { type: "image", limit: 4 } },
    { toolName: "captionFromImage", input: { imageId: newest[0]?.id, platform: "facebook" } },
    {
      toolName: "setPostMedia",
      input: {
        postId: expect.any(String),
        format: "carousel",
        media: newest.map((image) => ({ mediaId: image.id })),
      },
    },
  ]);
  expect(made.reply).toContain(
    "Using your 4 newest images: “coffee-5.png”, “coffee-4.png”, “coffee-3.png” and “coffee-2.png”. Writing a caption from the first one…",
  );
  expect(made.reply).toContain(
    "I made a Facebook carousel of 4 images, with a caption written from the first image. It waits for your approval",
  );
  const postId = (made.calls[2]?.input as { postId?: string } | undefined)?.postId ?? "";
  expect(await postRow(postId)).toMatchObject({
    format: "carousel",
    status: "pending",
    source: "image_caption",
  });
  expect(await mediaOfPost(postId)).toEqual(newest.map((image) => image.id));

  // "The hashtags": the post's own, read as it is now.
  const content = (await postRow(postId))?.content ?? "";
  const hashtags = [...new Set(content.match(/#[\p{L}\p{N}_]+/gu) ?? [])];
  expect(hashtags.length).toBeGreaterThan(0);
  const commented = await say(made.conversation, "add a first comment with the hashtags");
  expect(commented.calls.map((call) => call.toolName)).toEqual(["getPost", "setPostMedia"]);
  expect(commented.calls[1]?.input).toMatchObject({
    postId,
    firstComment: expect.stringContaining(hashtags[0] ?? ""),
  });
  const row = await postRow(postId);
  expect(row?.firstComment).toBe(
    (commented.calls[1]?.input as { firstComment?: string } | undefined)?.firstComment,
  );
  expect(commented.reply).toBe(
    `Done: “${row?.firstComment}” will be posted as the first comment as soon as the post goes out.`,
  );

  // "These images": the ones the conversation showed last (the carousel's).
  const described = await say(commented.conversation, "write alt text for these images");
  expect(described.calls).toEqual([
    { toolName: "writeAltText", input: { mediaIds: newest.map((image) => image.id) } },
  ]);
  expect(described.reply).toMatch(/^I wrote alt text for 4 images \(by the offline model/);
  const [first] = await ctx.database.db
    .select()
    .from(media)
    .where(eq(media.id, newest[0]?.id ?? ""));
  expect(first?.altText).toBeTruthy();
  expect(described.reply).toContain(`• coffee-5.png: ${first?.altText}`);
});

it("turns the newest video into a Reel and, once the post is written, schedules it for Friday", async () => {
  const started = await say([], "turn my last video into a Reel for Friday");
  expect(started.errors).toEqual([]);
  expect(started.calls).toEqual([
    { toolName: "listMedia", input: { type: "video", limit: 1 } },
    // The stream carries the input as the tool's schema reads it (the default platform filled in).
    { toolName: "generatePost", input: { imageId: videoId, includeWatermark: false, platform: "facebook" } },
  ]);
  expect(started.reply).toContain("Your newest video is “pouring.mp4”.");
  expect(started.reply).toContain(
    "I'm writing a Facebook post for your video “pouring.mp4”; you can follow it here. When it's ready, say “make it a Reel for Friday” and I'll make it a Reel and schedule it.",
  );
  await ctx.jobs.settled();
  const postId = (started.outputs[1] as { id: string }).id;
  expect(await postRow(postId)).toMatchObject({ status: "pending", imageMediaId: videoId });

  const scheduled = await say(started.conversation, "make it a Reel for Friday");
  expect(scheduled.errors).toEqual([]);
  const friday = nextFridayNoon();
  expect(scheduled.calls).toEqual([
    { toolName: "setPostMedia", input: { postId, format: "reel" } },
    { toolName: "approvePost", input: { postId, scheduledDate: friday } },
  ]);
  expect(await postRow(postId)).toMatchObject({
    format: "reel",
    status: "approved",
    scheduledDate: new Date(friday),
  });
  expect(scheduled.reply).toMatch(
    /^Done: the post is now a Facebook Reel with your video “pouring.mp4”, approved and scheduled for .+ 12:00 UTC\. You'll find it on the Calendar\.$/,
  );
});

it("relays the tool's refusal in its own words", async () => {
  const { calls, reply } = await say([], "make a new carousel from my last video");
  // One file is no carousel: said before anything is made.
  expect(calls.map((call) => call.toolName)).toEqual(["listMedia"]);
  expect(reply).toBe(
    "A carousel takes at least 2 images, and I found only “pouring.mp4”. Upload more, or say “make it a post” to post it alone.",
  );
  const image = images[0];
  const reel = await say([], "make a new reel from my last image");
  expect(reel.calls.map((call) => call.toolName)).toEqual(["listMedia", "captionFromImage", "setPostMedia"]);
  expect(reel.reply).toContain("I couldn't do that: a Facebook Reel takes a video, not an image.");
  expect(reel.reply).toContain("The post I started is saved with its caption, waiting for your approval.");
  expect(reel.calls[1]?.input).toMatchObject({ imageId: image?.id });
});

it("renames and deletes a file named in the chat", async () => {
  const extra = await uploadImage(brand, { bytes: await png("#000000"), name: "old-banner.png" });
  const renamed = await say([], "rename image old-banner.png to Winter banner");
  expect(renamed.calls).toEqual([
    { toolName: "listMedia", input: { query: "old-banner.png" } },
    { toolName: "updateMedia", input: { mediaId: extra.id, name: "Winter banner" } },
  ]);
  expect(renamed.reply).toBe("Done: “old-banner.png” is now called “Winter banner”.");

  const deleted = await say([], "delete image Winter banner");
  expect(deleted.calls).toEqual([
    { toolName: "listMedia", input: { query: "Winter banner" } },
    { toolName: "deleteMedia", input: { mediaId: extra.id } },
  ]);
  expect(deleted.reply).toBe("Done: I deleted “Winter banner” from your media library.");
  expect(await ctx.database.db.select().from(media).where(eq(media.id, extra.id))).toEqual([]);
});
