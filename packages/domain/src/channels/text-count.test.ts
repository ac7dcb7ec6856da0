import { describe, expect, it } from "vitest";
import { countText, fitText } from "./text-count";

describe("countText", () => {
  it("counts an emoji as its UTF-8 bytes where the network does (Threads), other text by characters", () => {
    const limit = { counting: "emoji-bytes" } as const;
    expect(countText("Fresh beans", limit)).toBe(11);
    expect(countText("Fresh ☕", limit)).toBe(6 + 3);
    expect(countText("👍🏽", limit)).toBe(8);
    expect(countText("👨‍👩‍👧", limit)).toBe(18);
    expect(countText("🇫🇷 é", limit)).toBe(8 + 2);
    expect(fitText("☕".repeat(167), { maxLength: 500, counting: "emoji-bytes" }).over).toBe(true);
    expect(fitText("☕".repeat(166), { maxLength: 500, counting: "emoji-bytes" }).over).toBe(false);
  });

  it("counts graphemes as a person sees them, not UTF-16 units", () => {
    const family = "👨‍👩‍👧";
    expect(family.length).toBe(8);
    expect(countText(family, { counting: "graphemes" })).toBe(1);
    expect(countText("é✨", { counting: "characters" })).toBe(2);
  });

  it("counts a link as 23 on Mastodon whatever its length, and a remote mention as its local part", () => {
    const text =
      "Read https://example.com/a/very/long/path/that/goes/on?and=on thanks @alice@mastodon.social";
    expect(countText(text, { counting: "mastodon" })).toBe("Read ".length + 23 + " thanks @alice".length);
    expect(countText("Hi https://a.io", { counting: "mastodon", urlLength: 10 })).toBe(13);
  });

  it("says a text is over when it passes the byte cap even within the length", () => {
    const text = "✨".repeat(250);
    expect(fitText(text, { maxLength: 300, counting: "graphemes", maxBytes: 3000 }).over).toBe(false);
    expect(fitText(text, { maxLength: 300, counting: "graphemes", maxBytes: 700 }).over).toBe(true);
    expect(fitText("a".repeat(301), { maxLength: 300, counting: "graphemes" })).toEqual({
      count: 301,
      max: 300,
      over: true,
    });
  });
});
