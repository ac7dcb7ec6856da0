import { openBillingPortal } from "@smm/domain/billing/open-billing-portal";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const openBillingPortalTool = (ctx: ToolContext) =>
  tool({
    description: "A link to the billing portal where the user sees invoices and changes cards.",
    inputSchema: noInput,
    execute: () => openBillingPortal(ctx.user),
  });
