import {
  markNotificationsRead,
  markNotificationsReadInput,
} from "@smm/domain/notifications/mark-notifications-read";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const markNotificationsReadTool = (ctx: ToolContext) =>
  tool({
    description: "Mark notifications read: the given ids, or all of them.",
    inputSchema: markNotificationsReadInput,
    execute: (input) => markNotificationsRead(ctx.user, input),
  });
