import type { BrandContext } from "../context";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import type { ContentIdea } from "../ports";
import { metaPlatforms } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { removeForbidden } from "./do-not-mention";
import {
  CONTENT_IDEA_COUNT,
  CONTENT_IDEAS_FAILED,
  type ContentIdeasView,
  contentIdeasView,
  type GenerateContentIdeaInput,
  generateContentIdeaInput,
  type SuggestionPlatform,
} from "./schemas";
import { readAiBrand } from "./suggestion";

export { type GenerateContentIdeaInput, generateContentIdeaInput };

// Ideas are for the spec's two networks unless the brand has others (the writer adapts any idea).
const PLATFORMS: SuggestionPlatform[] = [...metaPlatforms];

/**
 * A few post ideas (title, angle, suggested platform) for the brand, about the topic when one is given.
 * Nothing is saved: the user picks one and asks for a post (generatePost or writeSocialPost).
 */
export async function generateContentIdea(
  ctx: BrandContext,
  input: GenerateContentIdeaInput = {},
): Promise<ContentIdeasView> {
  const parsed = parseInput(generateContentIdeaInput, input);
  const topic = parsed.topic ? parsed.topic : undefined;
  const { brand, language } = await readAiBrand(ctx);
  let ideas: ContentIdea[];
  try {
    ideas = await ctx.ai.suggestContentIdeas({
      brand,
      language,
      topic,
      count: CONTENT_IDEA_COUNT,
      platforms: PLATFORMS,
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", CONTENT_IDEAS_FAILED);
  }
  const kept = ideas
    .map((idea) => ({
      title: removeForbidden(idea.title, brand.doNotMention),
      angle: removeForbidden(idea.angle, brand.doNotMention),
      platform: PLATFORMS.includes(idea.platform) ? idea.platform : "facebook",
    }))
    .filter((idea) => idea.title !== "" && idea.angle !== "")
    .slice(0, CONTENT_IDEA_COUNT);
  if (kept.length === 0) throw new AppError("upstream_failed", CONTENT_IDEAS_FAILED);
  return { topic: topic ?? null, ideas: kept, model: ctx.ai.kind };
}

export const generateContentIdeaUseCase = declareUseCase({
  name: "generateContentIdea",
  description:
    "Suggest a few post ideas (title, angle, best platform) for the active brand, about the topic if one is given. Nothing is saved.",
  scope: "brand",
  input: generateContentIdeaInput,
  output: contentIdeasView,
  run: generateContentIdea,
});
