import { listNotifications } from "@smm/domain/notifications/list-notifications";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const listNotificationsTool = (ctx: ToolContext) =>
  tool({
    description: "The user's notifications of the last 24 hours, newest first.",
    inputSchema: z.object({}),
    execute: () => listNotifications(ctx.user),
  });
