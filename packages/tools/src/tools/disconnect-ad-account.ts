import { disconnectAdAccount } from "@smm/domain/connections/disconnect-ad-account";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const disconnectAdAccountTool = (ctx: ToolContext) =>
  tool({
    description: "Disconnect the brand's ad account; the page stays connected.",
    inputSchema: noInput,
    execute: async () => disconnectAdAccount(await ctx.brand()),
  });
