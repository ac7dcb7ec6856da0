/*
 * What a post card offers, by lifecycle state, for the browser: the lifecycle machine (post-lifecycle.ts)
 * decides, and this table is what it answers for each state, written out so the web app does not ship
 * XState for a lookup. post-lifecycle.test.ts checks the table against the machine, state by state, so
 * the rule still lives in the machine.
 */

export const postStates = ["generating", "pending", "approved", "scheduled", "published", "denied"] as const;
export type PostState = (typeof postStates)[number];

/** The user's actions on a post (a card button, a chat tool, a script). */
export type PostAction =
  | "APPROVE"
  | "DENY"
  | "CANCEL"
  | "EDIT"
  | "SCHEDULE"
  | "RESCHEDULE"
  | "PUBLISH_NOW"
  | "DELETE";

/** The actions offered from each state, in the card's order (the machine's availablePostActions). */
export const OFFERED_POST_ACTIONS: Readonly<Record<PostState, readonly PostAction[]>> = {
  generating: ["DELETE"],
  pending: ["EDIT", "APPROVE", "DENY", "DELETE"],
  approved: ["EDIT", "SCHEDULE", "PUBLISH_NOW", "DELETE"],
  scheduled: ["EDIT", "RESCHEDULE", "PUBLISH_NOW", "CANCEL", "DELETE"],
  published: ["EDIT", "DELETE"],
  denied: ["EDIT", "APPROVE", "DELETE"],
};

export function isPostActionOffered(state: PostState, action: PostAction): boolean {
  return OFFERED_POST_ACTIONS[state].includes(action);
}

/**
 * The actions as the post view names them (`availableActions`): each is one use case (approvePost,
 * publishPostNow, ...). A screen shows exactly these; every door refuses the others with the same reason.
 */
export const postActionNames = [
  "edit",
  "approve",
  "deny",
  "schedule",
  "reschedule",
  "publish",
  "cancel",
  "delete",
] as const;
export type PostActionName = (typeof postActionNames)[number];

const actionNames: Record<PostAction, PostActionName> = {
  EDIT: "edit",
  APPROVE: "approve",
  DENY: "deny",
  SCHEDULE: "schedule",
  RESCHEDULE: "reschedule",
  PUBLISH_NOW: "publish",
  CANCEL: "cancel",
  DELETE: "delete",
};

/** What a post in `state` offers, as the post view lists it. */
export function availableActionsOf(state: PostState): PostActionName[] {
  return OFFERED_POST_ACTIONS[state].map((action) => actionNames[action]);
}
