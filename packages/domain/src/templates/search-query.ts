import { type SQL, sql } from "drizzle-orm";
import { templates } from "../db/schema";

/**
 * Prefix full-text queries from what the user typed: every word must match the start of a word of the
 * template (so "launc" finds "launch" while typing), or null when nothing searchable was typed. Words keep
 * only letters and digits, so nothing the user types reaches to_tsquery's own syntax.
 *
 * The search document weighs the name A, the tags B and the description C (templateSearchVector), so the
 * same words restricted to weights say where they matched: `inName` (every word in the name), `inNameOrTags`,
 * and `anywhere`.
 */
export interface PrefixQueries {
  inName: SQL;
  inNameOrTags: SQL;
  anywhere: SQL;
}

export function toPrefixQueries(search: string | undefined): PrefixQueries | null {
  const words = (search ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  const query = (weights: string) =>
    words
      .slice(0, 10)
      .map((word) => `${word}:*${weights}`)
      .join(" & ");
  const tsquery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;
  return { inName: tsquery(query("A")), inNameOrTags: tsquery(query("AB")), anywhere: tsquery(query("")) };
}

export const matchesQuery = (query: SQL) => sql`${templates.searchVector} @@ ${query}`;
export const missesQuery = (query: SQL) => sql`not (${templates.searchVector} @@ ${query})`;
