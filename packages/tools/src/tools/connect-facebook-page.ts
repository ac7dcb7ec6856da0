import { connectFacebookPage } from "@smm/domain/connections/connect-facebook-page";
import { connectFacebookPageInput } from "@smm/domain/connections/schemas";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const connectFacebookPageTool = (ctx: ToolContext) =>
  tool({
    description:
      "Connect one of the pages found by the last Facebook connection (by its id) to the brand, with its linked Instagram account.",
    inputSchema: connectFacebookPageInput,
    execute: async (input) => connectFacebookPage(await ctx.brand(), input),
  });
