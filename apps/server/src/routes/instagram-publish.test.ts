import { posts } from "@smm/domain/db/schema";
import { storeMedia } from "@smm/domain/media";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";

/*
 * An Instagram post goes to Meta as the JPEG Instagram accepts: the signed link in the container names a
 * copy padded into 4:5 .. 1.91:1, and that link (fetched as Meta would, without a session) serves it.
 */

let ctx: TestContext;
let fake: FakeMetaGraphServer;
beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
  fake.containerPolls = 0;
  ctx = await createTestContext({
    meta: { graphUrl: fake.url, appId: fake.appId, appSecret: fake.appSecret },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function call(path: string, cookie: string, body: unknown) {
  const response = await jsonRequest(ctx, path, { cookie, method: "POST", body });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A user whose brand is connected to the fake's page (with its linked Instagram account). */
async function connectedUser() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await call("/api/brands", cookie, { name: "Bean There" });
  const start = await call("/api/connections/facebook/start", cookie, { flow: "page" });
  const html = await (await fetch(start.url)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "");
  await call("/api/connections/facebook/exchange", cookie, {
    code: allow.searchParams.get("code"),
    state: allow.searchParams.get("state"),
  });
  await call("/api/connections/facebook/page", cookie, { pageId: "10100000000" });
  return { cookie, brandId: brand.id as string, userId: await userIdOf(ctx, cookie) };
}

/** A PNG of that size: red with a blue band along its first tenth, so a crop would show. */
async function bandedPng(width: number, height: number): Promise<Uint8Array> {
  const band = { width: Math.max(1, Math.round(width / 10)), height };
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .composite([
      {
        input: await sharp({ create: { ...band, channels: 3, background: { r: 20, g: 40, b: 230 } } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

describe("Instagram images", () => {
  it.each([
    ["tall", 400, 1400],
    ["wide", 3000, 600],
  ])("a %s PNG reaches Meta as a padded JPEG inside 4:5 .. 1.91:1", async (_shape, width, height) => {
    const user = await connectedUser();
    const bytes = await bandedPng(width, height);
    const image = await storeMedia(ctx.deps, user, {
      kind: "upload",
      bytes,
      mimeType: "image/png",
      width,
      height,
    });
    const caption = `Instagram ${_shape} ${Math.random()}`;
    const [post] = await ctx.database.db
      .insert(posts)
      .values({
        userId: user.userId,
        brandId: user.brandId,
        content: caption,
        platform: "instagram",
        status: "pending",
        imageMediaId: image.id,
      })
      .returning();
    if (!post) throw new Error("insert failed");

    const approved = await call("/api/tools/approvePost", user.cookie, {
      postId: post.id,
      scheduledDate: new Date().toISOString(),
    });
    expect(approved.result).toMatchObject({ publishedVia: "meta", state: "published" });
    expect(fake.creationsOf(caption)).toBe(1);

    const container = [...fake.containers.values()].find((c) => c.caption.startsWith(caption));
    const link = new URL(container?.imageUrl ?? "");
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("variant")).toBe("instagram");

    // Fetched as Meta does: no cookie, the link is the permission.
    const served = await ctx.app.request(`${link.pathname}${link.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.hasAlpha).toBe(false);
    const ratio = (meta.width ?? 0) / (meta.height ?? 1);
    expect(ratio).toBeGreaterThanOrEqual(0.8);
    expect(ratio).toBeLessThanOrEqual(1.91);
    expect(meta.width).toBeLessThanOrEqual(1440);
    // Padded, not cropped: the blue band (the image's first tenth) is still there, whole.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const scale = Math.min(info.width / width, info.height / height);
    const left = (info.width - width * scale) / 2;
    const top = (info.height - height * scale) / 2;
    const [r, , b] = pixel(left + 2, top + (height * scale) / 2);
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(100);

    // The same link with its variant taken off is refused: the signature covers it.
    link.searchParams.delete("variant");
    expect((await ctx.app.request(`${link.pathname}${link.search}`)).status).toBe(404);
    // The post keeps the user's own image.
    const original = await ctx.app.request(approved.result.imageUrl);
    expect(original.headers.get("content-type")).toBe("image/png");
  });
});
