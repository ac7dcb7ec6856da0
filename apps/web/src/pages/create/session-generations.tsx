import { platformLabels } from "@smm/domain/web";
import { useQueries } from "@tanstack/react-query";
import { ImageIcon, Loader2Icon } from "lucide-react";

import { PostStateBadge } from "@/components/generation/generated-post-card";
import { NetworkIcon } from "@/components/network-icon";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { generatedPostQuery, type PostView, useGeneratedPost } from "@/lib/generation";

/** The networks a generation was written for: one, or each of its group's. */
function Networks({ brandId, post, postIds }: { brandId: string; post: PostView; postIds: string[] }) {
  const others = useQueries({
    queries: postIds.slice(1).map((postId) => generatedPostQuery(brandId, postId)),
  });
  const platforms = [post.platform, ...others.flatMap((query) => (query.data ? [query.data.platform] : []))];
  return (
    <span className="flex items-center gap-1.5" data-testid="session-generation-networks">
      {platforms.map((platform) => (
        <NetworkIcon key={platform} platform={platform} className="size-3.5" />
      ))}
      <span>{platforms.map((platform) => platformLabels[platform]).join(", ")}</span>
    </span>
  );
}

function SessionRow({
  brandId,
  postId,
  postIds,
  onShow,
  onGone,
}: {
  brandId: string;
  postId: string;
  /** The generation's posts (the group's, or this one). */
  postIds: string[];
  onShow: () => void;
  onGone: () => void;
}) {
  // Still followed live (and announced): a generation left running in the list finishes with its toast.
  const { query, post, view } = useGeneratedPost(brandId, postId);
  if (!post || !view) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <li className="flex items-center justify-between gap-3 p-3 text-sm text-muted-foreground">
          This post was deleted.
          <Button size="sm" variant="ghost" onClick={onGone}>
            Remove
          </Button>
        </li>
      );
    }
    return (
      <li className="flex items-center gap-3 p-3" aria-busy="true">
        <Skeleton className="size-12 shrink-0" />
        <Skeleton className="h-4 flex-1" />
      </li>
    );
  }
  const title = post.content.trim() || (view.phase === "generating" ? "Writing the caption…" : "No caption");
  return (
    <li className="flex items-center gap-3 p-3" data-testid="session-generation" data-post-id={postId}>
      {post.imageUrl ? (
        <img src={post.imageUrl} alt="" className="size-12 shrink-0 rounded-md border object-cover" />
      ) : (
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground"
          aria-hidden="true"
        >
          {view.phase === "generating" ? (
            <Loader2Icon className="size-4 animate-spin" />
          ) : (
            <ImageIcon className="size-4" />
          )}
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm">{title}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <PostStateBadge state={view.phase === "failed" ? "denied" : post.state} />
          {view.phase === "generating" && <span className="tabular-nums">{view.percent}%</span>}
          <Networks brandId={brandId} post={post} postIds={postIds} />
        </div>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={onShow}
        aria-label={`Show the post: ${title.slice(0, 60)}`}
      >
        Show
      </Button>
    </li>
  );
}

/** This tab's earlier generations for the brand, newest first; any can be brought back to the front. */
export function SessionGenerations({
  brandId,
  ids,
  postsOf,
  onShow,
  onGone,
}: {
  brandId: string;
  ids: string[];
  postsOf: (id: string) => string[];
  onShow: (postId: string) => void;
  onGone: (postId: string) => void;
}) {
  return (
    <section aria-labelledby="session-generations-title" className="rounded-xl border bg-card shadow-xs">
      <h2 id="session-generations-title" className="border-b px-4 py-3 text-sm font-semibold">
        Generated in this session
      </h2>
      <ul className="divide-y">
        {ids.map((id) => (
          <SessionRow
            key={id}
            brandId={brandId}
            postId={id}
            postIds={postsOf(id)}
            onShow={() => onShow(id)}
            onGone={() => onGone(id)}
          />
        ))}
      </ul>
    </section>
  );
}
