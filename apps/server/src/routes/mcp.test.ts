import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { posts, userBrands } from "@smm/domain/db/schema";
import { CUSTOM_PROMPT_REQUIRED } from "@smm/domain/generation";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../context";
import { refuseForeignMcpOrigins } from "./mcp";

let ctx: TestContext;
let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // Over a real socket: the MCP client speaks streamable HTTP to it as it would to production.
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

async function connect(key: string | null) {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
  });
  await client.connect(transport);
  return client;
}

async function enterpriseKey() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  await setPlan(ctx, userId, "enterprise");
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "MCP Bakery" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "mcp" }, cookie });
  const { key } = (await created.json()) as { key: string };
  return { key, brandId, userId };
}

it("a real MCP client lists the tools and changes the brand with updateBrandField", async () => {
  const { key, brandId } = await enterpriseKey();
  const client = await connect(key);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...toolNames].sort());
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe("object");

    const result = await client.callTool({
      name: "updateBrandField",
      arguments: { field: "primaryColor", value: "#123456" },
    });
    expect(result.isError).toBeFalsy();
    const [text] = result.content as { type: string; text: string }[];
    expect(JSON.parse(text?.text ?? "{}")).toMatchObject({ settings: { primaryColor: "#123456" } });
    // Visible in the app: the brand the screens read has changed.
    const [row] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    expect(row?.brandSettings.primaryColor).toBe("#123456");

    const refused = await client.callTool({
      name: "updateBrandField",
      arguments: { field: "primaryColor", value: "blue" },
    });
    expect(refused.isError).toBe(true);
    const [error] = refused.content as { text: string }[];
    expect(JSON.parse(error?.text ?? "{}")).toMatchObject({ error: { code: "invalid_input" } });
    const [unchanged] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    expect(unchanged?.brandSettings.primaryColor).toBe("#123456");
  } finally {
    await client.close();
  }
});

it("refuses generatePost with a custom image style and no brief, in the generator form's words", async () => {
  const { key, userId } = await enterpriseKey();
  const client = await connect(key);
  try {
    const refused = await client.callTool({ name: "generatePost", arguments: { imageStyle: "custom" } });
    expect(refused.isError).toBe(true);
    const [error] = refused.content as { text: string }[];
    expect(JSON.parse(error?.text ?? "{}")).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: CUSTOM_PROMPT_REQUIRED,
        issues: [{ path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED }],
      },
    });
    expect(await ctx.database.db.select().from(posts).where(eq(posts.userId, userId))).toEqual([]);
  } finally {
    await client.close();
  }
});

it("refuses a client without an API key, and a key whose plan is no longer Enterprise", async () => {
  await expect(connect(null)).rejects.toThrow();
  const { key, userId } = await enterpriseKey();
  await setPlan(ctx, userId, "pro");
  await expect(connect(key)).rejects.toThrow();
});

it("answers a declared tool with structuredContent matching the outputSchema it lists", async () => {
  const { key } = await enterpriseKey();
  const client = await connect(key);
  try {
    const { tools } = await client.listTools();
    const listed = tools.find((tool) => tool.name === "getDashboardStats");
    expect(listed?.outputSchema).toMatchObject({
      type: "object",
      properties: { total: { type: "integer" } },
    });
    const result = await client.callTool({ name: "getDashboardStats", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      total: 0,
      approved: 0,
      facebook: 0,
      instagram: 0,
      aiGenerated: 0,
      pending: 0,
    });
    const [text] = result.content as { type: string; text: string }[];
    expect(JSON.parse(text?.text ?? "{}")).toEqual(result.structuredContent);
  } finally {
    await client.close();
  }
});

describe("the Origin rule (MCP transport: DNS rebinding)", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "origin-test", version: "1" },
    },
  };
  const send = (key: string | null, origin?: string) =>
    fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify(initialize),
    });

  it("refuses an initialize from a foreign Origin with 403, key or not", async () => {
    const { key } = await enterpriseKey();
    for (const caller of [key, null]) {
      const refused = await send(caller, "http://evil.example.com");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: "forbidden", reason: "origin_forbidden" },
      });
    }
  });

  it("lets the app's own origin, this machine's localhost (embedded defaults) and no Origin initialize", async () => {
    const { key } = await enterpriseKey();
    for (const origin of [TEST_ORIGIN, "http://127.0.0.1:5173", undefined]) {
      const answered = await send(key, origin);
      expect(answered.status, String(origin)).toBe(200);
      expect(await answered.json()).toMatchObject({
        id: 1,
        result: { serverInfo: { name: "social-media-manager" } },
      });
    }
  });

  it("treats localhost as foreign once the app has a public URL (no embedded localOrigins)", async () => {
    const app = new Hono<AppEnv>()
      .use(refuseForeignMcpOrigins(["https://smm.example.com"], { localOrigins: false }))
      .post("/", (c) => c.text("ok"));
    app.onError((error, c) => c.json({ reason: (error as { reason?: string }).reason }, 403));
    const call = (origin?: string) => app.request("/", { method: "POST", headers: origin ? { origin } : {} });
    expect((await call("https://smm.example.com")).status).toBe(200);
    expect((await call()).status).toBe(200);
    expect((await call("http://localhost:3000")).status).toBe(403);
  });
});
