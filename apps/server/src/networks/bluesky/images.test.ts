import { AppError } from "@smm/domain/errors";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitImageForBluesky } from "./images";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#cc6633" } });

describe("fitImageForBluesky", () => {
  it("sends an image that already fits, without metadata, as it is", async () => {
    const png = new Uint8Array(await solid(300, 200).png().toBuffer());
    const fitted = await fitImageForBluesky(png, "image/png");
    expect(fitted.bytes).toBe(png);
    expect(fitted).toMatchObject({ mimeType: "image/png", width: 300, height: 200 });
  });

  it("strips a photo's EXIF (who took it, where) before it goes out, and keeps it a JPEG", async () => {
    const photo = new Uint8Array(
      await solid(300, 200)
        .jpeg()
        .withExif({ IFD0: { Artist: "Alice Example", Copyright: "Alice" } })
        .toBuffer(),
    );
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const fitted = await fitImageForBluesky(photo, "image/jpeg");

    expect(fitted.mimeType).toBe("image/jpeg");
    expect((await sharp(fitted.bytes).metadata()).exif).toBeUndefined();
    expect(Buffer.from(fitted.bytes).includes("Alice Example")).toBe(false);
  });

  it("turns an EXIF rotation into pixels before dropping it, so the photo stays upright", async () => {
    // Stored 300 x 200, shown rotated a quarter turn (orientation 6): the person sees 200 x 300.
    const photo = new Uint8Array(await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const fitted = await fitImageForBluesky(photo, "image/jpeg");
    expect({ width: fitted.width, height: fitted.height }).toEqual({ width: 200, height: 300 });
    const meta = await sharp(fitted.bytes).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      width: 200,
      height: 300,
      orientation: undefined,
    });
  });

  it("refuses bytes that are no image when they could not go as they are", async () => {
    const error = await fitImageForBluesky(new Uint8Array(1_200_000), "image/png").catch(
      (cause: unknown) => cause,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).reason).toBe("invalid_input");
  });
});
