import { availableActionsOf } from "@smm/domain/machines";
import type { PostView } from "@smm/domain/posts";
import { describe, expect, it } from "vitest";
import {
  ALL_REVIEWED_TEXT,
  approvalDecision,
  approvalLabel,
  cardActions,
  countActiveFilters,
  countLine,
  DEFAULT_FILTERS,
  downloadFileName,
  emptyListText,
  endOfListText,
  isNearBottom,
  toListQuery,
  toSearchParams,
  truncatePreview,
} from "@/components/posts/post-logic";
import { applyOptimistic } from "@/lib/posts";

const now = new Date("2030-06-15T12:00:00Z");

function post(overrides: Partial<PostView> = {}): PostView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    brandId: "b",
    content: "Hello world",
    imageUrl: null,
    imageId: null,
    format: "feed",
    media: [],
    firstComment: null,
    platform: "facebook",
    status: "pending",
    state: "pending",
    scheduledDate: null,
    postedAt: null,
    feedback: null,
    language: "en",
    aiGenerated: false,
    aiSuggestions: null,
    source: "manual",
    generation: { status: null, stage: null, progress: null, error: null },
    facebookPostId: null,
    externalPostId: null,
    externalUrl: null,
    groupId: null,
    publishedVia: null,
    optimalTime: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
    availableActions: overrides.availableActions ?? availableActionsOf(overrides.state ?? "pending"),
  } as PostView;
}

describe("truncatePreview (core spec, Dashboard: 100 characters)", () => {
  it("keeps short text and cuts long text at 100 characters with an ellipsis", () => {
    expect(truncatePreview("  short  ")).toBe("short");
    const long = "a".repeat(150);
    expect(truncatePreview(long)).toBe(`${"a".repeat(100)}…`);
    expect(truncatePreview("a".repeat(100))).toBe("a".repeat(100));
  });
});

describe("list filters", () => {
  it("counts status (all-posts only), platform and source; not the sort or search", () => {
    expect(countActiveFilters(DEFAULT_FILTERS, "all")).toBe(0);
    const narrowed = { ...DEFAULT_FILTERS, status: "denied", platform: "instagram", source: "ai" } as const;
    expect(countActiveFilters(narrowed, "all")).toBe(3);
    expect(countActiveFilters(narrowed, "pending")).toBe(2);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, sort: "oldest", search: "x" }, "all")).toBe(0);
  });

  it("builds the list query: pending modal asks for the pending state, search trimmed, defaults left out", () => {
    expect(toListQuery(DEFAULT_FILTERS, "all")).toEqual({ sort: "newest", limit: 8 });
    expect(toListQuery({ ...DEFAULT_FILTERS, status: "approved", search: "  cake " }, "pending")).toEqual({
      state: "pending",
      search: "cake",
      sort: "newest",
      limit: 8,
    });
    expect(toSearchParams({ sort: "oldest", limit: 8, cursor: null, platform: "facebook" })).toBe(
      "platform=facebook&sort=oldest&limit=8",
    );
  });

  it("words the count line, the empty states and the end messages as the spec does", () => {
    expect(countLine(12, "all")).toBe("12 posts found");
    expect(countLine(3, "pending")).toBe("3 pending posts awaiting review");
    expect(emptyListText(DEFAULT_FILTERS, "pending")).toEqual({
      title: "No pending posts",
      description: ALL_REVIEWED_TEXT,
    });
    expect(emptyListText({ ...DEFAULT_FILTERS, search: "zzz" }, "pending").description).not.toBe(
      ALL_REVIEWED_TEXT,
    );
    expect(emptyListText(DEFAULT_FILTERS, "all").title).toBe("No posts found");
    expect(endOfListText("all")).toBe("You've reached the end of the list");
    expect(endOfListText("pending")).toBe("You've reviewed all pending posts");
  });

  it("loads more within 1000 px of the bottom", () => {
    expect(isNearBottom({ scrollHeight: 3000, scrollTop: 1000, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollHeight: 3000, scrollTop: 1500, clientHeight: 500 })).toBe(true);
  });
});

describe("card actions are the post's availableActions (the domain decides them)", () => {
  it("shows exactly what the server says the post offers, in the card's order", () => {
    expect(cardActions(post({ availableActions: ["delete", "publish", "edit"] }))).toEqual([
      "copy",
      "edit",
      "publish",
      "delete",
    ]);
    expect(cardActions(post({ state: "approved", availableActions: [] }))).toEqual(["copy"]);
  });

  it("offers approve and deny when pending, re-approve but no deny when denied", () => {
    expect(cardActions(post())).toEqual(["copy", "edit", "approve", "deny", "delete"]);
    expect(cardActions(post({ state: "denied", status: "denied" }))).toEqual([
      "copy",
      "edit",
      "approve",
      "delete",
    ]);
  });

  it("offers schedule and post now for approved, cancel for scheduled, download with an image", () => {
    expect(cardActions(post({ state: "approved", status: "approved" }))).toEqual([
      "copy",
      "edit",
      "schedule",
      "publish",
      "delete",
    ]);
    expect(cardActions(post({ state: "scheduled", status: "approved", imageUrl: "/x.png" }))).toEqual([
      "copy",
      "download",
      "edit",
      "publish",
      "cancel",
      "delete",
    ]);
    expect(cardActions(post({ state: "published", status: "approved", content: "" }))).toEqual([
      "edit",
      "delete",
    ]);
    expect(cardActions(post({ state: "generating", content: "" }))).toEqual(["delete"]);
  });
});

describe("approvalDecision (core spec section 4: the domain's optimalTime decides)", () => {
  const future = "2030-06-16T09:30:00.000Z";
  it("approves at the post's optimal time when the server gave one still ahead", () => {
    const decision = approvalDecision(post({ aiGenerated: true, optimalTime: future }), now);
    expect(decision).toEqual({ kind: "direct", scheduledDate: new Date(future) });
  });

  it("opens the picker without one, or once it has passed on this clock", () => {
    expect(approvalDecision(post({ aiGenerated: true }), now)).toEqual({ kind: "picker" });
    expect(approvalDecision(post({ optimalTime: "2030-06-14T09:00:00.000Z" }), now)).toEqual({
      kind: "picker",
    });
  });
});

describe("applyOptimistic", () => {
  it("moves the post to the state the server will report", () => {
    const future = "2030-06-16T09:30:00.000Z";
    expect(applyOptimistic(post(), { type: "approve", scheduledDate: future }, now).state).toBe("scheduled");
    expect(applyOptimistic(post(), { type: "deny", feedback: "no" }, now)).toMatchObject({
      state: "denied",
      feedback: "no",
    });
    expect(applyOptimistic(post(), { type: "edit", content: " new " }, now).content).toBe("new");
    expect(
      applyOptimistic(post({ state: "scheduled", scheduledDate: future }), { type: "cancel" }, now),
    ).toMatchObject({ state: "denied", scheduledDate: null, feedback: "Post cancelled by user" });
  });

  it("names downloads after the post and the image type", () => {
    expect(downloadFileName("abcdef0123", "image/jpeg")).toBe("post-abcdef01.jpg");
    expect(downloadFileName("abcdef0123", "application/octet-stream")).toBe("post-abcdef01.png");
  });
});

describe("approvalLabel (issue 20: one approve behaviour, stated on the button)", () => {
  const now = new Date("2030-06-14T10:00:00Z");
  it("names the AI's future time when approving goes straight there", () => {
    const label = approvalLabel(post({ aiGenerated: true, optimalTime: "2030-06-15T09:00:00.000Z" }), now);
    expect(label.startsWith("Approve & Schedule for ")).toBe(true);
    expect(label).not.toContain("...");
  });
  it("ends with an ellipsis when the picker opens (no optimal time, or one already past)", () => {
    expect(approvalLabel(post({ aiGenerated: true }), now)).toBe("Approve & Schedule...");
    expect(approvalLabel(post({ optimalTime: "2030-06-14T09:00:00.000Z" }), now)).toBe(
      "Approve & Schedule...",
    );
  });
  it("says Re-approve for a denied post", () => {
    expect(approvalLabel(post({ state: "denied" }), now)).toBe("Re-approve...");
  });
});
