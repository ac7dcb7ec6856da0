import { createTestContext, type TestContext } from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { afterAll, beforeAll, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    { post?: { operationId: string; requestBody: { content: Record<string, unknown> } } }
  >;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

it("describes every tool endpoint as OpenAPI 3.1, without a session", async () => {
  const response = await ctx.app.request("/api/openapi.json");
  expect(response.status).toBe(200);
  const doc = (await response.json()) as OpenApiDocument;
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ scheme: "bearer" }));
  for (const name of toolNames) {
    const operation = doc.paths[`/api/tools/${name}`]?.post;
    expect(operation?.operationId, name).toBe(name);
    const schema =
      (operation?.requestBody.content["application/json"] as { schema?: Record<string, unknown> })?.schema ??
      {};
    // An object, or (updateBrandField: one variant per field) a choice of objects.
    expect(schema.type ?? (schema.oneOf ? "object" : schema.anyOf ? "object" : undefined), name).toBe(
      "object",
    );
  }
  expect(doc.paths["/api/tools/denyPost"]?.post?.requestBody.content["application/json"]).toMatchObject({
    schema: { properties: { postId: { type: "string" }, feedback: { type: "string" } } },
  });
});

it("has a readable docs page listing every tool with an example call", async () => {
  const response = await ctx.app.request("/api/docs");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  const html = await response.text();
  for (const name of toolNames) expect(html, name).toContain(`id="${name}"`);
  expect(html).toContain("Authorization: Bearer $SMM_API_KEY");
  expect(html).not.toMatch(/<script/i);
});
