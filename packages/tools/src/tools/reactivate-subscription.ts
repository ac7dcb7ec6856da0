import { reactivateSubscription } from "@smm/domain/billing/reactivate-subscription";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const reactivateSubscriptionTool = (ctx: ToolContext) =>
  tool({
    description: "Keep the subscription: withdraw a cancellation that has not taken effect yet.",
    inputSchema: noInput,
    execute: () => reactivateSubscription(ctx.user),
  });
