import { deleteNotification } from "@smm/domain/notifications/delete-notification";
import { listNotifications } from "@smm/domain/notifications/list-notifications";
import {
  markNotificationsRead,
  markNotificationsReadInput,
} from "@smm/domain/notifications/mark-notifications-read";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { userContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";

/** /api/notifications: the bell's list, mark read, delete. New ones arrive over /api/events. */
export function createNotificationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listNotifications(userContext(c, deps))))
    .post("/read", async (c) => {
      const input = await parseJsonBody(c, markNotificationsReadInput);
      return c.json(await markNotificationsRead(userContext(c, deps), input));
    })
    .delete("/:id", async (c) => {
      await deleteNotification(userContext(c, deps), { notificationId: c.req.param("id") });
      return c.body(null, 204);
    });
}
