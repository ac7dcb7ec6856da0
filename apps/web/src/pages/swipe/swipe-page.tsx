import type { Brand } from "@smm/domain/web";
import { InboxIcon, LogOutIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { DenyDialog } from "@/components/generation/review-dialogs";
import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { Button } from "@/components/ui/button";
import { useActiveBrand } from "@/lib/brands";

import { InsightsPanel } from "./insights-panel";
import { SwipeCard } from "./swipe-card";
import { Completion, LoadError, SwipeButtons, SwipeProgress, SwipeSkeleton } from "./swipe-parts";
import { useSwipeReview } from "./use-swipe-review";

function SwipeReview({ brandId, brand }: { brandId: string; brand: Brand | null | undefined }) {
  const swipe = useSwipeReview(brandId);
  const { current, exiting, denying } = swipe;

  const live = (
    <p className="sr-only" role="status" aria-live="polite" data-testid="swipe-announcer">
      {swipe.announcement}
    </p>
  );

  if (swipe.loadFailed) {
    return <LoadError what="pending posts" onRetry={swipe.retry} testId="swipe-error" />;
  }
  if (!swipe.page) return <SwipeSkeleton />;

  if (!current) {
    return (
      <>
        {live}
        {swipe.decidedCount > 0 ? (
          <Completion approved={swipe.approvedCount} denied={swipe.deniedCount} />
        ) : (
          <EmptyState
            icon={InboxIcon}
            title="No pending posts"
            description="All posts have been reviewed! Create new posts to see them here."
            testId="swipe-empty"
            action={
              <Button asChild className="h-10" data-testid="swipe-empty-create">
                <Link to="/create">
                  <PlusIcon aria-hidden="true" />
                  Create Post
                </Link>
              </Button>
            }
          />
        )}
      </>
    );
  }

  const busy = Boolean(exiting);
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      {live}
      <section className="min-w-0 space-y-4" aria-labelledby="swipe-progress-label">
        <SwipeProgress
          progress={swipe.progress}
          approvedCount={swipe.approvedCount}
          deniedCount={swipe.deniedCount}
        />

        <div className="overflow-x-clip px-1 py-2">
          <SwipeCard
            key={current.id}
            post={current}
            brand={brand}
            held={denying?.id === current.id ? "deny" : null}
            exiting={exiting?.post.id === current.id ? exiting.direction : null}
            disabled={busy}
            onDecide={swipe.decideCard}
          />
        </div>

        <SwipeButtons
          disabled={busy || Boolean(denying)}
          onDeny={() => swipe.startDeny(current)}
          onApprove={() => swipe.approve(current)}
        />
      </section>

      <InsightsPanel post={current} />

      <DenyDialog
        key={denying?.id ?? "closed"}
        open={denying !== null}
        onOpenChange={(open) => {
          if (!open) swipe.closeDeny();
        }}
        onDeny={swipe.confirmDeny}
      />
    </div>
  );
}

export function SwipePage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  return (
    <>
      <PageIntro
        description="Swipe to approve or deny pending posts"
        actions={
          <Button asChild variant="outline" className="h-10" data-testid="swipe-exit">
            <Link to="/dashboard">
              <LogOutIcon aria-hidden="true" />
              Exit Swipe Mode
            </Link>
          </Button>
        }
      />
      {brand.isError ? (
        <LoadError what="your brand" onRetry={() => void brand.refetch()} testId="swipe-brand-error" />
      ) : brandId ? (
        <SwipeReview key={brandId} brandId={brandId} brand={brand.data} />
      ) : brand.data === null ? (
        <NoBrandState purpose="Your pending posts are reviewed here" testId="swipe-no-brand" />
      ) : (
        <SwipeSkeleton />
      )}
    </>
  );
}
