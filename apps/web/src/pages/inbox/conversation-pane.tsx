import { type InboxItemView, type InboxThreadDetailView, platformLabels } from "@smm/domain/web";
import {
  ArrowLeftIcon,
  CheckCheckIcon,
  ExternalLinkIcon,
  EyeIcon,
  EyeOffIcon,
  FileTextIcon,
  HeartIcon,
  MessagesSquareIcon,
  ReplyIcon,
  RotateCcwIcon,
  RotateCwIcon,
  Trash2Icon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import {
  AuthorAvatar,
  AuthorLine,
  DeliveryState,
  ItemBadges,
  ItemText,
  TimeAgo,
} from "@/components/inbox/inbox-item-parts";
import { NetworkIcon } from "@/components/network-icon";
import { PostDetailsDialog } from "@/components/posts/post-details-dialog";
import { ConfirmDialog } from "@/components/posts/post-dialogs";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import {
  useDeleteComment,
  useHideComment,
  useLikeComment,
  useMarkInboxItemsDone,
  useRetryReply,
} from "@/lib/inbox";
import { arrangeThread, authorName } from "@/lib/inbox-logic";
import { usePost } from "@/lib/posts";
import { cn } from "@/lib/utils";

import { listItemDomId, PostThumbnail } from "./conversation-list";
import { REPLY_TEXT_ID, ReplyBox } from "./reply-box";
import type { InboxPageState } from "./use-inbox-page";

const ERROR_TOAST_MS = 4_000;
const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError && error.message ? error.message : fallback, {
    duration: ERROR_TOAST_MS,
  });

/** The DOM id of an item in the open conversation (the keyboard's selection scrolls to it). */
export const threadItemDomId = (itemId: string) => `inbox-thread-item-${itemId}`;

export const focusReplyBox = () => document.getElementById(REPLY_TEXT_ID)?.focus();

/** Focuses the selected item where it is shown (the list on a wide screen, the thread on a phone). */
export function focusSelection(itemId: string | null) {
  if (!itemId) return;
  for (const id of [listItemDomId(itemId), threadItemDomId(itemId)]) {
    const element = document.getElementById(id);
    // offsetParent is null for what a hidden pane holds.
    if (element && element.offsetParent !== null) {
      element.focus();
      return;
    }
  }
}

/** The post details dialog for the conversation's post, read when asked for (the inbox has only its excerpt). */
function PostDetailsLoader({
  brandId,
  postId,
  onClose,
}: {
  brandId: string;
  postId: string;
  onClose: () => void;
}) {
  const post = usePost(brandId, postId);
  useEffect(() => {
    if (post.isError) {
      failed("Could not open the post")(post.error);
      onClose();
    }
  }, [post.isError, post.error, onClose]);
  return (
    <PostDetailsDialog
      brandId={brandId}
      post={post.data ?? null}
      onOpenChange={(open) => !open && onClose()}
    />
  );
}

function PostHeader({
  detail,
  brandId,
  onBack,
}: {
  detail: InboxThreadDetailView;
  brandId: string;
  onBack: () => void;
}) {
  const { post } = detail;
  const [expanded, setExpanded] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const long = post.content.length > 180 || post.content.split("\n").length > 3;
  return (
    <div className="grid gap-3 border-b p-3 sm:p-4" data-testid="inbox-post">
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          onClick={onBack}
          aria-label="Back to conversations"
          data-testid="inbox-back"
        >
          <ArrowLeftIcon aria-hidden="true" />
        </Button>
        <NetworkIcon platform={post.platform} className="size-4" />
        <span className="text-sm font-medium">{platformLabels[post.platform]} post</span>
        {post.postedAt && (
          <span className="text-xs text-muted-foreground">
            · <TimeAgo value={post.postedAt} />
          </span>
        )}
        <div className="ml-auto flex items-center gap-1">
          {post.externalUrl && (
            <Button asChild variant="ghost" size="sm" className="h-10 md:h-9">
              <a
                href={post.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="inbox-post-external"
              >
                <ExternalLinkIcon aria-hidden="true" />
                <span className="hidden sm:inline">View on {platformLabels[post.platform]}</span>
                <span className="sr-only sm:hidden">View on {platformLabels[post.platform]}</span>
              </a>
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="h-10 md:h-9"
            onClick={() => setDetailsOpen(true)}
            data-testid="inbox-post-details"
          >
            <FileTextIcon aria-hidden="true" />
            <span className="hidden sm:inline">Post details</span>
            <span className="sr-only sm:hidden">Post details</span>
          </Button>
        </div>
      </div>
      <div className="flex min-w-0 gap-3">
        <PostThumbnail url={post.thumbnailUrl} className="size-14" />
        <div className="min-w-0 flex-1">
          <p className={cn("text-sm break-words whitespace-pre-line", !expanded && "line-clamp-3")}>
            {post.content}
          </p>
          {long && (
            <button
              type="button"
              className="mt-1 text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              onClick={() => setExpanded(!expanded)}
              aria-expanded={expanded}
            >
              {expanded ? "Show less" : "Show more"}
            </button>
          )}
        </div>
      </div>
      {detailsOpen && (
        <PostDetailsLoader brandId={brandId} postId={post.id} onClose={() => setDetailsOpen(false)} />
      )}
    </div>
  );
}

const actionClass = "h-10 px-2.5 text-xs md:h-8";

function ItemActions({
  item,
  page,
  brandId,
}: {
  item: InboxItemView;
  page: InboxPageState;
  brandId: string;
}) {
  const like = useLikeComment(brandId);
  const hide = useHideComment(brandId);
  const remove = useDeleteComment(brandId);
  const markDone = useMarkInboxItemsDone(brandId);
  const retry = useRetryReply(brandId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { can } = item;
  const name = item.own ? "your reply" : authorName(item.author);
  return (
    <div className="flex flex-wrap items-center gap-0.5" data-testid="inbox-item-actions">
      {can.retry && (
        <Button
          variant="outline"
          size="sm"
          className={actionClass}
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate({ replyId: item.id }, { onError: failed("Could not send the reply again") })
          }
          data-testid="inbox-item-retry"
        >
          <RotateCwIcon aria-hidden="true" className={cn(retry.isPending && "animate-spin")} />
          Retry
        </Button>
      )}
      {can.reply && (
        <Button
          variant="ghost"
          size="sm"
          className={actionClass}
          onClick={() => {
            page.dispatch({ type: "select", itemId: item.id, postId: item.postId });
            // After the box has switched to this comment.
            window.setTimeout(focusReplyBox, 0);
          }}
          aria-label={`Reply to ${name}`}
          data-testid="inbox-item-reply"
        >
          <ReplyIcon aria-hidden="true" />
          Reply
        </Button>
      )}
      {can.like && (
        <Button
          variant="ghost"
          size="sm"
          className={cn(actionClass, item.liked && "text-rose-600 dark:text-rose-400")}
          disabled={item.liked || like.isPending}
          aria-pressed={item.liked}
          onClick={() => like.mutate({ itemId: item.id }, { onError: failed("Could not like the comment") })}
          aria-label={item.liked ? `Liked ${name}'s comment` : `Like ${name}'s comment`}
          data-testid="inbox-item-like"
        >
          <HeartIcon aria-hidden="true" className={cn(item.liked && "fill-current")} />
          {item.liked ? "Liked" : "Like"}
        </Button>
      )}
      {(can.hide || can.unhide) && (
        <Button
          variant="ghost"
          size="sm"
          className={actionClass}
          disabled={hide.isPending}
          onClick={() =>
            hide.mutate(
              { itemId: item.id, hidden: !item.hidden },
              { onError: failed(item.hidden ? "Could not show the comment" : "Could not hide the comment") },
            )
          }
          aria-label={item.hidden ? `Unhide ${name}'s comment` : `Hide ${name}'s comment`}
          data-testid="inbox-item-hide"
        >
          {item.hidden ? <EyeIcon aria-hidden="true" /> : <EyeOffIcon aria-hidden="true" />}
          {item.hidden ? "Unhide" : "Hide"}
        </Button>
      )}
      {(can.markDone || can.reopen) && (
        <Button
          variant="ghost"
          size="sm"
          className={actionClass}
          disabled={markDone.isPending}
          onClick={() =>
            markDone.mutate(
              { itemIds: [item.id], done: item.status === "open", postId: item.postId },
              { onError: failed("Could not change the comment") },
            )
          }
          data-testid="inbox-item-done"
        >
          {item.status === "open" ? (
            <CheckCheckIcon aria-hidden="true" />
          ) : (
            <RotateCcwIcon aria-hidden="true" />
          )}
          {item.status === "open" ? "Mark done" : "Reopen"}
        </Button>
      )}
      {can.delete && (
        <Button
          variant="ghost"
          size="sm"
          className={cn(actionClass, "text-destructive hover:text-destructive")}
          disabled={remove.isPending}
          onClick={() => setConfirmDelete(true)}
          aria-label={item.own ? "Delete your reply" : `Delete ${name}'s comment`}
          data-testid="inbox-item-delete"
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      )}
      {confirmDelete && (
        <ConfirmDialog
          open
          onOpenChange={setConfirmDelete}
          title={item.own ? "Delete your reply?" : "Delete this comment?"}
          description={`It is deleted on ${platformLabels[item.platform]} for everyone. This cannot be undone.`}
          confirmLabel="Delete"
          icon={<Trash2Icon aria-hidden="true" />}
          testId="delete-comment-dialog"
          onConfirm={() =>
            remove.mutate({ itemId: item.id }, { onError: failed("Could not delete the comment") })
          }
        />
      )}
    </div>
  );
}

function ThreadItem({
  item,
  depth,
  selected,
  page,
  brandId,
}: {
  item: InboxItemView;
  depth: number;
  selected: boolean;
  page: InboxPageState;
  brandId: string;
}) {
  return (
    <li
      style={{ marginLeft: `${depth * 1.25}rem` }}
      className={cn(depth > 0 && "border-l-2 border-border pl-2.5 sm:pl-3")}
      data-testid="inbox-thread-item"
      data-item-id={item.id}
      data-own={item.own || undefined}
      data-status={item.status}
      data-depth={depth}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click selects it; the keyboard does so with j / k and the list's buttons. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        id={threadItemDomId(item.id)}
        tabIndex={-1}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("button, a")) return;
          page.dispatch({ type: "select", itemId: item.id, postId: item.postId });
        }}
        className={cn(
          "grid gap-1.5 rounded-lg border p-2.5 transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:p-3",
          item.own ? "border-primary/25 bg-primary/5" : "border-transparent bg-card hover:border-border",
          item.status === "open" && !item.own && "border-l-primary/60",
          selected && "ring-2 ring-ring/70",
        )}
        data-selected={selected || undefined}
      >
        <div className="flex min-w-0 items-start gap-2.5">
          <AuthorAvatar item={item} />
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <AuthorLine item={item} />
              {!item.read && !item.own && (
                <span className="size-2 rounded-full bg-primary" role="img" aria-label="Unread" />
              )}
              {item.status === "done" && !item.own && (
                <span className="text-xs text-muted-foreground" data-testid="inbox-item-done-label">
                  Done
                </span>
              )}
              <ItemBadges item={item} />
            </div>
            <ItemText item={item} />
            <DeliveryState item={item} />
            <ItemActions item={item} page={page} brandId={brandId} />
          </div>
        </div>
      </div>
    </li>
  );
}

function ConversationSkeleton() {
  return (
    <div className="grid gap-4 p-4" role="status" aria-busy="true" aria-label="Loading the conversation">
      <div className="flex gap-3">
        <Skeleton className="size-14 rounded-md" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      {[0, 1, 2].map((key) => (
        <div key={key} className={cn("flex gap-2.5", key === 1 && "ml-5")}>
          <Skeleton className="size-8 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-1/4" />
            <Skeleton className="h-3.5 w-4/5" />
          </div>
        </div>
      ))}
      <Skeleton className="h-28 rounded-xl" />
    </div>
  );
}

/** The open conversation: the post, its thread (replies under what they answer) and the reply box. */
export function ConversationPane({ page }: { page: InboxPageState }) {
  const { thread, brandId } = page;
  const back = () => page.dispatch({ type: "open", postId: null });
  const selectedId = page.nav.itemId;
  // The keyboard's selection is shown in the thread too.
  useEffect(() => {
    if (selectedId)
      document.getElementById(threadItemDomId(selectedId))?.scrollIntoView?.({ block: "nearest" });
  }, [selectedId]);

  if (!page.nav.postId)
    return (
      <EmptyState
        icon={MessagesSquareIcon}
        title="Choose a conversation"
        description="Pick one on the left, or press j to go through the comments one by one."
        className="h-full border-0 bg-transparent"
        testId="inbox-no-selection"
      />
    );
  if (!brandId || thread.isPending) return <ConversationSkeleton />;
  if (thread.isError)
    return (
      <div className="grid gap-3 p-4">
        <Button variant="ghost" className="w-fit md:hidden" onClick={back} data-testid="inbox-back">
          <ArrowLeftIcon aria-hidden="true" />
          Conversations
        </Button>
        <Alert variant="destructive" data-testid="inbox-thread-error">
          <AlertTitle>Could not load this conversation</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-2">
            <span>
              {thread.error instanceof ApiError && thread.error.status !== 0
                ? thread.error.message
                : "Check your connection and try again."}
            </span>
            <Button variant="outline" size="sm" className="h-10" onClick={() => void thread.refetch()}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );

  const detail = thread.data;
  const rows = arrangeThread(detail.items);
  const target = page.replyTarget;
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid="inbox-conversation"
      data-post-id={detail.post.id}
    >
      {/* The post scrolls away with the thread, so a long conversation keeps the room; the reply box stays. */}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <PostHeader detail={detail} brandId={brandId} onBack={back} />
        <div className="p-3 sm:p-4">
          {rows.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No comments on this post yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label="Comments, oldest first">
              {rows.map((row) => (
                <ThreadItem
                  key={row.item.id}
                  item={row.item}
                  depth={row.depth}
                  selected={selectedId === row.item.id}
                  page={page}
                  brandId={brandId}
                />
              ))}
            </ol>
          )}
        </div>
      </div>
      <div className="border-t p-3 sm:p-4">
        {!detail.capabilities ? (
          <p className="text-sm text-muted-foreground" data-testid="inbox-no-replies">
            {platformLabels[detail.post.platform]} does not let replies be sent from here.
          </p>
        ) : target ? (
          <ReplyBox
            key={target.id}
            brandId={brandId}
            target={target}
            maxLength={detail.capabilities.maxReplyLength}
            drafts={page.drafts}
            onEscape={() => focusSelection(page.nav.itemId ?? target.id)}
            onSent={() => page.dispatch({ type: "select", itemId: target.id, postId: target.postId })}
          />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing here to reply to.</p>
        )}
      </div>
    </div>
  );
}
