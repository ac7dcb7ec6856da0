import type { WatermarkPlacement } from "@smm/domain/ports";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createSharpImageProcessor } from "./sharp-imaging";
import { blurBomb } from "./svg-bomb.fixture";

const imaging = createSharpImageProcessor();
afterAll(() => imaging.close());

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const YELLOW: Rgb = [255, 255, 0];

const bytesOf = (buffer: Buffer) => new Uint8Array(buffer);

function solid(width: number, height: number, color: Rgb | "transparent") {
  return sharp({
    create: {
      width,
      height,
      channels: 4,
      background:
        color === "transparent"
          ? { r: 0, g: 0, b: 0, alpha: 0 }
          : { r: color[0], g: color[1], b: color[2], alpha: 1 },
    },
  });
}

/** A mark whose quadrants are red (top left), green (top right), blue (bottom left), yellow (bottom right). */
async function quadrantMark(width: number, height: number): Promise<Uint8Array> {
  const w = width / 2;
  const h = height / 2;
  const quadrant = async (color: Rgb) => solid(w, h, color).png().toBuffer();
  return bytesOf(
    await solid(width, height, "transparent")
      .composite([
        { input: await quadrant(RED), left: 0, top: 0 },
        { input: await quadrant(GREEN), left: w, top: 0 },
        { input: await quadrant(BLUE), left: 0, top: h },
        { input: await quadrant(YELLOW), left: w, top: h },
      ])
      .png()
      .toBuffer(),
  );
}

async function rgbaAt(image: Uint8Array, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i] as number, data[i + 1] as number, data[i + 2] as number, data[i + 3] as number];
}

async function expectColour(image: Uint8Array, x: number, y: number, color: Rgb, tolerance = 2) {
  const [r, g, b] = await rgbaAt(image, x, y);
  for (const [actual, wanted] of [
    [r, color[0]],
    [g, color[1]],
    [b, color[2]],
  ] as const)
    expect(
      Math.abs(actual - wanted),
      `pixel ${x},${y} is ${r},${g},${b}, wanted ${color}`,
    ).toBeLessThanOrEqual(tolerance);
}

const placement = (overrides: Partial<WatermarkPlacement> = {}): WatermarkPlacement => ({
  position: { x: 50, y: 50 },
  size: 50,
  opacity: 1,
  rotation: 0,
  flipHorizontal: false,
  flipVertical: false,
  ...overrides,
});

const garbage = new TextEncoder().encode("this is not an image at all, just some text bytes");
const svgBytes = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20" fill="#FF0000"/></svg>',
);

describe("probe", () => {
  it("reads type and size of each stored raster type", async () => {
    const base = () => solid(30, 20, RED);
    expect(await imaging.probe(bytesOf(await base().png().toBuffer()))).toEqual({
      mimeType: "image/png",
      width: 30,
      height: 20,
    });
    expect(await imaging.probe(bytesOf(await base().jpeg().toBuffer()))).toEqual({
      mimeType: "image/jpeg",
      width: 30,
      height: 20,
    });
    expect(await imaging.probe(bytesOf(await base().gif().toBuffer()))).toEqual({
      mimeType: "image/gif",
      width: 30,
      height: 20,
    });
    expect(await imaging.probe(bytesOf(await base().webp().toBuffer()))).toEqual({
      mimeType: "image/webp",
      width: 30,
      height: 20,
    });
  });

  it("answers null for SVG, other formats, garbage, empty and truncated files", async () => {
    expect(await imaging.probe(svgBytes)).toBeNull();
    expect(await imaging.probe(bytesOf(await solid(30, 20, RED).tiff().toBuffer()))).toBeNull();
    expect(await imaging.probe(garbage)).toBeNull();
    expect(await imaging.probe(new Uint8Array())).toBeNull();
    // Noise does not deflate away, so cutting the file in half really loses pixel rows.
    const noisy = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(await imaging.probe(bytesOf(noisy))).not.toBeNull();
    expect(await imaging.probe(bytesOf(noisy.subarray(0, noisy.length / 2)))).toBeNull();
  });

  it("reports the size a viewer shows for an EXIF-rotated photo", async () => {
    const sideways = bytesOf(await solid(40, 20, RED).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(await imaging.probe(sideways)).toEqual({ mimeType: "image/jpeg", width: 20, height: 40 });
  });
});

describe("rasteriseSvg", () => {
  it("draws the SVG as a PNG whose longer side is maxSide", async () => {
    const png = await imaging.rasteriseSvg(svgBytes, 400);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([200, 400]);
    await expectColour(png, 100, 200, RED);
    // Drawn at that size rather than scaled up from 10x20: the edge stays sharp.
    await expectColour(png, 199, 200, RED);
  });

  it("shrinks a large SVG to fit", async () => {
    const wide = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="1000"><rect width="4000" height="1000" fill="#00F"/></svg>',
    );
    const meta = await sharp(await imaging.rasteriseSvg(wide, 400)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 100]);
  });

  it("throws on anything that is not an SVG", async () => {
    await expect(imaging.rasteriseSvg(garbage, 400)).rejects.toThrow();
    await expect(
      imaging.rasteriseSvg(bytesOf(await solid(4, 4, RED).png().toBuffer()), 400),
    ).rejects.toThrow();
  });
});

describe("applyWatermark", () => {
  it("centres the mark on the position, its longer side spanning size percent of the smaller side", async () => {
    // 400x200: the smaller side is 200, so size 50 gives a 100x50 mark for a 2:1 mark.
    const base = bytesOf(await solid(400, 200, WHITE).png().toBuffer());
    const out = await imaging.applyWatermark(
      base,
      await quadrantMark(200, 100),
      placement({ position: { x: 25, y: 50 } }),
    );
    // Centre (100, 100): the mark covers x 50-149, y 75-124.
    await expectColour(out, 60, 80, RED);
    await expectColour(out, 140, 80, GREEN);
    await expectColour(out, 60, 120, BLUE);
    await expectColour(out, 140, 120, YELLOW);
    await expectColour(out, 51, 76, RED);
    await expectColour(out, 148, 123, YELLOW);
    await expectColour(out, 47, 100, WHITE);
    await expectColour(out, 152, 100, WHITE);
    await expectColour(out, 100, 72, WHITE);
    await expectColour(out, 100, 127, WHITE);
    await expectColour(out, 300, 100, WHITE);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 400, 200]);
  });

  it("scales a small mark up to its size", async () => {
    const base = bytesOf(await solid(300, 300, WHITE).png().toBuffer());
    const out = await imaging.applyWatermark(base, await quadrantMark(10, 10), placement({ size: 40 }));
    // 120x120 centred: 90-209.
    await expectColour(out, 95, 95, RED);
    await expectColour(out, 204, 204, YELLOW);
    await expectColour(out, 86, 150, WHITE);
    await expectColour(out, 213, 150, WHITE);
  });

  it("multiplies the mark's alpha by the opacity", async () => {
    const mark = bytesOf(await solid(20, 20, RED).png().toBuffer());
    const white = bytesOf(await solid(100, 100, WHITE).png().toBuffer());
    await expectColour(await imaging.applyWatermark(white, mark, placement({ opacity: 1 })), 50, 50, RED);
    await expectColour(
      await imaging.applyWatermark(white, mark, placement({ opacity: 0.5 })),
      50,
      50,
      [255, 128, 128],
      3,
    );
    await expectColour(await imaging.applyWatermark(white, mark, placement({ opacity: 0 })), 50, 50, WHITE);
    // On a transparent PNG the faded mark stays half transparent.
    const clear = bytesOf(await solid(100, 100, "transparent").png().toBuffer());
    const [, , , alpha] = await rgbaAt(
      await imaging.applyWatermark(clear, mark, placement({ opacity: 0.5 })),
      50,
      50,
    );
    expect(Math.abs(alpha - 128)).toBeLessThanOrEqual(2);
    // A half-transparent mark at half opacity ends at a quarter.
    const halfMark = bytesOf(
      await sharp({
        create: { width: 20, height: 20, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
    );
    const [, , , quarter] = await rgbaAt(
      await imaging.applyWatermark(clear, halfMark, placement({ opacity: 0.5 })),
      50,
      50,
    );
    expect(Math.abs(quarter - 64)).toBeLessThanOrEqual(2);
  });

  it("mirrors the mark horizontally, vertically or both", async () => {
    const base = bytesOf(await solid(200, 200, WHITE).png().toBuffer());
    const mark = await quadrantMark(100, 100);
    // size 50: a 100x100 mark over 50-149.
    const corners = async (out: Uint8Array) =>
      Promise.all([
        rgbaAt(out, 70, 70),
        rgbaAt(out, 130, 70),
        rgbaAt(out, 70, 130),
        rgbaAt(out, 130, 130),
      ]).then((pixels) => pixels.map(([r, g, b]) => [r, g, b]));
    expect(await corners(await imaging.applyWatermark(base, mark, placement()))).toEqual([
      RED,
      GREEN,
      BLUE,
      YELLOW,
    ]);
    expect(
      await corners(await imaging.applyWatermark(base, mark, placement({ flipHorizontal: true }))),
    ).toEqual([GREEN, RED, YELLOW, BLUE]);
    expect(
      await corners(await imaging.applyWatermark(base, mark, placement({ flipVertical: true }))),
    ).toEqual([BLUE, YELLOW, RED, GREEN]);
    expect(
      await corners(
        await imaging.applyWatermark(base, mark, placement({ flipHorizontal: true, flipVertical: true })),
      ),
    ).toEqual([YELLOW, BLUE, GREEN, RED]);
  });

  it("rotates the mark clockwise around its centre, after any flip", async () => {
    const base = bytesOf(await solid(400, 400, WHITE).png().toBuffer());
    const mark = await quadrantMark(200, 100);
    // 200x100 turned a quarter clockwise: a 100x200 box over x 150-249, y 100-299, red now top right.
    const turned = await imaging.applyWatermark(base, mark, placement({ rotation: 90 }));
    await expectColour(turned, 170, 150, BLUE);
    await expectColour(turned, 230, 150, RED);
    await expectColour(turned, 170, 250, YELLOW);
    await expectColour(turned, 230, 250, GREEN);
    await expectColour(turned, 140, 200, WHITE);
    await expectColour(turned, 200, 90, WHITE);
    await expectColour(turned, 205, 195, RED);
    // -270 is the same turn.
    expect(
      await rgbaAt(await imaging.applyWatermark(base, mark, placement({ rotation: -270 })), 230, 150),
    ).toEqual(await rgbaAt(turned, 230, 150));
    // Mirrored first, then turned: green, red / yellow, blue becomes yellow, green / blue, red.
    const mirrored = await imaging.applyWatermark(
      base,
      mark,
      placement({ rotation: 90, flipHorizontal: true }),
    );
    await expectColour(mirrored, 170, 150, YELLOW);
    await expectColour(mirrored, 230, 150, GREEN);
    await expectColour(mirrored, 170, 250, BLUE);
    await expectColour(mirrored, 230, 250, RED);
  });

  it("leaves the corners of a turned mark transparent", async () => {
    const base = bytesOf(await solid(400, 400, WHITE).png().toBuffer());
    const square = bytesOf(await solid(100, 100, RED).png().toBuffer());
    // size 50: 200x200, turned 45 degrees into a diamond about 283 wide around (200, 200).
    const out = await imaging.applyWatermark(base, square, placement({ rotation: 45 }));
    await expectColour(out, 200, 200, RED);
    await expectColour(out, 200, 70, RED);
    await expectColour(out, 70, 200, RED);
    // Inside the rotated box's bounds but outside the diamond: the base shows, not black.
    await expectColour(out, 80, 80, WHITE);
    await expectColour(out, 320, 320, WHITE);
    await expectColour(out, 320, 80, WHITE);
  });

  it("keeps the base image's format and size", async () => {
    const mark = await quadrantMark(20, 20);
    for (const format of ["png", "jpeg", "webp", "gif"] as const) {
      const base = bytesOf(await solid(120, 80, WHITE).toFormat(format).toBuffer());
      const out = await imaging.applyWatermark(base, mark, placement());
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height], format).toEqual([format, 120, 80]);
      // Lossy formats shift colours a little, but the mark is there.
      const [r, g, b] = await rgbaAt(out, 50, 30);
      expect(r, format).toBeGreaterThan(200);
      expect(g + b, format).toBeLessThan(120);
    }
    const jpeg = await imaging.applyWatermark(
      bytesOf(await solid(50, 50, WHITE).jpeg().toBuffer()),
      mark,
      placement(),
    );
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("clips a mark that runs off the image instead of failing", async () => {
    const base = bytesOf(await solid(200, 100, WHITE).png().toBuffer());
    const mark = await quadrantMark(100, 100);
    // Centred on the top-left corner: only the bottom-right (yellow) quarter shows.
    const topLeft = await imaging.applyWatermark(base, mark, placement({ position: { x: 0, y: 0 } }));
    await expectColour(topLeft, 2, 2, YELLOW);
    await expectColour(topLeft, 22, 22, YELLOW);
    await expectColour(topLeft, 28, 10, WHITE);
    // On the bottom-right corner: the red quarter.
    const bottomRight = await imaging.applyWatermark(base, mark, placement({ position: { x: 100, y: 100 } }));
    await expectColour(bottomRight, 197, 97, RED);
    await expectColour(bottomRight, 170, 97, WHITE);
    // Hanging over the right edge only.
    const right = await imaging.applyWatermark(base, mark, placement({ position: { x: 95, y: 50 } }));
    await expectColour(right, 180, 40, RED);
    await expectColour(right, 199, 40, GREEN);
    // Entirely outside: the image, unchanged in size and pixels.
    const away = await imaging.applyWatermark(base, mark, placement({ position: { x: 500, y: -300 } }));
    const meta = await sharp(away).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 200, 100]);
    await expectColour(away, 199, 0, WHITE);
    // A mark larger than the image (size 100 of the smaller side, rotated) is clipped too.
    const huge = await imaging.applyWatermark(base, mark, placement({ size: 100, rotation: 30 }));
    expect((await sharp(huge).metadata()).width).toBe(200);
  });

  it("handles a greyscale mark and an EXIF-rotated photo", async () => {
    const grey = bytesOf(
      await sharp(Buffer.alloc(20 * 20, 0), { raw: { width: 20, height: 20, channels: 1 } })
        .toColourspace("b-w")
        .png()
        .toBuffer(),
    );
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const out = await imaging.applyWatermark(
      bytesOf(await solid(100, 100, WHITE).png().toBuffer()),
      grey,
      placement(),
    );
    await expectColour(out, 50, 50, [0, 0, 0]);
    // Stored 40x20 but shown 20x40; the output is upright, so the mark lands in the shown picture.
    const sideways = bytesOf(await solid(40, 20, WHITE).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const marked = await imaging.applyWatermark(sideways, grey, placement({ position: { x: 50, y: 25 } }));
    const meta = await sharp(marked).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect((await rgbaAt(marked, 10, 10))[0]).toBeLessThan(60);
    expect((await rgbaAt(marked, 10, 30))[0]).toBeGreaterThan(200);
  });

  it("throws on an undecodable image or mark", async () => {
    const png = bytesOf(await solid(50, 50, WHITE).png().toBuffer());
    await expect(imaging.applyWatermark(garbage, png, placement())).rejects.toThrow();
    await expect(imaging.applyWatermark(png, garbage, placement())).rejects.toThrow();
    await expect(imaging.applyWatermark(png.subarray(0, 40), png, placement())).rejects.toThrow();
  });
});

describe("removeBackground", () => {
  /** White ground with a red, a near-white and a light-grey block. */
  async function logo(format: "png" | "jpeg" = "png") {
    const block = async (color: Rgb) => solid(20, 20, color).png().toBuffer();
    return bytesOf(
      await solid(80, 20, WHITE)
        .composite([
          { input: await block(RED), left: 20, top: 0 },
          { input: await block([240, 240, 240]), left: 40, top: 0 },
          { input: await block([200, 200, 200]), left: 60, top: 0 },
        ])
        .toFormat(format, { quality: 100 })
        .toBuffer(),
    );
  }

  it("makes pixels near the target colour transparent and keeps the rest, as a PNG", async () => {
    const out = await imaging.removeBackground(await logo(), { threshold: 10, targetColor: "#FFFFFF" });
    expect([...out.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await rgbaAt(out, 10, 10))[3]).toBe(0);
    expect(await rgbaAt(out, 30, 10)).toEqual([255, 0, 0, 255]);
    // Distance 26 of 441: inside 10 percent.
    expect((await rgbaAt(out, 50, 10))[3]).toBe(0);
    // Distance 95: outside 10 percent, inside 30.
    expect(await rgbaAt(out, 70, 10)).toEqual([200, 200, 200, 255]);
    const wider = await imaging.removeBackground(await logo(), { threshold: 30, targetColor: "#FFFFFF" });
    expect((await rgbaAt(wider, 70, 10))[3]).toBe(0);
    expect((await rgbaAt(wider, 30, 10))[3]).toBe(255);
    // At 100 everything goes.
    const all = await imaging.removeBackground(await logo(), { threshold: 100, targetColor: "#FFFFFF" });
    expect((await rgbaAt(all, 30, 10))[3]).toBe(0);
  });

  it("honours another target colour and reads JPEG input", async () => {
    const out = await imaging.removeBackground(await logo("jpeg"), { threshold: 15, targetColor: "f00" });
    expect((await sharp(out).metadata()).format).toBe("png");
    expect((await rgbaAt(out, 30, 10))[3]).toBe(0);
    expect((await rgbaAt(out, 10, 10))[3]).toBe(255);
  });

  it("turns an EXIF-rotated photo upright, since the PNG it returns carries no orientation", async () => {
    const sideways = bytesOf(await solid(40, 20, RED).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const meta = await sharp(
      await imaging.removeBackground(sideways, { threshold: 30, targetColor: "#FFFFFF" }),
    ).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
  });

  it("throws on undecodable input or an unreadable colour", async () => {
    await expect(
      imaging.removeBackground(garbage, { threshold: 30, targetColor: "#FFFFFF" }),
    ).rejects.toThrow();
    await expect(
      imaging.removeBackground(await logo(), { threshold: 30, targetColor: "white; drop table" }),
    ).rejects.toThrow();
  });
});

describe("image work off the event loop", () => {
  it("refuses the blur bomb before drawing it", async () => {
    // Refused by its price (the estimate), not by the drawing's time limit: drawn, it takes ~30 s of CPU.
    await expect(imaging.rasteriseSvg(new TextEncoder().encode(blurBomb()), 1024)).rejects.toThrow(
      "SVG refused: a blur wider than the limit",
    );
  });

  it("refuses external references, embedded images over the pixel limit and drawings over the output limit", async () => {
    const svg = (body: string, size = 100) =>
      new TextEncoder().encode(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`,
      );
    await expect(
      imaging.rasteriseSvg(svg('<image href="file:///etc/hostname" width="9" height="9"/>'), 400),
    ).rejects.toThrow("SVG refused: an external reference file:///etc/hostname");
    // A few KB of PNG that decodes to 16.8 million pixels.
    const huge = await solid(4200, 4000, RED).png().toBuffer();
    await expect(
      imaging.rasteriseSvg(
        svg(`<image href="data:image/png;base64,${huge.toString("base64")}" width="9" height="9"/>`),
        400,
      ),
    ).rejects.toThrow("SVG refused: an embedded image over the pixel limit");
    const small = await solid(20, 20, RED).png().toBuffer();
    const png = await imaging.rasteriseSvg(
      svg(`<image href="data:image/png;base64,${small.toString("base64")}" width="100" height="100"/>`),
      100,
    );
    await expectColour(png, 50, 50, RED);
    // Nothing draws under 1 dpi: a 200,000-unit canvas is 2,778 px square, a million-unit one 13,889.
    for (const size of [200_000, 1_000_000])
      await expect(imaging.rasteriseSvg(svg('<rect width="10" height="10"/>', size), 1024)).rejects.toThrow(
        /SVG refused: \d+ pixels to draw/,
      );
  });

  it("leaves the caller's bytes intact (the worker gets a copy)", async () => {
    const image = bytesOf(await solid(40, 40, WHITE).png().toBuffer());
    const before = [...image];
    await imaging.removeBackground(image, { threshold: 30, targetColor: "#FFFFFF" });
    await imaging.applyWatermark(image, await quadrantMark(10, 10), placement());
    expect([...image]).toEqual(before);
  });

  it("answers a drawing that outruns the time limit by the limit, not the drawing's end, and recovers", async () => {
    // Limits loosened so the drawing really runs: 30 blurred shapes, about 3 s of one core.
    const slow = createSharpImageProcessor({
      jobTimeoutMs: 1_000,
      queueTimeoutMs: 60_000,
      svgWorkLimits: { maxBlurShare: Number.POSITIVE_INFINITY, maxEstimatedMs: Number.POSITIVE_INFINITY },
    });
    try {
      // The first job starts the worker; its time limit counts from the worker having loaded sharp.
      await slow.rasteriseSvg(svgBytes, 100);
      // The limit answers the caller while the drawing still runs on the worker, which the pool then
      // replaces (a drawing on this thread would have to end first, and would answer "drawn").
      const settled = await slow.rasteriseSvg(new TextEncoder().encode(blurBomb(30)), 1024).then(
        () => "drawn",
        (error: Error) => error.message,
      );
      expect(settled).toContain("image work took over 1000 ms");
      // The terminated thread finishes its native call first; then the pool carries on with a new one.
      const png = await slow.rasteriseSvg(svgBytes, 40);
      expect((await sharp(png).metadata()).height).toBe(40);
    } finally {
      await slow.close();
    }
    // The replaced thread must first finish its ~3 s native drawing, which a starved CI machine stretches.
  }, 90_000);
});
