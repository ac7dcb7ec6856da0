import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
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
      error: { code: "not_found", message: "Template not found" },
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
