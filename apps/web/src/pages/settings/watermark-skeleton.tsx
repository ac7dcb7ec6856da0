import { Skeleton } from "@/components/ui/skeleton";

/** Shaped like the editor (header, preview beside the controls, the save bar) while the watermark loads. */
export function WatermarkSkeleton() {
  return (
    <div
      className="rounded-xl border bg-card shadow-sm"
      role="status"
      aria-busy="true"
      aria-label="Loading watermark"
      data-testid="watermark-skeleton"
    >
      <div className="flex items-center justify-between gap-4 border-b p-5 md:p-6">
        <div className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3.5 w-72 max-w-full" />
        </div>
        <Skeleton className="h-5 w-12 rounded-md" />
      </div>
      <div className="grid gap-6 p-5 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:p-6">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="grid content-start gap-6">
          <Skeleton className="h-[4.5rem] w-full rounded-lg" />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="grid gap-3">
              <div className="flex justify-between">
                <Skeleton className="h-3.5 w-20" />
                <Skeleton className="h-3.5 w-10" />
              </div>
              <Skeleton className="h-2 w-full rounded-full" />
            </div>
          ))}
        </div>
      </div>
      <div className="flex justify-end gap-3 border-t px-5 py-3 md:px-6">
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-10 w-20" />
      </div>
    </div>
  );
}
