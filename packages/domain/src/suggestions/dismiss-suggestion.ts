import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { postSuggestions } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  SUGGESTION_NOT_FOUND,
  type SuggestionIdInput,
  type SuggestionView,
  suggestionIdInput,
  suggestionView,
} from "./schemas";
import { toSuggestionView } from "./suggestion";

export { type SuggestionIdInput, suggestionIdInput };

/**
 * Dismisses one of the brand's suggestions (is_used true), after which lists leave it out. Dismissing it
 * again changes nothing; another brand's or user's id is not found.
 */
export async function dismissSuggestion(
  ctx: BrandContext,
  input: SuggestionIdInput,
): Promise<SuggestionView> {
  const { suggestionId } = parseInput(suggestionIdInput, input);
  if (!isUuid(suggestionId)) throw new AppError("not_found", SUGGESTION_NOT_FOUND);
  const [row] = await ctx.db
    .update(postSuggestions)
    .set({ isUsed: true })
    .where(and(eq(postSuggestions.id, suggestionId), eq(postSuggestions.brandId, ctx.brandId)))
    .returning();
  if (!row) throw new AppError("not_found", SUGGESTION_NOT_FOUND);
  return toSuggestionView(row);
}

export const dismissSuggestionUseCase = declareUseCase({
  name: "dismissSuggestion",
  description: "Dismiss one of the active brand's post suggestions; it no longer appears in the lists.",
  scope: "brand",
  input: suggestionIdInput,
  output: suggestionView,
  run: dismissSuggestion,
});
