import { ImageIcon } from "lucide-react";
import { useState } from "react";

import { cardClass } from "@/components/assistant/card-styles";
import type { ChatTools } from "@/components/assistant/chat-part";
import { Skeleton } from "@/components/ui/skeleton";
import { useImageLink } from "@/lib/chat";
import { cn } from "@/lib/utils";

type ImageItem = ChatTools["showImage"]["output"];

/** Core spec: the chat shows the first 6 images, then '...and N more images'. */
export const IMAGE_LIST_SHOWN = 6;

/** An image of the brand by id: the stored link is used while valid, else a fresh one is fetched. */
function BrandImage({
  brandId,
  image,
  className,
}: {
  brandId: string;
  image: ImageItem;
  className?: string;
}) {
  const link = useImageLink(brandId, image.id, image.url);
  const [broken, setBroken] = useState(false);
  if (link.failed || broken) {
    return (
      <div
        className={cn(
          "flex items-center justify-center gap-1 bg-muted p-2 text-center text-xs text-muted-foreground",
          className,
        )}
      >
        <ImageIcon className="size-4 shrink-0" aria-hidden="true" />
        Failed to load image
      </div>
    );
  }
  if (!link.url) return <Skeleton className={className} />;
  return (
    <img
      src={link.url}
      alt={image.name}
      className={cn("object-cover", className)}
      onError={() => setBroken(true)}
    />
  );
}

/** The "image list" extra: a gallery of the first 6; clicking one asks the assistant to show it. */
export function ImageListCard({
  brandId,
  images,
  onAsk,
}: {
  brandId: string;
  images: ImageItem[];
  onAsk: (text: string) => void;
}) {
  if (images.length === 0) {
    return (
      <div className={cn(cardClass, "text-muted-foreground")} data-testid="assistant-image-list">
        No images yet.
      </div>
    );
  }
  const more = images.length - IMAGE_LIST_SHOWN;
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-image-list">
      <ul className="grid grid-cols-3 gap-2" aria-label="Your images">
        {images.slice(0, IMAGE_LIST_SHOWN).map((image) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => onAsk(`show ${image.name}`)}
              className="group block w-full overflow-hidden rounded-md border text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={`Show ${image.name}`}
              title={image.name}
              data-testid="assistant-image-list-item"
            >
              <BrandImage
                brandId={brandId}
                image={image}
                className="aspect-square w-full transition-opacity group-hover:opacity-90"
              />
              <span className="block truncate px-1.5 py-1 text-xs text-muted-foreground">{image.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="assistant-image-list-more">
          ...and {more} more images
        </p>
      )}
    </div>
  );
}

/** The "displayed image" extra: one image the assistant was asked to show. */
export function ShownImageCard({ brandId, image }: { brandId: string; image: ImageItem }) {
  return (
    <figure className={cn(cardClass, "space-y-2")} data-testid="assistant-shown-image">
      <BrandImage brandId={brandId} image={image} className="max-h-80 w-full rounded-md border" />
      <figcaption className="truncate text-xs text-muted-foreground">{image.name}</figcaption>
    </figure>
  );
}
