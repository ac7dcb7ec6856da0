import { LOGO_INVALID } from "@smm/domain/brands";
import { posts, userBrands } from "@smm/domain/db/schema";
import { MEDIA_NOT_FOUND } from "@smm/domain/media";
import { INVALID_IMAGE_URL } from "@smm/domain/posts";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Issue 14, item 7: image and logo fields take only http(s) addresses or the caller's own stored images.
 * `javascript:` (and data:, file: ...) links were accepted as a post's image and a brand's logo, and a
 * signed link copied from another user's post could be attached to one's own post.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

interface PostJson {
  id: string;
  imageUrl: string | null;
  imageId: string | null;
}
interface MediaJson {
  id: string;
  url: string;
}

async function userWithPost(name: string) {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name }, cookie });
  const brandId = ((await brand.json()) as { id: string }).id;
  const generated = await jsonRequest(ctx, "/api/posts/generate", { body: { prompt: name }, cookie });
  expect(generated.status).toBe(201);
  const post = (await generated.json()) as PostJson;
  await ctx.jobs.settled();
  return { cookie, brandId, postId: post.id };
}

async function uploadImage(cookie: string): Promise<MediaJson> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png)], "mine.png", { type: "image/png" }));
  const response = await ctx.app.request(`${TEST_ORIGIN}/api/media`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as MediaJson;
}

const storedPost = async (postId: string) =>
  JSON.stringify(await ctx.database.db.select().from(posts).where(eq(posts.id, postId)));
const storedBrand = async (brandId: string) =>
  JSON.stringify(await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId)));

const hostileLinks = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:image/svg+xml;base64,PHN2Zy8+",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "vbscript:msgbox(1)",
  "ftp://example.com/a.png",
  "blob:https://example.com/1234",
  "//evil.example.com/a.png",
  "/some/other/path.png",
  "not a link",
];

describe("a post's image link", () => {
  let owner: Awaited<ReturnType<typeof userWithPost>>;
  beforeAll(async () => {
    owner = await userWithPost("Hostile Links");
  });

  it.each(hostileLinks.map((link) => [link]))("refuses %s with 400, the post unchanged", async (link) => {
    const { cookie, postId } = owner;
    const before = await storedPost(postId);
    const response = await jsonRequest(ctx, `/api/posts/${postId}`, {
      method: "PATCH",
      body: { content: "With a picture", imageUrl: link },
      cookie,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_input", reason: "invalid_input", message: INVALID_IMAGE_URL },
    });
    // The tool API and MCP run the same schema.
    const tool = await jsonRequest(ctx, "/api/tools/editPost", {
      body: { postId, content: "With a picture", imageUrl: link },
      cookie,
    });
    expect(tool.status).toBe(400);
    expect(await storedPost(postId)).toBe(before);
  });

  it("takes an http(s) address as it is", async () => {
    const { cookie, postId } = owner;
    const response = await jsonRequest(ctx, `/api/posts/${postId}`, {
      method: "PATCH",
      body: { content: "From the web", imageUrl: "https://cdn.example.com/cake.png" },
      cookie,
    });
    expect(response.status).toBe(200);
    const { post } = (await response.json()) as { post: PostJson };
    expect(post).toMatchObject({ imageUrl: "https://cdn.example.com/cake.png", imageId: null });
  });

  it("takes a link to the caller's own image as that image, so it is signed afresh, never stale", async () => {
    const { cookie, postId } = await userWithPost("Own Image");
    const image = await uploadImage(cookie);
    for (const link of [image.url, `${TEST_ORIGIN}${image.url}`]) {
      const response = await jsonRequest(ctx, `/api/posts/${postId}`, {
        method: "PATCH",
        body: { content: `Own image ${link.length}`, imageUrl: link },
        cookie,
      });
      expect(response.status, link).toBe(200);
      const { post } = (await response.json()) as { post: PostJson };
      expect(post.imageId).toBe(image.id);
      expect(post.imageUrl).toMatch(new RegExp(`^/api/media/${image.id}/file\\?expires=\\d+&signature=`));
    }
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row).toMatchObject({ imageMediaId: image.id, imageUrl: null });
  });

  it("refuses another user's signed link (404), however it is spelled, the post unchanged", async () => {
    const victim = await userWithPost("Victim");
    const victimImage = await uploadImage(victim.cookie);
    const victimPost = (await (
      await jsonRequest(ctx, `/api/posts/${victim.postId}`, { cookie: victim.cookie })
    ).json()) as PostJson;
    expect(victimPost.imageUrl).toMatch(/^\/api\/media\//);

    const attacker = await userWithPost("Attacker");
    const before = await storedPost(attacker.postId);
    const spellings = [
      victimImage.url,
      `${TEST_ORIGIN}${victimImage.url}`,
      `https://app.example.com${victimPost.imageUrl}`,
      `${TEST_ORIGIN}${victimImage.url.replace("/api/media/", "/api//media/")}`,
      `${TEST_ORIGIN}${victimImage.url.replace(victimImage.id, encodeURIComponent(victimImage.id).replace("-", "%2D"))}`,
      `${TEST_ORIGIN}/API/MEDIA/${victimImage.id}/file`,
    ];
    for (const link of spellings) {
      const response = await jsonRequest(ctx, `/api/posts/${attacker.postId}`, {
        method: "PATCH",
        body: { content: "Stolen picture", imageUrl: link },
        cookie: attacker.cookie,
      });
      expect(response.status, link).toBe(404);
      expect(await response.json()).toMatchObject({
        error: { code: "not_found", reason: "not_found", message: MEDIA_NOT_FOUND },
      });
    }
    expect(await storedPost(attacker.postId)).toBe(before);
  });
});

describe("a brand's logo", () => {
  let owner: Awaited<ReturnType<typeof userWithPost>>;
  beforeAll(async () => {
    owner = await userWithPost("Logo Brand");
  });

  it.each(hostileLinks.map((link) => [link]))("refuses %s with 400, the brand unchanged", async (link) => {
    const { cookie, brandId } = owner;
    const before = await storedBrand(brandId);
    const settings = await jsonRequest(ctx, `/api/brands/${brandId}/settings`, {
      method: "PATCH",
      body: { logo: link },
      cookie,
    });
    expect(settings.status).toBe(400);
    expect(await settings.json()).toMatchObject({
      error: { code: "invalid_input", reason: "invalid_input", message: LOGO_INVALID },
    });
    const field = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "logo", value: link },
      cookie,
    });
    expect(field.status).toBe(400);
    const tool = await jsonRequest(ctx, "/api/tools/updateBrandField", {
      body: { field: "logo", value: link },
      cookie,
    });
    expect(tool.status).toBe(400);
    expect(await storedBrand(brandId)).toBe(before);
  });

  it("takes an http(s) address, the caller's own image, or null", async () => {
    const { cookie, brandId } = owner;
    const image = await uploadImage(cookie);
    for (const logo of ["https://cdn.example.com/logo.png", image.url, null]) {
      const response = await jsonRequest(ctx, `/api/brands/${brandId}/settings`, {
        method: "PATCH",
        body: { logo },
        cookie,
      });
      expect(response.status, String(logo)).toBe(200);
      expect(((await response.json()) as { settings: { logo: string | null } }).settings.logo).toBe(logo);
    }
  });

  it("refuses another user's image as a logo (404)", async () => {
    const victim = await userWithPost("Logo Victim");
    const victimImage = await uploadImage(victim.cookie);
    const attacker = await userWithPost("Logo Attacker");
    const before = await storedBrand(attacker.brandId);
    const response = await jsonRequest(ctx, `/api/brands/${attacker.brandId}/settings`, {
      method: "PATCH",
      body: { logo: `${TEST_ORIGIN}${victimImage.url}` },
      cookie: attacker.cookie,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { code: "not_found", reason: "not_found", message: MEDIA_NOT_FOUND },
    });
    const field = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "logo", value: victimImage.url },
      cookie: attacker.cookie,
    });
    expect(field.status).toBe(404);
    expect(await storedBrand(attacker.brandId)).toBe(before);
  });
});
