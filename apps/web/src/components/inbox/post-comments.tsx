import { ArrowRightIcon, MessagesSquareIcon } from "lucide-react";
import { Link } from "react-router";

import {
  AuthorAvatar,
  AuthorLine,
  DeliveryState,
  ItemBadges,
  ItemText,
} from "@/components/inbox/inbox-item-parts";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useInboxThread } from "@/lib/inbox";
import { arrangeThread, countComments } from "@/lib/inbox-logic";

/** Past this many the section shows the newest ones and leaves the rest to the inbox. */
const SHOWN_ITEMS = 20;

export function PostCommentsSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading comments">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-12" />
      <Skeleton className="ml-5 h-12" />
    </div>
  );
}

/**
 * A published post's comments in its details: how many, and the thread (read-only, compact), with the way to
 * the inbox where they are answered.
 */
export function PostComments({ brandId, postId }: { brandId: string; postId: string }) {
  const thread = useInboxThread(brandId, postId);
  const inboxLink = `/inbox?post=${encodeURIComponent(postId)}`;
  if (thread.isPending) return <PostCommentsSkeleton />;

  const items = thread.data?.items ?? [];
  const rows = arrangeThread(items);
  const shown = rows.length > SHOWN_ITEMS ? rows.slice(-SHOWN_ITEMS) : rows;
  const count = countComments(items);
  return (
    <section
      className="grid gap-2 border-t pt-4"
      aria-labelledby="post-comments-title"
      data-testid="post-comments"
    >
      <div className="flex items-center gap-2">
        <MessagesSquareIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <h3 id="post-comments-title" className="text-sm font-semibold">
          Comments
        </h3>
        {thread.data && (
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="post-comments-count">
            {count}
          </span>
        )}
        <Button asChild variant="link" size="sm" className="ml-auto h-9 px-0">
          <Link to={inboxLink} data-testid="post-comments-open-inbox">
            Open in Inbox
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {thread.isError ? (
        <p className="text-sm text-muted-foreground" data-testid="post-comments-error">
          The comments could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void thread.refetch()}>
            Try again
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No comments yet. They appear here as people write them.
        </p>
      ) : (
        <ol className="grid gap-2" aria-label="Comments, oldest first">
          {rows.length > shown.length && (
            <li className="text-xs text-muted-foreground">
              {rows.length - shown.length} earlier in the inbox
            </li>
          )}
          {shown.map(({ item, depth }) => (
            <li
              key={item.id}
              style={{ marginLeft: `${depth * 1}rem` }}
              className={depth > 0 ? "border-l-2 pl-2" : undefined}
              data-testid="post-comment"
              data-item-id={item.id}
            >
              <div className={`flex items-start gap-2 rounded-md p-1.5 ${item.own ? "bg-primary/5" : ""}`}>
                <AuthorAvatar item={item} className="size-6" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <AuthorLine item={item} className="text-xs" />
                    <ItemBadges item={item} />
                  </div>
                  <ItemText item={item} className="text-[13px]" />
                  <DeliveryState item={item} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
