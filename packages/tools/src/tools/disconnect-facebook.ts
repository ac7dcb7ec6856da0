import { disconnectFacebook } from "@smm/domain/connections/disconnect-facebook";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const disconnectFacebookTool = (ctx: ToolContext) =>
  tool({
    description:
      "Disconnect the brand's Facebook page, its Instagram account and its ad account. Ask the user to confirm first.",
    inputSchema: noInput,
    execute: async () => disconnectFacebook(await ctx.brand()),
  });
