import { platformLabels } from "@smm/domain/web";
import { CircleAlertIcon, RotateCwIcon, ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import { useChatPostCard } from "@/components/assistant/use-chat-post-card";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { NetworkIcon } from "@/components/network-icon";
import { FormatBadge, hasRichMedia, PostMediaGallery } from "@/components/post-media/post-media";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { tomorrowAtNoon } from "@/lib/chat";
import { formatDateTime, generationFailureReason } from "@/lib/generation";
import { cn } from "@/lib/utils";

/**
 * A post generated from the chat: live progress, then caption and image with Deny / Approve & Schedule.
 * A failed generation says so (core spec section 8: Generation Failed, offering a retry) and its Try again
 * asks the assistant for the same post once more.
 */
export function ChatPostCard({
  brandId,
  postId,
  retryRequest,
  onAsk,
}: {
  brandId: string;
  postId: string;
  retryRequest: string;
  onAsk: (text: string) => void;
}) {
  const { post, view, loadFailed, busy, approve, deny } = useChatPostCard(brandId, postId);

  return (
    <div
      className={cn(cardClass, "space-y-3")}
      data-testid="assistant-post-card"
      data-state={post?.state}
      data-platform={post?.platform}
    >
      {!post || !view ? (
        loadFailed ? (
          <p className="text-muted-foreground">Could not load the post.</p>
        ) : (
          <div className="space-y-2" role="status" aria-label="Loading the post">
            <Skeleton className="h-2 w-full" />
            <Skeleton className="aspect-[4/3] w-full" />
          </div>
        )
      ) : (
        <>
          {post.platform !== "facebook" || post.groupId ? (
            // Which network this version is for (a group has one card per channel).
            <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <NetworkIcon platform={post.platform} />
              <span data-testid="assistant-post-network">{platformLabels[post.platform]}</span>
              <FormatBadge format={post.format} count={post.media.length} className="ml-auto" />
            </p>
          ) : post.format !== "feed" ? (
            <p className="flex">
              <FormatBadge format={post.format} count={post.media.length} />
            </p>
          ) : null}
          <GenerationProgress view={view} />
          {view.phase !== "generating" && view.phase !== "failed" && (
            <>
              {post.imageUrl && hasRichMedia(post.media) ? (
                <PostMediaGallery
                  media={post.media}
                  alt="Generated post"
                  frameClassName="aspect-[4/3]"
                  firstTestId="assistant-post-image"
                  className="rounded-md border"
                />
              ) : (
                post.imageUrl && (
                  <img
                    src={post.imageUrl}
                    alt="Generated post"
                    className="w-full rounded-md border object-cover"
                    data-testid="assistant-post-image"
                  />
                )
              )}
              <p className="whitespace-pre-wrap break-words" data-testid="assistant-post-caption">
                {post.content}
              </p>
            </>
          )}
          {view.phase === "failed" && (
            <div className="space-y-2" data-testid="assistant-post-failed">
              <p className="flex items-start gap-2">
                <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <span>
                  <span className="block font-medium text-destructive">Generation Failed</span>
                  <span className="text-muted-foreground">{generationFailureReason(post)}</span>
                </span>
              </p>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAsk(retryRequest)}
                data-testid="assistant-post-retry"
              >
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {busy ? (
            <p className="text-muted-foreground" role="status">
              Processing your request...
            </p>
          ) : post.state === "scheduled" || post.state === "approved" || post.state === "published" ? (
            <div className="rounded-md bg-success/10 p-2" data-testid="assistant-post-outcome">
              <p className="font-medium text-success">Post Approved &amp; Scheduled!</p>
              <p className="text-muted-foreground">
                Check the{" "}
                <Link to="/calendar" className="underline underline-offset-2">
                  Calendar
                </Link>{" "}
                to see it.
              </p>
            </div>
          ) : post.state === "denied" && view.phase !== "failed" ? (
            <div className="rounded-md bg-muted p-2" data-testid="assistant-post-outcome">
              <p className="font-medium">Post Denied</p>
              <p className="text-muted-foreground">Ask me for new content whenever you like.</p>
            </div>
          ) : post.state === "pending" ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={deny} data-testid="assistant-post-deny">
                <ThumbsDownIcon aria-hidden="true" />
                Deny
              </Button>
              <Button size="sm" onClick={approve} data-testid="assistant-post-approve">
                <ThumbsUpIcon aria-hidden="true" />
                {/* Core spec section 4: chat approval schedules for tomorrow at 12:00; the button says so. */}
                Approve &amp; Schedule for {formatDateTime(tomorrowAtNoon())}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
