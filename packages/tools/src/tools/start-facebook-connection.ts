import { startFacebookConnectionInput } from "@smm/domain/connections/schemas";
import { startFacebookConnection } from "@smm/domain/connections/start-facebook-connection";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const startFacebookConnectionTool = (ctx: ToolContext) =>
  tool({
    description:
      "The login dialog URL for connecting a page (flow page) or an ad account (flow ads). The chat cannot open the popup: send the user to /facebook-connect instead.",
    inputSchema: startFacebookConnectionInput,
    execute: async (input) => startFacebookConnection(await ctx.brand(), input),
  });
