import { selectAdAccountInput } from "@smm/domain/connections/schemas";
import { selectAdAccount } from "@smm/domain/connections/select-ad-account";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const selectAdAccountTool = (ctx: ToolContext) =>
  tool({
    description:
      "Connect one of the ad accounts found by the last marketing connection (by its id) to the brand; needs a connected page.",
    inputSchema: selectAdAccountInput,
    execute: async (input) => selectAdAccount(await ctx.brand(), input),
  });
