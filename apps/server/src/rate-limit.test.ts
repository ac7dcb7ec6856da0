import { createTestContext, jsonRequest, type TestContext, uniqueEmail } from "@smm/test-support/app";
import { afterAll, beforeAll, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimitPerMinute: 3 });
});
afterAll(async () => {
  await ctx?.close();
});

it("rate-limits sign-in attempts per client address, at an office's worth a minute", async () => {
  const attempt = (ip: string, email = uniqueEmail()) =>
    jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email, password: "whatever-123" },
      headers: { "x-forwarded-for": ip },
    });
  // Malformed addresses are refused before any password hashing, so the 60 allowed ones are quick; each names
  // another account, so only the address limit can refuse (the account limit has its own test).
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await attempt("203.0.113.7", `not-an-address-${i}`)).status);
  expect(statuses.every((status) => status === 400)).toBe(true);
  expect((await attempt("203.0.113.7")).status).toBe(429);
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
