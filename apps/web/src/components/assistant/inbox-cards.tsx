import { useQuery } from "@tanstack/react-query";
import {
  CheckIcon,
  EyeOffIcon,
  InboxIcon,
  Loader2Icon,
  MessageSquareIcon,
  PencilIcon,
  RotateCcwIcon,
  SendIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";

import { reviseToolOutput } from "@/components/assistant/brand-chats";
import { cardClass } from "@/components/assistant/card-styles";
import type { ChatTools, ToolPart } from "@/components/assistant/chat-part";
import { networkName } from "@/components/assistant/planning-format";
import { AuthorLine, DeliveryState, ItemBadges } from "@/components/inbox/inbox-item-parts";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api";
import { inboxKeys, useHideComment, useRetryReply, useSendReply } from "@/lib/inbox";
import { authorName, firstLine } from "@/lib/inbox-logic";
import { callTool } from "@/lib/tools";
import { cn } from "@/lib/utils";

/*
 * The inbox tools in the chat (issue 33): the comments found, a post's thread, a drafted reply with Send and
 * Edit, a sent reply with how its sending went, spam waiting for the user's yes, the counts. Nothing is sent
 * or hidden by showing a card: only the user's click (or their "send it" in the chat) does it.
 */

type InboxPage = ChatTools["listInboxItems"]["output"];
type InboxPost = InboxPage["threads"][number]["post"];
type InboxItem = InboxPage["threads"][number]["items"][number];
type ThreadDetail = ChatTools["getInboxThread"]["output"];
type ReplyDraft = ChatTools["draftReply"]["output"];

/** Comments shown per conversation in a list card, and per thread card; the Inbox has the rest. */
const ITEMS_SHOWN = 3;
const THREAD_ITEMS_SHOWN = 6;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const fromOthers = (item: InboxItem) => !item.own && !item.removedAt;
const isHideableSpam = (item: InboxItem) => item.spam && fromOthers(item) && !item.hidden && item.can.hide;

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? error.status === 0
      ? NETWORK_ERROR_MESSAGE
      : error.message || "Something went wrong."
    : "Something went wrong.";

function InboxLink({ postId, label = "Open in Inbox" }: { postId?: string | undefined; label?: string }) {
  return (
    <Link
      to={postId ? `/inbox?post=${encodeURIComponent(postId)}` : "/inbox"}
      className="text-xs underline underline-offset-2"
      data-testid="assistant-inbox-link"
    >
      {label}
    </Link>
  );
}

/** The post a conversation is under: its network and the start of its text. */
function PostLine({ post }: { post: InboxPost }) {
  return (
    <p className="flex min-w-0 items-baseline gap-1.5 text-xs text-muted-foreground">
      <span className="shrink-0 font-medium text-foreground">{networkName(post.platform)}</span>
      <span className="truncate" title={post.content}>
        {firstLine(post.content || "Your post", 90)}
      </span>
    </p>
  );
}

/** One comment: who, when, its badges and text (a removed one says so). */
function CommentRow({ item }: { item: InboxItem }) {
  return (
    <li className="space-y-0.5" data-testid="assistant-inbox-item" data-item-id={item.id}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <AuthorLine item={item} className="min-w-0" />
        <ItemBadges item={item} />
      </div>
      <p className={cn("break-words", item.removedAt && "text-muted-foreground italic")}>
        {item.removedAt ? "Removed" : firstLine(item.text, 240)}
      </p>
      {item.own && <DeliveryState item={item} />}
    </li>
  );
}

/** listInboxItems: the conversations found, each with its post and newest comments. */
export function InboxListCard({ page, input }: { page: InboxPage; input: { status?: string | undefined } }) {
  const threads = page.threads.filter((thread) => thread.items.length > 0);
  const needsReply = (input.status ?? "needs_reply") === "needs_reply";
  const title =
    threads.length === 0
      ? needsReply
        ? "No comments need a reply"
        : "No comments found"
      : needsReply
        ? `${plural(page.needsReply, "comment")} need${page.needsReply === 1 ? "s" : ""} a reply`
        : `${plural(
            threads.reduce((sum, thread) => sum + thread.items.length, 0),
            "comment",
          )} on ${plural(threads.length, "post")}`;
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="assistant-inbox-list">
      <p className="flex items-center gap-2 font-medium">
        <InboxIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {title}
      </p>
      {threads.slice(0, 5).map((thread) => (
        <section key={thread.post.id} className="space-y-1.5 border-t pt-2" aria-label="Conversation">
          <PostLine post={thread.post} />
          <ul className="space-y-2">
            {thread.items.slice(0, ITEMS_SHOWN).map((item) => (
              <CommentRow key={item.id} item={item} />
            ))}
          </ul>
          {thread.items.length > ITEMS_SHOWN && (
            <p className="text-xs text-muted-foreground">
              ...and {thread.items.length - ITEMS_SHOWN} more.{" "}
              <InboxLink postId={thread.post.id} label="See all" />
            </p>
          )}
        </section>
      ))}
      {threads.length > 5 && (
        <p className="text-xs text-muted-foreground">...and {threads.length - 5} more conversations.</p>
      )}
      <InboxLink />
    </div>
  );
}

/**
 * The spam of a thread, waiting for the user's yes: "Hide N comments" hides them one by one (each network
 * call is its own), and says what happened to each.
 */
function HideSpamConfirm({ brandId, spam }: { brandId: string; spam: InboxItem[] }) {
  const hide = useHideComment(brandId);
  const [state, setState] = useState<
    { step: "ask" } | { step: "hiding" } | { step: "done"; hidden: number; errors: string[] }
  >({ step: "ask" });
  const run = async () => {
    setState({ step: "hiding" });
    let hidden = 0;
    const errors: string[] = [];
    for (const item of spam) {
      try {
        await hide.mutateAsync({ itemId: item.id, hidden: true });
        hidden += 1;
      } catch (error) {
        errors.push(`${authorName(item.author)}: ${errorText(error)}`);
      }
    }
    setState({ step: "done", hidden, errors });
  };
  const count = plural(spam.length, "comment");
  return (
    <div
      className="space-y-2 rounded-md border border-amber-500/40 bg-amber-500/5 p-2"
      data-testid="assistant-hide-confirm"
    >
      <p className="font-medium">
        {spam.length === 1 ? "1 comment looks like spam" : `${spam.length} comments look like spam`}
      </p>
      <ul className="space-y-1 text-xs text-muted-foreground">
        {spam.map((item) => (
          <li key={item.id} className="break-words">
            <span className="font-medium text-foreground">{authorName(item.author)}</span>:{" "}
            {firstLine(item.text, 120)}
            {item.spamReason && <span> ({item.spamReason})</span>}
          </li>
        ))}
      </ul>
      {state.step === "done" ? (
        <div className="space-y-1 text-xs" role="status" data-testid="assistant-hide-result">
          {state.hidden > 0 && (
            <p className="flex items-center gap-1">
              <CheckIcon className="size-3.5 text-success" aria-hidden="true" />
              Hidden {plural(state.hidden, "comment")}. Their authors still see them.
            </p>
          )}
          {state.errors.map((error) => (
            <p key={error} className="text-destructive">
              {error}
            </p>
          ))}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void run()}
            disabled={state.step === "hiding"}
            data-testid="assistant-hide-confirm-button"
          >
            {state.step === "hiding" ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <EyeOffIcon aria-hidden="true" />
            )}
            Hide {count}
          </Button>
          <span className="text-xs text-muted-foreground">Nothing is hidden until you press it.</span>
        </div>
      )}
    </div>
  );
}

/** getInboxThread: one post's conversation (its newest comments), and its spam to hide on the user's yes. */
export function InboxThreadCard({ brandId, thread }: { brandId: string; thread: ThreadDetail }) {
  const others = thread.items.filter((item) => !item.own);
  const shown = thread.items.slice(-THREAD_ITEMS_SHOWN);
  const spam = thread.items.filter(isHideableSpam);
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-inbox-thread">
      <p className="flex items-center gap-2 font-medium">
        <MessageSquareIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {others.length === 0
          ? "No comments yet"
          : `${plural(others.length, "comment")}${thread.open > 0 ? `, ${thread.open} waiting for a reply` : ""}`}
      </p>
      <PostLine post={thread.post} />
      {shown.length > 0 && (
        <ul className="space-y-2">
          {shown.map((item) => (
            <CommentRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {thread.items.length > shown.length && (
        <p className="text-xs text-muted-foreground">
          Showing the newest {shown.length} of {thread.items.length}.
        </p>
      )}
      {spam.length > 0 && <HideSpamConfirm brandId={brandId} spam={spam} />}
      <InboxLink postId={thread.post.id} />
    </div>
  );
}

/** The brand's reply to a comment, when its thread holds one (the card's Send, or "send it" in the chat). */
function useExistingReply(brandId: string, itemId: string) {
  return useQuery({
    // Under the brand's inbox keys: inbox.changed (a reply sent anywhere) refreshes it.
    queryKey: [...inboxKeys.all(brandId), "reply-of", itemId],
    queryFn: async ({ signal }) => {
      const thread = await callTool<ThreadDetail>("getInboxThread", { itemId }, { brandId, signal });
      const comment = thread.items.find((item) => item.id === itemId) ?? null;
      const reply =
        thread.items.findLast((item) => item.own && item.replyToId === itemId && item.delivery !== null) ??
        null;
      return { comment, reply };
    },
    retry: false,
  });
}

/** A sent (or sending, failed, unconfirmed) reply, with Retry when the network refused it. */
function ReplyState({ brandId, reply }: { brandId: string; reply: InboxItem }) {
  const retry = useRetryReply(brandId);
  const current = retry.data ?? reply;
  return (
    <div className="space-y-1" data-testid="assistant-reply-state" data-delivery={current.delivery ?? ""}>
      <DeliveryState item={current} />
      {current.can.retry && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => retry.mutate({ replyId: current.id })}
          disabled={retry.isPending}
          data-testid="assistant-reply-retry"
        >
          {retry.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <RotateCcwIcon aria-hidden="true" />
          )}
          Retry
        </Button>
      )}
      {retry.error && <p className="text-xs text-destructive">{errorText(retry.error)}</p>}
    </div>
  );
}

/**
 * draftReply: the draft, labelled when the offline model wrote it, with Send (sendReply, once) and Edit (a
 * textarea). A reply already sent to the comment (from this card or the chat) shows how it went instead.
 */
export function ReplyDraftCard({
  brandId,
  draft,
  toolCallId,
}: {
  brandId: string;
  draft: ReplyDraft;
  /** The draftReply call the card shows: an edit is written back there, so "send it" sends the edit. */
  toolCallId?: string;
}) {
  const existing = useExistingReply(brandId, draft.itemId);
  const send = useSendReply(brandId);
  const [text, setText] = useState(draft.text);
  const edit = (value: string) => {
    setText(value);
    const edited = value.trim();
    if (toolCallId && edited)
      reviseToolOutput<ReplyDraft>(brandId, toolCallId, (output) => ({ ...output, text: edited }));
  };
  const [editing, setEditing] = useState(false);
  const textId = useId();
  const comment = existing.data?.comment ?? null;
  const sent = send.data ?? existing.data?.reply ?? null;
  const trimmed = text.trim();
  const tooLong = trimmed.length > draft.maxLength;
  const submit = () => {
    if (!trimmed || tooLong || send.isPending) return;
    send.mutate({ itemId: draft.itemId, text: trimmed });
  };
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-reply-draft">
      <p className="flex items-center gap-2 font-medium">
        <MessageSquareIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {comment ? `Reply to ${authorName(comment.author)}` : "Draft reply"}
      </p>
      {comment && (
        <blockquote className="border-l-2 pl-2 text-xs text-muted-foreground">
          {firstLine(comment.text, 160)}
        </blockquote>
      )}
      {editing && !sent ? (
        <div className="space-y-1">
          <label htmlFor={textId} className="sr-only">
            Your reply
          </label>
          <Textarea
            id={textId}
            value={text}
            onChange={(event) => edit(event.target.value)}
            rows={4}
            className="text-sm"
            data-testid="assistant-reply-draft-text"
            autoFocus
          />
          <p className={cn("text-right text-xs text-muted-foreground", tooLong && "text-destructive")}>
            {trimmed.length} / {draft.maxLength}
          </p>
        </div>
      ) : (
        <p className="break-words whitespace-pre-wrap" data-testid="assistant-reply-draft-body">
          {sent ? sent.text : text}
        </p>
      )}
      {draft.model === "offline" && !sent && (
        <p className="text-xs text-muted-foreground" data-testid="assistant-reply-draft-model">
          Written by the offline model
        </p>
      )}
      {sent ? (
        <ReplyState brandId={brandId} reply={sent} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            size="sm"
            onClick={submit}
            disabled={!trimmed || tooLong || send.isPending || existing.isPending}
            data-testid="assistant-reply-send"
          >
            {send.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            {send.error ? "Retry" : "Send"}
          </Button>
          {!editing && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              disabled={send.isPending}
              data-testid="assistant-reply-edit"
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          )}
          {!send.error && (
            <span className="text-xs text-muted-foreground">Nothing is sent until you press Send.</span>
          )}
        </div>
      )}
      {send.error && (
        <p className="text-xs text-destructive" role="alert" data-testid="assistant-reply-error">
          {errorText(send.error)}
        </p>
      )}
      {comment && <InboxLink postId={comment.postId} />}
    </div>
  );
}

/** sendReply, retryReply: the reply and how its sending went. */
export function SentReplyCard({ brandId, reply }: { brandId: string; reply: InboxItem }) {
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-reply-sent">
      <p className="flex items-center gap-2 font-medium">
        <SendIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Your reply on {networkName(reply.platform)}
      </p>
      <p className="break-words whitespace-pre-wrap">{reply.text}</p>
      <ReplyState brandId={brandId} reply={reply} />
      <InboxLink postId={reply.postId} />
    </div>
  );
}

/** A line with an icon and the Inbox's link: hidden, deleted, liked, marked, counted. */
function InboxLineCard({ text, postId, testId }: { text: string; postId?: string; testId: string }) {
  return (
    <div className={cn(cardClass, "flex items-start gap-2")} data-testid={testId}>
      <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      <span className="min-w-0 space-y-0.5">
        <span className="block">{text}</span>
        <InboxLink postId={postId} />
      </span>
    </div>
  );
}

/** The card of a finished inbox tool, or null for any other part. */
export function inboxCard(part: ToolPart, brandId: string) {
  if (part.state !== "output-available") return null;
  switch (part.type) {
    case "tool-listInboxItems":
      return <InboxListCard page={part.output} input={part.input ?? {}} />;
    case "tool-getInboxThread":
      return <InboxThreadCard brandId={brandId} thread={part.output} />;
    case "tool-draftReply":
      return <ReplyDraftCard brandId={brandId} draft={part.output} toolCallId={part.toolCallId} />;
    case "tool-sendReply":
    case "tool-retryReply":
      return <SentReplyCard brandId={brandId} reply={part.output} />;
    case "tool-hideComment":
      return (
        <InboxLineCard
          testId="assistant-inbox-hidden"
          postId={part.output.postId}
          text={`${part.output.hidden ? "Hidden" : "Shown again"}: ${authorName(part.output.author)}'s comment “${firstLine(part.output.text, 60)}”`}
        />
      );
    case "tool-deleteComment":
      return (
        <InboxLineCard
          testId="assistant-inbox-deleted"
          postId={part.output.postId}
          text={`Deleted: ${authorName(part.output.author)}'s comment`}
        />
      );
    case "tool-likeComment":
      return (
        <InboxLineCard
          testId="assistant-inbox-liked"
          postId={part.output.postId}
          text={`Liked: ${authorName(part.output.author)}'s comment`}
        />
      );
    case "tool-markInboxItemsDone":
      return (
        <InboxLineCard
          testId="assistant-inbox-marked"
          text={`${plural(part.output.updated, "comment")} ${part.input?.done === false ? "open again" : "marked done"}`}
        />
      );
    case "tool-markInboxRead":
    case "tool-getInboxCounts":
      return (
        <div className={cn(cardClass, "flex items-start gap-2")} data-testid="assistant-inbox-counts">
          <InboxIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 space-y-0.5">
            <span className="block">
              {plural(part.output.needsReply, "comment")} need{part.output.needsReply === 1 ? "s" : ""} a
              reply · {part.output.unread} unread
            </span>
            <InboxLink label="Open the Inbox" />
          </span>
        </div>
      );
    default:
      return null;
  }
}
