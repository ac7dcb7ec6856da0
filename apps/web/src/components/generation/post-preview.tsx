import { type Brand, isMetaPlatform, platformLabels } from "@smm/domain/web";
import { ClockIcon, GlobeIcon, HashIcon, ImageOffIcon, RotateCwIcon, SparklesIcon } from "lucide-react";
import { useState } from "react";

import { BrandChip } from "@/components/app-shell/brand-switcher";
import { NetworkIcon } from "@/components/network-icon";
import { FormatBadge, hasRichMedia, PostMediaGallery } from "@/components/post-media/post-media";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, type PostView } from "@/lib/generation";
import { cn } from "@/lib/utils";

/** Where each network cuts a caption in the feed before its "See more" / "more". */
const TRUNCATE_AT: Partial<Record<PostView["platform"], number>> = { facebook: 480, instagram: 125 };
/** The text networks show the whole post (their limits keep it short); a long draft is cut here only. */
const TRUNCATE_OTHERS_AT = 600;

/** How each network lays a post out: the caption above the image (a feed card) or below it (a square). */
const captionFirst = (platform: PostView["platform"]) => platform !== "instagram";

/** A handle as the brand would have it on a network that shows one ("@test-brand"), until one is connected. */
function fallbackHandle(brandName: string): string {
  const slug = brandName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 20);
  return `@${slug || "yourbrand"}`;
}

function Caption({ post, brandName }: { post: PostView; brandName: string }) {
  const [expanded, setExpanded] = useState(false);
  const limit = TRUNCATE_AT[post.platform] ?? TRUNCATE_OTHERS_AT;
  const long = post.content.length > limit;
  const shown = long && !expanded ? `${post.content.slice(0, limit).trimEnd()}…` : post.content;
  const more = post.platform === "instagram" ? "more" : "See more";
  return (
    <p
      className="text-sm leading-relaxed break-words whitespace-pre-line"
      data-testid="generated-post-caption"
    >
      {post.platform === "instagram" && <span className="mr-1.5 font-semibold">{brandName}</span>}
      {shown}
      {long && (
        <button
          type="button"
          className="ml-1 rounded-sm font-medium text-muted-foreground outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded ? "See less" : more}
        </button>
      )}
    </p>
  );
}

function CaptionSkeleton() {
  return (
    <div className="space-y-2" role="status" aria-label="Writing the caption">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function PostImage({
  post,
  generating,
  onReload,
  touchScroll,
}: {
  post: PostView;
  generating: boolean;
  onReload?: (() => void) | undefined;
  touchScroll: boolean;
}) {
  // Remembers which link failed, so a fresh signed link (after a reload) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const square = post.platform === "instagram";
  // Bluesky and Mastodon show the image inset in the post, with rounded corners, 16:9.
  const inset = !isMetaPlatform(post.platform);
  const frame = cn(
    "w-full overflow-hidden bg-muted",
    square ? "aspect-square" : inset ? "aspect-video rounded-lg border" : "aspect-[1.91/1] sm:aspect-[4/3]",
  );
  if (!post.imageUrl) {
    if (generating) {
      return <Skeleton className={cn(frame, "rounded-none")} role="status" aria-label="Creating the image" />;
    }
    return (
      <div
        className={cn(frame, "flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground")}
      >
        <ImageOffIcon className="size-6" aria-hidden="true" />
        No image
      </div>
    );
  }
  // A carousel (its slides) or a video (its poster, played in place).
  if (hasRichMedia(post.media))
    return (
      <PostMediaGallery
        media={post.media}
        alt={
          post.content ? `Image for the post: ${post.content.slice(0, 80)}` : "Generated image for the post"
        }
        frameClassName={
          post.format === "reel" || post.format === "story"
            ? "aspect-[9/16] max-h-[28rem]"
            : square
              ? "aspect-square"
              : inset
                ? "aspect-video"
                : "aspect-[1.91/1] sm:aspect-[4/3]"
        }
        firstTestId="generated-post-image"
        touchScroll={touchScroll}
        className={inset ? "rounded-lg border" : undefined}
      />
    );
  if (failedUrl === post.imageUrl) {
    return (
      <div
        className={cn(frame, "flex flex-col items-center justify-center gap-3 text-sm text-muted-foreground")}
        data-testid="generated-post-image-error"
      >
        <ImageOffIcon className="size-6" aria-hidden="true" />
        Failed to load image
        {onReload && (
          <Button variant="outline" size="sm" onClick={onReload}>
            <RotateCwIcon aria-hidden="true" />
            Reload image
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={post.imageUrl}
        alt={
          post.content ? `Image for the post: ${post.content.slice(0, 80)}` : "Generated image for the post"
        }
        className="size-full object-cover"
        data-testid="generated-post-image"
        onError={() => setFailedUrl(post.imageUrl)}
      />
    </div>
  );
}

function PostHeader({
  post,
  brand,
  brandName,
  handle,
}: {
  post: PostView;
  brand: Brand | null | undefined;
  brandName: string;
  handle: string | undefined;
}) {
  const shownHandle = handle ?? fallbackHandle(brandName);
  const social = !isMetaPlatform(post.platform);
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      {brand ? (
        <BrandChip brand={brand} className="size-9 text-xs" />
      ) : (
        <span className="size-9 shrink-0 rounded-full bg-muted" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{brandName}</p>
        {post.platform === "facebook" && (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            Just now · <GlobeIcon className="size-3" aria-hidden="true" />
            <span className="sr-only">Public</span>
          </p>
        )}
        {social && (
          <p className="truncate text-xs text-muted-foreground" data-testid="generated-post-handle">
            {shownHandle} · now
          </p>
        )}
      </div>
      <NetworkIcon platform={post.platform} className="size-5 text-muted-foreground" />
    </div>
  );
}

/**
 * A generated post as its network shows it (UI.md): a Facebook card, an Instagram square, or a Bluesky or
 * Mastodon post (name, handle, the text, the image inset), with the brand's name and avatar and the caption
 * cut where the network cuts it; then the AI's hashtags and the suggested time. While the post is
 * generating, the missing parts are skeletons. `compact` leaves out the badges above the card.
 */
export function GeneratedPostPreview({
  post,
  brand,
  handle,
  onReloadImage,
  compact = false,
  mediaTouchScroll = true,
  className,
}: {
  post: PostView;
  brand: Brand | null | undefined;
  /** The connected account's handle, for the networks that show one. */
  handle?: string | undefined;
  onReloadImage?: () => void;
  compact?: boolean;
  /** False where a finger drag means something else (the swipe review): a carousel then moves by its arrows. */
  mediaTouchScroll?: boolean;
  className?: string;
}) {
  const generating = post.state === "generating";
  const brandName = brand?.name ?? "Your brand";
  const hashtags = (post.aiSuggestions?.hashtags ?? []).map((tag) => (tag.startsWith("#") ? tag : `#${tag}`));
  const optimal = post.aiSuggestions?.optimal_time;
  const platformName = platformLabels[post.platform];
  const inset = !isMetaPlatform(post.platform);
  const caption = (
    <div className={captionFirst(post.platform) ? "px-4 pb-3" : "px-4 py-3"}>
      {post.content ? <Caption post={post} brandName={brandName} /> : generating && <CaptionSkeleton />}
    </div>
  );
  const image = (
    <PostImage post={post} generating={generating} onReload={onReloadImage} touchScroll={mediaTouchScroll} />
  );

  return (
    <div
      className={cn("space-y-4", className)}
      data-testid="generated-post-preview"
      data-platform={post.platform}
    >
      {!compact && (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" data-testid="generated-post-platform">
            <NetworkIcon platform={post.platform} />
            {platformName}
          </Badge>
          {post.aiGenerated && (
            <Badge variant="secondary" data-testid="generated-post-ai-badge">
              <SparklesIcon aria-hidden="true" />
              AI
            </Badge>
          )}
          <FormatBadge format={post.format} count={post.media.length} />
        </div>
      )}

      <article
        aria-label={`${platformName} preview`}
        className={cn(
          "mx-auto w-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs",
          post.platform === "instagram" ? "max-w-sm" : "max-w-lg",
        )}
      >
        <PostHeader post={post} brand={brand} brandName={brandName} handle={handle} />
        {captionFirst(post.platform) ? (
          <>
            {caption}
            {inset ? <div className="px-4 pb-4">{image}</div> : image}
          </>
        ) : (
          <>
            {image}
            {caption}
          </>
        )}
      </article>

      {(hashtags.length > 0 || optimal) && (
        <dl className={cn("grid gap-3 text-sm", !compact && "sm:grid-cols-2")}>
          {hashtags.length > 0 && (
            <div className="space-y-1.5">
              <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <HashIcon className="size-3.5" aria-hidden="true" />
                Suggested hashtags
              </dt>
              <dd className="flex flex-wrap gap-1.5" data-testid="generated-post-hashtags">
                {hashtags.map((tag) => (
                  <Badge key={tag} variant="outline" className="font-normal">
                    {tag}
                  </Badge>
                ))}
              </dd>
            </div>
          )}
          {optimal && (
            <div className="space-y-1.5">
              <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <ClockIcon className="size-3.5" aria-hidden="true" />
                Best time to post
              </dt>
              <dd data-testid="generated-post-optimal-time">{formatDateTime(optimal)}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
