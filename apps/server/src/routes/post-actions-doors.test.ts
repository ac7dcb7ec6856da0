import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type NewPost, posts } from "@smm/domain/db/schema";
import { type PostActionName, type PostState, postActionNames, postStates } from "@smm/domain/machines";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * Issue 29: every post state through every action, over the screen's route, the tool API and MCP. The three
 * doors agree with each other and with the post's availableActions (the domain's answer): an offered action
 * succeeds everywhere, any other is refused everywhere with the same 409 reason.
 */

let ctx: TestContext;
let server: ReturnType<typeof serve>;
let mcp: Client;
let caller: { cookie: string; key: string; userId: string; brandId: string };

const NOW = new Date("2031-03-10T10:00:00.000Z");
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  await setPlan(ctx, userId, "enterprise");
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Doors Bakery" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "doors" }, cookie });
  const { key } = (await created.json()) as { key: string };
  caller = { cookie, key, userId, brandId };
  mcp = new Client({ name: "doors-test", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(
      new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`),
      { requestInit: { headers: { authorization: `Bearer ${key}` } } },
    ),
  );
});
afterAll(async () => {
  await mcp?.close();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

/** A post of the caller's brand stored in `state` (the lifecycle reads state from these columns). */
async function postIn(state: PostState): Promise<string> {
  const facts: Record<PostState, Partial<NewPost>> = {
    generating: { status: "pending", generationStatus: "generating" },
    pending: { status: "pending" },
    approved: { status: "approved" },
    scheduled: { status: "approved", scheduledDate: later(2) },
    published: { status: "approved", scheduledDate: later(-1), postedAt: later(-1) },
    denied: { status: "denied", feedback: "Not this one" },
  };
  const [row] = await ctx.database.db
    .insert(posts)
    .values({
      userId: caller.userId,
      brandId: caller.brandId,
      content: "Fresh beans today",
      platform: "facebook",
      ...facts[state],
    })
    .returning({ id: posts.id });
  if (!row) throw new Error("no post");
  return row.id;
}

const inputs: Record<PostActionName, Record<string, unknown>> = {
  edit: { content: "Fresh beans, edited" },
  approve: { scheduledDate: later(3).toISOString() },
  deny: { feedback: "Too long" },
  schedule: { scheduledDate: later(4).toISOString() },
  reschedule: { scheduledDate: later(5).toISOString() },
  publish: {},
  cancel: {},
  delete: {},
};

const tools: Record<PostActionName, string> = {
  edit: "editPost",
  approve: "approvePost",
  deny: "denyPost",
  schedule: "schedulePost",
  reschedule: "reschedulePost",
  publish: "publishPostNow",
  cancel: "cancelPost",
  delete: "deletePost",
};

/** The screen's request for an action (apps/web/src/lib/post-actions.ts). */
function screen(action: PostActionName, postId: string) {
  const path = `/api/posts/${postId}`;
  const body = inputs[action];
  const request =
    action === "edit"
      ? { method: "PATCH", path, body }
      : action === "delete"
        ? { method: "DELETE", path }
        : { method: "POST", path: `${path}/${action}`, body };
  return jsonRequest(ctx, request.path, {
    method: request.method,
    body: request.body,
    cookie: caller.cookie,
  });
}

interface Outcome {
  ok: boolean;
  reason: string | null;
}

async function viaScreen(action: PostActionName, postId: string): Promise<Outcome> {
  const response = await screen(action, postId);
  const body = (await response.json()) as { error?: { reason: string } };
  return { ok: response.ok, reason: body.error?.reason ?? null };
}

/** A script's call: its API key, no browser Origin. */
const callTool = (name: string, body: Record<string, unknown>) =>
  ctx.app.request(`/api/tools/${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${caller.key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function viaToolApi(action: PostActionName, postId: string): Promise<Outcome> {
  const response = await callTool(tools[action], { postId, ...inputs[action] });
  const body = (await response.json()) as { error?: { reason: string } };
  return { ok: response.ok, reason: body.error?.reason ?? null };
}

async function viaMcp(action: PostActionName, postId: string): Promise<Outcome> {
  const result = await mcp.callTool({ name: tools[action], arguments: { postId, ...inputs[action] } });
  if (!result.isError) return { ok: true, reason: null };
  const [text] = result.content as { text: string }[];
  return {
    ok: false,
    reason: (JSON.parse(text?.text ?? "{}") as { error?: { reason: string } }).error?.reason ?? null,
  };
}

async function offered(state: PostState): Promise<PostActionName[]> {
  const postId = await postIn(state);
  const response = await jsonRequest(ctx, `/api/posts/${postId}`, { cookie: caller.cookie });
  const view = (await response.json()) as { state: PostState; availableActions: PostActionName[] };
  expect(view.state).toBe(state);
  return view.availableActions;
}

it("drives every post state through every action: the three doors agree with availableActions", async () => {
  const table: string[] = [];
  for (const state of postStates) {
    const available = await offered(state);
    for (const action of postActionNames) {
      const outcomes = {
        screen: await viaScreen(action, await postIn(state)),
        toolApi: await viaToolApi(action, await postIn(state)),
        mcp: await viaMcp(action, await postIn(state)),
      };
      const expected = available.includes(action);
      for (const [door, outcome] of Object.entries(outcomes))
        expect(outcome.ok, `${state} ${action} via ${door} (${outcome.reason})`).toBe(expected);
      // A refusal gives the same reason at every door, and never an unexplained one.
      expect(
        new Set(Object.values(outcomes).map((outcome) => outcome.reason)).size,
        `${state} ${action}`,
      ).toBe(1);
      if (!expected)
        expect(["post_not_approved", "post_action_unavailable", "post_already_published"]).toContain(
          outcomes.screen.reason,
        );
      table.push(`${state} ${action}: ${expected ? "ok" : outcomes.screen.reason}`);
    }
  }
  // Posting a post nobody approved is refused with its own reason, at every door.
  expect(table).toContain("pending publish: post_not_approved");
  expect(table).toContain("pending schedule: post_not_approved");
  expect(table).toContain("approved publish: ok");
});

it("approves an AI post at its optimal time through the domain's option, at every door", async () => {
  const optimal = later(1).toISOString();
  const aiPost = async () => {
    const [row] = await ctx.database.db
      .insert(posts)
      .values({
        userId: caller.userId,
        brandId: caller.brandId,
        content: "AI beans",
        platform: "instagram",
        status: "pending",
        aiGenerated: true,
        aiSuggestions: {
          optimal_time: optimal,
          reasoning: "Mornings",
          engagement_prediction: 80,
          audience_match: 80,
          trend_score: 70,
        },
      })
      .returning({ id: posts.id });
    return row?.id ?? "";
  };
  const viewed = await jsonRequest(ctx, `/api/posts/${await aiPost()}`, { cookie: caller.cookie });
  expect(await viewed.json()).toMatchObject({ optimalTime: optimal });

  const screenAnswer = await jsonRequest(ctx, `/api/posts/${await aiPost()}/approve`, {
    body: { atOptimalTime: true },
    cookie: caller.cookie,
  });
  expect(await screenAnswer.json()).toMatchObject({ state: "scheduled", scheduledDate: optimal });
  const toolAnswer = await callTool("approvePost", { postId: await aiPost(), atOptimalTime: true });
  expect(await toolAnswer.json()).toMatchObject({ result: { state: "scheduled", scheduledDate: optimal } });
  const mcpAnswer = await mcp.callTool({
    name: "approvePost",
    arguments: { postId: await aiPost(), atOptimalTime: true },
  });
  expect(mcpAnswer.structuredContent).toMatchObject({ state: "scheduled", scheduledDate: optimal });

  // Once the time has passed there is none: each door refuses with the same reason, and the post is unchanged.
  ctx.clock.set(later(2));
  try {
    const manual = await postIn("pending");
    const refused = await jsonRequest(ctx, `/api/posts/${manual}/approve`, {
      body: { atOptimalTime: true },
      cookie: caller.cookie,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { reason: "optimal_time_unavailable" } });
    const late = await aiPost();
    const viaTool = await mcp.callTool({
      name: "approvePost",
      arguments: { postId: late, atOptimalTime: true },
    });
    expect(viaTool.isError).toBe(true);
    const after = await jsonRequest(ctx, `/api/posts/${late}`, { cookie: caller.cookie });
    expect(await after.json()).toMatchObject({ state: "pending", optimalTime: null });
  } finally {
    ctx.clock.set(NOW);
  }
});
