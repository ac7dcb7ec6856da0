import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../lib/logger";

/*
 * Every answer carries X-Request-Id (a sane incoming one is kept), and a 500's body and the log line the
 * server writes about it carry the same id, so a user's report leads to the log.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logger: createLogger("error") });
});
afterAll(async () => {
  await ctx?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  it("is made for every answer: an API route, a refusal, a page", async () => {
    const answers = [
      await ctx.app.request(`${TEST_ORIGIN}/api/health`),
      await ctx.app.request(`${TEST_ORIGIN}/api/posts`),
      await ctx.app.request(`${TEST_ORIGIN}/api/no-such-route`),
      await ctx.app.request(`${TEST_ORIGIN}/connect/nowhere`),
    ];
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a valid incoming id and replaces one that is not", async () => {
    const kept = await ctx.app.request(`${TEST_ORIGIN}/api/health`, {
      headers: { "x-request-id": "lb-7f3a9c21.req:42" },
    });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c21.req:42");
    for (const bad of ["short", "a".repeat(129), 'x" injected="1', "with space in it"]) {
      const replaced = await ctx.app.request(`${TEST_ORIGIN}/api/health`, {
        headers: { "x-request-id": bad },
      });
      expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    }
  });

  it("is in a 500's body and in the error's log line, and no 4xx body carries it", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const refused = await jsonRequest(ctx, `/api/posts/${crypto.randomUUID()}`, { cookie });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: Record<string, unknown> }).error).not.toHaveProperty(
      "requestId",
    );

    // A table gone from under the route: an unexpected database error, answered with the generic 500.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await ctx.database.sql`alter table notifications rename to notifications_away`;
    let response: Response;
    let calls: unknown[][] = [];
    try {
      response = await jsonRequest(ctx, "/api/notifications", {
        cookie,
        headers: { "x-request-id": "report-me-0001" },
      });
    } finally {
      await ctx.database.sql`alter table notifications_away rename to notifications`;
      calls = [...logged.mock.calls];
      logged.mockRestore();
    }
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("report-me-0001");
    const body = (await response.json()) as { error: { code: string; message: string; requestId?: string } };
    expect(body.error.code).toBe("internal");
    expect(body.error.requestId).toBe("report-me-0001");
    expect(body.error.message).not.toContain("notifications");

    const lines = calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    const line = lines.find((entry) => entry.message === "unhandled error");
    expect(line?.requestId).toBe("report-me-0001");
    expect(line?.level).toBe("error");
  });
});
