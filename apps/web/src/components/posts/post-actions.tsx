import {
  BanIcon,
  CalendarClockIcon,
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  PencilIcon,
  SendIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  Trash2Icon,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { ApproveDialog, DenyDialog } from "@/components/generation/review-dialogs";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { copyText } from "@/lib/clipboard";
import type { PostView } from "@/lib/posts";
import { postCardFeedback } from "@/lib/posts";
import { usePostAction } from "@/lib/use-post-action";
import { cn } from "@/lib/utils";
import { ConfirmDialog, EditPostDialog, ScheduleDialog } from "./post-dialogs";
import { approvalDecision, CONFIRMATION_MS, cardActions, downloadFileName } from "./post-logic";

function IconAction({
  label,
  children,
  onClick,
  testId,
  tone,
  disabled,
}: {
  label: string;
  children: ReactNode;
  onClick: () => void;
  testId: string;
  tone?: "approve" | "deny";
  disabled?: boolean;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={(event) => {
            event.stopPropagation();
            onClick();
          }}
          disabled={disabled}
          data-testid={testId}
          className={cn(
            "size-10",
            tone === "approve" && "text-success hover:text-success",
            tone === "deny" && "text-destructive hover:text-destructive",
          )}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** A 2 s confirmation flag (core spec section 9: copy and download confirmations). */
function useFlash(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [
    on,
    () => {
      if (timer.current) clearTimeout(timer.current);
      setOn(true);
      timer.current = setTimeout(() => setOn(false), CONFIRMATION_MS);
    },
  ];
}

async function downloadImage(post: PostView): Promise<void> {
  if (!post.imageUrl) return;
  const response = await fetch(post.imageUrl, { credentials: "include" });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = downloadFileName(post.id, blob.type);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

type OpenDialog = "approve" | "deny" | "edit" | "schedule" | "cancel" | "delete" | null;

/**
 * The post card's buttons: which ones show is the lifecycle machine's decision (cardActions), each is an
 * icon with a label and a tooltip, and every change is optimistic (usePostAction).
 */
export function PostActions({
  post,
  brandId,
  className,
}: {
  post: PostView;
  brandId: string;
  className?: string;
}) {
  const action = usePostAction(brandId, postCardFeedback);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [copied, flashCopied] = useFlash();
  const [downloaded, flashDownloaded] = useFlash();
  const actions = cardActions(post);
  const reapprove = post.state === "denied";
  const busy = action.isPending;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const approve = () => {
    const decision = approvalDecision(post);
    if (decision.kind === "direct")
      action.mutate({
        postId: post.id,
        action: { type: "approve", scheduledDate: decision.scheduledDate.toISOString() },
      });
    else setDialog("approve");
  };

  return (
    // Clicks inside the bar never open the card's details behind it.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops propagation; the buttons are the controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={cn("flex flex-wrap items-center gap-1", className)}
      data-testid="post-actions"
      onClick={(event) => event.stopPropagation()}
    >
      {actions.includes("copy") && (
        <IconAction
          label={copied ? "Copied!" : "Copy message"}
          testId="post-copy"
          onClick={() => {
            copyText(post.content).then(flashCopied, () =>
              toast.error("Could not copy the message", { duration: 4_000 }),
            );
          }}
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        </IconAction>
      )}
      {actions.includes("download") && (
        <IconAction
          label={downloaded ? "Downloaded" : "Download image"}
          testId="post-download"
          onClick={() => {
            downloadImage(post).then(flashDownloaded, () =>
              toast.error("Could not download the image", { duration: 4_000 }),
            );
          }}
        >
          {downloaded ? <CheckIcon aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
        </IconAction>
      )}
      {actions.includes("edit") && (
        <IconAction label="Edit message" testId="post-edit" onClick={() => setDialog("edit")} disabled={busy}>
          <PencilIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("approve") && (
        <IconAction
          label={reapprove ? "Re-approve" : "Approve"}
          testId="post-approve"
          tone="approve"
          onClick={approve}
          disabled={busy}
        >
          <ThumbsUpIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("deny") && (
        <IconAction
          label="Deny"
          testId="post-deny"
          tone="deny"
          onClick={() => setDialog("deny")}
          disabled={busy}
        >
          <ThumbsDownIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("schedule") && (
        <IconAction
          label="Schedule"
          testId="post-schedule"
          onClick={() => setDialog("schedule")}
          disabled={busy}
        >
          <CalendarClockIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("publish") && (
        <IconAction
          label="Post now"
          testId="post-publish"
          onClick={() => action.mutate({ postId: post.id, action: { type: "publish" } })}
          disabled={busy}
        >
          <SendIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("cancel") && (
        <IconAction
          label="Cancel scheduled post"
          testId="post-cancel"
          onClick={() => setDialog("cancel")}
          disabled={busy}
        >
          <BanIcon aria-hidden="true" />
        </IconAction>
      )}
      {actions.includes("delete") && (
        <IconAction
          label="Delete post"
          testId="post-delete"
          tone="deny"
          onClick={() => setDialog("delete")}
          disabled={busy}
        >
          <Trash2Icon aria-hidden="true" />
        </IconAction>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? "Copied!" : downloaded ? "Downloaded" : ""}
      </span>
      {(copied || downloaded) && (
        <span className="text-xs font-medium text-success" aria-hidden="true" data-testid="post-action-flash">
          {copied ? "Copied!" : "Downloaded"}
        </span>
      )}

      {dialog === "approve" && (
        <ApproveDialog
          post={post}
          open
          onOpenChange={close}
          onApprove={(date) =>
            action.mutate({ postId: post.id, action: { type: "approve", scheduledDate: date.toISOString() } })
          }
        />
      )}
      {dialog === "deny" && (
        <DenyDialog
          open
          onOpenChange={close}
          onDeny={(feedback) => action.mutate({ postId: post.id, action: { type: "deny", feedback } })}
        />
      )}
      {dialog === "edit" && (
        <EditPostDialog
          post={post}
          open
          onOpenChange={close}
          onSave={(content) => action.mutateAsync({ postId: post.id, action: { type: "edit", content } })}
        />
      )}
      {dialog === "schedule" && (
        <ScheduleDialog
          post={post}
          open
          onOpenChange={close}
          onSchedule={(date) =>
            action.mutate({
              postId: post.id,
              action: { type: "schedule", scheduledDate: date.toISOString() },
            })
          }
        />
      )}
      {dialog === "cancel" && (
        <ConfirmDialog
          open
          onOpenChange={close}
          title="Cancel this scheduled post?"
          description="It will not go out. The post moves to Denied, and you can re-approve it later."
          confirmLabel="Cancel post"
          icon={<BanIcon aria-hidden="true" />}
          testId="cancel-post-dialog"
          onConfirm={() => action.mutate({ postId: post.id, action: { type: "cancel" } })}
        />
      )}
      {dialog === "delete" && (
        <ConfirmDialog
          open
          onOpenChange={close}
          title="Delete this post?"
          description="The post is removed for good. This cannot be undone."
          confirmLabel="Delete"
          icon={<Trash2Icon aria-hidden="true" />}
          testId="delete-post-dialog"
          onConfirm={() => action.mutate({ postId: post.id, action: { type: "delete" } })}
        />
      )}
    </div>
  );
}
