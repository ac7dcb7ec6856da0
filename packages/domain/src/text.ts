import { z } from "zod";

/**
 * One input rule for all text: a NUL character or a lone (unpaired) UTF-16 surrogate is refused wherever a
 * caller sends text. PostgreSQL cannot store either (text columns refuse NUL, jsonb refuses `\u0000` and
 * unpaired `\ud800`-style escapes), and no person types them, so they are refused as invalid input by the
 * shared schemas (the screens, the chat, the tool API and MCP alike) instead of failing deep in a query.
 *
 * Pure zod and string work: the web bundle imports this with the forms' schemas.
 */

export const UNSAFE_TEXT = "Text contains characters that are not allowed";

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeCharacters = (value: string): boolean =>
  value.includes("\u0000") || loneSurrogate.test(value);

/**
 * True when a JSON-ish value holds unsafe text anywhere: in a string, or in an object's key, at any depth.
 * For fields whose content stays opaque to the domain (a chat message's parts), where no schema names the
 * strings one by one.
 */
export function hasUnsafeText(value: unknown): boolean {
  // An explicit stack, so a deeply nested body cannot overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (hasUnsafeCharacters(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === "object") {
      for (const [key, entry] of Object.entries(next)) {
        if (hasUnsafeCharacters(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/**
 * A string that obeys the rule: `z.string(params)` plus the check. Chain `.trim()`, `.min()`, `.max()` and
 * the rest as usual. A refinement rather than a regex check, so tools' JSON Schemas stay as they were.
 */
export const safeText = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine((value) => !hasUnsafeCharacters(value), { message: UNSAFE_TEXT });

/** The rule for an opaque JSON field: add with `.refine(isSafeJson, { message: UNSAFE_TEXT })`. */
export const isSafeJson = (value: unknown): boolean => !hasUnsafeText(value);
