/* The brand's do-not-mention list (company profile), applied to whatever a model writes. */

const squash = (text: string) => text.toLowerCase().replace(/[\s#_-]+/g, "");

/** Case-insensitive, and also with spaces removed so "#SpecialtyCoffee" counts as "specialty coffee". */
export function mentionsForbidden(text: string, forbidden: readonly string[]): boolean {
  const lower = text.toLowerCase();
  const squashed = squash(text);
  return forbidden.some((term) => {
    const needle = term.trim().toLowerCase();
    return needle !== "" && (lower.includes(needle) || squashed.includes(squash(needle)));
  });
}

/**
 * The text without the sentences (and hashtags) that name a do-not-mention term. Models are told the list,
 * but the brand's rule is the domain's to keep, whatever a model answers.
 */
export function removeForbidden(text: string, forbidden: readonly string[]): string {
  if (!forbidden.some((term) => term.trim() !== "")) return text.trim();
  return text
    .split("\n")
    .map((line) =>
      (line.match(/[^.!?]+[.!?]*\s*/g) ?? [])
        .flatMap((sentence) => sentence.split(/(?=\s#)/))
        .filter((piece) => !mentionsForbidden(piece, forbidden))
        .join("")
        .trimEnd(),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
