import type { InboxItemView } from "@smm/domain/web";

let next = 0;

/** An inbox item as listInboxItems / getInboxThread answer it: a neutral open comment unless told otherwise. */
export function item(overrides: Partial<InboxItemView> & { id: string }): InboxItemView {
  next += 1;
  return {
    postId: "post-1",
    platform: "facebook",
    network: "meta",
    replyToId: null,
    author: { name: `Person ${next}`, handle: null, avatarUrl: null },
    text: `Comment ${overrides.id}`,
    url: null,
    own: false,
    writtenAt: "2030-01-01T10:00:00.000Z",
    editedAt: null,
    removedAt: null,
    hidden: false,
    liked: false,
    sentiment: "neutral",
    question: false,
    spam: false,
    spamReason: null,
    triagedBy: "offline",
    status: "open",
    read: true,
    delivery: null,
    deliveryError: null,
    deliveryReason: null,
    can: {
      reply: true,
      hide: true,
      unhide: false,
      delete: true,
      like: true,
      markDone: true,
      reopen: false,
      retry: false,
    },
    ...overrides,
  };
}
