import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { posts, userBrands } from "@smm/domain/db/schema";
import { CUSTOM_PROMPT_REQUIRED } from "@smm/domain/generation/schemas";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

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
    expect(JSON.parse(text?.text ?? "{}")).toMatchObject({
      result: { settings: { primaryColor: "#123456" } },
    });
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
