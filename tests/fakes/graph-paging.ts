/**
 * One page of a Graph list as Graph answers it: `limit` items (25 unless asked), from the `after` cursor on,
 * with `paging.next` only while more follow. Cursors are opaque to clients; here they are offsets.
 */
export function graphPage<T>(
  items: T[],
  params: Record<string, string | undefined>,
  baseUrl = "https://graph.fake",
) {
  const limit = Math.min(Math.max(Number(params.limit) || 25, 1), 5000);
  const start = params.after ? Number(Buffer.from(params.after, "base64url").toString()) || 0 : 0;
  const end = Math.min(start + limit, items.length);
  const cursor = (offset: number) => Buffer.from(String(offset)).toString("base64url");
  const after = cursor(end);
  return {
    data: items.slice(start, end),
    paging: {
      cursors: { before: cursor(start), after },
      ...(end < items.length ? { next: `${baseUrl}?limit=${limit}&after=${after}` } : {}),
    },
  };
}
