import type { ImageCaptionRequest } from "@smm/domain/ports";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { captionFromImageOffline, measureImage } from "./offline-caption";

const brand: ImageCaptionRequest["brand"] = {
  name: "Bean There",
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

async function photo(width: number, height: number, left: string, right = left): Promise<Uint8Array> {
  const half = Math.floor(width / 2);
  const base = sharp({ create: { width, height, channels: 3, background: left } });
  const rightHalf = await sharp({ create: { width: width - half, height, channels: 3, background: right } })
    .png()
    .toBuffer();
  return new Uint8Array(
    await base
      .composite([{ input: rightHalf, left: half, top: 0 }])
      .png()
      .toBuffer(),
  );
}

const request = (bytes: Uint8Array, extra: Partial<ImageCaptionRequest> = {}): ImageCaptionRequest => ({
  brand,
  language: "en",
  platform: "facebook",
  image: { bytes, mimeType: "image/png", width: null, height: null },
  ...extra,
});

describe("measureImage", () => {
  it("finds the dominant colours, the light and the orientation", async () => {
    const sunset = await measureImage(await photo(300, 200, "#f28c28", "#1d4ed8"));
    expect(sunset.orientation).toBe("landscape");
    expect([...sunset.colours].sort()).toEqual(["blue", "orange"]);
    expect(sunset).toMatchObject({ width: 300, height: 200 });

    const night = await measureImage(await photo(100, 200, "#101018"));
    expect(night).toMatchObject({ orientation: "portrait", colours: ["black"] });
    expect(night.brightness).toBeLessThan(40);

    const snow = await measureImage(await photo(120, 120, "#fafafa"));
    expect(snow).toMatchObject({ orientation: "square", colours: ["white"] });
    expect(snow.brightness).toBeGreaterThan(240);
  });

  it("refuses bytes that are not an image", async () => {
    await expect(measureImage(new TextEncoder().encode("just some notes"))).rejects.toThrow();
  });
});

describe("captionFromImageOffline", () => {
  it("writes a Facebook caption from the measurements, the context and the brand", async () => {
    const bytes = await photo(300, 200, "#f28c28", "#1d4ed8");
    const caption = await captionFromImageOffline(request(bytes, { context: "our new autumn blend" }));
    expect(caption).toMatch(/^(Here's a closer look at|Introducing) our new autumn blend\./);
    expect(caption).toMatch(/landscape shot in (orange and blue|blue and orange) tones\./);
    expect(caption).toContain("Roasted fresh every morning.");
    expect(caption).toMatch(/(Perfect|Just right) for young professionals\./);
    expect(caption).toContain("— Bean There");
    const tags = caption.match(/#\p{L}+/gu) ?? [];
    expect(tags[0]).toBe("#BeanThere");
    expect(tags.length).toBeLessThanOrEqual(3);
    // Deterministic: the same photo and request give the same caption.
    expect(await captionFromImageOffline(request(bytes, { context: "our new autumn blend" }))).toBe(caption);
  });

  it("writes Instagram in short lines with a hashtag block, and says a dark photo is moody", async () => {
    const caption = await captionFromImageOffline(
      request(await photo(100, 200, "#101018"), { platform: "instagram" }),
    );
    const [body, tags] = caption.split("\n\n");
    expect(body?.split("\n").length).toBeGreaterThanOrEqual(4);
    expect(body).toContain("dark, moody portrait shot");
    expect(tags).toMatch(/^#BeanThere( #\p{L}+)+$/u);
  });

  it("uses the audience of the profile instead of quoting its description verbatim", async () => {
    const described = {
      ...brand,
      targetAudience: "Families and tourists interested in ice cream, who value a warm, personal touch",
    };
    const bytes = await photo(120, 120, "#f28c28");
    for (const platform of ["facebook", "instagram"] as const)
      for (const context of [undefined, "our pistachio gelato"]) {
        const caption = await captionFromImageOffline(
          request(bytes, { brand: described, platform, context }),
        );
        expect(caption).not.toMatch(/in mind|who value|warm, personal touch/);
        expect(caption).toMatch(/(Perfect|Just right) for families and tourists\./);
      }
  });
});
