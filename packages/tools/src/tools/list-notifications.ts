import { listNotifications } from "@smm/domain/notifications/list-notifications";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listNotificationsTool = (ctx: ToolContext) =>
  tool({
    description: "The user's notifications of the last 24 hours, newest first.",
    inputSchema: noInput,
    execute: () => listNotifications(ctx.user),
  });
