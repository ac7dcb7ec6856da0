import { ImageIcon } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";

import { readableTextOn, toSixDigitColor } from "@/lib/colors";
import type { WatermarkDraft } from "@/lib/watermark";
import { normalize } from "@/lib/watermark";

export type PreviewColors = { primary: string; secondary: string; accent: string };

/**
 * A sample of a generated image in the brand's colours with the mark where it will go: the same centre
 * (percent of the image), size (percent of the smaller side, the mark's longer side) and the flips applied
 * before the rotation, as the server composites it. Drag the mark, or focus it and use the arrow keys.
 */
export function WatermarkPreview({
  draft,
  colors,
  brandName,
  onMove,
}: {
  draft: WatermarkDraft;
  colors: PreviewColors;
  brandName: string;
  onMove: (position: { x: number; y: number }) => void;
}) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = draft.processedImageUrl ?? draft.imageUrl;
  const primary = toSixDigitColor(colors.primary, "#3B82F6");
  const secondary = toSixDigitColor(colors.secondary, "#8B5CF6");
  const accent = toSixDigitColor(colors.accent, "#10B981");

  function positionAt(event: React.PointerEvent) {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return;
    onMove({
      x: normalize.percent(((event.clientX - rect.left) / rect.width) * 100),
      y: normalize.percent(((event.clientY - rect.top) / rect.height) * 100),
    });
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onMove({
      x: normalize.percent(draft.position.x + move[0]),
      y: normalize.percent(draft.position.y + move[1]),
    });
  }

  const scaleX = draft.flipHorizontal ? -1 : 1;
  const scaleY = draft.flipVertical ? -1 : 1;

  return (
    <figure className="grid gap-2">
      <div
        ref={areaRef}
        className="relative aspect-square w-full touch-none overflow-hidden rounded-xl border shadow-xs select-none"
        style={{
          backgroundColor: primary,
          backgroundImage: `radial-gradient(circle at 78% 22%, ${accent} 0 14%, transparent 15%), linear-gradient(135deg, ${primary}, ${secondary})`,
          cursor: url ? (dragging ? "grabbing" : "grab") : "default",
        }}
        onPointerDown={(event) => {
          if (!url || event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDragging(true);
          positionAt(event);
        }}
        onPointerMove={(event) => {
          if (dragging) positionAt(event);
        }}
        onPointerUp={() => setDragging(false)}
        onPointerCancel={() => setDragging(false)}
        data-testid="watermark-preview"
      >
        {/* Sample content, so the mark is judged against something like a real post image. */}
        <div
          className="pointer-events-none absolute inset-x-[8%] bottom-[8%] grid gap-2"
          style={{ color: readableTextOn(primary) }}
          aria-hidden="true"
        >
          <span className="truncate text-lg font-semibold sm:text-2xl">{brandName || "Your brand"}</span>
          <span className="h-2 w-2/3 rounded-full bg-current opacity-40" />
          <span className="h-2 w-1/2 rounded-full bg-current opacity-30" />
        </div>

        {url && failedUrl !== url ? (
          <button
            type="button"
            className="absolute flex items-center justify-center rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2"
            style={{
              left: `${draft.position.x}%`,
              top: `${draft.position.y}%`,
              width: `${draft.size}%`,
              height: `${draft.size}%`,
              opacity: draft.opacity,
              transform: `translate(-50%, -50%) rotate(${draft.rotation}deg) scale(${scaleX}, ${scaleY})`,
              cursor: "inherit",
            }}
            onKeyDown={onKeyDown}
            aria-label={`Watermark position: ${draft.position.x}% from the left, ${draft.position.y}% from the top. Use the arrow keys to move it; hold Shift for bigger steps.`}
            data-testid="watermark-preview-mark"
          >
            <img
              src={url}
              alt=""
              draggable={false}
              className="pointer-events-none size-full object-contain"
              onError={() => setFailedUrl(url)}
              data-testid="watermark-preview-image"
            />
          </button>
        ) : (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center"
            style={{ color: readableTextOn(primary) }}
          >
            <ImageIcon className="size-8 opacity-80" aria-hidden="true" />
            <span className="text-sm font-medium">
              {url ? "Failed to load image" : "Upload an image to see your watermark here"}
            </span>
          </div>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Preview on a sample image in your brand's colours. {url ? "Drag the watermark to place it." : ""}
      </figcaption>
    </figure>
  );
}
