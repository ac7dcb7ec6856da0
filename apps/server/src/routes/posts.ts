import { createRoute, type z } from "@hono/zod-openapi";
import { generatePost, generatePostInput } from "@smm/domain/generation/generate-post";
import { approvePost, approvePostInput } from "@smm/domain/posts/approve-post";
import { cancelPost } from "@smm/domain/posts/cancel-post";
import { deletePost } from "@smm/domain/posts/delete-post";
import { denyPost, denyPostInput } from "@smm/domain/posts/deny-post";
import { editPost, editPostInput } from "@smm/domain/posts/edit-post";
import { type DashboardStats, getDashboardStats } from "@smm/domain/posts/get-dashboard-stats";
import { getPost } from "@smm/domain/posts/get-post";
import {
  type CalendarPosts,
  listCalendarPosts,
  listCalendarPostsInput,
} from "@smm/domain/posts/list-calendar-posts";
import { listPosts, listPostsInput } from "@smm/domain/posts/list-posts";
import { publishPostNow } from "@smm/domain/posts/publish-post-now";
import { reschedulePost, reschedulePostInput } from "@smm/domain/posts/reschedule-post";
import { schedulePost, schedulePostInput } from "@smm/domain/posts/schedule-post";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import {
  brandHeader,
  createRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  readJsonBody,
  view,
} from "../lib/http";
import { postPage, postView } from "./views";

const post = postView;
const postId = idParam("The post's id.");
const updated = jsonAnswer(post, "The updated post.");
const common = { tags: ["Posts"], parameters: [brandHeader] };

/** A lifecycle action on one post. */
const postAction = <P extends string>(path: P, summary: string) => ({
  ...common,
  method: "post" as const,
  path,
  summary,
  request: { params: postId },
  responses: { 200: updated, ...errors("409") },
});

/** A lifecycle action with a body: the use case's input without `postId`, which comes from the path. */
const postActionWithBody = <P extends string, T extends z.ZodType>(path: P, summary: string, body: T) => ({
  ...postAction(path, summary),
  middleware: readJsonBody,
  request: { params: postId, body: jsonBody(body) },
});

const routes = {
  list: createRoute({
    ...common,
    method: "get",
    path: "/",
    summary: "The brand's posts, filtered, searched, sorted and paged.",
    request: { query: listPostsInput },
    responses: {
      200: jsonAnswer(postPage, "A page of posts and the cursor of the next one."),
    },
  }),
  generate: createRoute({
    ...common,
    method: "post",
    path: "/generate",
    summary: "Start generating a post; content and image fill in the background (progress over /api/events).",
    middleware: readJsonBody,
    request: { body: jsonBody(generatePostInput) },
    responses: { 201: jsonAnswer(post, "The new post, status pending."), ...errors("429") },
  }),
  stats: createRoute({
    ...common,
    method: "get",
    path: "/stats",
    summary: "The dashboard's numbers for the brand.",
    responses: { 200: jsonAnswer(view<DashboardStats>("DashboardStats"), "The dashboard statistics.") },
  }),
  calendar: createRoute({
    ...common,
    method: "get",
    path: "/calendar",
    summary: "The scheduled and published posts between two dates (the calendar).",
    request: { query: listCalendarPostsInput },
    responses: { 200: jsonAnswer(view<CalendarPosts>("CalendarPosts"), "The calendar's posts.") },
  }),
  get: createRoute({
    ...common,
    method: "get",
    path: "/{id}",
    summary: "One post.",
    request: { params: postId },
    responses: { 200: jsonAnswer(post, "The post.") },
  }),
  edit: createRoute({
    ...common,
    method: "patch",
    path: "/{id}",
    summary: "Edit a post's content and image.",
    middleware: readJsonBody,
    request: { params: postId, body: jsonBody(editPostInput.omit({ postId: true })) },
    responses: { 200: updated, ...errors("409") },
  }),
  delete: createRoute({
    ...common,
    method: "delete",
    path: "/{id}",
    summary: "Delete a post.",
    request: { params: postId },
    responses: {
      200: jsonAnswer(view<{ deleted: true }>("Deleted"), "The deletion's result."),
      ...errors("409"),
    },
  }),
  approve: createRoute(
    postActionWithBody(
      "/{id}/approve",
      "Approve a post, optionally with a date to schedule it for.",
      approvePostInput.omit({ postId: true }),
    ),
  ),
  deny: createRoute(
    postActionWithBody("/{id}/deny", "Deny a post with feedback.", denyPostInput.omit({ postId: true })),
  ),
  schedule: createRoute(
    postActionWithBody(
      "/{id}/schedule",
      "Schedule an approved post.",
      schedulePostInput.omit({ postId: true }),
    ),
  ),
  reschedule: createRoute(
    postActionWithBody(
      "/{id}/reschedule",
      "Move a scheduled post to another date, or unschedule it (null).",
      reschedulePostInput.omit({ postId: true }),
    ),
  ),
  cancel: createRoute(postAction("/{id}/cancel", "Cancel a post.")),
  publish: createRoute({
    ...postAction("/{id}/publish", "Publish a post now."),
    responses: { 200: updated, ...errors("409", "502") },
  }),
};

/** /api/posts: the active brand's (or X-Brand-Id's) posts and their lifecycle actions. */
export function createPostRoutes(deps: AppDeps) {
  return (
    createRoutes()
      .openapi(routes.list, async (c) =>
        c.json(await listPosts(await brandContext(c, deps), c.req.valid("query")), 200),
      )
      .openapi(routes.generate, async (c) =>
        c.json(await generatePost(await brandContext(c, deps), c.req.valid("json")), 201),
      )
      .openapi(routes.stats, async (c) => c.json(await getDashboardStats(await brandContext(c, deps)), 200))
      // The calendar month's scheduled and published posts; before /{id} so "calendar" is not taken for an id.
      .openapi(routes.calendar, async (c) =>
        c.json(await listCalendarPosts(await brandContext(c, deps), c.req.valid("query")), 200),
      )
      .openapi(routes.get, async (c) =>
        c.json(await getPost(await brandContext(c, deps), { postId: c.req.valid("param").id }), 200),
      )
      .openapi(routes.edit, async (c) =>
        c.json(
          await editPost(await brandContext(c, deps), {
            ...c.req.valid("json"),
            postId: c.req.valid("param").id,
          }),
          200,
        ),
      )
      .openapi(routes.delete, async (c) =>
        c.json(await deletePost(await brandContext(c, deps), { postId: c.req.valid("param").id }), 200),
      )
      .openapi(routes.approve, async (c) =>
        c.json(
          await approvePost(await brandContext(c, deps), {
            ...c.req.valid("json"),
            postId: c.req.valid("param").id,
          }),
          200,
        ),
      )
      .openapi(routes.deny, async (c) =>
        c.json(
          await denyPost(await brandContext(c, deps), {
            ...c.req.valid("json"),
            postId: c.req.valid("param").id,
          }),
          200,
        ),
      )
      .openapi(routes.schedule, async (c) =>
        c.json(
          await schedulePost(await brandContext(c, deps), {
            ...c.req.valid("json"),
            postId: c.req.valid("param").id,
          }),
          200,
        ),
      )
      .openapi(routes.reschedule, async (c) =>
        c.json(
          await reschedulePost(await brandContext(c, deps), {
            ...c.req.valid("json"),
            postId: c.req.valid("param").id,
          }),
          200,
        ),
      )
      .openapi(routes.cancel, async (c) =>
        c.json(await cancelPost(await brandContext(c, deps), { postId: c.req.valid("param").id }), 200),
      )
      .openapi(routes.publish, async (c) =>
        c.json(await publishPostNow(await brandContext(c, deps), { postId: c.req.valid("param").id }), 200),
      )
  );
}
