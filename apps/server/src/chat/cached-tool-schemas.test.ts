import { createTools, type ToolContext, toolNames } from "@smm/tools";
import { asSchema } from "ai";
import { expect, it } from "vitest";
import { withCachedSchemas } from "./cached-tool-schemas";

const unbound = (): ToolContext => ({
  user: undefined as never,
  brand: () => Promise.reject(new Error("unbound")),
});

it("gives every turn the same converted schema per tool, still validating as the use case does", async () => {
  const first = withCachedSchemas(createTools(unbound()));
  const second = withCachedSchemas(createTools(unbound()));
  for (const name of toolNames) expect(second[name].inputSchema, name).toBe(first[name].inputSchema);

  const schema = asSchema(first.approvePost.inputSchema);
  expect(schema.jsonSchema).toBe(asSchema(second.approvePost.inputSchema).jsonSchema);
  expect(schema.jsonSchema).toMatchObject({ type: "object", required: ["postId"] });
  expect(await schema.validate?.({ postId: "p1" })).toMatchObject({ success: true });
  expect(await schema.validate?.({})).toMatchObject({ success: false });
});
