import { describe, expect, it } from "vitest";
import {
  altTextChanges,
  altTextNeededLabel,
  centreCrop,
  checkMediaFit,
  type DraftItem,
  defaultCoverMs,
  dragToCropDelta,
  type FormatRule,
  firstCommentChange,
  formatDuration,
  formatLimits,
  imagesMissingAltText,
  keyboardMoveTarget,
  mediaChanged,
  moveCrop,
  moveItem,
  objectPosition,
  offeredFormats,
  parseAspect,
  shownCrop,
  toMediaInput,
} from "@/components/posts/media-editor/media-editor-logic";

/*
 * The composer's media rules: the order (drag and keyboard), the client-side check that mirrors a network's
 * declared formats (what the server refuses as media_not_fitting / format_unsupported), alt text still
 * missing, the crop in the network's frame, and what is sent to setPostMedia.
 */

const MB = 1024 * 1024;

function rule(
  format: FormatRule["format"],
  overrides: Partial<FormatRule> & Pick<FormatRule, "maxItems">,
): FormatRule {
  return {
    format,
    minItems: format === "carousel" ? 2 : format === "feed" ? 0 : 1,
    images: true,
    videos: false,
    mixed: false,
    minVideoSeconds: 0,
    maxVideoSeconds: 600,
    maxVideoBytes: 100 * MB,
    aspect: { min: 0.01, max: 100 },
    preferredAspect: "original",
    nativeScheduling: false,
    ...overrides,
  };
}

/** Facebook as its descriptor declares it (apps/server/src/networks/meta/descriptors.ts). */
const facebook = {
  label: "Facebook (sandbox)",
  formats: [
    rule("story", {
      maxItems: 1,
      videos: true,
      minVideoSeconds: 3,
      maxVideoSeconds: 60,
      preferredAspect: "9:16",
    }),
    rule("feed", { maxItems: 1, videos: true, maxVideoSeconds: 14_400, maxVideoBytes: 2048 * MB }),
    rule("carousel", { maxItems: 10 }),
    rule("reel", {
      maxItems: 1,
      images: false,
      videos: true,
      minVideoSeconds: 3,
      maxVideoSeconds: 90,
      maxVideoBytes: 1024 * MB,
      preferredAspect: "9:16",
    }),
  ],
};

const image = (id: string, altText = ""): DraftItem => ({
  mediaId: id,
  type: "image",
  url: `/m/${id}`,
  thumbnailUrl: `/m/${id}`,
  name: `${id}.png`,
  mimeType: "image/png",
  width: 1200,
  height: 800,
  durationMs: null,
  byteSize: 50_000,
  altText,
  savedAltText: altText,
  coverMs: null,
  crop: null,
});

const video = (id: string, seconds: number, bytes = 10 * MB): DraftItem => ({
  ...image(id),
  type: "video",
  mimeType: "video/mp4",
  durationMs: seconds * 1000,
  byteSize: bytes,
});

describe("the formats offered", () => {
  it("lists only what the network declares, in the composer's order", () => {
    expect(offeredFormats(facebook).map((r) => r.format)).toEqual(["feed", "carousel", "reel", "story"]);
    expect(offeredFormats({ formats: [rule("feed", { maxItems: 4 })] }).map((r) => r.format)).toEqual([
      "feed",
    ]);
    expect(offeredFormats(null)).toEqual([]);
  });

  it("says each format's limits in one line", () => {
    const [feed, carousel, reel] = offeredFormats(facebook);
    expect(formatLimits(carousel as FormatRule)).toBe("2–10 images");
    expect(formatLimits(reel as FormatRule)).toBe("1 video · 3–90 s · 9:16");
    expect(formatLimits(feed as FormatRule)).toBe("1 image or video · video up to 4 h");
    expect(formatLimits(offeredFormats(facebook)[3] as FormatRule)).toBe(
      "1 image or video · video 3–60 s · 9:16",
    );
  });
});

describe("the client-side check against the network's declaration", () => {
  it("refuses too many items for a feed post and suggests a carousel", () => {
    const check = checkMediaFit(facebook, "feed", [image("a"), image("b"), image("c")]);
    expect(check.problems).toEqual([
      expect.objectContaining({
        kind: "too_many",
        message: "A Facebook post carries one image or video; this one has 3.",
      }),
    ]);
    expect(check.suggestion).toBe("carousel");
  });

  it("accepts three images as a carousel, and notes (without refusing) a carousel of one", () => {
    expect(checkMediaFit(facebook, "carousel", [image("a"), image("b"), image("c")])).toEqual({
      problems: [],
      notes: [],
      suggestion: null,
    });
    const single = checkMediaFit(facebook, "carousel", [image("a")]);
    expect(single.problems).toEqual([]);
    expect(single.notes).toEqual([
      "A Facebook carousel needs at least 2 items before it can be approved; this one has 1.",
    ]);
    expect(single.suggestion).toBe("feed");
  });

  it("names the item that is a video where only images go", () => {
    const check = checkMediaFit(facebook, "carousel", [image("a"), video("v", 10)]);
    expect(check.problems.map((problem) => problem.kind)).toEqual(["mixed", "video_not_taken"]);
    expect(check.problems[1]).toMatchObject({
      index: 1,
      message: "Item 2: a Facebook carousel takes images, not a video.",
    });
  });

  it("refuses an image as a Reel and a video outside the Reel's length", () => {
    expect(checkMediaFit(facebook, "reel", [image("a")]).problems[0]?.message).toBe(
      "A Facebook Reel takes a video, not an image.",
    );
    expect(checkMediaFit(facebook, "reel", [video("v", 120)]).problems[0]?.message).toBe(
      "The video is 120 s long; a Facebook Reel is at most 90 s.",
    );
    expect(checkMediaFit(facebook, "reel", [video("v", 2)]).problems[0]?.kind).toBe("video_too_short");
    expect(checkMediaFit(facebook, "reel", [video("v", 30, 2048 * MB)]).problems[0]?.kind).toBe(
      "video_too_large",
    );
    expect(checkMediaFit(facebook, "reel", [video("v", 30)]).problems).toEqual([]);
  });

  it("refuses a format the network does not declare", () => {
    const bluesky = { label: "Bluesky", formats: [rule("feed", { maxItems: 4 })] };
    const check = checkMediaFit(bluesky, "reel", [video("v", 10)]);
    expect(check.problems).toEqual([{ kind: "unsupported", message: "Bluesky does not publish a Reel." }]);
  });

  it("checks nothing until the network is known", () => {
    expect(checkMediaFit(null, "feed", [image("a"), image("b")]).problems).toEqual([]);
  });
});

describe("the order", () => {
  it("moves an item to another place, clamped to the list", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 5, 0)).toEqual(["a", "b", "c"]);
    expect(moveItem([], 0, 1)).toEqual([]);
  });

  it("reads Alt+Arrow, Alt+Home and Alt+End on a focused item, and ignores plain arrows", () => {
    expect(keyboardMoveTarget("ArrowRight", 0, 3, true)).toBe(1);
    expect(keyboardMoveTarget("ArrowDown", 1, 3, true)).toBe(2);
    expect(keyboardMoveTarget("ArrowLeft", 2, 3, true)).toBe(1);
    expect(keyboardMoveTarget("ArrowLeft", 0, 3, true)).toBeNull();
    expect(keyboardMoveTarget("ArrowRight", 2, 3, true)).toBeNull();
    expect(keyboardMoveTarget("ArrowRight", 0, 3, false)).toBeNull();
    expect(keyboardMoveTarget("Home", 2, 3, true)).toBe(0);
    expect(keyboardMoveTarget("End", 0, 3, true)).toBe(2);
  });
});

describe("alt text", () => {
  it("counts images without alt text (videos need none) and says so", () => {
    const items = [image("a"), image("b", "A red mug"), image("c", "  "), video("v", 10)];
    expect(imagesMissingAltText(items)).toBe(2);
    expect(altTextNeededLabel(2)).toBe("2 images need alt text");
    expect(altTextNeededLabel(1)).toBe("1 image needs alt text");
    expect(altTextNeededLabel(0)).toBeNull();
  });

  it("finds the alt texts typed since they were saved", () => {
    const typed = { ...image("a"), altText: "A mug on a desk" };
    expect(altTextChanges([typed, image("b", "kept")]).map((item) => item.mediaId)).toEqual(["a"]);
  });
});

describe("the crop in the network's frame", () => {
  it("reads aspect labels", () => {
    expect(parseAspect("9:16")).toBeCloseTo(0.5625);
    expect(parseAspect("4:5")).toBe(0.8);
    expect(parseAspect("original")).toBeNull();
  });

  it("centres a landscape picture in a 9:16 frame and a portrait one in a square", () => {
    expect(centreCrop(1.5, 0.5625)).toEqual({ x: 0.3125, y: 0, width: 0.375, height: 1 });
    expect(centreCrop(0.5, 1)).toEqual({ x: 0, y: 0.25, width: 1, height: 0.5 });
  });

  it("keeps a saved crop of the frame's shape, else centres", () => {
    const saved = { x: 0, y: 0, width: 0.375, height: 1 };
    expect(shownCrop(saved, 1.5, 0.5625)).toBe(saved);
    expect(shownCrop(saved, 1.5, 1)).toEqual(centreCrop(1.5, 1));
    expect(shownCrop(null, 1.5, 0.5625)).toEqual(centreCrop(1.5, 0.5625));
  });

  it("moves the crop within the picture and turns a drag into its move", () => {
    const crop = centreCrop(1.5, 0.5625);
    expect(moveCrop(crop, -1, 0)).toEqual({ ...crop, x: 0 });
    expect(moveCrop(crop, 1, 0)).toEqual({ ...crop, x: 0.625 });
    expect(moveCrop(crop, 0, 0.5)).toEqual(crop);
    // Dragging the picture right by the frame's width shows what was left of it (one frame's worth).
    expect(dragToCropDelta(crop, 90, 0, 90, 160)).toEqual({ dx: -0.375, dy: -0 });
  });

  it("draws the crop with object-position", () => {
    expect(objectPosition({ x: 0, y: 0, width: 0.5, height: 1 })).toBe("0% 50%");
    expect(objectPosition({ x: 0.5, y: 0, width: 0.5, height: 1 })).toBe("100% 50%");
    expect(objectPosition({ x: 0, y: 0.25, width: 1, height: 0.5 })).toBe("50% 50%");
  });
});

describe("what is sent to setPostMedia", () => {
  it("sends the stored files in order with a video's cover and a moved crop", () => {
    const moved = { ...image("a"), crop: { x: 0, y: 0, width: 0.5, height: 1 } };
    const clip = { ...video("v", 10), coverMs: 2_500.4 };
    const linked = { ...image("x"), mediaId: null };
    expect(toMediaInput([clip, moved, image("b"), linked])).toEqual([
      { mediaId: "v", coverMs: 2_500 },
      { mediaId: "a", crop: { x: 0, y: 0, width: 0.5, height: 1 } },
      { mediaId: "b" },
    ]);
  });

  it("sees a change of order, files, cover or crop, and none otherwise", () => {
    const list = [image("a"), image("b")];
    expect(mediaChanged(list, [...list])).toBe(false);
    expect(mediaChanged(list, [image("b"), image("a")])).toBe(true);
    expect(mediaChanged(list, [image("a")])).toBe(true);
    expect(
      mediaChanged(list, [image("a"), { ...image("b"), crop: { x: 0, y: 0, width: 1, height: 0.5 } }]),
    ).toBe(true);
    // Alt text is saved on the file, not in the list.
    expect(mediaChanged(list, [image("a", "new"), image("b")])).toBe(false);
  });

  it("sends a first comment only when it changed, null to remove it", () => {
    expect(firstCommentChange(null, "  ")).toBeUndefined();
    expect(firstCommentChange(null, " #coffee ")).toBe("#coffee");
    expect(firstCommentChange("#coffee", "#coffee ")).toBeUndefined();
    expect(firstCommentChange("#coffee", "")).toBeNull();
  });

  it("takes a video's cover 1 s in, or in the middle of a shorter one", () => {
    expect(defaultCoverMs(12_000)).toBe(1_000);
    expect(defaultCoverMs(1_500)).toBe(750);
    expect(defaultCoverMs(null)).toBe(0);
    expect(formatDuration(75_000)).toBe("1:15");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
  });
});
