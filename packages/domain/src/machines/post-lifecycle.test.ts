import { describe, expect, it } from "vitest";
import { OFFERED_POST_ACTIONS, postStates } from "./post-actions";
import {
  availablePostActions,
  canPostDo,
  derivePostState,
  nextPostState,
  type PostEvent,
  type PostState,
} from "./post-lifecycle";

describe("derivePostState", () => {
  it("reads the spec's statuses and dates into one lifecycle state", () => {
    const base = { scheduledDate: null, postedAt: null };
    expect(derivePostState({ ...base, status: "pending", generationStatus: "generating" })).toBe(
      "generating",
    );
    expect(derivePostState({ ...base, status: "pending", generationStatus: "queued" })).toBe("generating");
    expect(derivePostState({ ...base, status: "pending", generationStatus: "completed" })).toBe("pending");
    expect(derivePostState({ ...base, status: "pending" })).toBe("pending");
    expect(derivePostState({ ...base, status: "denied", generationStatus: "failed" })).toBe("denied");
    expect(derivePostState({ ...base, status: "approved" })).toBe("approved");
    expect(derivePostState({ ...base, status: "approved", scheduledDate: "2026-12-01T12:00:00Z" })).toBe(
      "scheduled",
    );
    expect(
      derivePostState({
        status: "approved",
        scheduledDate: "2026-12-01T12:00:00Z",
        postedAt: "2026-12-01T12:00:05Z",
      }),
    ).toBe("published");
  });
});

describe("transitions", () => {
  const cases: [PostState, PostEvent, PostState | "deleted" | null][] = [
    // generation pipeline
    ["generating", { type: "CONTENT_READY" }, "pending"],
    ["generating", { type: "IMAGE_FAILED" }, "pending"],
    ["generating", { type: "GENERATION_FAILED" }, "denied"],
    ["generating", { type: "APPROVE", when: "future" }, null],
    ["generating", { type: "DENY", feedback: "no" }, null],
    ["generating", { type: "EDIT", content: "text" }, null],
    ["generating", { type: "PUBLISH_NOW" }, null],
    ["generating", { type: "DELETE" }, "deleted"],
    // approve: future date schedules, a date not in the future publishes, no date leaves it for the calendar
    ["pending", { type: "APPROVE", when: "future" }, "scheduled"],
    ["pending", { type: "APPROVE", when: "now" }, "published"],
    ["pending", { type: "APPROVE", when: "unscheduled" }, "approved"],
    // deny needs feedback
    ["pending", { type: "DENY", feedback: "Too long" }, "denied"],
    ["pending", { type: "DENY", feedback: "   " }, null],
    ["pending", { type: "EDIT", content: "New text" }, "pending"],
    ["pending", { type: "EDIT", content: "  " }, null],
    ["pending", { type: "CANCEL" }, null],
    ["pending", { type: "SCHEDULE" }, null],
    // nobody approved it: approving with the current time is how it is posted now
    ["pending", { type: "PUBLISH_NOW" }, null],
    ["pending", { type: "RETRY_GENERATION" }, "generating"],
    // only approved posts can be scheduled
    ["approved", { type: "SCHEDULE" }, "scheduled"],
    // no date yet: it is scheduled, not rescheduled, and nothing waits on a network to be cancelled
    ["approved", { type: "RESCHEDULE", unschedule: false }, null],
    ["approved", { type: "RESCHEDULE", unschedule: true }, null],
    ["approved", { type: "PUBLISH_NOW" }, "published"],
    ["approved", { type: "CANCEL" }, null],
    ["approved", { type: "DENY", feedback: "no" }, null],
    ["approved", { type: "APPROVE", when: "future" }, null],
    // scheduled: reschedule, unschedule (drag back to the sidebar), cancel, the publisher firing
    ["scheduled", { type: "RESCHEDULE", unschedule: false }, "scheduled"],
    ["scheduled", { type: "RESCHEDULE", unschedule: true }, "approved"],
    ["scheduled", { type: "CANCEL" }, "denied"],
    ["scheduled", { type: "PUBLISHED" }, "published"],
    ["scheduled", { type: "PUBLISH_NOW" }, "published"],
    ["scheduled", { type: "DENY", feedback: "no" }, null],
    ["scheduled", { type: "SCHEDULE" }, null],
    // published posts stay published; only their text can be corrected
    ["published", { type: "EDIT", content: "Fixed typo" }, "published"],
    ["published", { type: "CANCEL" }, null],
    ["published", { type: "RESCHEDULE", unschedule: false }, null],
    ["published", { type: "PUBLISH_NOW" }, null],
    ["published", { type: "DENY", feedback: "no" }, null],
    ["published", { type: "APPROVE", when: "now" }, null],
    // denied posts may be re-approved, edited or generated again, never cancelled or denied twice
    ["denied", { type: "APPROVE", when: "unscheduled" }, "approved"],
    ["denied", { type: "APPROVE", when: "future" }, "scheduled"],
    ["denied", { type: "APPROVE", when: "now" }, "published"],
    ["denied", { type: "DENY", feedback: "again" }, null],
    ["denied", { type: "CANCEL" }, null],
    ["denied", { type: "PUBLISH_NOW" }, null],
    ["denied", { type: "RETRY_GENERATION" }, "generating"],
    ["denied", { type: "DELETE" }, "deleted"],
  ];

  it.each(cases)("%s + %o -> %s", (from, event, to) => {
    expect(nextPostState(from, event)).toBe(to);
  });
});

describe("the actions a card offers", () => {
  it("offers Deny only when pending and Approve when pending or denied", () => {
    for (const state of ["generating", "approved", "scheduled", "published", "denied"] as const)
      expect(canPostDo(state, "DENY")).toBe(false);
    expect(canPostDo("pending", "DENY")).toBe(true);
    expect(canPostDo("pending", "APPROVE")).toBe(true);
    expect(canPostDo("denied", "APPROVE")).toBe(true);
    for (const state of ["generating", "approved", "scheduled", "published"] as const)
      expect(canPostDo(state, "APPROVE")).toBe(false);
  });

  it("lists them in the card's order", () => {
    expect(availablePostActions("generating")).toEqual(["DELETE"]);
    expect(availablePostActions("pending")).toEqual(["EDIT", "APPROVE", "DENY", "DELETE"]);
    expect(availablePostActions("approved")).toEqual(["EDIT", "SCHEDULE", "PUBLISH_NOW", "DELETE"]);
    expect(availablePostActions("scheduled")).toEqual([
      "EDIT",
      "RESCHEDULE",
      "PUBLISH_NOW",
      "CANCEL",
      "DELETE",
    ]);
    expect(availablePostActions("published")).toEqual(["EDIT", "DELETE"]);
    expect(availablePostActions("denied")).toEqual(["EDIT", "APPROVE", "DELETE"]);
  });
});

describe("the browser's table of offered actions", () => {
  it("is what the machine answers, state by state", () => {
    for (const state of postStates)
      expect(OFFERED_POST_ACTIONS[state], state).toEqual(availablePostActions(state));
  });
});
