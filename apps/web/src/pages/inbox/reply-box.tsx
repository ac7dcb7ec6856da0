import type { InboxItemView } from "@smm/domain/web";
import { Loader2Icon, SendIcon, SparklesIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api";
import { useDraftReply, useSendReply } from "@/lib/inbox";
import { authorName, checkReply, firstLine } from "@/lib/inbox-logic";
import { cn } from "@/lib/utils";

/** The reply box's textarea: r focuses it from anywhere on the page. */
export const REPLY_TEXT_ID = "inbox-reply-text";

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError
    ? error.status === 0
      ? NETWORK_ERROR_MESSAGE
      : error.message || fallback
    : fallback;

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The answer to one comment: typed, or drafted by the AI (optionally told what to say) and edited, then
 * sent with Send or Ctrl/Cmd+Enter. A refusal is shown under the box and nothing typed is lost.
 */
export function ReplyBox({
  brandId,
  target,
  maxLength,
  drafts,
  onEscape,
  onSent,
}: {
  brandId: string;
  target: InboxItemView;
  maxLength: number;
  /** What was typed per comment, kept while the page is open. */
  drafts: Map<string, string>;
  /** Escape leaves the box (the page's shortcuts work again). */
  onEscape: () => void;
  onSent: (reply: InboxItemView) => void;
}) {
  const [text, setTextState] = useState(() => drafts.get(target.id) ?? "");
  const [instructions, setInstructions] = useState("");
  const [draftModel, setDraftModel] = useState<"ai" | "offline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraftReply(brandId);
  const send = useSendReply(brandId);
  const textId = REPLY_TEXT_ID;
  const instructionsId = useId();
  const errorId = useId();
  const counterId = useId();
  const check = checkReply(text, maxLength, send.isPending);
  const name = authorName(target.author);

  const setText = (value: string) => {
    setTextState(value);
    drafts.set(target.id, value);
  };

  const submit = () => {
    if (!check.canSend) return;
    setError(null);
    send.mutate(
      { itemId: target.id, text: text.trim() },
      {
        onSuccess: (reply) => {
          setText("");
          drafts.delete(target.id);
          setDraftModel(null);
          setInstructions("");
          onSent(reply);
        },
        onError: (failure) => setError(errorText(failure, "Could not send the reply. Try again.")),
      },
    );
  };

  const writeDraft = () => {
    setError(null);
    const wanted = instructions.trim();
    draft.mutate(
      { itemId: target.id, ...(wanted ? { instructions: wanted } : {}) },
      {
        onSuccess: (answer) => {
          setText(answer.text);
          setDraftModel(answer.model);
        },
        onError: (failure) => setError(errorText(failure, "Could not draft a reply. Try again.")),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.currentTarget.blur();
      onEscape();
    }
  };

  return (
    <form
      className="grid gap-2 rounded-xl border bg-card p-3 shadow-xs"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={`Reply to ${name}`}
      data-testid="inbox-reply-box"
      data-target-id={target.id}
    >
      <div className="flex min-w-0 items-baseline gap-1.5 text-xs text-muted-foreground">
        <span className="shrink-0">Replying to</span>
        <span className="shrink-0 font-medium text-foreground" data-testid="inbox-reply-target">
          {name}
        </span>
        <span className="truncate" title={target.text}>
          “{firstLine(target.text, 80)}”
        </span>
      </div>
      <Label htmlFor={textId} className="sr-only">
        Your reply to {name}
      </Label>
      <Textarea
        id={textId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={`Write a reply… (${isMac ? "⌘" : "Ctrl"}+Enter sends)`}
        className="max-h-48 min-h-16 resize-none"
        aria-invalid={check.over || undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        disabled={draft.isPending}
        data-testid="inbox-reply-text"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        {draftModel === "offline" && (
          <span className="text-muted-foreground" data-testid="inbox-draft-offline">
            Written by the offline model
          </span>
        )}
        {draftModel === "ai" && (
          <span className="text-muted-foreground">Drafted by AI — check it before sending</span>
        )}
        <span
          id={counterId}
          className={cn(
            "ml-auto tabular-nums",
            check.over ? "font-medium text-destructive" : "text-muted-foreground",
          )}
          data-testid="inbox-reply-counter"
        >
          {check.count}/{check.max}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive" role="alert" data-testid="inbox-reply-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-2">
          <Label htmlFor={instructionsId} className="sr-only">
            What should the draft say? (optional)
          </Label>
          <Input
            id={instructionsId}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                if (!draft.isPending) writeDraft();
              }
            }}
            placeholder="What should it say? (optional)"
            maxLength={500}
            className="h-10 min-w-0 flex-1"
            data-testid="inbox-reply-instructions"
          />
          <Button
            type="button"
            variant="outline"
            className="h-10"
            onClick={writeDraft}
            disabled={draft.isPending}
            data-testid="inbox-draft"
          >
            {draft.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {draft.isPending ? "Drafting…" : "Draft with AI"}
          </Button>
        </div>
        <Button type="submit" className="h-10 sm:ml-auto" disabled={!check.canSend} data-testid="inbox-send">
          {send.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {send.isPending ? "Sending…" : "Send"}
        </Button>
      </div>
    </form>
  );
}
