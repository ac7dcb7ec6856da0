import { listAdAccounts } from "@smm/domain/campaigns/list-ad-accounts";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listAdAccountsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The Facebook ad accounts the active brand's ad connection can use (name, currency, status, balance and amount spent in minor units) and which one is selected; selectAdAccount switches.",
    inputSchema: noInput,
    execute: async () => listAdAccounts(await ctx.brand()),
  });
