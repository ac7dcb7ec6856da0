import { abbreviateNumber, NO_POST_DATA, POST_TABLE_SIZE } from "@smm/domain/web";
import { DownloadIcon, FileTextIcon, TrophyIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type AnalyticsView, downloadCsv, postsToCsv } from "@/lib/analytics";
import { formatRate, PlatformLabel, PostTable } from "./post-table";

/** Best post (when its engagement is above 0), the first 10 posts, View All Posts and CSV export. */
export function PostPerformance({ view }: { view: AnalyticsView }) {
  const [showAll, setShowAll] = useState(false);
  const { posts, bestPost } = view;
  const exportCsv = () =>
    downloadCsv(`post-performance-${view.range}-${view.platform}.csv`, postsToCsv(posts));
  return (
    <Card data-testid="post-performance">
      <CardHeader>
        <CardTitle>Post Performance</CardTitle>
        {posts.length > 0 ? (
          <CardAction>
            <Button variant="outline" size="sm" onClick={exportCsv} data-testid="export-csv">
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {posts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-sm text-muted-foreground">
            <FileTextIcon className="size-6" aria-hidden="true" />
            {NO_POST_DATA}
          </div>
        ) : (
          <>
            {bestPost && bestPost.engagement > 0 ? (
              <section
                className="rounded-lg border border-primary/40 bg-primary/5 p-3"
                aria-label="Best performing post"
                data-testid="best-post"
              >
                <div className="mb-1 flex items-center gap-2 text-sm font-medium">
                  <TrophyIcon className="size-4 text-primary" aria-hidden="true" />
                  Best performing post
                </div>
                <p className="line-clamp-2 text-sm">{bestPost.content}</p>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  <PlatformLabel platform={bestPost.platform} />
                  <span>Engagement {abbreviateNumber(bestPost.engagement)}</span>
                  <span>Reach {abbreviateNumber(bestPost.reach)}</span>
                  <span>Rate {formatRate(bestPost.engagementRate)}</span>
                </div>
              </section>
            ) : null}
            <PostTable posts={posts.slice(0, POST_TABLE_SIZE)} testId="post-table" />
            {view.totalPosts > POST_TABLE_SIZE ? (
              <Button
                variant="outline"
                className="w-full"
                onClick={() => setShowAll(true)}
                data-testid="view-all-posts"
              >
                View All Posts ({view.totalPosts})
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <Dialog open={showAll} onOpenChange={setShowAll}>
        <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-4xl">
          <DialogHeader>
            <DialogTitle>All posts</DialogTitle>
            <DialogDescription>
              {posts.length < view.totalPosts
                ? `The newest ${posts.length} of ${view.totalPosts} posts in this period.`
                : `${posts.length} posts in this period.`}
            </DialogDescription>
          </DialogHeader>
          <PostTable posts={posts} testId="all-posts-table" />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
