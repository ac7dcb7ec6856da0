import { CircleAlertIcon, RotateCwIcon, SparklesIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { GeneratedPostCard } from "@/components/generation/generated-post-card";
import { GeneratedGroup } from "@/components/generation/group/generated-group";
import { GroupVersions } from "@/components/generation/group/group-versions";
import { NoBrandState } from "@/components/no-brand-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

import { FormSkeleton, PostGeneratorForm } from "./post-generator-form";
import { SessionGenerations } from "./session-generations";
import { usePostGenerator } from "./use-post-generator";

/**
 * The AI Post Generator tab: the form on one side, the latest generation (progress, then the preview and
 * review actions) on the other, and this session's earlier generations under it.
 */
export function PostGenerator() {
  const g = usePostGenerator();
  if (g.activeBrand.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="@container rounded-xl border bg-card p-4 sm:p-6">
          <FormSkeleton />
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  if (g.activeBrand.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Could not load your brand"
        description={g.activeBrand.error.message}
        testId="create-load-error"
        action={
          <Button
            variant="outline"
            onClick={() => void g.activeBrand.refetch()}
            disabled={g.activeBrand.isFetching}
          >
            <RotateCwIcon
              className={g.activeBrand.isFetching ? "animate-spin" : undefined}
              aria-hidden="true"
            />
            Try again
          </Button>
        }
      />
    );
  }

  if (!g.activeBrand.data) {
    return (
      <NoBrandState
        purpose="Posts are written in your brand's voice and drawn in its colours"
        testId="create-no-brand"
      />
    );
  }

  // Written for several channels: the summary beside the form, the versions side by side below both.
  const group = g.shownPosts.length > 1;
  const sessionList =
    g.brandId && g.otherIds.length > 0 ? (
      <SessionGenerations
        brandId={g.brandId}
        ids={g.otherIds}
        postsOf={g.postsOf}
        onShow={g.showGeneration}
        onGone={g.forgetGeneration}
      />
    ) : null;

  return (
    <div className="grid gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <PostGeneratorForm g={g} />

        <div ref={g.resultRef} className="grid min-w-0 scroll-mt-20 gap-6">
          {g.shownId && g.brandId ? (
            group ? (
              <GeneratedGroup
                key={g.shownId}
                brandId={g.brandId}
                postIds={g.shownPosts}
                onGenerateAnother={g.generateAnother}
              />
            ) : (
              <GeneratedPostCard
                key={g.shownId}
                brandId={g.brandId}
                postId={g.shownId}
                brand={g.brand}
                onGenerateAnother={g.generateAnother}
                onRetry={() => g.submit()}
                onGone={g.forgetShown}
              />
            )
          ) : (
            <EmptyState
              icon={SparklesIcon}
              title="Your post will appear here"
              description="Describe what the post is about and press Generate. The caption and the image show up here as they are made, ready for you to approve or deny."
              testId="generator-result-empty"
            />
          )}
          {group ? null : sessionList}
        </div>
      </div>
      {group && g.brandId ? (
        <GroupVersions key={g.shownId} brandId={g.brandId} postIds={g.shownPosts} brand={g.brand} />
      ) : null}
      {group ? sessionList : null}
    </div>
  );
}
