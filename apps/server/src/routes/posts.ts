import { generatePostUseCase } from "@smm/domain/generation";
import {
  approvePostGroupUseCase,
  approvePostUseCase,
  cancelPostUseCase,
  deletePostUseCase,
  denyPostUseCase,
  editPostUseCase,
  getDashboardStatsUseCase,
  getPostUseCase,
  listCalendarPostsUseCase,
  listPostsUseCase,
  publishPostNowUseCase,
  reschedulePostUseCase,
  schedulePostUseCase,
} from "@smm/domain/posts";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Posts");
const id = "postId" as const;

const routes = {
  list: route(listPostsUseCase, "get", "/", {
    summary: "The brand's posts, filtered, searched, sorted and paged.",
  }),
  generate: route(generatePostUseCase, "post", "/generate", { status: 201, errors: ["429"] }),
  stats: route(getDashboardStatsUseCase, "get", "/stats", {
    summary: "The dashboard's numbers for the brand.",
  }),
  // Before /{id}, so "calendar" is not taken for an id.
  calendar: route(listCalendarPostsUseCase, "get", "/calendar", {
    summary: "The scheduled and published posts between two dates (the calendar).",
  }),
  get: route(getPostUseCase, "get", "/{id}", { id, summary: "One post." }),
  edit: route(editPostUseCase, "patch", "/{id}", { id, errors: ["409"] }),
  delete: route(deletePostUseCase, "delete", "/{id}", { id, errors: ["409"] }),
  approve: route(approvePostUseCase, "post", "/{id}/approve", { id, errors: ["409", "502"] }),
  approveGroup: route(approvePostGroupUseCase, "post", "/groups/approve", {
    summary: "Approve every post of a group written for several channels, for one time.",
    errors: ["404", "409", "502"],
  }),
  deny: route(denyPostUseCase, "post", "/{id}/deny", { id, errors: ["409"] }),
  schedule: route(schedulePostUseCase, "post", "/{id}/schedule", { id, errors: ["409", "502"] }),
  reschedule: route(reschedulePostUseCase, "post", "/{id}/reschedule", { id, errors: ["409", "502"] }),
  cancel: route(cancelPostUseCase, "post", "/{id}/cancel", { id, errors: ["409"] }),
  publish: route(publishPostNowUseCase, "post", "/{id}/publish", { id, errors: ["409", "502"] }),
};

/** /api/posts: the active brand's (or X-Brand-Id's) posts and their lifecycle actions. */
export function createPostRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, serveUseCase(deps, routes.list))
    .openapi(routes.generate, serveUseCase(deps, routes.generate))
    .openapi(routes.stats, serveUseCase(deps, routes.stats))
    .openapi(routes.calendar, serveUseCase(deps, routes.calendar))
    .openapi(routes.get, serveUseCase(deps, routes.get))
    .openapi(routes.edit, serveUseCase(deps, routes.edit))
    .openapi(routes.delete, serveUseCase(deps, routes.delete))
    .openapi(routes.approveGroup, serveUseCase(deps, routes.approveGroup))
    .openapi(routes.approve, serveUseCase(deps, routes.approve))
    .openapi(routes.deny, serveUseCase(deps, routes.deny))
    .openapi(routes.schedule, serveUseCase(deps, routes.schedule))
    .openapi(routes.reschedule, serveUseCase(deps, routes.reschedule))
    .openapi(routes.cancel, serveUseCase(deps, routes.cancel))
    .openapi(routes.publish, serveUseCase(deps, routes.publish));
}
