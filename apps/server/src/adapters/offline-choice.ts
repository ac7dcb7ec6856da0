/**
 * Deterministic choices for the offline models: the same brand and request always write, plan and draw the
 * same thing (tests and screenshots rely on it), so nothing here may use Math.random.
 */

/** FNV-1a: a small, stable 32-bit hash of a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One of `items` for a seed; a salt gives several independent choices from the same seed. */
export function pick<T>(items: readonly T[], seed: number, salt = 0): T {
  return items[(seed + salt * 2654435761) % items.length] as T;
}
