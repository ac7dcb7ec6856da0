/**
 * The one way the networks' API clients send a call. What the answer means (a refusal, a rate limit, a
 * lost write) is each network's to say, and so is what a call that got no answer throws: `noAnswer` makes
 * that error, from the fetch's own failure (which a network whose URL holds a secret must not quote).
 */
export async function sendRequest(
  fetchImpl: typeof fetch,
  url: string,
  init: Omit<RequestInit, "redirect" | "signal">,
  timeoutMs: number,
  noAnswer: (cause: unknown) => Error,
): Promise<{ response: Response; body: unknown }> {
  let response: Response;
  let text: string;
  try {
    // A redirect would replay a write (and the token it carries) elsewhere; none of the APIs redirect.
    response = await fetchImpl(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw noAnswer(error);
  }
  return { response, body: jsonOrNull(text) };
}

/** An error page or an empty answer is no body to read fields from, not a failure of its own. */
function jsonOrNull(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
