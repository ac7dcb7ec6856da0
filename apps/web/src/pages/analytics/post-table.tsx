import { abbreviateNumber, engagementRateTone, platformLabels } from "@smm/domain/web";
import { ImageIcon } from "lucide-react";
import { useState } from "react";

import { NetworkIcon } from "@/components/network-icon";
import type { PostAnalytics } from "@/lib/analytics";
import { cn } from "@/lib/utils";

export const RATE_TEXT = {
  green: "text-emerald-700 dark:text-emerald-400",
  yellow: "text-amber-700 dark:text-amber-400",
  red: "text-red-700 dark:text-red-400",
  none: "text-muted-foreground",
};

export const formatRate = (rate: number | null) => (rate === null ? "N/A" : `${rate.toFixed(2)}%`);
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });

function Thumb({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed)
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted">
        <ImageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
      </span>
    );
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-10 shrink-0 rounded-md border bg-muted object-cover"
    />
  );
}

export function PlatformLabel({ platform }: { platform: PostAnalytics["platform"] }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <NetworkIcon platform={platform} />
      {platformLabels[platform]}
    </span>
  );
}

/** The posts as a table from tablet width up, as cards on a phone. */
export function PostTable({ posts, testId }: { posts: PostAnalytics[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <table className="w-full text-sm max-md:hidden">
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b">
            <th className="py-2 pr-2 font-medium">Post</th>
            <th className="px-2 py-2 font-medium">Platform</th>
            <th className="px-2 py-2 font-medium">Date</th>
            <th className="px-2 py-2 text-right font-medium">Reach</th>
            <th className="px-2 py-2 text-right font-medium">Engagement</th>
            <th className="py-2 pl-2 text-right font-medium">Eng. rate</th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.postId} className="border-b last:border-0" data-testid="post-row">
              <td className="max-w-80 py-2 pr-2">
                <span className="flex items-center gap-2">
                  <Thumb url={post.imageUrl} />
                  <span className="line-clamp-2">{post.content || "(no text)"}</span>
                </span>
              </td>
              <td className="px-2 py-2">
                <PlatformLabel platform={post.platform} />
              </td>
              <td className="whitespace-nowrap px-2 py-2">{formatDate(post.publishedAt)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{abbreviateNumber(post.reach)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{abbreviateNumber(post.engagement)}</td>
              <td
                className={cn(
                  "py-2 pl-2 text-right tabular-nums",
                  RATE_TEXT[engagementRateTone(post.engagementRate)],
                )}
              >
                {formatRate(post.engagementRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 md:hidden">
        {posts.map((post) => (
          <li key={post.postId} className="rounded-lg border p-3" data-testid="post-card">
            <div className="flex gap-2">
              <Thumb url={post.imageUrl} />
              <p className="line-clamp-2 text-sm">{post.content || "(no text)"}</p>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <PlatformLabel platform={post.platform} />
              <span>{formatDate(post.publishedAt)}</span>
              <span>Reach {abbreviateNumber(post.reach)}</span>
              <span>Engagement {abbreviateNumber(post.engagement)}</span>
              <span className={RATE_TEXT[engagementRateTone(post.engagementRate)]}>
                {formatRate(post.engagementRate)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
