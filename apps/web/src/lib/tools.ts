import { useQuery } from "@tanstack/react-query";

import { call, callOptions, client } from "@/lib/api";

/*
 * The declared use cases the screens call through the tool API (POST /api/tools/{name}, the same doors the
 * chat, scripts and MCP use): the typed client's call with the use case's input as the JSON body, answered
 * `{result}`. A refusal is the usual ApiError with its reason.
 */

/** Runs one tool for the brand and gives back its `result` (typed by the caller from the use case's output). */
export async function callTool<Result>(
  name: string,
  input: unknown,
  options: { brandId?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Result> {
  const base = callOptions(options);
  const answer = await call(
    client.api.tools[":name"].$post(
      { param: { name: encodeURIComponent(name) } },
      {
        headers: { ...base.headers, "Content-Type": "application/json" },
        init: { ...base.init, body: JSON.stringify(input ?? {}) },
      },
    ),
  );
  return (answer as { result: Result }).result;
}

export const toolKeys = { names: ["tools", "names"] as const };

/** The names of the tools the server offers (GET /api/tools), read once: a screen offers what exists. */
export function useToolNames() {
  return useQuery({
    queryKey: toolKeys.names,
    queryFn: async ({ signal }) =>
      new Set(
        (await call(client.api.tools.$get(undefined, callOptions({ signal })))).tools.map((t) => t.name),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** True once the server is known to offer the tool (false while unknown, or when it does not). */
export function useToolAvailable(name: string): boolean {
  return useToolNames().data?.has(name) ?? false;
}
