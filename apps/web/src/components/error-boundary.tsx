import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";

import { buttonVariants } from "@/components/ui/button-variants";
import { isChunkLoadError, retryFailedLoads } from "@/lib/lazy-load";

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What shows instead of the children once they failed; `retry` renders them again. */
  fallback: (failure: { error: Error; retry: () => void }) => ReactNode;
  /** A change of this value (the route, a dialog opening again) clears the failure. */
  resetKey?: unknown;
  onError?: (error: Error) => void;
};

type ErrorBoundaryState = { error: Error | null; seenKey: unknown };

/**
 * Keeps a failure in one part of the screen (a chunk that did not download, a render that threw) from
 * unmounting the whole app, which is what React does with an error no boundary catches.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, seenKey: undefined };

  constructor(props: ErrorBoundaryProps) {
    super(props);
    // A part that failed before and is shown again under a new boundary (a dialog mounted anew) loads anew.
    retryFailedLoads();
  }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.seenKey === props.resetKey) return null;
    if (state.error === null) return { seenKey: props.resetKey };
    retryFailedLoads();
    return { error: null, seenKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.(error);
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error) return this.props.fallback({ error, retry: this.retry });
    return this.props.children;
  }
}

const reload = () => window.location.reload();

const PAGE_FAILED = {
  notLoaded: "This page could not be loaded",
  failed: "Something went wrong on this page",
};

/**
 * What a screen shows in place of a page that failed (plain markup: the router's boundary is part of the
 * landing page's budget, so no Button/tailwind-merge here): a chunk that did not arrive needs a reload (after a
 * deploy its old name is gone); any other failure can also be tried again in place.
 */
export function PageError({
  error,
  retry,
  fullPage = false,
  titles = PAGE_FAILED,
}: {
  error: Error;
  retry: () => void;
  fullPage?: boolean;
  titles?: { notLoaded: string; failed: string };
}) {
  const notLoaded = isChunkLoadError(error);
  return (
    <div
      role="alert"
      data-testid="page-error"
      className={`mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center ${fullPage ? "min-h-svh justify-center" : ""}`}
    >
      <h2 className="text-lg font-semibold">{notLoaded ? titles.notLoaded : titles.failed}</h2>
      <p className="text-sm text-muted-foreground">
        {notLoaded
          ? "Part of the app did not download (a dropped connection, or a new version). Reload to get it."
          : "Nothing you saved is lost. Try again, or reload the page."}
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={reload}>
          Reload
        </button>
        {!notLoaded && (
          <button type="button" className={buttonVariants({ variant: "outline" })} onClick={retry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

/** The boundary of a whole page: a failure shows PageError, and going to another route clears it. */
export function PageErrorBoundary({
  children,
  fullPage = false,
}: {
  children: ReactNode;
  fullPage?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(failure) => <PageError {...failure} fullPage={fullPage} />}>
      {children}
    </ErrorBoundary>
  );
}
