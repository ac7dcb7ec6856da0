import { deleteNotification } from "@smm/domain/notifications/delete-notification";
import { listNotifications } from "@smm/domain/notifications/list-notifications";
import {
  markNotificationsRead,
  markNotificationsReadInput,
} from "@smm/domain/notifications/mark-notifications-read";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, idParam, jsonAnswer, jsonBody, resultOf, withId } from "../lib/http";

const route = declareRoutes("Notifications");
const routes = {
  list: route(
    "get",
    "/",
    "The caller's notifications (new ones arrive over /api/events).",
    {},
    {
      200: jsonAnswer(resultOf(listNotifications, "NotificationList"), "The notifications."),
    },
  ),
  read: route(
    "post",
    "/read",
    "Mark notifications read: the given ids, or all of them without ids.",
    { body: jsonBody(markNotificationsReadInput) },
    { 200: jsonAnswer(resultOf(markNotificationsRead, "NotificationsRead"), "The result.") },
  ),
  delete: route(
    "delete",
    "/{id}",
    "Delete a notification.",
    { params: idParam("The notification's id.") },
    {
      204: { description: "Deleted; no body." },
    },
  ),
};

/** /api/notifications: the bell's list, mark read, delete. New ones arrive over /api/events. */
export function createNotificationRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, async (c) => c.json(await listNotifications(userContext(c, deps)), 200))
    .openapi(routes.read, async (c) =>
      c.json(await markNotificationsRead(userContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.delete, async (c) => {
      await deleteNotification(userContext(c, deps), withId(c, "notificationId"));
      return c.body(null, 204);
    });
}
