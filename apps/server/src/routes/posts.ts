import { AppError } from "@smm/domain/errors";
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
import { publishPostNow } from "@smm/domain/posts/publish-post-now";
import { reschedulePost, reschedulePostInput } from "@smm/domain/posts/reschedule-post";
import { schedulePost, schedulePostInput } from "@smm/domain/posts/schedule-post";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";

/** The body schemas without the post id, which comes from the path. */
const approveBody = approvePostInput.omit({ postId: true });
const denyBody = denyPostInput.omit({ postId: true });
const editBody = editPostInput.omit({ postId: true });
const scheduleBody = schedulePostInput.omit({ postId: true });
const rescheduleBody = reschedulePostInput.omit({ postId: true });

/** /api/posts: the active brand's (or X-Brand-Id's) posts and their lifecycle actions. */
export function createPostRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => {
        const parsed = listPostsInput.safeParse(c.req.query());
        if (!parsed.success) throw AppError.fromZod(parsed.error);
        return c.json(await listPosts(await brandContext(c, deps), parsed.data));
      })
      .post("/generate", async (c) => {
        const body = await parseJsonBody(c, generatePostInput);
        return c.json(await generatePost(await brandContext(c, deps), body), 201);
      })
      .get("/stats", async (c) => c.json(await getDashboardStats(await brandContext(c, deps))))
      // The calendar month's scheduled and published posts; before /:id so "calendar" is not taken for an id.
      .get("/calendar", async (c) => {
        const parsed = listCalendarPostsInput.safeParse(c.req.query());
        if (!parsed.success) throw AppError.fromZod(parsed.error);
        return c.json(await listCalendarPosts(await brandContext(c, deps), parsed.data));
      })
      .get("/:id", async (c) =>
        c.json(await getPost(await brandContext(c, deps), { postId: c.req.param("id") })),
      )
      .patch("/:id", async (c) => {
        const body = await parseJsonBody(c, editBody);
        return c.json(await editPost(await brandContext(c, deps), { ...body, postId: c.req.param("id") }));
      })
      .delete("/:id", async (c) =>
        c.json(await deletePost(await brandContext(c, deps), { postId: c.req.param("id") })),
      )
      .post("/:id/approve", async (c) => {
        const body = await parseJsonBody(c, approveBody);
        return c.json(await approvePost(await brandContext(c, deps), { ...body, postId: c.req.param("id") }));
      })
      .post("/:id/deny", async (c) => {
        const body = await parseJsonBody(c, denyBody);
        return c.json(await denyPost(await brandContext(c, deps), { ...body, postId: c.req.param("id") }));
      })
      .post("/:id/schedule", async (c) => {
        const body = await parseJsonBody(c, scheduleBody);
        return c.json(
          await schedulePost(await brandContext(c, deps), { ...body, postId: c.req.param("id") }),
        );
      })
      .post("/:id/reschedule", async (c) => {
        const body = await parseJsonBody(c, rescheduleBody);
        return c.json(
          await reschedulePost(await brandContext(c, deps), { ...body, postId: c.req.param("id") }),
        );
      })
      .post("/:id/cancel", async (c) =>
        c.json(await cancelPost(await brandContext(c, deps), { postId: c.req.param("id") })),
      )
      .post("/:id/publish", async (c) =>
        c.json(await publishPostNow(await brandContext(c, deps), { postId: c.req.param("id") })),
      )
  );
}
