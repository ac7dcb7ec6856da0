import { MAX_CAPTION_CONTEXT } from "@smm/domain/web";
import { CircleAlertIcon, CircleCheckIcon, ExternalLinkIcon, Loader2Icon, XIcon } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

import type { CaptionItem, CaptionItemStatus, CaptionPlatform } from "./use-image-captions";

const STATUS_LABELS: Record<CaptionItemStatus, string> = {
  pending: "Pending",
  processing: "Processing…",
  completed: "Completed",
  error: "Failed",
};

function StatusBadge({ status }: { status: CaptionItemStatus }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        status === "completed" && "border-success/40 bg-success/10 text-success",
        status === "error" && "border-destructive/40 bg-destructive/10 text-destructive",
      )}
      data-testid="caption-item-status"
    >
      {status === "processing" && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {status === "completed" && <CircleCheckIcon aria-hidden="true" />}
      {status === "error" && <CircleAlertIcon aria-hidden="true" />}
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * One picked image: its preview and name, the platform and context while it is pending, then the caption
 * and a link to review the post, or the error that stopped it.
 */
export function CaptionItemCard({
  item,
  onEdit,
  onRemove,
}: {
  item: CaptionItem;
  onEdit: (patch: { platform?: CaptionPlatform; context?: string }) => void;
  onRemove: () => void;
}) {
  const editable = item.status === "pending";
  const contextId = `caption-context-${item.id}`;
  const platformId = `caption-platform-${item.id}`;
  return (
    <li
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-xs sm:grid-cols-[7rem_1fr] sm:p-4"
      data-testid="caption-item"
      data-status={item.status}
      aria-busy={item.status === "processing" || undefined}
    >
      <img
        src={item.preview}
        alt={`Preview of ${item.file.name}`}
        className="aspect-square w-full max-w-40 rounded-lg border object-cover sm:max-w-none"
      />
      <div className="grid min-w-0 content-start gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <span className="truncate text-sm font-medium" title={item.file.name}>
              {item.file.name}
            </span>
            <StatusBadge status={item.status} />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={`Remove ${item.file.name}`}
            data-testid="caption-item-remove"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>

        {editable ? (
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={platformId}>Platform</Label>
              <Select
                value={item.platform}
                onValueChange={(value) => onEdit({ platform: value as CaptionPlatform })}
              >
                <SelectTrigger id={platformId} className="w-full" data-testid="caption-item-platform">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="facebook">Facebook</SelectItem>
                  <SelectItem value="instagram">Instagram</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={contextId}>
                Context <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Textarea
                id={contextId}
                rows={2}
                maxLength={MAX_CAPTION_CONTEXT}
                value={item.context}
                onChange={(event) => onEdit({ context: event.target.value })}
                placeholder="What should the caption say? e.g. our new autumn menu"
                data-testid="caption-item-context"
              />
            </div>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">
            {item.platform === "instagram" ? "Instagram" : "Facebook"}
            {item.context.trim() && ` · ${item.context.trim()}`}
          </p>
        )}

        {item.status === "completed" && item.generatedPost && (
          <div className="grid gap-2 rounded-lg bg-muted/50 p-3" data-testid="caption-item-result">
            <p className="text-sm whitespace-pre-line break-words">{item.generatedPost.content}</p>
            <Link
              to="/dashboard/swipe"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              data-testid="caption-item-review"
            >
              Review the pending post
              <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            </Link>
          </div>
        )}
        {item.status === "error" && item.error && (
          <p
            className="flex items-start gap-1.5 text-sm text-destructive"
            role="alert"
            data-testid="caption-item-error"
          >
            <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {item.error}
          </p>
        )}
      </div>
    </li>
  );
}
