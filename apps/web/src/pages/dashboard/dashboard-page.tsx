import { CrownIcon, ListIcon, PlusIcon, RotateCwIcon } from "lucide-react";
import type * as React from "react";
import { Suspense, useState } from "react";
import { Link } from "react-router";

import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useActiveBrand } from "@/lib/brands";
import { lazyNamed } from "@/lib/lazy-load";
import { usePlan } from "@/lib/plan";
import { type PostView, useDashboardStats, useLivePostQueries, usePostList } from "@/lib/posts";
import { useOpenedOnce } from "@/lib/use-opened-once";

import {
  PENDING_PREVIEW_COUNT,
  PendingPostList,
  PostListSkeleton,
  RECENT_COUNT,
  RecentPostList,
} from "./post-lists";
import { StatCards, StatCardsSkeleton } from "./stat-cards";
import { WeeklyTargetTile } from "./weekly-target-tile";

// The dialogs (a post's details and actions, the full lists with their filters) load with their first
// opening, so the dashboard's first paint carries only what it shows.
const PostDetailsDialog = lazyNamed(
  () => import("@/components/posts/post-details-dialog"),
  "PostDetailsDialog",
);
const PostsListDialog = lazyNamed(() => import("@/components/posts/posts-list-dialog"), "PostsListDialog");

/** A dialog that loads on demand: a failed download leaves the dashboard as it is; opening again retries. */
function OnDemand({
  open,
  onFailed,
  children,
}: {
  open: boolean;
  onFailed: () => void;
  children: React.ReactNode;
}) {
  return (
    <LazyPartBoundary open={open} onFailed={onFailed}>
      <Suspense fallback={null}>{children}</Suspense>
    </LazyPartBoundary>
  );
}

function LoadError({ what, onRetry, testId }: { what: string; onRetry: () => void; testId: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertTitle>Could not load {what}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <span>Check your connection and try again.</span>
        <Button variant="outline" size="sm" className="h-10" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function SectionCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  children: React.ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <Card className="gap-4" data-testid={testId} aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Dashboard({
  brandId,
  allPostsOpen,
  onAllPostsOpenChange,
}: {
  brandId: string;
  allPostsOpen: boolean;
  onAllPostsOpenChange: (open: boolean) => void;
}) {
  useLivePostQueries(brandId);
  const [pendingOpen, setPendingOpen] = useState(false);
  const [details, setDetails] = useState<PostView | null>(null);
  const pendingOpened = useOpenedOnce(pendingOpen);
  const allPostsOpened = useOpenedOnce(allPostsOpen);
  const detailsOpened = useOpenedOnce(details !== null);
  const stats = useDashboardStats(brandId);
  // By lifecycle state: posts still being generated are not awaiting review yet.
  const pending = usePostList(brandId, { state: "pending", limit: PENDING_PREVIEW_COUNT });
  const recent = usePostList(brandId, { limit: RECENT_COUNT });

  return (
    <div className="space-y-6">
      {stats.isError ? (
        <LoadError what="your post totals" onRetry={() => void stats.refetch()} testId="stats-error" />
      ) : stats.data ? (
        <StatCards stats={stats.data} />
      ) : (
        <StatCardsSkeleton />
      )}
      <WeeklyTargetTile brandId={brandId} />

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title="Pending Approval"
          description="Posts waiting for your decision."
          testId="pending-card"
        >
          {pending.isError ? (
            <LoadError what="pending posts" onRetry={() => void pending.refetch()} testId="pending-error" />
          ) : pending.data ? (
            <PendingPostList
              posts={pending.data.posts}
              pendingTotal={stats.data?.pending ?? pending.data.total}
              onReviewAll={() => setPendingOpen(true)}
              onOpen={setDetails}
            />
          ) : (
            <PostListSkeleton rows={PENDING_PREVIEW_COUNT} />
          )}
        </SectionCard>

        <SectionCard title="Recent Activity" description="Your newest posts." testId="recent-card">
          {recent.isError ? (
            <LoadError what="recent activity" onRetry={() => void recent.refetch()} testId="recent-error" />
          ) : recent.data ? (
            <RecentPostList posts={recent.data.posts} onOpen={setDetails} />
          ) : (
            <PostListSkeleton rows={RECENT_COUNT} />
          )}
        </SectionCard>
      </div>

      {pendingOpened && (
        <OnDemand open={pendingOpen} onFailed={() => setPendingOpen(false)}>
          <PostsListDialog
            brandId={brandId}
            variant="pending"
            open={pendingOpen}
            onOpenChange={setPendingOpen}
          />
        </OnDemand>
      )}
      {allPostsOpened && (
        <OnDemand open={allPostsOpen} onFailed={() => onAllPostsOpenChange(false)}>
          <PostsListDialog
            brandId={brandId}
            variant="all"
            open={allPostsOpen}
            onOpenChange={onAllPostsOpenChange}
          />
        </OnDemand>
      )}
      {detailsOpened && (
        <OnDemand open={details !== null} onFailed={() => setDetails(null)}>
          <PostDetailsDialog
            brandId={brandId}
            post={details}
            onOpenChange={(open) => {
              if (!open) setDetails(null);
            }}
          />
        </OnDemand>
      )}
    </div>
  );
}

export function DashboardPage() {
  const brand = useActiveBrand();
  const plan = usePlan();
  const brandId = brand.data?.id;
  const [allPostsOpen, setAllPostsOpen] = useState(false);

  return (
    <>
      <PageIntro
        description="Your posts at a glance: what waits for approval, what is scheduled and what went out."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {plan.data?.type === "free" && (
              <Button asChild variant="outline" className="h-10" data-testid="dashboard-upgrade">
                <Link to="/subscription">
                  <CrownIcon aria-hidden="true" />
                  Upgrade Plan
                </Link>
              </Button>
            )}
            <Button
              variant="outline"
              className="h-10"
              disabled={!brandId}
              onClick={() => setAllPostsOpen(true)}
              data-testid="view-all-posts"
            >
              <ListIcon aria-hidden="true" />
              View All Posts
            </Button>
            <Button asChild className="h-10" data-testid="dashboard-create-post">
              <Link to="/create">
                <PlusIcon aria-hidden="true" />
                Create Post
              </Link>
            </Button>
          </div>
        }
      />
      {brand.isError ? (
        <LoadError what="your brand" onRetry={() => void brand.refetch()} testId="brand-error" />
      ) : brandId ? (
        <Dashboard
          key={brandId}
          brandId={brandId}
          allPostsOpen={allPostsOpen}
          onAllPostsOpenChange={setAllPostsOpen}
        />
      ) : brand.data === null ? (
        <NoBrandState
          purpose="Your posts, what waits for your approval and what went out show here"
          testId="dashboard-no-brand"
        />
      ) : (
        <div className="space-y-6">
          <StatCardsSkeleton />
          <div className="grid gap-6 lg:grid-cols-2">
            <PostListSkeleton rows={PENDING_PREVIEW_COUNT} />
            <PostListSkeleton rows={RECENT_COUNT} />
          </div>
        </div>
      )}
    </>
  );
}
