import { asSchema, type FlexibleSchema } from "ai";
import { expect, it } from "vitest";
import { createTools, type ToolContext, toolNames } from "./index";

// Nothing is executed: the schemas are read the way the AI SDK hands them to a model provider.
const unusedContext = {
  user: {},
  brand: async () => {
    throw new Error("not called");
  },
} as unknown as ToolContext;

it("declares every tool's input as an object at the root, as function calling requires", async () => {
  const tools = createTools(unusedContext);
  for (const name of toolNames) {
    const schema = await asSchema(tools[name].inputSchema as FlexibleSchema<unknown>).jsonSchema;
    expect(schema, name).toMatchObject({ type: "object" });
  }
});
