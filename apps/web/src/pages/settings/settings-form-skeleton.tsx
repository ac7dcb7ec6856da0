import { Skeleton } from "@/components/ui/skeleton";

/** Shaped like a settings card (a header, two sections of labelled fields, the save bar) while the brand loads. */
export function SettingsFormSkeleton({ label }: { label: string }) {
  return (
    <div
      className="rounded-xl border bg-card shadow-sm"
      role="status"
      aria-busy="true"
      aria-label={label}
      data-testid="settings-skeleton"
    >
      <div className="flex flex-col gap-4 border-b p-5 sm:flex-row sm:items-center sm:justify-between md:p-6">
        <div className="space-y-2">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-3.5 w-64 max-w-full" />
        </div>
        <Skeleton className="h-[4.25rem] w-full rounded-xl sm:w-64" />
      </div>
      {[0, 1].map((section) => (
        <div
          key={section}
          className="grid gap-5 border-b p-5 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:gap-8 md:p-6"
        >
          <div className="space-y-2">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3.5 w-40 max-w-full" />
          </div>
          <div className="grid gap-5">
            {[0, 1].map((row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-3.5 w-28" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </div>
        </div>
      ))}
      <div className="flex justify-end px-5 py-3 md:px-6">
        <Skeleton className="h-10 w-20" />
      </div>
    </div>
  );
}
