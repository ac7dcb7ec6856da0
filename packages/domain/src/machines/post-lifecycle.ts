import { setup, transition } from "xstate";

/**
 * The post lifecycle (core spec section 4) as ONE machine. The database keeps the spec's three statuses
 * (pending, approved, denied) plus dates; `derivePostState` reads a row into one of the machine's states,
 * and `canPostDo` asks the machine whether an action is legal from there. The server refuses what the
 * machine refuses (409 conflict) and the web offers on a post card exactly the actions the machine allows,
 * so the rule lives here once.
 *
 *   generating --CONTENT_READY/IMAGE_FAILED--> pending --APPROVE(future)--> scheduled --PUBLISHED--> published
 *        |                                      |  \--APPROVE(no/past date)--> published
 *        +--GENERATION_FAILED--> denied <--DENY-+   \--APPROVE(unscheduled)--> approved --SCHEDULE--> scheduled
 *                                  ^--CANCEL-- approved | scheduled          RESCHEDULE(null) -> approved
 */

import { type PostAction, type PostState, postStates } from "./post-actions";

export { type PostAction, type PostState, postStates };

/** The part of a post row the lifecycle depends on. */
export interface PostLifecycleFacts {
  status: "pending" | "approved" | "denied";
  scheduledDate: Date | string | null;
  postedAt: Date | string | null;
  /** queued/generating while the background pipeline still owns the row. */
  generationStatus?: "queued" | "generating" | "completed" | "failed" | null;
}

export function derivePostState(post: PostLifecycleFacts): PostState {
  if (
    post.status === "pending" &&
    (post.generationStatus === "queued" || post.generationStatus === "generating")
  )
    return "generating";
  if (post.status === "denied") return "denied";
  if (post.status === "pending") return "pending";
  if (post.postedAt) return "published";
  if (post.scheduledDate) return "scheduled";
  return "approved";
}

/** Every event the lifecycle knows; the user's actions and the pipeline's and publisher's reports. */
export type PostEvent =
  // the user's actions (a card button, a chat tool, a script)
  | { type: "APPROVE"; when: "unscheduled" | "future" | "now" }
  | { type: "DENY"; feedback: string }
  | { type: "CANCEL" }
  | { type: "EDIT"; content: string }
  | { type: "SCHEDULE" }
  | { type: "RESCHEDULE"; unschedule: boolean }
  | { type: "PUBLISH_NOW" }
  | { type: "DELETE" }
  // the generation pipeline
  | { type: "CONTENT_READY" }
  | { type: "IMAGE_FAILED" }
  | { type: "GENERATION_FAILED" }
  | { type: "RETRY_GENERATION" }
  // the publisher (a due scheduled post went out, or a network call succeeded)
  | { type: "PUBLISHED" };

// Self-targeted transitions are explicit: XState's can() reports a transition with neither target nor
// actions as impossible.
export const postLifecycleMachine = setup({
  types: { events: {} as PostEvent },
  guards: {
    hasFeedback: ({ event }) => event.type === "DENY" && event.feedback.trim().length > 0,
    hasContent: ({ event }) => event.type === "EDIT" && event.content.trim().length > 0,
    approvesForLater: ({ event }) => event.type === "APPROVE" && event.when === "future",
    approvesNow: ({ event }) => event.type === "APPROVE" && event.when === "now",
    unschedules: ({ event }) => event.type === "RESCHEDULE" && event.unschedule,
  },
}).createMachine({
  id: "postLifecycle",
  initial: "generating",
  states: {
    generating: {
      on: {
        CONTENT_READY: "pending",
        // The image failed but the caption exists: back to review with the spec's feedback.
        IMAGE_FAILED: "pending",
        GENERATION_FAILED: "denied",
        DELETE: "deleted",
      },
    },
    pending: {
      on: {
        APPROVE: [
          { guard: "approvesForLater", target: "scheduled" },
          { guard: "approvesNow", target: "published" },
          { target: "approved" },
        ],
        DENY: { guard: "hasFeedback", target: "denied" },
        EDIT: { guard: "hasContent", target: "pending" },
        // No PUBLISH_NOW: nobody approved it yet. Approving with a date that is not in the future publishes
        // it, and records who approved it and when.
        // A pending post whose image failed can be generated again.
        RETRY_GENERATION: "generating",
        DELETE: "deleted",
      },
    },
    approved: {
      // No date yet: it is scheduled (not rescheduled) and has nothing on a network to cancel.
      on: {
        SCHEDULE: "scheduled",
        PUBLISH_NOW: "published",
        EDIT: { guard: "hasContent", target: "approved" },
        DELETE: "deleted",
      },
    },
    scheduled: {
      on: {
        RESCHEDULE: [{ guard: "unschedules", target: "approved" }, { target: "scheduled" }],
        PUBLISHED: "published",
        PUBLISH_NOW: "published",
        CANCEL: "denied",
        EDIT: { guard: "hasContent", target: "scheduled" },
        DELETE: "deleted",
      },
    },
    published: {
      on: {
        // A published post's text can still be corrected (the network post is updated too).
        EDIT: { guard: "hasContent", target: "published" },
        DELETE: "deleted",
      },
    },
    denied: {
      on: {
        // Re-approve.
        APPROVE: [
          { guard: "approvesForLater", target: "scheduled" },
          { guard: "approvesNow", target: "published" },
          { target: "approved" },
        ],
        EDIT: { guard: "hasContent", target: "denied" },
        RETRY_GENERATION: "generating",
        DELETE: "deleted",
      },
    },
    deleted: { type: "final" },
  },
});

/** The state the machine moves to, or null when the event is not allowed from `from`. */
export function nextPostState(from: PostState, event: PostEvent): PostState | "deleted" | null {
  const snapshot = postLifecycleMachine.resolveState({ value: from });
  if (!snapshot.can(event)) return null;
  const [next] = transition(postLifecycleMachine, snapshot, event);
  return next.value as PostState | "deleted";
}

/** Representative payloads, so "is this action offered at all" ignores the user's not-yet-typed input. */
const probes: Record<PostAction, PostEvent[]> = {
  APPROVE: [{ type: "APPROVE", when: "unscheduled" }],
  DENY: [{ type: "DENY", feedback: "x" }],
  CANCEL: [{ type: "CANCEL" }],
  EDIT: [{ type: "EDIT", content: "x" }],
  SCHEDULE: [{ type: "SCHEDULE" }],
  RESCHEDULE: [
    { type: "RESCHEDULE", unschedule: false },
    { type: "RESCHEDULE", unschedule: true },
  ],
  PUBLISH_NOW: [{ type: "PUBLISH_NOW" }],
  DELETE: [{ type: "DELETE" }],
};

/** Whether a post in `state` offers `action` (a card shows the button, the server accepts the call). */
export function canPostDo(state: PostState, action: PostAction): boolean {
  const snapshot = postLifecycleMachine.resolveState({ value: state });
  return probes[action].some((event) => snapshot.can(event));
}

/** The actions a post card offers for a post in `state`, in the card's order. */
export function availablePostActions(state: PostState): PostAction[] {
  const order: PostAction[] = [
    "EDIT",
    "APPROVE",
    "DENY",
    "SCHEDULE",
    "RESCHEDULE",
    "PUBLISH_NOW",
    "CANCEL",
    "DELETE",
  ];
  return order.filter((action) => canPostDo(state, action));
}
