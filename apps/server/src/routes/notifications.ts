import { createRoute } from "@hono/zod-openapi";
import { deleteNotification } from "@smm/domain/notifications/delete-notification";
import { listNotifications } from "@smm/domain/notifications/list-notifications";
import {
  markNotificationsRead,
  markNotificationsReadInput,
} from "@smm/domain/notifications/mark-notifications-read";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, idParam, jsonAnswer, jsonBody, readJsonBody, resultOf } from "../lib/http";

const tags = ["Notifications"];
const routes = {
  list: createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The caller's notifications (new ones arrive over /api/events).",
    responses: { 200: jsonAnswer(resultOf(listNotifications, "NotificationList"), "The notifications.") },
  }),
  read: createRoute({
    method: "post",
    path: "/read",
    tags,
    summary: "Mark notifications read: the given ids, or all of them without ids.",
    middleware: readJsonBody,
    request: { body: jsonBody(markNotificationsReadInput) },
    responses: { 200: jsonAnswer(resultOf(markNotificationsRead, "NotificationsRead"), "The result.") },
  }),
  delete: createRoute({
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a notification.",
    request: { params: idParam("The notification's id.") },
    responses: { 204: { description: "Deleted; no body." } },
  }),
};

/** /api/notifications: the bell's list, mark read, delete. New ones arrive over /api/events. */
export function createNotificationRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, async (c) => c.json(await listNotifications(userContext(c, deps)), 200))
    .openapi(routes.read, async (c) =>
      c.json(await markNotificationsRead(userContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.delete, async (c) => {
      await deleteNotification(userContext(c, deps), { notificationId: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
