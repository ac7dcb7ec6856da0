import { Suspense } from "react";
import { Outlet } from "react-router";

import { PageErrorBoundary } from "@/components/error-boundary";
import { PageSkeleton } from "@/components/page-skeleton";
import { PageShown } from "@/lib/page-settled";

/**
 * The layouts' page slot: the route's page, a skeleton while its code loads, and in its place a failure
 * with Reload if that code does not arrive or the page throws (the layout around it keeps working).
 */
export function RoutedPage() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
        <PageShown />
      </Suspense>
    </PageErrorBoundary>
  );
}
