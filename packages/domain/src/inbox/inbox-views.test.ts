import { describe, expect, it } from "vitest";
import type { InboxItem } from "../db/schema";
import { type InboxCapabilities, itemActions } from "./inbox-views";

const facebook: InboxCapabilities = {
  collect: "webhook",
  hide: true,
  delete: true,
  like: true,
  maxReplyLength: 8000,
};

const row = (overrides: Partial<InboxItem>): InboxItem => ({
  id: "00000000-0000-4000-8000-000000000001",
  userId: "user",
  brandId: "00000000-0000-4000-8000-000000000002",
  postId: "00000000-0000-4000-8000-000000000003",
  platform: "facebook",
  network: "meta",
  externalId: "c1",
  parentExternalId: null,
  authorExternalId: "a1",
  authorName: "Anna",
  authorHandle: null,
  authorAvatarUrl: null,
  text: "Open on Friday?",
  url: null,
  own: false,
  writtenAt: new Date("2026-11-20T10:00:00Z"),
  editedAt: null,
  removedAt: null,
  hidden: false,
  liked: false,
  sentiment: "neutral",
  question: true,
  spam: false,
  spamReason: null,
  triagedBy: "offline",
  status: "open",
  readAt: null,
  delivery: null,
  deliveryMarker: null,
  deliveryAttemptAt: null,
  deliveryError: null,
  deliveryReason: null,
  sentByUserId: null,
  replyToId: null,
  receivedAt: new Date("2026-11-20T10:00:01Z"),
  updatedAt: new Date("2026-11-20T10:00:01Z"),
  ...overrides,
});

describe("an item's actions", () => {
  it("offers reopening for someone else's comment that is done and still on the network", () => {
    expect(itemActions(row({ status: "done" }), facebook).reopen).toBe(true);
    expect(itemActions(row({ status: "open" }), facebook).reopen).toBe(false);
    expect(itemActions(row({ status: "done", own: true }), facebook).reopen).toBe(false);
    expect(
      itemActions(row({ status: "done", removedAt: new Date("2030-01-01T00:00:00Z") }), facebook).reopen,
    ).toBe(false);
  });

  it("offers marking done only while the comment is open, and never on the brand's own replies", () => {
    expect(itemActions(row({ status: "open" }), facebook).markDone).toBe(true);
    expect(itemActions(row({ status: "done" }), facebook).markDone).toBe(false);
    expect(itemActions(row({ own: true, status: "done" }), facebook).markDone).toBe(false);
  });
});
