import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { allowOnly } from "@smm/test-support/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKED_ADDRESS } from "../adapters/safe-web-fetcher";

/** A local fixture site on loopback. */
let site: Server;
let port = 0;
beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<html><head><title>Harbour Bikes</title>
      <meta name="description" content="Harbour Bikes repairs and rents bicycles for commuters.">
      <meta property="og:site_name" content="Harbour Bikes"></head>
      <body><main><h1>Repairs while you wait</h1><p>Tandem rentals by the hour on the waterfront.</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** An Enterprise user with an API key and a brand, as a script author would set up. */
async function scriptUser(ctx: TestContext) {
  const { cookie } = await signUpVerifiedUser(ctx);
  await setPlan(ctx, await userIdOf(ctx, cookie), "enterprise");
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "script" }, cookie });
  expect(created.status).toBe(200);
  const { key } = (await created.json()) as { key: string };
  const call = (name: string, body: unknown) =>
    ctx.app.request(`/api/tools/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  expect((await call("createBrand", { name: "Bikes" })).status).toBe(200);
  return call;
}

describe("analyzeWebsite through the tool API, production guard", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("refuses a loopback address with a clear 400", async () => {
    const call = await scriptUser(ctx);
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, "http://169.254.169.254/"]) {
      const response = await call("analyzeWebsite", { url });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "invalid_input", reason: "invalid_input", message: BLOCKED_ADDRESS },
      });
    }
    const ftp = await call("analyzeWebsite", { url: "ftp://example.com/" });
    expect(ftp.status).toBe(400);
  });
});

describe("analyzeWebsite through the tool API, with the test-only allowance for the fixture", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ webAllow: allowOnly("127.0.0.1", port) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("analyses the fixture, applies the brand info and makes the page searchable", async () => {
    const call = await scriptUser(ctx);
    const response = await call("analyzeWebsite", { url: `http://127.0.0.1:${port}/` });
    expect(response.status, await response.clone().text()).toBe(200);
    const { result } = (await response.json()) as {
      result: { title: string; summary: string; brandInfo: { name: string }; applied: string[] };
    };
    expect(result).toMatchObject({
      title: "Harbour Bikes",
      summary: "Harbour Bikes repairs and rents bicycles for commuters.",
      brandInfo: { name: "Harbour Bikes" },
    });
    expect(result.applied).toContain("name");
    expect(result.applied).toContain("description");

    const brand = (await (await call("getBrand", {})).json()) as { result: { name: string } };
    expect(brand.result.name).toBe("Harbour Bikes");

    const search = await call("searchSite", { query: "tandem rentals" });
    expect(search.status).toBe(200);
    const {
      result: { hits },
    } = (await search.json()) as { result: { hits: { url: string; snippet: string }[] } };
    expect(hits).toHaveLength(1);
    expect(hits[0]?.url).toBe(`http://127.0.0.1:${port}/`);
    expect(hits[0]?.snippet).toContain("**Tandem** **rentals**");

    // The allowance is one exact address and port: another local port stays refused.
    const other = await call("analyzeWebsite", { url: `http://127.0.0.1:${port + 1}/` });
    expect(other.status).toBe(400);
  });
});
