import { startCheckout, startCheckoutInput } from "@smm/domain/billing/start-checkout";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const startCheckoutTool = (ctx: ToolContext) =>
  tool({
    description:
      "Start buying a plan (pro or enterprise, monthly or yearly): returns the checkout URL to hand to the user, who pays there. The plan changes once the payment is confirmed.",
    inputSchema: startCheckoutInput,
    execute: (input) => startCheckout(ctx.user, input),
  });
