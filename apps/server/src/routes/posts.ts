import { generatePost, generatePostInput } from "@smm/domain/generation/generate-post";
import { approvePost, approvePostInput } from "@smm/domain/posts/approve-post";
import { cancelPost } from "@smm/domain/posts/cancel-post";
import { deletePost } from "@smm/domain/posts/delete-post";
import { denyPost, denyPostInput } from "@smm/domain/posts/deny-post";
import { editPost, editPostInput } from "@smm/domain/posts/edit-post";
import { getDashboardStats } from "@smm/domain/posts/get-dashboard-stats";
import { getPost } from "@smm/domain/posts/get-post";
import { listCalendarPosts, listCalendarPostsInput } from "@smm/domain/posts/list-calendar-posts";
import { listPosts, listPostsInput } from "@smm/domain/posts/list-posts";
import { postPage, postView } from "@smm/domain/posts/post-view-schema";
import { publishPostNow } from "@smm/domain/posts/publish-post-now";
import { reschedulePost, reschedulePostInput } from "@smm/domain/posts/reschedule-post";
import { schedulePost, schedulePostInput } from "@smm/domain/posts/schedule-post";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import {
  createRoutes,
  declareRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  resultOf,
  withId,
} from "../lib/http";

const route = declareRoutes("Posts", { brand: true });
const params = idParam("The post's id.");
/** Path ids are not in the body: a use case's input is its body with `postId` from the path (withId). */
const updated = { 200: jsonAnswer(postView, "The updated post."), ...errors("409") };

const routes = {
  list: route(
    "get",
    "/",
    "The brand's posts, filtered, searched, sorted and paged.",
    { query: listPostsInput },
    {
      200: jsonAnswer(postPage, "A page of posts and the cursor of the next one."),
    },
  ),
  generate: route(
    "post",
    "/generate",
    "Start generating a post; content and image fill in the background (progress over /api/events).",
    { body: jsonBody(generatePostInput) },
    { 201: jsonAnswer(postView, "The new post, status pending."), ...errors("429") },
  ),
  stats: route(
    "get",
    "/stats",
    "The dashboard's numbers for the brand.",
    {},
    {
      200: jsonAnswer(resultOf(getDashboardStats, "DashboardStats"), "The dashboard statistics."),
    },
  ),
  calendar: route(
    "get",
    "/calendar",
    "The scheduled and published posts between two dates (the calendar).",
    { query: listCalendarPostsInput },
    { 200: jsonAnswer(resultOf(listCalendarPosts, "CalendarPosts"), "The calendar's posts.") },
  ),
  get: route("get", "/{id}", "One post.", { params }, { 200: jsonAnswer(postView, "The post.") }),
  edit: route(
    "patch",
    "/{id}",
    "Edit a post's content and image.",
    { params, body: jsonBody(editPostInput.omit({ postId: true })) },
    updated,
  ),
  delete: route(
    "delete",
    "/{id}",
    "Delete a post.",
    { params },
    {
      200: jsonAnswer(resultOf(deletePost, "Deleted"), "The deletion's result."),
      ...errors("409"),
    },
  ),
  approve: route(
    "post",
    "/{id}/approve",
    "Approve a post, optionally with a date to schedule it for.",
    { params, body: jsonBody(approvePostInput.omit({ postId: true })) },
    updated,
  ),
  deny: route(
    "post",
    "/{id}/deny",
    "Deny a post with feedback.",
    { params, body: jsonBody(denyPostInput.omit({ postId: true })) },
    updated,
  ),
  schedule: route(
    "post",
    "/{id}/schedule",
    "Schedule an approved post.",
    { params, body: jsonBody(schedulePostInput.omit({ postId: true })) },
    updated,
  ),
  reschedule: route(
    "post",
    "/{id}/reschedule",
    "Move a scheduled post to another date, or unschedule it (null).",
    { params, body: jsonBody(reschedulePostInput.omit({ postId: true })) },
    updated,
  ),
  cancel: route("post", "/{id}/cancel", "Cancel a post.", { params }, updated),
  publish: route(
    "post",
    "/{id}/publish",
    "Publish a post now.",
    { params },
    { ...updated, ...errors("502") },
  ),
};

/** /api/posts: the active brand's (or X-Brand-Id's) posts and their lifecycle actions. */
export function createPostRoutes(deps: AppDeps) {
  const brand = (c: Context<AppEnv>) => brandContext(c, deps);
  return (
    createRoutes()
      .openapi(routes.list, async (c) => c.json(await listPosts(await brand(c), c.req.valid("query")), 200))
      .openapi(routes.generate, async (c) =>
        c.json(await generatePost(await brand(c), c.req.valid("json")), 201),
      )
      .openapi(routes.stats, async (c) => c.json(await getDashboardStats(await brand(c)), 200))
      // The calendar month's scheduled and published posts; before /{id} so "calendar" is not taken for an id.
      .openapi(routes.calendar, async (c) =>
        c.json(await listCalendarPosts(await brand(c), c.req.valid("query")), 200),
      )
      .openapi(routes.get, async (c) => c.json(await getPost(await brand(c), withId(c, "postId")), 200))
      .openapi(routes.edit, async (c) => c.json(await editPost(await brand(c), withId(c, "postId")), 200))
      .openapi(routes.delete, async (c) => c.json(await deletePost(await brand(c), withId(c, "postId")), 200))
      .openapi(routes.approve, async (c) =>
        c.json(await approvePost(await brand(c), withId(c, "postId")), 200),
      )
      .openapi(routes.deny, async (c) => c.json(await denyPost(await brand(c), withId(c, "postId")), 200))
      .openapi(routes.schedule, async (c) =>
        c.json(await schedulePost(await brand(c), withId(c, "postId")), 200),
      )
      .openapi(routes.reschedule, async (c) =>
        c.json(await reschedulePost(await brand(c), withId(c, "postId")), 200),
      )
      .openapi(routes.cancel, async (c) => c.json(await cancelPost(await brand(c), withId(c, "postId")), 200))
      .openapi(routes.publish, async (c) =>
        c.json(await publishPostNow(await brand(c), withId(c, "postId")), 200),
      )
  );
}
