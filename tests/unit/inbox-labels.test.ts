import { describe, expect, it } from "vitest";
import {
  authorHandle,
  authorName,
  badgeCount,
  checkReply,
  countReplyText,
  DEFAULT_INBOX_FILTERS,
  deliveryLabel,
  emptyInboxText,
  firstLine,
  initialsOf,
  itemBadges,
  threadSummary,
} from "@/lib/inbox-logic";
import { formatRelativeTime } from "@/lib/relative-time";
import { item } from "./inbox-fixtures";

/*
 * What an inbox item says on screen: its badges (Question, Negative/Positive, Spam with its reason, Hidden,
 * Removed, Sandbox), how the brand's reply went, who wrote it, when, and the reply box's counter.
 */

const labels = (overrides: Parameters<typeof item>[0]) =>
  itemBadges(item(overrides)).map((badge) => badge.label);

describe("itemBadges", () => {
  it("marks questions and the sentiment that matters (neutral says nothing)", () => {
    expect(labels({ id: "1", question: true, sentiment: "negative" })).toEqual(["Question", "Negative"]);
    expect(labels({ id: "2", sentiment: "positive" })).toEqual(["Positive"]);
    expect(labels({ id: "3", sentiment: "neutral" })).toEqual([]);
  });

  it("flags spam with its reason for the tooltip, and says why it is not a real network in the sandbox", () => {
    const badges = itemBadges(
      item({ id: "1", spam: true, spamReason: "a link from a stranger", network: "sandbox" }),
    );
    expect(badges.map((badge) => [badge.label, badge.detail])).toEqual([
      ["Spam", "Looks like spam: a link from a stranger"],
      ["Sandbox", "From the offline sandbox, not a real network"],
    ]);
    expect(itemBadges(item({ id: "2", spam: true, spamReason: null }))[0]?.detail).toBe("Looks like spam");
  });

  it("shows removed and hidden first, and no triage on the brand's own replies", () => {
    expect(labels({ id: "1", removedAt: "2030-01-01T00:00:00Z", hidden: true, question: true })).toEqual([
      "Removed",
      "Hidden",
      "Question",
    ]);
    expect(labels({ id: "2", own: true, question: true, sentiment: "negative", spam: true })).toEqual([]);
  });
});

describe("deliveryLabel", () => {
  it("says nothing for what others wrote", () => {
    expect(deliveryLabel(item({ id: "1" }))).toBeNull();
  });

  it("names each state of the brand's reply, the network's reason with a failure", () => {
    const own = { own: true };
    expect(deliveryLabel(item({ id: "1", ...own, delivery: "sending" }))?.label).toBe("Sending…");
    expect(deliveryLabel(item({ id: "2", ...own, delivery: "sent" }))?.label).toBe("Sent");
    expect(
      deliveryLabel(item({ id: "3", ...own, delivery: "failed", deliveryError: "The comment was deleted" })),
    ).toMatchObject({ label: "Failed: The comment was deleted" });
    expect(deliveryLabel(item({ id: "4", ...own, delivery: "failed" }))?.label).toBe(
      "Failed: the network refused it",
    );
    expect(
      deliveryLabel(
        item({ id: "5", ...own, delivery: "unconfirmed", deliveryError: "Check it on Facebook" }),
      ),
    ).toEqual({ state: "unconfirmed", label: "Unconfirmed", detail: "Check it on Facebook" });
  });
});

describe("authors", () => {
  it("uses the name, else the handle, else 'Someone'", () => {
    expect(authorName({ name: "Anna", handle: "anna", avatarUrl: null })).toBe("Anna");
    expect(authorName({ name: " ", handle: "anna.bsky.social", avatarUrl: null })).toBe("anna.bsky.social");
    expect(authorName({ name: null, handle: null, avatarUrl: null })).toBe("Someone");
  });

  it("writes handles with one @", () => {
    expect(authorHandle({ name: null, handle: "anna", avatarUrl: null })).toBe("@anna");
    expect(authorHandle({ name: null, handle: "@anna@mastodon.social", avatarUrl: null })).toBe(
      "@anna@mastodon.social",
    );
    expect(authorHandle({ name: "Anna", handle: null, avatarUrl: null })).toBeNull();
  });

  it("draws up to two initials", () => {
    expect(initialsOf("Anna Maria Berg")).toBe("AB");
    expect(initialsOf("@coffee.lover")).toBe("CL");
    expect(initialsOf("Ólafur")).toBe("Ó");
    expect(initialsOf("")).toBe("");
  });
});

describe("relative times and counts", () => {
  const now = new Date("2030-05-10T12:00:00Z");

  it("reads 'now', minutes, hours, then the date", () => {
    expect(formatRelativeTime("2030-05-10T11:59:30Z", now)).toBe("now");
    expect(formatRelativeTime("2030-05-10T11:55:00Z", now)).toBe("5m ago");
    expect(formatRelativeTime("2030-05-10T09:00:00Z", now)).toBe("3h ago");
    expect(formatRelativeTime("2030-05-07T09:00:00Z", now, "en-US")).toBe("5/7/2030");
  });

  it("sums a conversation up in words", () => {
    expect(threadSummary({ open: 2, unread: 1, total: 5 })).toBe("2 open · 1 unread");
    expect(threadSummary({ open: 3, unread: 0, total: 3 })).toBe("3 open");
    expect(threadSummary({ open: 0, unread: 0, total: 1 })).toBe("1 comment");
    expect(threadSummary({ open: 0, unread: 0, total: 4 })).toBe("4 comments");
  });

  it("caps the sidebar's badge at 99+", () => {
    expect([badgeCount(7), badgeCount(99), badgeCount(100)]).toEqual(["7", "99", "99+"]);
  });

  it("shows a post by its first written line, cut with an ellipsis", () => {
    expect(firstLine("\n  Waffle Wednesday is back!\nSecond line")).toBe("Waffle Wednesday is back!");
    expect(firstLine("abcdefghij", 6)).toBe("abcde…");
  });
});

describe("the empty list", () => {
  it("speaks of the filter the user is on", () => {
    expect(emptyInboxText(DEFAULT_INBOX_FILTERS).title).toBe("No comments need a reply");
    expect(emptyInboxText({ ...DEFAULT_INBOX_FILTERS, status: "all" }).title).toBe(
      "Nothing here yet — comments under your published posts appear here",
    );
    expect(emptyInboxText({ ...DEFAULT_INBOX_FILTERS, status: "done" }).title).toBe("Nothing done yet");
    expect(emptyInboxText({ ...DEFAULT_INBOX_FILTERS, query: "waffle" }).title).toBe("No comments match");
  });
});

describe("the reply box", () => {
  it("counts an emoji or an accented letter as one character, as people see them", () => {
    expect(countReplyText("Thanks 👍🏽")).toBe(8);
    expect(countReplyText("café")).toBe(4);
  });

  it("lets Send be pressed only with text within the network's limit and nothing in flight", () => {
    expect(checkReply("   ", 300, false)).toMatchObject({ count: 0, canSend: false });
    expect(checkReply("Thank you!", 300, false)).toEqual({ count: 10, max: 300, over: false, canSend: true });
    expect(checkReply("Thank you!", 300, true).canSend).toBe(false);
    expect(checkReply("x".repeat(301), 300, false)).toMatchObject({ over: true, canSend: false });
  });
});
