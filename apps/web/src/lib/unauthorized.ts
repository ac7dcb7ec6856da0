type UnauthorizedListener = () => void;
const listeners = new Set<UnauthorizedListener>();

/*
 * Kept apart from api.ts: the session store is part of every page's first load (the landing page's 100 KB
 * budget), and api.ts brings the typed Hono client with it.
 */

/** Lets the session store learn that the cookie expired without api.ts depending on it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by api.ts when the server answered 401. */
export function notifyUnauthorized(): void {
  for (const listener of listeners) listener();
}
