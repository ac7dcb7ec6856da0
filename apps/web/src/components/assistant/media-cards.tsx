import { ImageIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import type { ChatTools } from "@/components/assistant/chat-part";
import { InlineVideo } from "@/components/post-media/post-media";
import { Skeleton } from "@/components/ui/skeleton";
import { useImageLink } from "@/lib/chat";
import { cn } from "@/lib/utils";

type LibraryItem = ChatTools["listMedia"]["output"]["items"][number];

/** How many files of a media list the chat shows; the rest are a line and the library's link. */
export const MEDIA_LIST_SHOWN = 9;

/** An image's thumbnail: the stored link while valid, else a fresh one. */
function Thumbnail({ brandId, item }: { brandId: string; item: LibraryItem }) {
  const link = useImageLink(brandId, item.id, item.thumbnailUrl);
  const [broken, setBroken] = useState(false);
  if (link.failed || broken)
    return (
      <div className="flex size-full items-center justify-center bg-muted text-muted-foreground">
        <ImageIcon className="size-4" aria-label="Failed to load image" />
      </div>
    );
  if (!link.url) return <Skeleton className="size-full" />;
  return (
    <img
      src={link.url}
      alt={item.altText ?? item.name}
      loading="lazy"
      className="size-full object-cover"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * A media list (listMedia) as a grid of thumbnails: images, and videos as their poster with a play button
 * (a click plays it in place). The rest of a long list is counted, with a link to the Media Library.
 */
export function MediaListCard({ brandId, items }: { brandId: string; items: LibraryItem[] }) {
  if (items.length === 0)
    return (
      <div className={cn(cardClass, "text-muted-foreground")} data-testid="assistant-media-list">
        No files found.
      </div>
    );
  const more = items.length - MEDIA_LIST_SHOWN;
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-media-list">
      <ul className="grid grid-cols-3 gap-2" aria-label="Your media">
        {items.slice(0, MEDIA_LIST_SHOWN).map((item) => (
          <li key={item.id} title={item.name} data-testid="assistant-media-list-item" data-type={item.type}>
            <div className="aspect-square w-full overflow-hidden rounded-md border bg-muted">
              {item.type === "video" ? (
                <InlineVideo item={item} alt={item.altText ?? item.name} />
              ) : (
                <Thumbnail brandId={brandId} item={item} />
              )}
            </div>
            <span className="block truncate px-0.5 pt-1 text-xs text-muted-foreground">{item.name}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        {more > 0 && <span data-testid="assistant-media-list-more">...and {more} more. </span>}
        <Link to="/media" className="underline underline-offset-2">
          Open the Media Library
        </Link>
      </p>
    </div>
  );
}
