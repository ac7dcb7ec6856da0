import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, jsonRequest, type TestContext, uniqueEmail } from "../../../tests/support/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimitPerMinute: 3 });
});
afterAll(async () => {
  await ctx?.close();
});

it("rate-limits sign-in attempts per client address", async () => {
  const attempt = (ip: string) =>
    jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email: uniqueEmail(), password: "whatever-123" },
      headers: { "x-forwarded-for": ip },
    });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await attempt("203.0.113.7")).status);
  expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
  expect(statuses[3]).toBe(429);
  // Another address is not punished for the first one's attempts.
  expect((await attempt("203.0.113.8")).status).toBe(401);
});

it("rate-limits sign-up too", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "whatever-123", name: "x" },
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    statuses.push(response.status);
  }
  expect(statuses[3]).toBe(429);
});
