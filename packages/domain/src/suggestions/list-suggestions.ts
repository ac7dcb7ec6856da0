import { and, asc, eq, gt } from "drizzle-orm";
import type { BrandContext } from "../context";
import { postSuggestions, posts } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { MAX_LISTED_SUGGESTIONS, type SuggestionList, suggestionListView } from "./schemas";
import { toSuggestionView } from "./suggestion";

/**
 * The brand's active suggestions (connections spec: unused, future only, by scheduled date), soonest first,
 * each with the post generated from it, if any, for the button states.
 */
export async function listSuggestions(ctx: BrandContext): Promise<SuggestionList> {
  const rows = await ctx.db
    .select({
      suggestion: postSuggestions,
      post: {
        id: posts.id,
        status: posts.status,
        scheduledDate: posts.scheduledDate,
        postedAt: posts.postedAt,
      },
    })
    .from(postSuggestions)
    // A linked post is shown only when it is the same brand's (the link is set by the brand's own use case).
    .leftJoin(posts, and(eq(posts.id, postSuggestions.postId), eq(posts.brandId, postSuggestions.brandId)))
    .where(
      and(
        eq(postSuggestions.brandId, ctx.brandId),
        eq(postSuggestions.isUsed, false),
        gt(postSuggestions.scheduledDate, ctx.now()),
      ),
    )
    .orderBy(asc(postSuggestions.scheduledDate), asc(postSuggestions.id))
    .limit(MAX_LISTED_SUGGESTIONS);
  return { suggestions: rows.map((row) => toSuggestionView(row.suggestion, row.post)) };
}

export const listSuggestionsUseCase = declareUseCase({
  name: "listSuggestions",
  description:
    "The active brand's open post suggestions (from campaign plans and the calendar analysis): not dismissed, dated in the future, soonest first.",
  scope: "brand",
  input: noInput,
  output: suggestionListView,
  run: listSuggestions,
});
