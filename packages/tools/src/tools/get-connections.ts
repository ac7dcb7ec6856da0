import { getConnections } from "@smm/domain/connections/get-connections";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getConnectionsTool = (ctx: ToolContext) =>
  tool({
    description:
      "Whether the brand's Facebook page (and its Instagram account) and ad account are connected, with their names and whether they go to Meta or the sandbox network.",
    inputSchema: noInput,
    execute: async () => getConnections(await ctx.brand()),
  });
