import { resolveBrand } from "@smm/domain/brands";
import type { UserContext } from "@smm/domain/context";
import { AppError } from "@smm/domain/errors";
import { createTool, isToolName, type ToolContext, type ToolName, useCaseOf } from "@smm/tools";
import type { z } from "zod";

/**
 * Runs one tool for a caller the way every door but the chat does (the HTTP tool API, MCP): the tool's own
 * schema checks the input (400 with issues), then its use case runs. A client tool (navigateTo) has no
 * execute: the browser performs it, so a script gets the checked input back.
 */
export async function runTool(
  user: UserContext,
  name: string,
  rawInput: unknown,
  options: { brandId?: string | undefined } = {},
): Promise<unknown> {
  if (!isToolName(name)) throw new AppError("not_found", `No tool named ${name}`);
  // One call, one use case: the brand's row read to resolve it may answer a read of the brand itself.
  const ctx: ToolContext = {
    user,
    brand: () => resolveBrand(user, { brandId: options.brandId }, { forOneCall: true }),
  };
  const selected = createTool(ctx, name);
  const parsed = (selected.inputSchema as z.ZodType).safeParse(rawInput);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  if (!selected.execute) return parsed.data;
  const result = await selected.execute(parsed.data as never, {
    toolCallId: `call-${crypto.randomUUID()}`,
    messages: [],
  });
  return result ?? null;
}

/** The declared output schema of a tool (what its result must match), if it has one. */
export function outputSchemaOf(name: ToolName): z.ZodType | undefined {
  return useCaseOf(name)?.output;
}
