import { deleteNotification, deleteNotificationInput } from "@smm/domain/notifications/delete-notification";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteNotificationTool = (ctx: ToolContext) =>
  tool({
    description: "Delete one notification.",
    inputSchema: deleteNotificationInput,
    execute: (input) => deleteNotification(ctx.user, input),
  });
