import { cancelSubscription } from "@smm/domain/billing/cancel-subscription";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const cancelSubscriptionTool = (ctx: ToolContext) =>
  tool({
    description:
      "Cancel the paid subscription at the end of the billing period (the plan stays until then). Ask the user to confirm first.",
    inputSchema: noInput,
    execute: () => cancelSubscription(ctx.user),
  });
