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
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { PostView } from "@/lib/posts";
import { cn } from "@/lib/utils";
import { PostActionDialogs } from "./post-action-dialogs";
import { approvalLabel } from "./post-logic";
import { usePostCardActions } from "./use-post-card-actions";

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
  const bar = usePostCardActions(post, brandId);

  return (
    // Clicks inside the bar never open the card's details behind it.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops propagation; the buttons are the controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={cn("flex flex-wrap items-center gap-1", className)}
      data-testid="post-actions"
      onClick={(event) => event.stopPropagation()}
    >
      {bar.actions.includes("copy") && (
        <IconAction label={bar.copied ? "Copied!" : "Copy message"} testId="post-copy" onClick={bar.copy}>
          {bar.copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        </IconAction>
      )}
      {bar.actions.includes("download") && (
        <IconAction
          label={bar.downloaded ? "Downloaded" : "Download image"}
          testId="post-download"
          onClick={bar.download}
        >
          {bar.downloaded ? <CheckIcon aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
        </IconAction>
      )}
      {bar.actions.includes("edit") && (
        <IconAction
          label="Edit message"
          testId="post-edit"
          onClick={() => bar.openDialog("edit")}
          disabled={bar.busy}
        >
          <PencilIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("approve") && (
        <IconAction
          label={approvalLabel(post)}
          testId="post-approve"
          tone="approve"
          onClick={bar.approve}
          disabled={bar.busy}
        >
          <ThumbsUpIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("deny") && (
        <IconAction
          label="Deny"
          testId="post-deny"
          tone="deny"
          onClick={() => bar.openDialog("deny")}
          disabled={bar.busy}
        >
          <ThumbsDownIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("schedule") && (
        <IconAction
          label="Schedule"
          testId="post-schedule"
          onClick={() => bar.openDialog("schedule")}
          disabled={bar.busy}
        >
          <CalendarClockIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("publish") && (
        <IconAction
          label="Post now"
          testId="post-publish"
          onClick={() => bar.openDialog("publish")}
          disabled={bar.busy}
        >
          <SendIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("cancel") && (
        <IconAction
          label="Cancel scheduled post"
          testId="post-cancel"
          onClick={() => bar.openDialog("cancel")}
          disabled={bar.busy}
        >
          <BanIcon aria-hidden="true" />
        </IconAction>
      )}
      {bar.actions.includes("delete") && (
        <IconAction
          label="Delete post"
          testId="post-delete"
          tone="deny"
          onClick={() => bar.openDialog("delete")}
          disabled={bar.busy}
        >
          <Trash2Icon aria-hidden="true" />
        </IconAction>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {bar.copied ? "Copied!" : bar.downloaded ? "Downloaded" : ""}
      </span>
      {(bar.copied || bar.downloaded) && (
        <span className="text-xs font-medium text-success" aria-hidden="true" data-testid="post-action-flash">
          {bar.copied ? "Copied!" : "Downloaded"}
        </span>
      )}

      <PostActionDialogs post={post} bar={bar} />
    </div>
  );
}
