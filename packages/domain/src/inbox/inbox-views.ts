import type { NetworkDescriptor } from "../channels/network-descriptor";
import type { Deps } from "../context";
import { type InboxItem, inboxItems, type Post } from "../db/schema";
import { loadPostMedia } from "../media/post-media";
import { isMetaPlatform, type PostPlatform } from "../posts/messages";
import type { InboxItemView, InboxPostView } from "./schemas";

/** What a network lets be done with comments (its descriptor's capabilities.inbox), or null: nothing. */
export type InboxCapabilities = NonNullable<NetworkDescriptor["capabilities"]["inbox"]>;

/** A network's descriptor as the inbox reads it: its inbox capabilities and how it counts text. */
export interface InboxNetwork {
  inbox: InboxCapabilities | null;
  text: NetworkDescriptor["text"] | null;
}

const NO_NETWORK: InboxNetwork = { inbox: null, text: null };

/** The columns an item's view reads (a list selects these, not the whole row). */
export const inboxItemViewColumns = {
  id: inboxItems.id,
  postId: inboxItems.postId,
  platform: inboxItems.platform,
  network: inboxItems.network,
  externalId: inboxItems.externalId,
  replyToId: inboxItems.replyToId,
  authorName: inboxItems.authorName,
  authorHandle: inboxItems.authorHandle,
  authorAvatarUrl: inboxItems.authorAvatarUrl,
  text: inboxItems.text,
  url: inboxItems.url,
  own: inboxItems.own,
  writtenAt: inboxItems.writtenAt,
  editedAt: inboxItems.editedAt,
  removedAt: inboxItems.removedAt,
  hidden: inboxItems.hidden,
  liked: inboxItems.liked,
  sentiment: inboxItems.sentiment,
  question: inboxItems.question,
  spam: inboxItems.spam,
  spamReason: inboxItems.spamReason,
  triagedBy: inboxItems.triagedBy,
  status: inboxItems.status,
  readAt: inboxItems.readAt,
  delivery: inboxItems.delivery,
  deliveryError: inboxItems.deliveryError,
  deliveryReason: inboxItems.deliveryReason,
};

/** An item as its view reads it. */
export type InboxItemViewRow = Pick<InboxItem, keyof typeof inboxItemViewColumns>;

/**
 * Reads each platform's descriptor at most once for one call. A descriptor that cannot be read (the
 * router failing) offers no action rather than failing the whole list.
 */
export function createNetworkReader(
  deps: Pick<Deps, "social">,
  ref: { userId: string; brandId: string },
): (platform: PostPlatform) => Promise<InboxNetwork> {
  const cache = new Map<PostPlatform, Promise<InboxNetwork>>();
  return (platform) => {
    let found = cache.get(platform);
    if (!found) {
      found = deps.social
        .describe({ userId: ref.userId, brandId: ref.brandId, platform })
        .then((descriptor) => ({ inbox: descriptor.capabilities.inbox, text: descriptor.text }))
        .catch(() => NO_NETWORK);
      cache.set(platform, found);
    }
    return found;
  };
}

/**
 * What may be done with an item now, from its network's capabilities and its state:
 * - reply: to what others wrote, while it is on the network (on Instagram a reply to a reply goes under its
 *   top-level comment, the only level Instagram answers);
 * - hide / unhide: others' comments, where the network hides;
 * - delete: where the network deletes, the brand's own replies always, others' comments only on Facebook and
 *   Instagram (the other networks let an account delete only what it wrote);
 * - like: others' comments not liked yet, where the network has likes;
 * - markDone: others' comments still open; reopen: others' done comments still on the network; retry: the brand's replies that failed or stayed unconfirmed.
 */
export function itemActions(row: InboxItemViewRow, inbox: InboxCapabilities | null): InboxItemView["can"] {
  const present = row.removedAt === null;
  const theirs = !row.own;
  const onNetwork = present && row.externalId !== null;
  return {
    reply: Boolean(inbox) && theirs && onNetwork,
    hide: Boolean(inbox?.hide) && theirs && onNetwork && !row.hidden,
    unhide: Boolean(inbox?.hide) && theirs && onNetwork && row.hidden,
    delete: Boolean(inbox?.delete) && onNetwork && (row.own || isMetaPlatform(row.platform)),
    like: Boolean(inbox?.like) && theirs && onNetwork && !row.liked,
    markDone: theirs && row.status === "open",
    reopen: theirs && present && row.status === "done",
    retry: row.own && (row.delivery === "failed" || row.delivery === "unconfirmed"),
  };
}

export function toInboxItemView(row: InboxItemViewRow, inbox: InboxCapabilities | null): InboxItemView {
  return {
    id: row.id,
    postId: row.postId,
    platform: row.platform,
    network: row.network,
    replyToId: row.replyToId,
    author: { name: row.authorName, handle: row.authorHandle, avatarUrl: row.authorAvatarUrl },
    text: row.text,
    url: row.url,
    own: row.own,
    writtenAt: row.writtenAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
    hidden: row.hidden,
    liked: row.liked,
    sentiment: row.sentiment,
    question: row.question,
    spam: row.spam,
    spamReason: row.spamReason,
    triagedBy: row.triagedBy === "ai" || row.triagedBy === "offline" ? row.triagedBy : null,
    status: row.status,
    read: row.readAt !== null,
    delivery: row.delivery,
    deliveryError: row.deliveryError,
    deliveryReason: row.deliveryReason,
    can: itemActions(row, inbox),
  };
}

/** Items as views, each with the actions its network allows (descriptors read once per platform). */
export async function toInboxItemViews(
  read: (platform: PostPlatform) => Promise<InboxNetwork>,
  rows: readonly InboxItemViewRow[],
): Promise<InboxItemView[]> {
  const views: InboxItemView[] = [];
  for (const row of rows) views.push(toInboxItemView(row, (await read(row.platform)).inbox));
  return views;
}

/** The post columns a conversation's view reads. */
export type InboxPostRow = Pick<
  Post,
  "id" | "platform" | "content" | "externalUrl" | "postedAt" | "format" | "imageMediaId" | "imageUrl"
>;

/** The posts conversations are under, with their first image (or a video's poster) signed, in one query. */
export async function toInboxPostViews(
  deps: Pick<Deps, "db" | "mediaUrls" | "now">,
  rows: readonly InboxPostRow[],
): Promise<Map<string, InboxPostView>> {
  const mediaOf = await loadPostMedia(deps, rows);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        platform: row.platform,
        content: row.content,
        thumbnailUrl: mediaOf.get(row.id)?.[0]?.thumbnailUrl ?? null,
        externalUrl: row.externalUrl,
        postedAt: row.postedAt?.toISOString() ?? null,
        format: row.format,
      } satisfies InboxPostView,
    ]),
  );
}

/**
 * A conversation in reading order: comments on the post oldest first, each followed by its replies (and
 * theirs), oldest first. An item whose parent is not stored is read as a comment on the post.
 */
export function orderAsConversation<T extends Pick<InboxItem, "id" | "replyToId" | "writtenAt">>(
  items: readonly T[],
): T[] {
  const byTime = [...items].sort(
    (a, b) => a.writtenAt.getTime() - b.writtenAt.getTime() || a.id.localeCompare(b.id),
  );
  const ids = new Set(byTime.map((item) => item.id));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of byTime) {
    if (item.replyToId && ids.has(item.replyToId) && item.replyToId !== item.id) {
      const list = children.get(item.replyToId) ?? [];
      list.push(item);
      children.set(item.replyToId, list);
    } else roots.push(item);
  }
  const ordered: T[] = [];
  const seen = new Set<string>();
  const visit = (item: T) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    ordered.push(item);
    for (const child of children.get(item.id) ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  // A cycle of replies (bad data from a network) is still shown, in time order.
  for (const item of byTime) visit(item);
  return ordered;
}
