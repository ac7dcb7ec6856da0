import type { BrandContext, UserContext } from "@smm/domain/context";
import { useCaseNames, useCases } from "@smm/domain/use-cases";
import { expect, it } from "vitest";
import { createTool, createTools, toolNames, useCaseOf } from "./index";

/*
 * Every door comes from one declaration (packages/domain/src/use-case.ts): a use case is what an area's
 * use-cases.ts exports as declareUseCase(...), and the registry makes its tool from it; the tool API, MCP,
 * the OpenAPI document and the screens' routes are made from the same declaration (their own tests check
 * those doors). So nothing here searches the domain's source or keeps a list of exceptions: a use case
 * without a tool cannot be written, and the only tool without a declaration is the one the registry builds
 * by hand (navigateTo, which the browser performs), checked below to have what every tool has.
 */

const caller = {
  user: { userId: "parity-user" } as UserContext,
  brand: async () => ({ userId: "parity-user", brandId: "parity-brand" }) as BrandContext,
};

it("makes one tool per declared use case, under the declaration's name, with its schemas", () => {
  expect(useCaseNames.length).toBeGreaterThan(60);
  for (const name of useCaseNames) {
    expect(toolNames, name).toContain(name);
    const declaration = useCases[name];
    expect(declaration.name).toBe(name);
    expect(useCaseOf(name)).toBe(declaration);
    const tool = createTool(caller, name) as {
      description?: string;
      inputSchema: unknown;
      outputSchema?: unknown;
    };
    expect(tool.description).toBe(declaration.description);
    expect(tool.inputSchema).toBe(declaration.input);
    expect(tool.outputSchema).toBe(declaration.output);
  }
});

it("names each tool once, and every tool has a description and an input schema", () => {
  expect(new Set(toolNames).size).toBe(toolNames.length);
  const tools = createTools(caller) as Record<string, { description?: string; inputSchema?: unknown }>;
  expect(Object.keys(tools).sort()).toEqual([...toolNames].sort());
  for (const [name, tool] of Object.entries(tools)) {
    expect(tool.description?.length, name).toBeGreaterThan(20);
    expect(tool.inputSchema, name).toBeDefined();
  }
});

it("leaves only the hand-built client tool without a declaration", () => {
  const undeclared = toolNames.filter((name) => !useCaseOf(name));
  expect(undeclared).toEqual(["navigateTo"]);
});
