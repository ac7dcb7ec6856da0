import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";

import { FullPageSpinner } from "@/components/full-page-spinner";
import { buildLoginPath, sanitizeRedirect } from "@/lib/redirect";
import { useSession } from "@/lib/session";

type FromState = { from?: string } | null;

/** Signed-in routes: a signed-out visitor goes to /login, which remembers where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  if (session.status === "loading") return <FullPageSpinner label="Checking your session" />;
  if (session.status === "signed-out") {
    if (session.afterSignOut) return <Navigate to="/login" replace />;
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={buildLoginPath(origin)} replace state={{ from: origin }} />;
  }
  return <Outlet />;
}

/** The landing page: a signed-in visitor is sent to the welcome hub instead. */
export function RedirectSignedInToWelcome() {
  const session = useSession();
  if (session.status === "loading") return <FullPageSpinner />;
  if (session.status === "signed-in") return <Navigate to="/welcome" replace />;
  return <Outlet />;
}

/** The login page: a signed-in visitor goes on to the remembered origin (default /dashboard). */
export function RedirectSignedInFromLogin() {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();

  if (session.status === "loading") return <FullPageSpinner label="Checking your session" />;
  if (session.status === "signed-in") {
    const fromState = (location.state as FromState)?.from;
    return <Navigate to={sanitizeRedirect(searchParams.get("redirect") ?? fromState)} replace />;
  }
  return <Outlet />;
}
