import type { AltTextRequest } from "@smm/domain/ports";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "./offline-ai";
import {
  firstSentence,
  OFFLINE_ALT_TEXT_MAX,
  subjectOfName,
  writeAltTextOffline,
  writeAltTextOfflineFromImage,
} from "./offline-alt-text";

const brand: AltTextRequest["brand"] = {
  name: "Bean There Coffee",
  description: "",
  industry: "Specialty coffee",
  tone: "friendly",
  targetAudience: "Young professionals",
  keyMessages: ["Roasted fresh every morning"],
  doNotMention: [],
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  imageStyle: "professional",
};

async function photo(width: number, height: number, top: string, bottom = top): Promise<Uint8Array> {
  const half = Math.floor(height / 2);
  const lower = await sharp({ create: { width, height: height - half, channels: 3, background: bottom } })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: top } })
      .composite([{ input: lower, left: 0, top: half }])
      .png()
      .toBuffer(),
  );
}

const request = (bytes: Uint8Array, extra: Partial<AltTextRequest> = {}): AltTextRequest => ({
  brand,
  language: "en",
  image: { bytes, mimeType: "image/png", width: null, height: null },
  ...extra,
});

describe("writeAltTextOffline", () => {
  it("describes the measured orientation, colours and light for the brand, with the post's first sentence", async () => {
    const bytes = await photo(200, 300, "#f28c28", "#8b4513");
    const caption = "Our autumn blend is here 🍂! Come taste it this weekend.\n\n#coffee #autumn";
    const altText = await writeAltTextOfflineFromImage(request(bytes, { caption }));
    expect(altText).toMatch(
      /^A portrait photo in warm (orange and brown|brown and orange) tones, (bright and )?colourful, for Bean There Coffee: Our autumn blend is here!$/,
    );
    // Deterministic: the same image and request give the same words, and the provider answers the same.
    expect(await writeAltTextOfflineFromImage(request(bytes, { caption }))).toBe(altText);
    expect(await createOfflineAiProvider().writeAltText(request(bytes, { caption }))).toBe(altText);
  });

  it("says a dark or grey photo is so, and names a cool landscape", async () => {
    const night = await writeAltTextOfflineFromImage(request(await photo(120, 240, "#202020")));
    expect(night).toBe("A portrait photo in black tones, dark and muted, for Bean There Coffee.");
    const sea = await writeAltTextOfflineFromImage(request(await photo(300, 150, "#1d4ed8", "#0f9d8f")));
    expect(sea).toMatch(
      /^A landscape photo in cool (blue and teal|teal and blue) tones, .+, for Bean There Coffee\.$/,
    );
  });

  it("falls back to a file name that reads as words, and to the stored size when the bytes cannot be read", async () => {
    const named = await writeAltTextOfflineFromImage(
      request(await photo(100, 100, "#fafafa"), { name: "fresh-croissants_on_a_tray.jpg" }),
    );
    expect(named).toMatch(
      /^A square photo in white tones, bright and muted, for Bean There Coffee: Fresh croissants on a tray\.$/,
    );
    const unreadable = await writeAltTextOfflineFromImage(
      request(new TextEncoder().encode("not an image"), {
        image: { bytes: new Uint8Array([1, 2, 3]), mimeType: "image/jpeg", width: 1920, height: 1080 },
        name: "IMG_2041.JPG",
      }),
    );
    expect(unreadable).toBe("A landscape photo for Bean There Coffee.");
  });

  it("never answers empty and stays within the limit, whatever the brand and caption", () => {
    const long = writeAltTextOffline(
      {
        ...request(new Uint8Array()),
        brand: { ...brand, name: "B".repeat(2_000) },
        caption: "word ".repeat(500),
      },
      { colours: ["green"], brightness: 120, saturation: 0.3, orientation: "square", width: 10, height: 10 },
    );
    expect(long.length).toBeGreaterThan(0);
    expect(long.length).toBeLessThanOrEqual(OFFLINE_ALT_TEXT_MAX);
    const bare = writeAltTextOffline({ ...request(new Uint8Array()), brand: { ...brand, name: " " } }, null);
    expect(bare).toBe("A photo.");
  });
});

describe("the post's subject", () => {
  it("takes the first sentence with words, without hashtags, mentions, links or emojis", () => {
    expect(firstSentence("#coffee #beans\n✨ Our #autumn latte, made by @baristajoe. Try it! #latte")).toBe(
      "Our autumn latte, made by baristajoe.",
    );
    expect(firstSentence("Fresh beans today #coffee #beans")).toBe("Fresh beans today");
    expect(firstSentence("See https://example.com today")).toBe("See today");
    expect(firstSentence(`${"x".repeat(50)} ${"y".repeat(300)}`).endsWith("…")).toBe(true);
  });

  it("reads a file name as words only when it says something", () => {
    expect(subjectOfName("croissants-on-a-tray.png")).toBe("croissants on a tray");
    expect(subjectOfName("IMG_2041.JPG")).toBe("");
    expect(subjectOfName("PXL_20240101_123456.jpg")).toBe("");
    expect(subjectOfName("Screenshot 2024-05-01 at 10.22.33.png")).toBe("");
  });
});
