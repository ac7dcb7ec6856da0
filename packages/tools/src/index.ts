import { runUseCase } from "@smm/domain/run-use-case";
import type { AnyUseCase } from "@smm/domain/use-case";
import { type UseCaseName, type UseCases, useCases } from "@smm/domain/use-cases";
import { type Tool, tool } from "ai";
import type { z } from "zod";
import type { ToolContext } from "./context";
import { navigateToTool } from "./tools/navigate-to";

export type { ToolContext } from "./context";
export { navigateToInput, navigationTargets } from "./tools/navigate-to";

/** The tool of a declared use case: its description and schemas, run for the caller it is bound to. */
type UseCaseTool<U extends AnyUseCase> = Tool<z.input<U["input"]>, z.output<U["output"]>>;

function toolOf<U extends AnyUseCase>(useCase: U, ctx: ToolContext): UseCaseTool<U> {
  return tool({
    description: useCase.description,
    inputSchema: useCase.input,
    outputSchema: useCase.output,
    execute: async (input: z.input<U["input"]>) =>
      runUseCase(useCase, (useCase.scope === "brand" ? await ctx.brand() : ctx.user) as never, input),
  } as Tool) as UseCaseTool<U>;
}

type DeclaredTools = { [K in UseCaseName]: UseCaseTool<UseCases[K]> };

/** The one tool built by hand: navigateTo, a client tool (the browser performs it, no use case runs). */
const clientToolFactories = {
  navigateTo: navigateToTool,
} satisfies Record<string, () => Tool>;

type ClientTools = { [K in keyof typeof clientToolFactories]: ReturnType<(typeof clientToolFactories)[K]> };

/**
 * The tool registry: one tool per declared use case (use-cases.ts), shared by the chat (/api/chat), scripts
 * (/api/tools/:name) and MCP, plus the client tool navigateTo (the browser performs it). Each tool's schemas
 * are its use case's own, and its execute runs that use case for the caller, so every door applies the same
 * rules.
 */
export type AppTools = DeclaredTools & ClientTools;
export type ToolName = keyof AppTools;

export const toolNames = [
  ...(Object.keys(useCases) as UseCaseName[]),
  ...(Object.keys(clientToolFactories) as (keyof typeof clientToolFactories)[]),
] as ToolName[];

export const isToolName = (name: string): name is ToolName =>
  Object.hasOwn(useCases, name) || Object.hasOwn(clientToolFactories, name);

/** The declaration behind a tool; undefined for the client tool (navigateTo). */
export function useCaseOf(name: ToolName): AnyUseCase | undefined {
  return (useCases as Record<string, AnyUseCase>)[name];
}

/** One tool bound to one caller: a door that runs a single named tool builds only that one. */
export function createTool<K extends ToolName>(ctx: ToolContext, name: K): AppTools[K] {
  const useCase = useCaseOf(name);
  if (useCase) return toolOf(useCase, ctx) as AppTools[K];
  return clientToolFactories[name as keyof typeof clientToolFactories]() as AppTools[K];
}

/** The registry bound to one caller. */
export function createTools(ctx: ToolContext): AppTools {
  return Object.fromEntries(toolNames.map((name) => [name, createTool(ctx, name)])) as AppTools;
}
