import { describe, expect, it } from "vitest";
import {
  altTextCount,
  createPostHref,
  DEFAULT_MEDIA_FILTERS,
  deleteConsequence,
  errorMessageOf,
  flattenPages,
  formatBadgeLabel,
  formatBytes,
  formatDimensions,
  formatDuration,
  isNarrowed,
  lacksAltText,
  MAX_ALT_TEXT_LENGTH,
  mediaChanges,
  mediaSummaryOf,
  slideAt,
  startOfLocalDay,
  stepSlide,
  toListMediaInput,
  uploadPercent,
  uploadRouteOf,
} from "../../apps/web/src/lib/media-logic";

describe("formatBadgeLabel (the cards' format badge)", () => {
  it("counts a carousel's items and names reels and stories", () => {
    expect(formatBadgeLabel("carousel", 4)).toBe("Carousel · 4");
    expect(formatBadgeLabel("reel", 1)).toBe("Reel");
    expect(formatBadgeLabel("story", 1)).toBe("Story");
  });

  it("says nothing for an ordinary feed post or an unknown format", () => {
    expect(formatBadgeLabel("feed", 3)).toBeNull();
    expect(formatBadgeLabel(null, 3)).toBeNull();
    expect(formatBadgeLabel(undefined, 0)).toBeNull();
  });

  it("counts at least one item (a carousel read before its list)", () => {
    expect(formatBadgeLabel("carousel", 0)).toBe("Carousel · 1");
  });
});

describe("formatDuration, formatBytes, formatDimensions", () => {
  it("writes lengths as a player does", () => {
    expect(formatDuration(7_000)).toBe("0:07");
    expect(formatDuration(62_400)).toBe("1:02");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-5)).toBeNull();
  });

  it("writes sizes in binary units with one decimal below 100", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1024 * 1024)).toBe("1 MB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatBytes(null)).toBeNull();
  });

  it("needs both sides for dimensions", () => {
    expect(formatDimensions(1080, 1350)).toBe("1080 × 1350");
    expect(formatDimensions(1080, null)).toBeNull();
  });
});

describe("alt text", () => {
  it("counts trimmed characters against the 1,000 limit", () => {
    expect(MAX_ALT_TEXT_LENGTH).toBe(1000);
    expect(altTextCount("  A latte.  ")).toEqual({ length: 8, over: false, label: "8 / 1,000" });
    expect(altTextCount("x".repeat(1000)).over).toBe(false);
    expect(altTextCount("x".repeat(1001))).toEqual({ length: 1001, over: true, label: "1,001 / 1,000" });
  });

  it("asks it of images only", () => {
    expect(lacksAltText({ type: "image", altText: null })).toBe(true);
    expect(lacksAltText({ type: "image", altText: "   " })).toBe(true);
    expect(lacksAltText({ type: "image", altText: "A cup" })).toBe(false);
    expect(lacksAltText({ type: "video", altText: null })).toBe(false);
  });

  it("sends only what changed; an emptied alt text is removed", () => {
    const saved = { name: "latte.png", altText: "A latte" };
    expect(mediaChanges(saved, { name: "latte.png", altText: "A latte " })).toBeNull();
    expect(mediaChanges(saved, { name: " Latte art ", altText: "A latte" })).toEqual({ name: "Latte art" });
    expect(mediaChanges(saved, { name: "latte.png", altText: "" })).toEqual({ altText: null });
    expect(mediaChanges({ name: "a", altText: null }, { name: "a", altText: "Beans" })).toEqual({
      altText: "Beans",
    });
    // An emptied name is not a change to send (the field says it cannot be empty).
    expect(mediaChanges(saved, { name: "  ", altText: "A latte" })).toBeNull();
  });
});

describe("toListMediaInput (the filters as listMedia's input)", () => {
  it("sends nothing but the page size for the defaults", () => {
    expect(toListMediaInput(DEFAULT_MEDIA_FILTERS)).toEqual({ limit: 48 });
    expect(isNarrowed(DEFAULT_MEDIA_FILTERS)).toBe(false);
  });

  it("trims the words, names the type, the missing alt text and the cursor", () => {
    const filters = {
      ...DEFAULT_MEDIA_FILTERS,
      query: "  latte   art ",
      type: "image" as const,
      missingAltText: true,
    };
    expect(toListMediaInput(filters, "2026-05-01T10:00:00.000Z", 24)).toEqual({
      query: "latte art",
      type: "image",
      missingAltText: true,
      before: "2026-05-01T10:00:00.000Z",
      limit: 24,
    });
    expect(isNarrowed(filters)).toBe(true);
  });

  it("takes both days whole, in the viewer's zone, and puts a swapped range right", () => {
    const input = toListMediaInput({ ...DEFAULT_MEDIA_FILTERS, from: "2026-03-10", to: "2026-03-12" });
    expect(input.from).toBe(new Date(2026, 2, 10).toISOString());
    expect(input.to).toBe(new Date(2026, 2, 13).toISOString());
    const swapped = toListMediaInput({ ...DEFAULT_MEDIA_FILTERS, from: "2026-03-12", to: "2026-03-10" });
    expect(swapped.from).toBe(new Date(2026, 2, 10).toISOString());
    expect(swapped.to).toBe(new Date(2026, 2, 13).toISOString());
  });

  it("ignores a day that is not one", () => {
    expect(startOfLocalDay("2026-13-45x")).toBeNull();
    expect(toListMediaInput({ ...DEFAULT_MEDIA_FILTERS, from: "soon" })).toEqual({ limit: 48 });
  });
});

describe("flattenPages", () => {
  it("keeps the order and each file once across pages", () => {
    const pages = [{ items: [{ id: "a" }, { id: "b" }] }, { items: [{ id: "b" }, { id: "c" }] }];
    expect(flattenPages(pages).map((item) => item.id)).toEqual(["a", "b", "c"]);
  });
});

describe("carousel slides", () => {
  it("steps within the items without wrapping", () => {
    expect(stepSlide(0, -1, 4)).toBe(0);
    expect(stepSlide(0, 1, 4)).toBe(1);
    expect(stepSlide(3, 1, 4)).toBe(3);
    expect(stepSlide(2, 0, 0)).toBe(0);
  });

  it("reads the shown slide from the strip's scroll position", () => {
    expect(slideAt(0, 300, 4)).toBe(0);
    expect(slideAt(290, 300, 4)).toBe(1);
    expect(slideAt(5000, 300, 4)).toBe(3);
    expect(slideAt(100, 0, 4)).toBe(0);
  });
});

describe("delete confirmation", () => {
  it("warns of scheduled posts, counts other uses, or says it is final", () => {
    expect(deleteConsequence([{ state: "scheduled" }])).toBe(
      "A scheduled post uses this file: change that post first, then delete the file.",
    );
    expect(deleteConsequence([{ state: "scheduled" }, { state: "scheduled" }, { state: "draft" }])).toMatch(
      /^2 scheduled posts use this file/,
    );
    expect(deleteConsequence([{ state: "draft" }, { state: "published" }])).toMatch(/^2 posts use this file/);
    expect(deleteConsequence([])).toBe("The file will be deleted from your library. This cannot be undone.");
  });
});

describe("uploads", () => {
  it("sends images over the image route and videos over tus, by type or else by name", () => {
    expect(uploadRouteOf({ type: "image/png", name: "a.png" })).toBe("image");
    expect(uploadRouteOf({ type: "video/mp4", name: "a.mp4" })).toBe("video");
    expect(uploadRouteOf({ type: "", name: "clip.MOV" })).toBe("video");
    expect(uploadRouteOf({ type: "", name: "photo.jpeg" })).toBe("image");
    expect(uploadRouteOf({ type: "application/pdf", name: "menu.pdf" })).toBe("refused");
  });

  it("never says 100% before the server has stored the file", () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(50, 100)).toBe(50);
    expect(uploadPercent(100, 100)).toBe(99);
    expect(uploadPercent(10, 0)).toBe(0);
  });

  it("reads the server's message out of an error answer", () => {
    expect(errorMessageOf('{"error":{"code":"invalid_input","message":"Not a video"}}')).toBe("Not a video");
    expect(errorMessageOf("Forbidden\n")).toBeNull();
    expect(errorMessageOf(null)).toBeNull();
  });
});

describe("createPostHref (Use in a new post)", () => {
  it("preselects the files by id on the create page", () => {
    expect(createPostHref(["a1"])).toBe("/create?media=a1");
    expect(createPostHref(["a1", "b2"])).toBe("/create?media=a1&media=b2");
    expect(createPostHref([])).toBe("/create");
  });
});

describe("mediaSummaryOf (the calendar's posts)", () => {
  it("reads the format and count when the post carries them, else an ordinary post", () => {
    expect(mediaSummaryOf({ format: "carousel", mediaCount: 3 })).toEqual({ format: "carousel", count: 3 });
    expect(mediaSummaryOf({ id: "x" })).toEqual({ format: "feed", count: 0 });
    expect(mediaSummaryOf({ format: "hologram", mediaCount: "2" })).toEqual({ format: "feed", count: 0 });
  });
});
