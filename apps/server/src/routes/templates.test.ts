import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
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
  const { cookie, email } = await signUpVerifiedUser(ctx);
  const brand = await jsonRequest(ctx, "/api/brands", { cookie, body: { name: "Bean There" } });
  expect(brand.status).toBe(201);
  return { cookie, email };
}

interface TemplateJson {
  id: string;
  name: string;
  isPublic: boolean;
  creatorName: string | null;
  isFavourite: boolean;
  usageCount: number;
}

describe("template routes", () => {
  it("need a session", async () => {
    expect((await jsonRequest(ctx, "/api/templates")).status).toBe(401);
    expect((await jsonRequest(ctx, "/api/templates/community")).status).toBe(401);
  });

  it("create, publish, find in the community, favourite, copy and apply; strangers get 404 on writes", async () => {
    const ann = await signedInWithBrand();
    const created = await jsonRequest(ctx, "/api/templates", {
      cookie: ann.cookie,
      body: { name: "Route launch", promptTemplate: "New at {brandName}", tags: ["routeword"] },
    });
    expect(created.status).toBe(201);
    const template = (await created.json()) as TemplateJson;
    expect(template).toMatchObject({ name: "Route launch", isPublic: false });

    const bob = await signedInWithBrand();
    const path = `/api/templates/${template.id}`;
    expect((await jsonRequest(ctx, path, { cookie: bob.cookie })).status).toBe(404);

    const shared = await jsonRequest(ctx, `${path}/visibility`, {
      cookie: ann.cookie,
      body: { isPublic: true },
    });
    expect(shared.status).toBe(200);
    const sharedJson = (await shared.json()) as TemplateJson;
    expect(sharedJson.creatorName).not.toContain("@");

    const edit = await jsonRequest(ctx, path, {
      method: "PATCH",
      cookie: bob.cookie,
      body: { name: "Mine" },
    });
    expect(edit.status).toBe(404);
    expect((await edit.json()) as unknown).toEqual({
      error: { code: "not_found", reason: "not_found", message: "Template not found" },
    });
    expect((await jsonRequest(ctx, path, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);

    const found = await jsonRequest(ctx, "/api/templates/community?search=routeword&sort=newest", {
      cookie: bob.cookie,
    });
    const page = (await found.json()) as { templates: TemplateJson[]; nextCursor: string | null };
    expect(page.templates.map((t) => t.id)).toEqual([template.id]);
    expect(page.nextCursor).toBeNull();

    expect((await jsonRequest(ctx, `${path}/favourite`, { cookie: bob.cookie, method: "POST" })).status).toBe(
      200,
    );
    const favourites = (await (
      await jsonRequest(ctx, "/api/templates/favourites", { cookie: bob.cookie })
    ).json()) as {
      templates: TemplateJson[];
    };
    expect(favourites.templates.map((t) => t.id)).toEqual([template.id]);

    const copy = await jsonRequest(ctx, `${path}/copy`, { cookie: bob.cookie, method: "POST" });
    expect(copy.status).toBe(201);
    const mine = (await (await jsonRequest(ctx, "/api/templates", { cookie: bob.cookie })).json()) as {
      templates: TemplateJson[];
    };
    expect(mine.templates.map((t) => t.name)).toEqual(["Route launch"]);

    const applied = await jsonRequest(ctx, `${path}/apply`, { cookie: bob.cookie, method: "POST" });
    expect(((await applied.json()) as { prompt: string }).prompt).toBe("New at Bean There");
  });

  it("refuses bad input with the documented error shape", async () => {
    const ann = await signedInWithBrand();
    const blank = await jsonRequest(ctx, "/api/templates", { cookie: ann.cookie, body: { name: " " } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { message: string } }).error.message).toBe(
      "Template name is required",
    );
    const sort = await jsonRequest(ctx, "/api/templates/community?sort=random", { cookie: ann.cookie });
    expect(sort.status).toBe(400);
  });
});

describe("reference image uploads", () => {
  function upload(cookie: string, bytes: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return ctx.app.request(`${TEST_ORIGIN}/api/templates/images`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie },
      body: form,
    });
  }

  it("refuse a renamed text file by its content with the form's words, and store a real image", async () => {
    const ann = await signedInWithBrand();
    const text = new TextEncoder().encode("Meeting notes: bring the banners.");
    // Named and declared as a PNG: only the bytes say otherwise.
    const refused = await upload(ann.cookie, text, "banner.png", "image/png");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "image_type_invalid",
        message: "Invalid file: banner.png. Please use images under 5MB.",
      },
    });

    const tooBig = new Uint8Array(5_242_881).fill(0xff);
    const big = await upload(ann.cookie, tooBig, "poster.jpg", "image/jpeg");
    expect(big.status).toBe(400);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe(
      "Invalid file: poster.jpg. Please use images under 5MB.",
    );

    const png = new Uint8Array(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: "#10b981" } })
        .png()
        .toBuffer(),
    );
    const stored = await upload(ann.cookie, png, "mood.txt", "text/plain");
    expect(stored.status).toBe(201);
    const image = (await stored.json()) as { id: string; url: string; mimeType: string };
    expect(image.mimeType).toBe("image/png");
    const file = await ctx.app.request(`${TEST_ORIGIN}${image.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");

    const created = await jsonRequest(ctx, "/api/templates", {
      cookie: ann.cookie,
      body: { name: "Moodboard", referenceImageIds: [image.id] },
    });
    expect(created.status).toBe(201);
    const template = (await created.json()) as { referenceImages: { id: string; url: string }[] };
    expect(template.referenceImages.map((i) => i.id)).toEqual([image.id]);

    const bob = await signedInWithBrand();
    const stolen = await jsonRequest(ctx, "/api/templates", {
      cookie: bob.cookie,
      body: { name: "Not mine", referenceImageIds: [image.id] },
    });
    expect(stolen.status).toBe(404);
  });
});
