import { posts, socialConnections } from "@smm/domain/db/schema";
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
 * A user with a Meta page (and its Instagram account and an ad account) connected, posts published,
 * scheduled and refused by an expired token: every GET route the app has, and the live event stream, answer
 * without any token the fake Graph server handed out (user and page tokens), the app secret, or a sealed
 * token from the database.
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

async function post(path: string, cookie: string, body: unknown) {
  const response = await jsonRequest(ctx, path, { cookie, method: "POST", body });
  const json = (await response.json()) as Record<string, unknown> & { result?: Record<string, unknown> };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function approveDialog(url: string) {
  const html = await (await fetch(url)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "");
  return { code: allow.searchParams.get("code"), state: allow.searchParams.get("state") };
}

/** Reads the event stream until `stop` resolves (one read in flight at a time, so no chunk is dropped). */
async function readStream(body: ReadableStream<Uint8Array>, stop: Promise<unknown>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const stopped = stop.then(() => "stop" as const);
  for (;;) {
    const next = await Promise.race([reader.read(), stopped]);
    if (next === "stop" || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

/** A value for a required query parameter, from its documented schema or its name. */
function sampleFor(name: string, schema: { enum?: unknown[]; type?: string } | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.type === "integer" || schema?.type === "number") return "1";
  if (/month/i.test(name)) return new Date().toISOString().slice(0, 7);
  // A range ending after it starts (the calendar refuses an empty one).
  if (/^(to|end|until)$/i.test(name)) return new Date(Date.now() + 30 * 86_400_000).toISOString();
  if (/date|from|start|since/i.test(name)) return new Date().toISOString();
  return "x";
}

describe("no token in any body", () => {
  it("every GET route and the event stream, as a user with a connected Meta page", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const brand = await post("/api/brands", cookie, { name: "Bean There" });
    const brandId = brand.id as string;
    const userId = await userIdOf(ctx, cookie);

    const events = await jsonRequest(ctx, "/api/events", { cookie });
    expect(events.status).toBe(200);
    let finish = () => {};
    const streamed = readStream(
      events.body as ReadableStream<Uint8Array>,
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Connect the page (with Instagram) and an ad account through the dialog, as the screens do.
    const start = await post("/api/connections/facebook/start", cookie, { flow: "page" });
    await post("/api/connections/facebook/exchange", cookie, await approveDialog(start.url as string));
    await post("/api/connections/facebook/page", cookie, { pageId: "10100000000" });
    const ads = await post("/api/connections/facebook/start", cookie, { flow: "ads" });
    await post("/api/connections/facebook/exchange", cookie, await approveDialog(ads.url as string));
    await post("/api/connections/ad-account", cookie, { adAccountId: "act_555000111" });

    // Posts: one published now with an image, one held by Meta for later, one to Instagram, one refused
    // because the token died (190: the connection expires and the user is told).
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer();
    const image = await storeMedia(
      ctx.deps,
      { userId, brandId },
      {
        kind: "upload",
        bytes: new Uint8Array(png),
        mimeType: "image/png",
        width: 64,
        height: 64,
      },
    );
    const create = async (platform: "facebook" | "instagram") => {
      const [row] = await ctx.database.db
        .insert(posts)
        .values({
          userId,
          brandId,
          content: `Token walk ${platform} ${Math.random()}`,
          platform,
          status: "pending",
          imageMediaId: image.id,
        })
        .returning();
      return row;
    };
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const published = await create("facebook");
    await post("/api/tools/approvePost", cookie, { postId: published?.id, scheduledDate: now });
    const held = await create("facebook");
    await post("/api/tools/approvePost", cookie, { postId: held?.id, scheduledDate: later });
    const instagram = await create("instagram");
    await post("/api/tools/approvePost", cookie, { postId: instagram?.id, scheduledDate: now });
    const refused = await create("facebook");
    fake.failNext({ method: "POST" }, { status: 400, code: 190, message: "Error validating access token" });
    const refusal = await jsonRequest(ctx, "/api/tools/approvePost", {
      cookie,
      method: "POST",
      body: { postId: refused?.id, scheduledDate: now },
    });
    const refusalText = await refusal.text();

    // Every GET route the app registered, with ids of this user's objects where the path takes one.
    const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: {
              name: string;
              in: string;
              required?: boolean;
              schema?: { enum?: unknown[]; type?: string };
            }[];
          }
        >
      >;
    };
    const idFor = (path: string, name: string) => {
      if (/^\/api\/posts\//.test(path)) return published?.id ?? "";
      if (/^\/api\/brands\//.test(path)) return brandId;
      if (/^\/api\/media\//.test(path) || /image/i.test(name)) return image.id;
      if (name === "name") return "getConnections";
      return crypto.randomUUID();
    };
    const getPaths = [
      ...new Set(
        ctx.app.routes
          .filter((r) => r.method === "GET" && r.path.startsWith("/api/") && !r.path.includes("*"))
          .map((r) => r.path),
      ),
      "/api/auth/get-session",
    ].filter((path) => path !== "/api/events");
    const bodies: { path: string; status: number; text: string }[] = [
      { path: "refusal", status: refusal.status, text: refusalText },
    ];
    for (const route of getPaths) {
      const documented = doc.paths[route.replace(/:(\w+)/g, "{$1}")]?.get;
      const query = new URLSearchParams();
      for (const parameter of documented?.parameters ?? []) {
        if (parameter.in === "query" && parameter.required)
          query.set(parameter.name, sampleFor(parameter.name, parameter.schema));
      }
      const path = route.replace(/:(\w+)/g, (_, name: string) => idFor(route, name));
      const response = await ctx.app.request(`${path}${query.size ? `?${query}` : ""}`, {
        headers: { cookie, origin: "http://localhost:3000" },
      });
      const type = response.headers.get("content-type") ?? "";
      // Image bytes are not text; everything else is read whole.
      const text = type.startsWith("image/") ? "" : await response.text();
      bodies.push({ path, status: response.status, text });
    }
    finish();
    const stream = await streamed;
    bodies.push({ path: "/api/events", status: 200, text: stream });

    // The walk saw the user's connected state and their posts, so it looked where tokens could be.
    const ok = bodies.filter((b) => b.status === 200);
    expect(ok.length, bodies.map((b) => `${b.status} ${b.path}`).join("\n")).toBeGreaterThanOrEqual(24);
    expect(bodies.find((b) => b.path === "/api/posts/calendar")?.status).toBe(200);
    expect(bodies.find((b) => b.path === "/api/connections")?.text).toContain("Fake Coffee Page");
    expect(stream).toContain("post.changed");
    expect(stream).toContain("notification.created");

    const sealed = (
      await ctx.database.db.select({ token: socialConnections.encryptedToken }).from(socialConnections)
    ).map((row) => row.token);
    const secrets = [
      ...[...fake.pages.values()].map((page) => page.token),
      ...fake.requests.flatMap((request) => (request.token ? [request.token] : [])),
      fake.appSecret,
      ...sealed,
    ];
    expect(new Set(secrets).size).toBeGreaterThanOrEqual(5);
    for (const secret of new Set(secrets)) {
      for (const body of bodies)
        expect(body.text.includes(secret), `${body.path} shows a secret`).toBe(false);
    }
  }, 120_000);
});
