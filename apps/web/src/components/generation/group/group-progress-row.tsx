import { platformLabels } from "@smm/domain/web";

import { NetworkIcon } from "@/components/network-icon";
import { useGeneratedPost } from "@/lib/generation";
import { cn } from "@/lib/utils";

/**
 * One version's progress in the group's summary, as the session list shows a generation: the network,
 * the stage in words, a thin bar and the percent; followed live (SSE, then the 3 s poll).
 */
export function GroupProgressRow({ brandId, postId }: { brandId: string; postId: string }) {
  const { post, view } = useGeneratedPost(brandId, postId, { announce: false });
  if (!post || !view) {
    return (
      <li className="flex items-center gap-3 py-2" aria-busy="true">
        <span className="size-4 animate-pulse rounded-full bg-muted" />
        <span className="h-2 flex-1 animate-pulse rounded-full bg-muted" />
      </li>
    );
  }
  const label = platformLabels[post.platform];
  const failed = view.phase === "failed" || view.phase === "image_failed";
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-2"
      data-testid="group-progress"
      data-platform={post.platform}
      data-phase={view.phase}
      data-state={post.state}
    >
      <NetworkIcon platform={post.platform} />
      <span className="flex min-w-0 items-baseline gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn("truncate text-xs", failed ? "text-destructive" : "text-muted-foreground")}>
          {view.stage}
        </span>
      </span>
      <span className="text-xs tabular-nums text-muted-foreground">{view.percent}%</span>
      <div
        role="progressbar"
        aria-label={`${label} version progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={`${view.percent}% – ${view.stage}`}
        className="col-span-2 col-start-2 h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500 ease-out",
            failed ? "bg-destructive" : view.phase === "ready" ? "bg-success" : "bg-primary",
          )}
          style={{ width: `${Math.max(2, Math.min(100, view.percent))}%` }}
        />
      </div>
    </li>
  );
}
