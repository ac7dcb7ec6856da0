import {
  createTestContext,
  jsonRequest,
  recordEvents,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInWithBrand() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  await jsonRequest(ctx, "/api/brands", { body: { name: "Bean There" }, cookie });
  return { cookie, userId };
}

function upload(cookie: string, bytes: Uint8Array, name: string, type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return ctx.app.request(`${TEST_ORIGIN}/api/media`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
}

interface PostBody {
  id: string;
  state: string;
  content: string;
  imageUrl: string | null;
  generation: { status: string; progress: number | null };
}

describe("POST /api/posts/generate", () => {
  it("answers at once with the pending post, then the post fills in with progress events", async () => {
    const { cookie, userId } = await signedInWithBrand();
    const events = await recordEvents(ctx.events, userId);
    const response = await jsonRequest(ctx, "/api/posts/generate", {
      body: { platform: "facebook", prompt: "our new espresso bar" },
      cookie,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as PostBody;
    expect(created).toMatchObject({ state: "generating", content: "", imageUrl: null });

    await ctx.jobs.settled();
    await events.waitFor((event) => event.type === "generation.progress" && event.percent === 100);
    const percents = events.received
      .filter((event) => event.type === "generation.progress" && event.postId === created.id)
      .map((event) => (event.type === "generation.progress" ? event.percent : 0));
    expect(percents).toEqual([5, 10, 15, 60, 70, 90, 100]);

    const post = (await (await jsonRequest(ctx, `/api/posts/${created.id}`, { cookie })).json()) as PostBody;
    expect(post).toMatchObject({ state: "pending", generation: { status: "completed", progress: 100 } });
    expect(post.content).toContain("espresso bar");

    // The image link works without a session (a network fetching it has none), and only as signed.
    const image = await ctx.app.request(`${TEST_ORIGIN}${post.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe("png");
    const tampered = await ctx.app.request(
      // A first character the signature does not already have (a fixed one is no change 1 time in 64).
      `${TEST_ORIGIN}${post.imageUrl?.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`)}`,
    );
    expect(tampered.status).toBe(404);
  });

  it("validates the body with the use case's schema and changes nothing on a 400", async () => {
    const { cookie } = await signedInWithBrand();
    const response = await jsonRequest(ctx, "/api/posts/generate", { body: { platform: "myspace" }, cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message:
          "Platform must be facebook, instagram, bluesky, mastodon, telegram, discord, linkedin or threads",
      },
    });
    const list = (await (await jsonRequest(ctx, "/api/posts", { cookie })).json()) as { total: number };
    expect(list.total).toBe(0);
  });

  it("answers 429 with the spec's text once the free plan's day is used", async () => {
    const { cookie } = await signedInWithBrand();
    expect((await jsonRequest(ctx, "/api/posts/generate", { body: {}, cookie })).status).toBe(201);
    const second = await jsonRequest(ctx, "/api/posts/generate", { body: {}, cookie });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(
      "You have reached your daily limit of 1 post. Please try again tomorrow or upgrade to Pro for unlimited daily posts.",
    );
  });
});

describe("generation follows the brand's prompt override and templates without pasting them", () => {
  async function generated(cookie: string, body: Record<string, unknown>): Promise<string> {
    const response = await jsonRequest(ctx, "/api/posts/generate", { body, cookie });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as PostBody;
    await ctx.jobs.settled();
    const post = (await (await jsonRequest(ctx, `/api/posts/${id}`, { cookie })).json()) as PostBody;
    return post.content;
  }

  it("a post prompt override 'Always end with a question.' (issue 28, item 1)", async () => {
    const { cookie } = await signedInWithBrand();
    const patched = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "postPromptOverride", value: "Always end with a question." },
      cookie,
    });
    expect(patched.status).toBe(200);
    const content = await generated(cookie, {
      platform: "instagram",
      language: "es",
      prompt: "Nuestro helado de pistacho vuelve",
    });
    expect(content).toContain("helado de pistacho vuelve");
    expect(content).not.toMatch(/always end|question|#End|#Question/i);
    expect(content.replace(/\n\n(?:#\S+ ?)+$/u, "")).toMatch(/\?$/);
  });

  it("a community template chosen by id (issue 28, item 2)", async () => {
    const { cookie } = await signedInWithBrand();
    const page = (await (
      await jsonRequest(ctx, "/api/templates/community?search=Tips", { cookie })
    ).json()) as { templates: { id: string; name: string }[] };
    const tips = page.templates.find((template) => template.name === "Tips and How-To");
    expect(tips).toBeDefined();
    const content = await generated(cookie, { platform: "facebook", templateId: tips?.id });
    expect(content).toMatch(/^1\. .+\n2\. .+\n3\. .+$/m);
    expect(content).not.toMatch(/\{\w+\}|number the tips|inviting readers|practical tips about/i);
  });
});

describe("/api/media and /api/image-styles", () => {
  it("stores an upload checked by content and serves it through its signed link", async () => {
    const { cookie } = await signedInWithBrand();
    const png = new Uint8Array(
      await sharp({ create: { width: 12, height: 10, channels: 3, background: "#abcdef" } })
        .png()
        .toBuffer(),
    );
    const response = await upload(cookie, png, "storefront.png");
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { id: string; url: string; width: number; mimeType: string };
    expect(stored).toMatchObject({ width: 12, mimeType: "image/png" });
    const file = await ctx.app.request(`${TEST_ORIGIN}${stored.url}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);

    const fake = await upload(cookie, new TextEncoder().encode("<html>hi</html>"), "evil.png");
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({
      error: { message: "Please upload a valid image file (JPEG, PNG, GIF, WebP)" },
    });
  });

  it("refuses an upload over 5 MB and an upload without a session", async () => {
    const { cookie } = await signedInWithBrand();
    const big = await upload(cookie, new Uint8Array(5 * 1024 * 1024 + 10), "big.png");
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({
      error: { message: "Image too large. Please select an image under 5MB." },
    });
    expect((await upload("", new Uint8Array(10), "x.png")).status).toBe(401);
  });

  it("lists the image styles with what the plan allows", async () => {
    const { cookie } = await signedInWithBrand();
    const response = await jsonRequest(ctx, "/api/image-styles", { cookie });
    const { styles } = (await response.json()) as { styles: { imageStyle: string; available: boolean }[] };
    expect(styles.map((s) => s.imageStyle)).toEqual(
      expect.arrayContaining(["professional", "cartoon", "realistic", "custom"]),
    );
    expect(styles.find((s) => s.imageStyle === "custom")?.available).toBe(false);
  });
});
