import { useEffect, useSyncExternalStore } from "react";

import { onUnauthorized } from "@/lib/unauthorized";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt?: string;
};

export type SessionState =
  | { status: "loading" }
  // `afterSignOut` marks a deliberate sign-out: guards then go to plain /login instead of remembering the page.
  | { status: "signed-out"; afterSignOut?: boolean }
  | { status: "signed-in"; user: SessionUser };

/*
 * A tiny store around GET /api/auth/get-session instead of the better-auth client, so public pages
 * (landing, legal) can know who is visiting without shipping the auth client in their first load.
 */
let state: SessionState = { status: "loading" };
let inflight: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return state;
}

type GetSessionBody = { user?: SessionUser | null } | null;

const SERVER_ERROR_RETRIES = 2;

async function fetchSession(): Promise<SessionState> {
  try {
    let response = await fetch("/api/auth/get-session", {
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    // A passing server fault must not look like "signed out" and bounce a signed-in user to /login.
    for (let attempt = 1; response.status >= 500 && attempt <= SERVER_ERROR_RETRIES; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      response = await fetch("/api/auth/get-session", {
        credentials: "include",
        headers: { Accept: "application/json" },
      });
    }
    if (!response.ok) return { status: "signed-out" };
    const body = (await response.json().catch(() => null)) as GetSessionBody;
    return body?.user ? { status: "signed-in", user: body.user } : { status: "signed-out" };
  } catch {
    // An unreachable server is treated as signed out: guarded screens then show the login form.
    return { status: "signed-out" };
  }
}

/**
 * Fetches the session; concurrent callers share one request. `force` starts a new one even when a request
 * is in flight (after sign-in, an older answer would still say "signed out").
 */
export function refreshSession(options: { force?: boolean } = {}): Promise<SessionState> {
  if (inflight && !options.force) return inflight;
  const request = fetchSession().then((next) => {
    // Only the newest request may publish, so a slow stale answer cannot overwrite a fresh one.
    if (inflight === request) {
      setState(next);
      inflight = null;
    }
    return next;
  });
  inflight = request;
  return request;
}

export function markSignedOut(options: { afterSignOut?: boolean } = {}) {
  // A session answer still in flight predates the sign-out and must not bring the user back.
  inflight = null;
  setState({ status: "signed-out", afterSignOut: Boolean(options.afterSignOut) });
}

export function getSessionState(): SessionState {
  return state;
}

export function useSession(): SessionState {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    if (getSnapshot().status === "loading") void refreshSession();
  }, []);
  return current;
}

/** The spec's display name: the part of the e-mail before the at-sign. */
export function getNameFromEmail(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

onUnauthorized(() => {
  if (state.status === "signed-in") markSignedOut();
});
