import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { type PostSuggestion, postSuggestions, posts } from "../db/schema";
import { AppError } from "../errors";
import { generatePost } from "../generation/generate-post";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { postView } from "../posts/post-view-schema";
import { declareUseCase } from "../use-case";
import {
  SUGGESTION_ALREADY_GENERATED,
  SUGGESTION_NOT_FOUND,
  type SuggestionIdInput,
  suggestionIdInput,
  suggestionView,
} from "./schemas";
import { toSuggestionView } from "./suggestion";

export {
  type SuggestionIdInput as GenerateFromSuggestionInput,
  suggestionIdInput as generateFromSuggestionInput,
};

/** What generateFromSuggestion answers: the new post (generating) and the suggestion now linked to it. */
export const suggestionGenerationView = z
  .object({ post: postView, suggestion: suggestionView })
  .meta({ id: "SuggestionGeneration" });
export type SuggestionGeneration = z.infer<typeof suggestionGenerationView>;

/**
 * Turns one of the brand's suggestions into a post (connections spec: "Generating a post from it links a
 * post"): the same generation as any prompt, with the suggestion's idea as the prompt and its platform,
 * after the same plan check. The suggestion stays active, showing the post's state (Post Pending,
 * Scheduled, Published); once that post is denied or deleted, Generate is offered again. A suggestion that
 * was dismissed, or whose post is still pending or scheduled, is refused and nothing is generated.
 */
export async function generateFromSuggestion(
  ctx: BrandContext,
  input: SuggestionIdInput,
): Promise<SuggestionGeneration> {
  const { suggestionId } = parseInput(suggestionIdInput, input);
  if (!isUuid(suggestionId)) throw new AppError("not_found", SUGGESTION_NOT_FOUND);
  const [found] = await ctx.db
    .select({ suggestion: postSuggestions, linkedStatus: posts.status })
    .from(postSuggestions)
    .leftJoin(posts, and(eq(posts.id, postSuggestions.postId), eq(posts.brandId, postSuggestions.brandId)))
    .where(and(eq(postSuggestions.id, suggestionId), eq(postSuggestions.brandId, ctx.brandId)));
  if (!found || found.suggestion.isUsed) throw new AppError("not_found", SUGGESTION_NOT_FOUND);
  const { suggestion, linkedStatus } = found;
  if (linkedStatus && linkedStatus !== "denied") throw new AppError("conflict", SUGGESTION_ALREADY_GENERATED);

  let linked: PostSuggestion | undefined;
  const post = await generatePost(
    ctx,
    {
      platform: suggestion.platform,
      ...(suggestion.contentSuggestion ? { prompt: suggestion.contentSuggestion } : {}),
    },
    {
      // Linked with the post's creation, and only if the suggestion still has the post it was read with:
      // a second click (another tab) waits for the first and then finds another post linked, so it is
      // refused and its post and count are rolled back.
      onCreated: async (tx, created) => {
        [linked] = await tx
          .update(postSuggestions)
          .set({ postId: created.id, updatedAt: ctx.now() })
          .where(
            and(
              eq(postSuggestions.id, suggestion.id),
              eq(postSuggestions.isUsed, false),
              suggestion.postId
                ? eq(postSuggestions.postId, suggestion.postId)
                : isNull(postSuggestions.postId),
            ),
          )
          .returning();
        if (!linked) throw new AppError("conflict", SUGGESTION_ALREADY_GENERATED);
      },
    },
  );
  const link = { id: post.id, status: post.status, scheduledDate: null, postedAt: null };
  return { post, suggestion: toSuggestionView(linked ?? suggestion, link) };
}

export const generateFromSuggestionUseCase = declareUseCase({
  name: "generateFromSuggestion",
  description:
    "Generate a post from one of the active brand's post suggestions (its idea and platform), after the plan's check. Returns the new post (generating; it waits for approval when ready) and the suggestion, now linked to it.",
  scope: "brand",
  input: suggestionIdInput,
  output: suggestionGenerationView,
  run: generateFromSuggestion,
});
