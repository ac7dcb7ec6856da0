import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { generatePost } from "../generation/generate-post";
import { IMAGE_NAME_NOT_FOUND, listImages, showImage } from "./list-images";
import { uploadImage } from "./upload-image";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Gallery Brand" });
  return { ...t.as(userId), brandId: brand.id };
}

const png = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );

it("lists the brand's uploads and generated images, newest first, with signed links and names", async () => {
  const ctx = await brandContext();
  expect(await listImages(ctx)).toEqual({ images: [] });
  await uploadImage(ctx, { bytes: await png("#f00"), name: "Summer Banner.png" });
  t.clock.set(new Date(Date.now() + 60_000));
  try {
    await uploadImage(ctx, { bytes: await png("#0f0"), name: "logo-green.png" });
    await generatePost(ctx, { prompt: "croissants" });
    await t.jobs.runQueued();
  } finally {
    t.clock.set(null);
  }
  const { images } = await listImages(ctx);
  expect(images).toHaveLength(3);
  expect(images.map((image) => image.kind).sort()).toEqual(["generated", "upload", "upload"]);
  expect(images.at(-1)?.name).toBe("Summer Banner.png");
  for (const image of images)
    expect(image.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/file\?expires=\d+&signature=/);
  expect(images.find((image) => image.kind === "generated")?.name).toMatch(/^post-[0-9a-f]+\.png$/);

  // Another brand's images are not this brand's.
  const other = await brandContext();
  await uploadImage(other, { bytes: await png("#00f"), name: "Summer Banner.png" });
  expect((await listImages(ctx)).images).toHaveLength(3);
});

it("shows one image by its name: exact first, then the newest containing it; else a clear not-found", async () => {
  const ctx = await brandContext();
  const banner = await uploadImage(ctx, { bytes: await png("#f00"), name: "Summer Banner.png" });
  await uploadImage(ctx, { bytes: await png("#0f0"), name: "summer banner old.png" });
  expect((await showImage(ctx, { name: "summer banner.PNG" })).id).toBe(banner.id);
  expect((await showImage(ctx, { name: "banner old" })).name).toBe("summer banner old.png");
  const missing = await showImage(ctx, { name: "winter" }).catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(AppError);
  expect(missing).toMatchObject({ code: "not_found", message: IMAGE_NAME_NOT_FOUND });
  const blank = await showImage(ctx, { name: "  " }).catch((error: unknown) => error);
  expect(blank).toMatchObject({ code: "invalid_input" });
});
