import type { InboxItemView } from "@smm/domain/web";
import { describe, expect, it } from "vitest";
import {
  arrangeThread,
  countComments,
  DEFAULT_INBOX_FILTERS,
  flattenThreads,
  MAX_THREAD_DEPTH,
  pickReplyTarget,
  toListInboxInput,
} from "@/lib/inbox-logic";
import { item } from "./inbox-fixtures";

/*
 * The inbox's conversation pane reads a post's thread as people wrote it: comments oldest first, each
 * followed by the replies to it, indented one step per level; the reply box answers the selected comment or
 * else the newest one still waiting.
 */

const at = (minute: number) => `2030-01-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
const layout = (items: InboxItemView[]) =>
  arrangeThread(items).map((row) => `${"  ".repeat(row.depth)}${row.item.id}`);

describe("arrangeThread", () => {
  it("puts comments oldest first and each reply under what it answers, oldest reply first", () => {
    const items = [
      item({ id: "b", writtenAt: at(5) }),
      item({ id: "a-reply-2", replyToId: "a", writtenAt: at(9) }),
      item({ id: "a", writtenAt: at(1) }),
      item({ id: "a-reply-1", replyToId: "a", writtenAt: at(3), own: true }),
      item({ id: "a-reply-1-reply", replyToId: "a-reply-1", writtenAt: at(4) }),
      item({ id: "b-reply", replyToId: "b", writtenAt: at(6) }),
    ];
    expect(layout(items)).toEqual([
      "a",
      "  a-reply-1",
      "    a-reply-1-reply",
      "  a-reply-2",
      "b",
      "  b-reply",
    ]);
  });

  it("shows a reply whose parent is not stored as a comment of its own", () => {
    const items = [
      item({ id: "orphan", replyToId: "gone", writtenAt: at(2) }),
      item({ id: "a", writtenAt: at(1) }),
    ];
    expect(layout(items)).toEqual(["a", "orphan"]);
  });

  it("stops indenting past the deepest level a phone can show", () => {
    const chain = Array.from({ length: 6 }, (_, index) =>
      item({
        id: `level-${index}`,
        replyToId: index === 0 ? null : `level-${index - 1}`,
        writtenAt: at(index),
      }),
    );
    expect(arrangeThread(chain).map((row) => row.depth)).toEqual([
      0,
      1,
      2,
      MAX_THREAD_DEPTH,
      MAX_THREAD_DEPTH,
      MAX_THREAD_DEPTH,
    ]);
  });

  it("still shows every item when the network's data loops", () => {
    const items = [
      item({ id: "x", replyToId: "y", writtenAt: at(1) }),
      item({ id: "y", replyToId: "x", writtenAt: at(2) }),
      item({ id: "self", replyToId: "self", writtenAt: at(3) }),
    ];
    const rows = arrangeThread(items);
    expect(rows.map((row) => row.item.id).sort()).toEqual(["self", "x", "y"]);
    expect(new Set(rows.map((row) => row.item.id)).size).toBe(3);
  });

  it("keeps items written at the same moment in a stable order", () => {
    const items = [item({ id: "m2", writtenAt: at(1) }), item({ id: "m1", writtenAt: at(1) })];
    expect(layout(items)).toEqual(["m1", "m2"]);
  });
});

describe("pickReplyTarget", () => {
  const thread = [
    item({ id: "old-open", writtenAt: at(1) }),
    item({ id: "new-open", writtenAt: at(5) }),
    item({ id: "newest-done", writtenAt: at(8), status: "done" }),
    item({ id: "ours", writtenAt: at(9), own: true }),
    item({ id: "removed", writtenAt: at(10), can: { ...item({ id: "t" }).can, reply: false } }),
  ];

  it("answers the selected comment when it can be answered", () => {
    expect(pickReplyTarget(thread, "old-open")?.id).toBe("old-open");
  });

  it("otherwise answers the newest comment still waiting for a reply", () => {
    expect(pickReplyTarget(thread, null)?.id).toBe("new-open");
    expect(pickReplyTarget(thread, "removed")?.id).toBe("new-open");
  });

  it("falls back to the newest answerable comment when all are done, and to nobody without one", () => {
    const done = thread.map((entry) => ({ ...entry, status: "done" as const }));
    expect(pickReplyTarget(done, null)?.id).toBe("newest-done");
    expect(
      pickReplyTarget([item({ id: "mine", own: true, can: { ...thread[0]!.can, reply: false } })], null),
    ).toBeNull();
  });
});

describe("the list's pages", () => {
  const thread = (postId: string) => ({
    post: {
      id: postId,
      platform: "facebook" as const,
      content: "",
      thumbnailUrl: null,
      externalUrl: null,
      postedAt: null,
      format: "feed",
    },
    items: [],
    lastActivityAt: at(1),
    total: 1,
    open: 1,
    unread: 0,
    urgent: 0,
  });

  it("lists each conversation once, even when a new comment moved it onto an earlier page", () => {
    const pages = [{ threads: [thread("p1"), thread("p2")] }, { threads: [thread("p2"), thread("p3")] }];
    expect(flattenThreads(pages).map((entry) => entry.post.id)).toEqual(["p1", "p2", "p3"]);
  });

  it("asks for the status always, and for a network, words and the next page only when given", () => {
    expect(toListInboxInput(DEFAULT_INBOX_FILTERS, null)).toEqual({ status: "needs_reply" });
    expect(toListInboxInput({ status: "all", platform: "bluesky", query: "  waffle " }, "cursor-1")).toEqual({
      status: "all",
      platform: "bluesky",
      query: "waffle",
      before: "cursor-1",
    });
  });

  it("counts the comments of others still on the network", () => {
    expect(
      countComments([item({ id: "1" }), item({ id: "2", own: true }), item({ id: "3", removedAt: at(2) })]),
    ).toBe(1);
  });
});
