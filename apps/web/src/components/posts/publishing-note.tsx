import { CircleAlertIcon, HourglassIcon, PlugZapIcon, TriangleAlertIcon } from "lucide-react";
import { Link } from "react-router";

import { formatDateTime } from "@/lib/generation";
import type { PostView } from "@/lib/posts";
import { cn } from "@/lib/utils";

/**
 * Why a post that should have gone out has not: waiting out the network's rate limit (tried again on its
 * own), waiting for the user to reconnect its channel (it goes out by itself then), failed with the
 * network's message, or unconfirmed (the answer never came and the network could
 * not tell us; the user must look at the page before anything is sent again).
 */
export function PublishingNote({
  post,
  className,
}: {
  post: Pick<PostView, "publishing">;
  className?: string;
}) {
  const publishing = post.publishing;
  if (!publishing) return null;
  const Icon =
    publishing.status === "waiting"
      ? HourglassIcon
      : publishing.status === "reconnect"
        ? PlugZapIcon
        : publishing.status === "unconfirmed"
          ? TriangleAlertIcon
          : CircleAlertIcon;
  return (
    <p
      role={publishing.status === "waiting" ? "status" : "alert"}
      className={cn(
        "flex items-start gap-1.5 rounded-md px-2 py-1.5 text-xs",
        publishing.status === "waiting" && "bg-muted text-muted-foreground",
        (publishing.status === "unconfirmed" || publishing.status === "reconnect") &&
          "bg-amber-500/10 text-amber-800 dark:text-amber-300",
        publishing.status === "failed" && "bg-destructive/10 text-destructive",
        className,
      )}
      data-testid="post-publishing"
      data-status={publishing.status}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="break-words">
        {publishing.message}
        {publishing.status === "waiting" && publishing.retryAt && (
          <>
            {" "}
            Next try <time dateTime={publishing.retryAt}>{formatDateTime(publishing.retryAt)}</time>.
          </>
        )}
        {publishing.status === "reconnect" && (
          <>
            {" "}
            <Link to="/settings?tab=channels" className="font-medium underline underline-offset-2">
              Reconnect
            </Link>
          </>
        )}
      </span>
    </p>
  );
}
