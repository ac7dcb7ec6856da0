import type { InboxItemView, InboxThreadView } from "@smm/domain/web";
import { ImageIcon, Loader2Icon } from "lucide-react";
import { useEffect } from "react";

import { AuthorAvatar, ItemBadges, TimeAgo } from "@/components/inbox/inbox-item-parts";
import { NetworkIcon } from "@/components/network-icon";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { authorName, firstLine, threadSummary } from "@/lib/inbox-logic";
import { cn } from "@/lib/utils";

import type { InboxPageState } from "./use-inbox-page";

/** The DOM id of an item's row in the list: the keyboard focuses it, the conversation pane points at it. */
export const listItemDomId = (itemId: string) => `inbox-list-item-${itemId}`;

export function PostThumbnail({ url, className }: { url: string | null; className?: string }) {
  return (
    <span
      className={cn(
        "flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted",
        className,
      )}
    >
      {url ? (
        <img src={url} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <ImageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
    </span>
  );
}

function ListItem({
  item,
  selected,
  onSelect,
}: {
  item: InboxItemView;
  selected: boolean;
  onSelect: () => void;
}) {
  const name = item.own ? "You" : authorName(item.author);
  return (
    <li>
      <button
        type="button"
        id={listItemDomId(item.id)}
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        aria-label={`${name}: ${firstLine(item.text, 120)}${item.read ? "" : " (unread)"}`}
        className={cn(
          "flex w-full min-w-0 items-start gap-2.5 rounded-lg px-2.5 py-2 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/60",
          selected && "bg-accent ring-2 ring-ring/60",
        )}
        data-testid="inbox-list-item"
        data-item-id={item.id}
        data-selected={selected || undefined}
      >
        <AuthorAvatar item={item} className="size-7" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5 text-sm">
            <span className={cn("truncate", item.read ? "font-medium" : "font-semibold")} title={name}>
              {name}
            </span>
            <TimeAgo value={item.writtenAt} className="ml-auto shrink-0 text-xs text-muted-foreground" />
          </span>
          <span
            className={cn(
              "line-clamp-2 text-sm break-words",
              item.read ? "text-muted-foreground" : "text-foreground",
              item.removedAt && "line-through",
            )}
          >
            {item.text}
          </span>
          <ItemBadges item={item} className="mt-0.5" />
        </span>
      </button>
    </li>
  );
}

function ThreadCard({
  thread,
  page,
  open,
}: {
  thread: InboxThreadView;
  page: InboxPageState;
  open: boolean;
}) {
  const postId = thread.post.id;
  return (
    <li
      className={cn(
        "rounded-xl border bg-card p-1.5 transition-colors",
        open && "border-primary/50 bg-accent/20",
      )}
      data-testid="inbox-thread"
      data-post-id={postId}
    >
      <button
        type="button"
        onClick={() => page.dispatch({ type: "open", postId })}
        aria-current={open ? "true" : undefined}
        className="flex w-full min-w-0 items-center gap-3 rounded-lg p-2 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/60"
        data-testid="inbox-thread-open"
      >
        <PostThumbnail url={thread.post.thumbnailUrl} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <NetworkIcon platform={thread.post.platform} label className="size-3.5" />
            <span className="truncate text-sm font-medium" title={thread.post.content}>
              {firstLine(thread.post.content, 70) || "Post"}
            </span>
          </span>
          <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
            {thread.unread > 0 && (
              <span
                className="size-2 shrink-0 rounded-full bg-primary"
                aria-hidden="true"
                data-testid="inbox-unread-dot"
              />
            )}
            <span data-testid="inbox-thread-counts">{threadSummary(thread)}</span>
            <span aria-hidden="true">·</span>
            <TimeAgo value={thread.lastActivityAt} />
          </span>
        </span>
      </button>
      {thread.items.length > 0 && (
        <ul className="mt-0.5 grid gap-0.5" aria-label="Newest comments">
          {thread.items.map((item) => (
            <ListItem
              key={item.id}
              item={item}
              selected={page.nav.itemId === item.id}
              onSelect={() => page.dispatch({ type: "select", itemId: item.id, postId })}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

export function ConversationListSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading conversations">
      {[0, 1, 2].map((key) => (
        <div key={key} className="grid gap-3 rounded-xl border bg-card p-3">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-md" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <div className="flex items-start gap-2.5 pl-1">
            <Skeleton className="size-7 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-3.5 w-1/3" />
              <Skeleton className="h-3.5 w-5/6" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The conversations, newest activity first, each with its newest items; "Load more" reads the next page. */
export function ConversationList({ page }: { page: InboxPageState }) {
  const { list } = page;
  // A keyboard move shows where it went: the row takes the focus (and so scrolls into view).
  const { movedByKeyboard } = page;
  useEffect(() => {
    if (!movedByKeyboard.current || !page.nav.itemId) return;
    movedByKeyboard.current = false;
    document.getElementById(listItemDomId(page.nav.itemId))?.focus();
  }, [page.nav.itemId, movedByKeyboard]);

  return (
    <div className={cn("grid gap-2", list.isPlaceholderData && "opacity-60 transition-opacity")}>
      <ul className="grid gap-2" aria-label="Conversations">
        {page.threads.map((thread) => (
          <ThreadCard
            key={thread.post.id}
            thread={thread}
            page={page}
            open={page.nav.postId === thread.post.id}
          />
        ))}
      </ul>
      {list.isFetchNextPageError && (
        <p className="text-sm text-destructive" role="alert">
          Could not load more.{" "}
          <button type="button" className="underline" onClick={() => void list.fetchNextPage()}>
            Try again
          </button>
        </p>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="h-10"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="inbox-load-more"
        >
          {list.isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Load more
        </Button>
      )}
    </div>
  );
}
