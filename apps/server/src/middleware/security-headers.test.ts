import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
  // A stand-in for the built web app, so the pages go through the same handler as in production.
  const dist = mkdtempSync(join(tmpdir(), "smm-headers-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(dist, "assets", "app-1.js"), "export {};");
  ctx = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await ctx?.close();
});

/** Splits a CSP into its directives: name -> sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectSecurityHeaders(response: Response, what: string) {
  const csp = directives(response.headers.get("content-security-policy"));
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("script-src"), what).toEqual(["'self'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy"), what).toContain("camera=()");
}

describe("security headers", () => {
  it("come with every page, asset and API answer, errors included", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const answers: [string, Response][] = [
      ["the app's page", await ctx.app.request(`${TEST_ORIGIN}/dashboard`)],
      ["an asset", await ctx.app.request(`${TEST_ORIGIN}/assets/app-1.js`)],
      ["a bad path", await ctx.app.request(`${TEST_ORIGIN}/%E0%A4%A`)],
      ["health", await ctx.app.request(`${TEST_ORIGIN}/api/health`)],
      ["an API read", await jsonRequest(ctx, "/api/me", { cookie })],
      ["a 401", await jsonRequest(ctx, "/api/me")],
      ["a 404", await jsonRequest(ctx, "/api/nothing-here", { cookie })],
      ["better-auth", await jsonRequest(ctx, "/api/auth/get-session", { cookie })],
      [
        "a refused write",
        await jsonRequest(ctx, "/api/brands", {
          body: { name: "x" },
          cookie,
          headers: { origin: "http://evil" },
        }),
      ],
    ];
    for (const [what, response] of answers) expectSecurityHeaders(response, what);
  });

  it("keep a route's own stricter policy (a signed image link is sandboxed)", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    await jsonRequest(ctx, "/api/brands", { body: { name: "Headers" }, cookie });
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#ff0000" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "red.png", { type: "image/png" }));
    const uploaded = await ctx.app.request(`${TEST_ORIGIN}/api/media`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const file = await ctx.app.request(`${TEST_ORIGIN}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(file.headers.get("x-frame-options")).toBe("DENY");
  });

  it("need no inline script: the web app's page loads every script from a file", () => {
    const html = readFileSync(fileURLToPath(new URL("../../../web/index.html", import.meta.url)), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe("");
    }
  });
});
