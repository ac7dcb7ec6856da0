import { createHash } from "node:crypto";
import type { ImageGenerationRequest } from "@smm/domain/ports";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOfflineImageGenerator, drawOfflineSvg, OFFLINE_IMAGE_SIZE } from "./offline-images";

const generator = createOfflineImageGenerator();

const brand: ImageGenerationRequest["brand"] = {
  name: "Bean There",
  description: "",
  industry: "Specialty coffee",
  tone: "friendly",
  targetAudience: "",
  keyMessages: [],
  doNotMention: [],
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const request = (overrides: Partial<ImageGenerationRequest> = {}): ImageGenerationRequest => ({
  brand,
  imagePrompt: "A latte with leaf art on an oak table",
  imageStyle: "professional",
  language: "en",
  platform: "instagram",
  ...overrides,
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function hexToRgb(hex: string): [number, number, number] {
  const digits = hex.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** How many pixels lie within `tolerance` (per channel) of the colour. */
async function countNear(bytes: Uint8Array, hex: string, tolerance = 4): Promise<number> {
  const [r, g, b] = hexToRgb(hex);
  const { data, channels } = await pixels(bytes);
  let count = 0;
  for (let i = 0; i < data.length; i += channels) {
    if (
      Math.abs((data[i] as number) - r) <= tolerance &&
      Math.abs((data[i + 1] as number) - g) <= tolerance &&
      Math.abs((data[i + 2] as number) - b) <= tolerance
    )
      count++;
  }
  return count;
}

/** Mean absolute difference per channel of two same-sized images, 0-255. */
async function meanDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  expect(pa.data.length).toBe(pb.data.length);
  let sum = 0;
  for (let i = 0; i < pa.data.length; i++) sum += Math.abs((pa.data[i] as number) - (pb.data[i] as number));
  return sum / pa.data.length;
}

describe("offline image generator", () => {
  it("draws a 1080x1080 PNG and says so", async () => {
    const image = await generator.generateImage(request());
    expect(generator.kind).toBe("offline");
    expect(image.mimeType).toBe("image/png");
    expect([...image.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([OFFLINE_IMAGE_SIZE, OFFLINE_IMAGE_SIZE]);
    expect([image.width, image.height]).toEqual([1080, 1080]);
  });

  it("is deterministic: the same request gives the same bytes", async () => {
    for (const imageStyle of ["professional", "cartoon", "realistic", "custom"] as const) {
      const [a, b] = await Promise.all([
        generator.generateImage(request({ imageStyle })),
        generator.generateImage(request({ imageStyle })),
      ]);
      expect(sha(a.bytes), imageStyle).toBe(sha(b.bytes));
    }
  });

  it("draws the three styles clearly differently", async () => {
    const [professional, cartoon, realistic] = await Promise.all(
      (["professional", "cartoon", "realistic"] as const).map((imageStyle) =>
        generator.generateImage(request({ imageStyle })),
      ),
    );
    if (!professional || !cartoon || !realistic) throw new Error("missing image");
    expect(new Set([professional, cartoon, realistic].map((i) => sha(i.bytes))).size).toBe(3);
    // Not a few moved pixels: whole regions differ.
    expect(await meanDifference(professional.bytes, cartoon.bytes)).toBeGreaterThan(30);
    expect(await meanDifference(professional.bytes, realistic.bytes)).toBeGreaterThan(30);
    expect(await meanDifference(cartoon.bytes, realistic.bytes)).toBeGreaterThan(30);
    // Each style's signature: cartoon's ink outlines, realistic's dark night sky at the top.
    expect(await countNear(cartoon.bytes, "#1F1A17", 3)).toBeGreaterThan(5000);
    expect(await countNear(professional.bytes, "#1F1A17", 3)).toBe(0);
    const top = await sharp(realistic.bytes)
      .extract({ left: 0, top: 0, width: 1080, height: 40 })
      .raw()
      .toBuffer();
    expect(top.reduce((sum, value) => sum + value, 0) / top.length).toBeLessThan(90);
  });

  it("paints with the brand's three colours, in every style and colour notation", async () => {
    const palettes = [
      { primaryColor: "#3B82F6", secondaryColor: "#8B5CF6", accentColor: "#10B981" },
      // Validation accepts 3-digit colours and colours without '#'.
      { primaryColor: "#E11D48", secondaryColor: "F59E0B", accentColor: "#0af" },
    ];
    for (const palette of palettes) {
      for (const imageStyle of ["professional", "cartoon", "realistic", "custom"] as const) {
        const image = await generator.generateImage(request({ brand: { ...brand, ...palette }, imageStyle }));
        for (const color of Object.values(palette)) {
          const hex = color.startsWith("#") ? color : `#${color}`;
          expect(await countNear(image.bytes, hex), `${imageStyle} ${hex}`).toBeGreaterThan(500);
        }
      }
    }
  });

  it("lays out a different picture for a different brief or override", async () => {
    for (const imageStyle of ["professional", "cartoon", "realistic", "custom"] as const) {
      const base = await generator.generateImage(request({ imageStyle }));
      const otherBrief = await generator.generateImage(
        request({ imageStyle, imagePrompt: "Three friends laughing over espresso" }),
      );
      const withOverride = await generator.generateImage(
        request({ imageStyle, imagePromptOverride: "Minimal flat lay of coffee beans" }),
      );
      expect(await meanDifference(base.bytes, otherBrief.bytes), imageStyle).toBeGreaterThan(5);
      expect(await meanDifference(base.bytes, withOverride.bytes), imageStyle).toBeGreaterThan(5);
    }
  });

  it("lets each post's brief vary the picture under a brand-wide override", async () => {
    const imagePromptOverride = "Our roastery at dawn";
    const a = await generator.generateImage(request({ imagePromptOverride, imagePrompt: "Autumn blend" }));
    const b = await generator.generateImage(request({ imagePromptOverride, imagePrompt: "Winter blend" }));
    expect(sha(a.bytes)).not.toBe(sha(b.bytes));
  });

  it("keeps request text and unreadable colours out of the SVG, and draws no text", () => {
    const svg = drawOfflineSvg(
      request({
        brand: { ...brand, primaryColor: '"/><text>pwned</text><rect fill="', accentColor: "not-a-colour" },
        imagePrompt: "<text>Hello</text>",
        imagePromptOverride: "</svg><script>alert(1)</script>",
      }),
    );
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("script");
    expect(svg).not.toContain("pwned");
    expect(svg).not.toContain("not-a-colour");
    // Unreadable colours fall back to the spec's defaults rather than to black.
    expect(svg.toLowerCase()).toContain("#3b82f6");
    expect(svg.toLowerCase()).toContain("#10b981");
  });

  it("still draws when a stored colour is unreadable", async () => {
    const image = await generator.generateImage(
      request({ brand: { ...brand, primaryColor: "blue", secondaryColor: "" } }),
    );
    expect(await countNear(image.bytes, "#3B82F6")).toBeGreaterThan(500);
    expect(await countNear(image.bytes, "#8B5CF6")).toBeGreaterThan(500);
  });
});
