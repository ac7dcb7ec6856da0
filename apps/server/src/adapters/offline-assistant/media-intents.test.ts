import type { ToolName } from "@smm/tools";
import { toolNames } from "@smm/tools";
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decideTurn, describeOutcome, parseWhen, type TurnContext } from "./intents";
import { type ContextMedia, decideMediaTurn, hashtagsOf, type TurnStep } from "./media-intents";
import { createOfflineAssistantModel } from "./model";

// Monday 23 November 2026, 15:00 UTC.
const NOW = new Date("2026-11-23T15:00:00.000Z");
const FRIDAY_NOON = "2026-11-27T12:00:00.000Z";
const tools = new Set(toolNames);
const ctx = (overrides: Partial<TurnContext> = {}): TurnContext => ({
  tools,
  now: NOW,
  utcOffsetMinutes: 0,
  lastPost: null,
  ...overrides,
});
const callOf = (message: string, overrides: Partial<TurnContext> = {}) => {
  const decision = decideTurn(message, ctx(overrides));
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};
/** The next step once the turn's tools answered `steps`. */
const nextOf = (message: string, steps: TurnStep[], overrides: Partial<TurnContext> = {}) => {
  const decision = decideMediaTurn(message, ctx(overrides), steps);
  return decision?.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input, preface: decision.call.preface }
    : decision;
};

const file = (id: string, type: "image" | "video" = "image", name = `${id}.jpg`) => ({
  id,
  type,
  name,
  altText: null,
});
const listedStep = (input: Record<string, unknown>, ...items: ReturnType<typeof file>[]): TurnStep => ({
  toolName: "listMedia",
  input,
  result: { items, nextBefore: null },
});
const post = (overrides: Record<string, unknown> = {}) => ({
  id: "p1",
  platform: "facebook",
  format: "feed",
  state: "pending",
  content: "Fresh beans today",
  media: [],
  firstComment: null,
  scheduledDate: null,
  postedAt: null,
  aiSuggestions: null,
  ...overrides,
});
const mediaItem = (id: string, type: "image" | "video" = "image", name = `${id}.jpg`) => ({
  mediaId: id,
  type,
  name,
});

describe("the offline assistant on rich posts: what each request calls first", () => {
  it.each([
    ["make a carousel from my last four images", "listMedia", { type: "image", limit: 4 }],
    ["Create a carousel of my 3 newest photos", "listMedia", { type: "image", limit: 3 }],
    ["turn my last video into a reel", "listMedia", { type: "video", limit: 1 }],
    ["turn this video into a Reel for Friday", "listMedia", { type: "video", limit: 1 }],
    ["show my media library", "listMedia", {}],
    ["what's in my media library?", "listMedia", {}],
    ["find images of coffee", "listMedia", { query: "coffee", type: "image" }],
    ["search my media library for latte art", "listMedia", { query: "latte art" }],
    ["show my videos", "listMedia", { type: "video" }],
    ["which images have no alt text?", "listMedia", { type: "image", missingAltText: true }],
    ["write alt text for my images", "listMedia", { type: "image", limit: 20, missingAltText: true }],
    ["delete image harbour.png", "listMedia", { query: "harbour.png" }],
    ["Rename the photo harbour.png to Terrace at dusk", "listMedia", { query: "harbour.png" }],
    ['set the alt text of harbour.png to "A red boat"', "listMedia", { query: "harbour.png" }],
  ])("%s -> %s %o", (message, toolName, input) => {
    expect(callOf(message)).toEqual({ toolName, input });
  });

  it("leaves the requests of other intents alone", () => {
    expect(callOf("show my images")).toEqual({ toolName: "listImages", input: {} });
    expect(callOf("show Summer Banner.png")).toEqual({
      toolName: "showImage",
      input: { name: "Summer Banner.png" },
    });
    expect(callOf("write a post about our story")).toMatchObject({ toolName: "writeSocialPost" });
    expect(callOf("Write a caption for this photo", { lastImage: { id: "img" } })).toMatchObject({
      toolName: "captionFromImage",
    });
    expect(callOf("delete template Old promo")).not.toMatchObject({ toolName: "deleteMedia" });
    expect(callOf("generate post ideas for Black Friday")).toMatchObject({ toolName: "generateContentIdea" });
    expect(callOf("show me my social media posts")).not.toMatchObject({ toolName: "listMedia" });
  });

  it("uses the files the conversation is about: these images, this video", () => {
    const shown: ContextMedia[] = [
      { id: "v1", type: "video", name: "clip.mp4" },
      { id: "a", type: "image", name: "a.jpg" },
      { id: "b", type: "image", name: "b.jpg" },
    ];
    expect(callOf("write alt text for these images", { contextMedia: shown })).toEqual({
      toolName: "writeAltText",
      input: { mediaIds: ["a", "b"] },
    });
    expect(callOf("rewrite the alt text for these images", { contextMedia: shown })).toEqual({
      toolName: "writeAltText",
      input: { mediaIds: ["a", "b"], overwrite: true },
    });
    // With a post in the conversation, its media changes.
    const lastPost = { id: "p1", state: "pending" };
    expect(callOf("make a carousel from these images", { contextMedia: shown, lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "carousel", media: [{ mediaId: "a" }, { mediaId: "b" }] },
    });
    expect(callOf("turn this video into a Reel for Friday", { contextMedia: shown, lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "reel", media: [{ mediaId: "v1" }] },
    });
    // Without one, the first image is captioned into a new post.
    expect(callOf("make a carousel from these images", { contextMedia: shown })).toEqual({
      toolName: "captionFromImage",
      input: { imageId: "a", platform: "facebook" },
    });
    expect(
      callOf("make a new instagram carousel from these images", { contextMedia: shown, lastPost }),
    ).toEqual({
      toolName: "captionFromImage",
      input: { imageId: "a", platform: "instagram" },
    });
  });

  it("changes the format of the post of the conversation", () => {
    const lastPost = { id: "p1", state: "approved" };
    expect(callOf("make it a reel", { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "reel" },
    });
    expect(callOf("turn this post into a story", { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "story" },
    });
    expect(callOf("make it a regular post again", { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "feed" },
    });
    expect(callOf("make it a carousel")).toEqual({
      kind: "say",
      text: "Which post? Create one first, or open it from the dashboard.",
    });
  });

  it("sets, removes and retries the first comment of the post of the conversation", () => {
    const lastPost = { id: "p1", state: "pending" };
    expect(callOf("add a first comment with the hashtags", { lastPost })).toEqual({
      toolName: "getPost",
      input: { postId: "p1" },
    });
    expect(callOf("add a first comment: Link in bio!", { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", firstComment: "Link in bio" },
    });
    expect(callOf("remove the first comment", { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", firstComment: null },
    });
    expect(callOf("retry the first comment", { lastPost: { id: "p1", state: "published" } })).toEqual({
      toolName: "retryFirstComment",
      input: { postId: "p1" },
    });
    expect(callOf("add a first comment with the hashtags")).toMatchObject({
      kind: "say",
      text: /Which post/,
    });
    expect(callOf("add a first comment", { lastPost })).toMatchObject({
      kind: "say",
      text: /What should the first comment say/,
    });
  });

  it("writes alt text for the post of the conversation", () => {
    expect(callOf("write alt text for this post", { lastPost: { id: "p1", state: "pending" } })).toEqual({
      toolName: "writeAltText",
      input: { postId: "p1" },
    });
  });

  it("asks how many images when none are counted or shown", () => {
    expect(callOf("make a carousel from my images")).toMatchObject({
      kind: "say",
      text: /How many images\?/,
    });
    expect(callOf("I want a carousel")).toMatchObject({ kind: "say", text: /Which images\?/ });
  });

  it("says so when a tool it needs is not offered", () => {
    expect(callOf("show my media library", { tools: new Set<ToolName>(["listImages"]) })).toEqual({
      kind: "say",
      text: "I can't read your media library in this version yet.",
    });
  });
});

describe("the offline assistant on rich posts: the steps after the first", () => {
  it("makes a carousel of the newest images: captions the first into a post, then gives it all four", () => {
    const message = "make a carousel from my last four images";
    const found = listedStep({ type: "image", limit: 4 }, file("a"), file("b"), file("c"), file("d"));
    expect(nextOf(message, [found])).toEqual({
      toolName: "captionFromImage",
      input: { imageId: "a", platform: "facebook" },
      preface:
        "Using your 4 newest images: “a.jpg”, “b.jpg”, “c.jpg” and “d.jpg”. Writing a caption from the first one…",
    });
    const captioned: TurnStep = {
      toolName: "captionFromImage",
      input: { imageId: "a" },
      result: { post: post({ id: "new" }), model: "offline" },
    };
    expect(nextOf(message, [found, captioned])).toEqual({
      toolName: "setPostMedia",
      input: {
        postId: "new",
        format: "carousel",
        media: [{ mediaId: "a" }, { mediaId: "b" }, { mediaId: "c" }, { mediaId: "d" }],
      },
      preface: undefined,
    });
    const made: TurnStep = {
      toolName: "setPostMedia",
      input: {},
      result: post({ id: "new", format: "carousel", media: ["a", "b", "c", "d"].map((id) => mediaItem(id)) }),
    };
    expect(nextOf(message, [found, captioned, made])).toBeNull();
    expect(
      describeOutcome({ toolName: "setPostMedia", input: made.input, result: made.result }, [
        found,
        captioned,
      ]),
    ).toBe(
      "I made a Facebook carousel of 4 images, with a caption written from the first image. It waits for your approval: review it here, or say “schedule it tomorrow at 9”.",
    );
  });

  it("gives the post of the conversation the images, and says when there are too few", () => {
    const lastPost = { id: "p1", state: "pending" };
    const found = listedStep({}, file("a"), file("b"), file("c"));
    expect(nextOf("make a carousel from my last four images", [found], { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: {
        postId: "p1",
        format: "carousel",
        media: [{ mediaId: "a" }, { mediaId: "b" }, { mediaId: "c" }],
      },
      preface: "You have 3 images, so I'm using all of them: “a.jpg”, “b.jpg” and “c.jpg”.",
    });
    expect(nextOf("make a carousel from my last four images", [listedStep({}, file("a"))])).toMatchObject({
      kind: "say",
      text: /A carousel takes at least 2 images, and I found only “a.jpg”/,
    });
    expect(nextOf("make a carousel from my last four images", [listedStep({})])).toMatchObject({
      kind: "say",
      text: /no images in your media library/,
    });
  });

  it("turns the newest video into a Reel of the post of the conversation and schedules it for Friday", () => {
    const message = "turn this video into a Reel for Friday";
    const lastPost = { id: "p1", state: "pending" };
    const found = listedStep({ type: "video", limit: 1 }, file("v1", "video", "clip.mp4"));
    expect(nextOf(message, [found], { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", format: "reel", media: [{ mediaId: "v1" }] },
      preface: "Your newest video is “clip.mp4”.",
    });
    const reel: TurnStep = {
      toolName: "setPostMedia",
      input: {},
      result: post({ format: "reel", media: [mediaItem("v1", "video", "clip.mp4")] }),
    };
    expect(nextOf(message, [found, reel], { lastPost })).toEqual({
      toolName: "approvePost",
      input: { postId: "p1", scheduledDate: FRIDAY_NOON },
      preface: undefined,
    });
    const approved = post({ format: "reel", state: "scheduled", scheduledDate: FRIDAY_NOON });
    expect(describeOutcome({ toolName: "approvePost", input: {}, result: approved }, [found, reel])).toBe(
      "Done: the post is now a Facebook Reel with your video “clip.mp4”, approved and scheduled for 27 Nov 2026, 12:00 UTC. You'll find it on the Calendar.",
    );
    // An approved post is scheduled, a scheduled one moved.
    const approvedReel = { ...reel, result: post({ format: "reel", state: "approved" }) };
    expect(nextOf(message, [found, approvedReel], { lastPost })).toMatchObject({ toolName: "schedulePost" });
  });

  it("makes a new Reel about a topic from the newest video, even with a post in the conversation", () => {
    const message = "make a Reel about our new roast for Friday";
    const lastPost = { id: "p1", state: "pending" };
    expect(callOf(message, { lastPost })).toEqual({
      toolName: "listMedia",
      input: { type: "video", limit: 1 },
    });
    const found = listedStep({ type: "video", limit: 1 }, file("v1", "video", "clip.mp4"));
    expect(nextOf(message, [found], { lastPost })).toMatchObject({
      toolName: "generatePost",
      input: { imageId: "v1", includeWatermark: false, prompt: "our new roast" },
    });
  });

  it("starts a post with the video when the conversation has none, and says how to finish it", () => {
    const message = "turn this video into a Reel for Friday";
    const found = listedStep({ type: "video", limit: 1 }, file("v1", "video", "clip.mp4"));
    expect(nextOf(message, [found])).toEqual({
      toolName: "generatePost",
      input: { imageId: "v1", includeWatermark: false },
      preface: "Your newest video is “clip.mp4”.",
    });
    const generated: TurnStep = {
      toolName: "generatePost",
      input: {},
      result: post({ state: "generating" }),
    };
    expect(nextOf(message, [found, generated])).toEqual({
      kind: "say",
      text: "I'm writing a Facebook post for your video “clip.mp4”; you can follow it here. When it's ready, say “make it a Reel for Friday” and I'll make it a Reel and schedule it.",
    });
    expect(nextOf(message, [listedStep({})])).toMatchObject({ kind: "say", text: /no videos/ });
  });

  it("puts the post's hashtags in its first comment", () => {
    const lastPost = { id: "p1", state: "pending" };
    const read: TurnStep = {
      toolName: "getPost",
      input: { postId: "p1" },
      result: post({
        content: "Fresh beans #coffee #Roastery",
        aiSuggestions: { hashtags: ["coffee", "#latte"] },
      }),
    };
    expect(nextOf("add a first comment with the hashtags", [read], { lastPost })).toEqual({
      toolName: "setPostMedia",
      input: { postId: "p1", firstComment: "#coffee #Roastery #latte" },
      preface: undefined,
    });
    const bare = { ...read, result: post({ content: "No tags here" }) };
    expect(nextOf("add a first comment with the hashtags", [bare], { lastPost })).toMatchObject({
      kind: "say",
      text: /no hashtags/,
    });
    expect(hashtagsOf({ content: "#a #b #A", aiSuggestions: null })).toEqual(["#a", "#b"]);
    const set = post({ firstComment: { text: "#coffee #Roastery #latte", status: null, error: null } });
    expect(
      describeOutcome({ toolName: "setPostMedia", input: { postId: "p1", firstComment: "x" }, result: set }),
    ).toBe(
      "Done: “#coffee #Roastery #latte” will be posted as the first comment as soon as the post goes out.",
    );
  });

  it("writes alt text for the library's images still lacking it", () => {
    const message = "write alt text for my images";
    const found = listedStep({}, file("a"), file("b"));
    expect(nextOf(message, [found])).toEqual({
      toolName: "writeAltText",
      input: { mediaIds: ["a", "b"] },
      preface: "Describing 2 images…",
    });
    expect(nextOf(message, [listedStep({})])).toMatchObject({ kind: "say", text: /already have alt text/ });
    const reply = describeOutcome({
      toolName: "writeAltText",
      input: { mediaIds: ["a", "b"] },
      result: {
        model: "openai",
        items: [
          { mediaId: "a", name: "a.jpg", altText: "A red boat in a harbour.", written: true },
          { mediaId: "b", name: "b.jpg", altText: "Kept text.", written: false },
        ],
      },
    });
    expect(reply).toBe(
      "I wrote alt text for 1 image:\n• a.jpg: A red boat in a harbour.\n\n1 image already had alt text, which I kept. Say “rewrite the alt text for these images” to replace it.\n\nIt's saved on each image and goes with it to the networks that take alt text.",
    );
  });

  it("deletes and renames the one file a name means, and asks when several match", () => {
    const found = listedStep({}, file("h", "image", "harbour.png"));
    expect(nextOf("delete image harbour.png", [found])).toEqual({
      toolName: "deleteMedia",
      input: { mediaId: "h" },
      preface: undefined,
    });
    expect(nextOf("delete image harbour", [found])).toMatchObject({ toolName: "deleteMedia" });
    expect(nextOf("rename image harbour.png to Terrace", [found])).toMatchObject({
      toolName: "updateMedia",
      input: { mediaId: "h", name: "Terrace" },
    });
    const two = listedStep({}, file("a", "image", "harbour-1.png"), file("b", "image", "harbour-2.png"));
    expect(nextOf("delete image harbour", [two])).toEqual({
      kind: "say",
      text: "More than one file matches “harbour”: “harbour-1.png” and “harbour-2.png”. Which one? Say its full name.",
    });
    expect(nextOf("delete image nothing.png", [listedStep({})])).toMatchObject({
      kind: "say",
      text: /couldn't find a file called “nothing.png”/,
    });
    expect(
      describeOutcome({ toolName: "deleteMedia", input: { mediaId: "h" }, result: { deleted: true } }, [
        found,
      ]),
    ).toBe("Done: I deleted “harbour.png” from your media library.");
  });

  it("stops at a refusal, and the reply relays the tool's words", () => {
    const message = "make a carousel from my last four images";
    const found = listedStep({}, file("a"), file("b"));
    const captioned: TurnStep = {
      toolName: "captionFromImage",
      input: {},
      result: { post: post({ id: "new" }), model: "offline" },
    };
    const refused: TurnStep = {
      toolName: "setPostMedia",
      input: {},
      error: "A Facebook carousel cannot mix images and videos.",
    };
    expect(nextOf(message, [found, captioned, refused])).toBeNull();
    expect(
      describeOutcome(
        {
          toolName: "setPostMedia",
          input: {},
          error: "A Facebook carousel cannot mix images and videos.",
          reason: "media_not_fitting",
        },
        [found, captioned],
      ),
    ).toBe(
      "I couldn't do that: A Facebook carousel cannot mix images and videos. The post I started is saved with its caption, waiting for your approval.",
    );
  });

  it("describes the library in words", () => {
    const page = (items: unknown[], nextBefore: string | null = null) => ({ items, nextBefore });
    expect(
      describeOutcome({
        toolName: "listMedia",
        input: { query: "coffee", type: "image" },
        result: page([file("a", "image", "coffee-1.jpg"), file("b", "image", "coffee-2.jpg")]),
      }),
    ).toBe("Here are 2 images matching “coffee”: “coffee-1.jpg” and “coffee-2.jpg”.");
    expect(
      describeOutcome({
        toolName: "listMedia",
        input: {},
        result: page([file("a"), file("v", "video", "clip.mp4")], "2026-11-01T00:00:00.000Z"),
      }),
    ).toBe("Here are your newest 2 files (1 image, 1 video): “a.jpg” and “clip.mp4”.");
    expect(describeOutcome({ toolName: "listMedia", input: { query: "tea" }, result: page([]) })).toBe(
      "Nothing in your media library matches “tea”.",
    );
  });
});

describe("dates for posts", () => {
  it("reads a weekday as the next one on the user's calendar", () => {
    expect(parseWhen("for friday", { now: NOW, utcOffsetMinutes: 0 })).toBe(FRIDAY_NOON);
    expect(parseWhen("on friday at 9am", { now: NOW, utcOffsetMinutes: 60 })).toBe(
      "2026-11-27T08:00:00.000Z",
    );
    // Monday 15:00: "Monday at 18" is today, "Monday at 9" next week.
    expect(parseWhen("monday at 18", { now: NOW, utcOffsetMinutes: 0 })).toBe("2026-11-23T18:00:00.000Z");
    expect(parseWhen("monday at 9", { now: NOW, utcOffsetMinutes: 0 })).toBe("2026-11-30T09:00:00.000Z");
    expect(parseWhen("our black friday sale", { now: NOW, utcOffsetMinutes: 0 })).toBeNull();
  });

  it("schedules the post of the conversation for a weekday", () => {
    expect(callOf("schedule it for Friday", { lastPost: { id: "p1", state: "pending" } })).toEqual({
      toolName: "approvePost",
      input: { postId: "p1", scheduledDate: FRIDAY_NOON },
    });
  });
});

describe("the offline assistant as an AI SDK model, over several steps", () => {
  function fakeTools(log: { name: string; input: unknown }[]) {
    const images = "abcdefghijkl".split("").map((id) => ({ ...file(id), thumbnailUrl: `/t/${id}` }));
    return {
      listMedia: tool({
        description: "list",
        inputSchema: z.object({ type: z.string().optional(), limit: z.number().optional() }),
        execute: async (input) => {
          log.push({ name: "listMedia", input });
          return { items: images.slice(0, input.limit ?? 48), nextBefore: null };
        },
      }),
      captionFromImage: tool({
        description: "caption",
        inputSchema: z.object({ imageId: z.string(), platform: z.string() }),
        execute: async (input) => {
          log.push({ name: "captionFromImage", input });
          return { post: post({ id: "new", media: [mediaItem(input.imageId)] }), model: "offline" };
        },
      }),
      setPostMedia: tool({
        description: "set media",
        inputSchema: z.object({
          postId: z.string(),
          format: z.string().optional(),
          media: z.array(z.object({ mediaId: z.string() })).optional(),
        }),
        execute: async (input) => {
          log.push({ name: "setPostMedia", input });
          if (input.media && input.media.length > 10)
            throw new Error("A Facebook carousel takes at most 10 images.");
          return post({
            id: input.postId,
            format: input.format,
            media: (input.media ?? []).map((item) => mediaItem(item.mediaId)),
          });
        },
      }),
    };
  }

  it("makes a carousel in one turn: looks up the images, captions the first, then sets all four", async () => {
    const log: { name: string; input: unknown }[] = [];
    const result = await generateText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools(log),
      stopWhen: stepCountIs(5),
      prompt: "make a carousel from my last four images",
    });
    expect(log).toEqual([
      { name: "listMedia", input: { type: "image", limit: 4 } },
      { name: "captionFromImage", input: { imageId: "a", platform: "facebook" } },
      {
        name: "setPostMedia",
        input: {
          postId: "new",
          format: "carousel",
          media: ["a", "b", "c", "d"].map((mediaId) => ({ mediaId })),
        },
      },
    ]);
    // Each step's words, as the chat streams them: what was picked, then what was made.
    const said = result.steps.map((step) => step.text).join("\n");
    expect(said).toContain("Using your 4 newest images: “a.jpg”, “b.jpg”, “c.jpg” and “d.jpg”.");
    expect(said).toContain(
      "I made a Facebook carousel of 4 images, with a caption written from the first image.",
    );
  });

  it("relays a refusal in the tool's words", async () => {
    const result = await generateText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools([]),
      stopWhen: stepCountIs(5),
      messages: [{ role: "user", content: "make a carousel from my last 12 images" }],
    });
    expect(result.text).toContain("I couldn't do that: A Facebook carousel takes at most 10 images.");
  });
});
