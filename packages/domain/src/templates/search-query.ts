import { type SQL, sql } from "drizzle-orm";
import { templates } from "../db/schema";

/**
 * A prefix full-text query from what the user typed: every word must match the start of a word of the
 * template (so "launc" finds "launch" while typing), or null when nothing searchable was typed. Words keep
 * only letters and digits, so nothing the user types reaches to_tsquery's own syntax.
 */
export function toPrefixQuery(search: string | undefined): SQL | null {
  const words = (search ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  const query = words
    .slice(0, 10)
    .map((word) => `${word}:*`)
    .join(" & ");
  return sql`to_tsquery('simple'::regconfig, ${query})`;
}

export const matchesQuery = (query: SQL) => sql`${templates.searchVector} @@ ${query}`;
export const rankOf = (query: SQL) => sql`ts_rank(${templates.searchVector}, ${query})`;
