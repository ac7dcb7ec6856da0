import {
  deleteNotificationUseCase,
  listNotificationsUseCase,
  markNotificationsReadUseCase,
} from "@smm/domain/notifications";
import { runUseCase } from "@smm/domain/run-use-case";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, idParam, withId } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Notifications");
const routes = {
  list: route(listNotificationsUseCase, "get", "/", {
    summary: "The caller's notifications (new ones arrive over /api/events).",
  }),
  read: route(markNotificationsReadUseCase, "post", "/read", {
    summary: "Mark notifications read: the given ids, or all of them without ids.",
  }),
  // Written out: the bell's delete answers 204 without a body, while the tool answers { deleted: true }.
  delete: declareRoutes("Notifications")(
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
    .openapi(routes.list, serveUseCase(deps, routes.list))
    .openapi(routes.read, serveUseCase(deps, routes.read))
    .openapi(routes.delete, async (c) => {
      await runUseCase(deleteNotificationUseCase, userContext(c, deps), withId(c, "notificationId"));
      return c.body(null, 204);
    });
}
