import {
  nextPostState,
  POST_CANCELLED_FEEDBACK,
  type PostEvent,
  type PostState,
  type PostView,
  type PostWithWarning,
} from "@smm/domain/web";
import { toast } from "sonner";

import { call, callOptions, client, pathId } from "@/lib/api";

/** A lifecycle action on one post, as every screen asks for it (cards, modals, calendar, swipe, chat). */
export type PostActionRequest =
  /** atOptimalTime: at the post's optimal time, which the server decides (scheduledDate is the expected one). */
  | { type: "approve"; scheduledDate: string | null; atOptimalTime?: boolean }
  | { type: "deny"; feedback: string }
  | { type: "edit"; content: string }
  | { type: "schedule"; scheduledDate: string }
  | { type: "reschedule"; scheduledDate: string | null }
  | { type: "publish" }
  | { type: "cancel" }
  | { type: "delete" };

/** What an action answers: the post as the server now has it, or the deletion's result. */
export type PostActionResult<A extends PostActionRequest> = A extends { type: "delete" }
  ? { deleted: true }
  : PostView;

/** The one request per action, through the typed client. */
export function sendPostAction<A extends PostActionRequest>(
  brandId: string,
  postId: string,
  action: A,
): Promise<PostActionResult<A>> {
  // Each branch's answer is the declared route's; the union is narrowed back to the action asked for.
  return send(brandId, postId, action) as Promise<PostActionResult<A>>;
}

/**
 * An edit or a cancel stands locally even when the network's copy could not follow; the spec's warning
 * ("Post updated locally, but Facebook update failed: ...") is said, and the post goes on as the answer.
 */
function withWarningSaid({ post, warning }: PostWithWarning): PostView {
  if (warning) toast.warning(warning);
  return post;
}

async function send(brandId: string, postId: string, action: PostActionRequest) {
  const post = client.api.posts[":id"];
  const param = pathId(postId);
  const options = callOptions({ brandId });
  switch (action.type) {
    case "approve":
      return call(
        post.approve.$post(
          {
            param,
            json: action.atOptimalTime
              ? { atOptimalTime: true }
              : action.scheduledDate
                ? { scheduledDate: action.scheduledDate }
                : {},
          },
          options,
        ),
      );
    case "deny":
      return call(post.deny.$post({ param, json: { feedback: action.feedback } }, options));
    case "edit":
      return withWarningSaid(await call(post.$patch({ param, json: { content: action.content } }, options)));
    case "schedule":
      return call(post.schedule.$post({ param, json: { scheduledDate: action.scheduledDate } }, options));
    case "reschedule":
      return call(post.reschedule.$post({ param, json: { scheduledDate: action.scheduledDate } }, options));
    case "publish":
      return call(post.publish.$post({ param }, options));
    case "cancel":
      return withWarningSaid(await call(post.cancel.$post({ param }, options)));
    case "delete":
      return call(post.$delete({ param }, options));
  }
}

/** The lifecycle event an action is, so the domain's machine answers "what state next". */
function toEvent(action: PostActionRequest, now: Date): PostEvent {
  switch (action.type) {
    case "approve": {
      if (!action.scheduledDate) return { type: "APPROVE", when: "unscheduled" };
      const future = new Date(action.scheduledDate).getTime() > now.getTime();
      return { type: "APPROVE", when: future ? "future" : "now" };
    }
    case "deny":
      return { type: "DENY", feedback: action.feedback };
    case "edit":
      return { type: "EDIT", content: action.content };
    case "schedule":
      return { type: "SCHEDULE" };
    case "reschedule":
      return { type: "RESCHEDULE", unschedule: action.scheduledDate === null };
    case "publish":
      return { type: "PUBLISH_NOW" };
    case "cancel":
      return { type: "CANCEL" };
    case "delete":
      return { type: "DELETE" };
  }
}

/**
 * The state a post moves to, as the domain's lifecycle (the machine the server refuses by) answers it;
 * null when the machine refuses the action or the post goes away.
 */
export function nextStateAfter(
  state: PostState,
  action: PostActionRequest,
  now = new Date(),
): PostState | null {
  const next = nextPostState(state, toEvent(action, now));
  return next === null || next === "deleted" ? null : next;
}

/**
 * The post as it will look once the server agrees (UI.md: optimistic, rolled back on refusal). The state
 * is the domain lifecycle's answer (nextPostState), the same machine the server refuses by; an action the
 * machine refuses leaves the post as it is (the server's 409 follows).
 */
export function applyOptimistic(post: PostView, action: PostActionRequest, now = new Date()): PostView {
  const state = nextStateAfter(post.state, action, now);
  if (state === null) return post;
  const status =
    state === "pending" || state === "generating" ? post.status : state === "denied" ? "denied" : "approved";
  const next: PostView = { ...post, state, status };
  switch (action.type) {
    case "approve":
      return {
        ...next,
        scheduledDate: action.scheduledDate,
        postedAt: state === "published" ? now.toISOString() : null,
        feedback: null,
      };
    case "deny":
      return { ...next, scheduledDate: null, feedback: action.feedback };
    case "edit":
      return { ...next, content: action.content.trim() };
    case "schedule":
    case "reschedule":
      return { ...next, scheduledDate: action.scheduledDate };
    case "publish":
      return { ...next, postedAt: now.toISOString() };
    case "cancel":
      return { ...next, scheduledDate: null, feedback: POST_CANCELLED_FEEDBACK };
    case "delete":
      return post;
  }
}
