import { exchangeFacebookCode } from "@smm/domain/connections/exchange-facebook-code";
import { exchangeFacebookCodeInput } from "@smm/domain/connections/schemas";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const exchangeFacebookCodeTool = (ctx: ToolContext) =>
  tool({
    description:
      "Finish a connection round trip with the code and state the dialog returned: the pages (or ad accounts) to pick from. Each state works once.",
    inputSchema: exchangeFacebookCodeInput,
    execute: (input) => exchangeFacebookCode(ctx.user, input),
  });
