import { POST_GENERATION_FAILED } from "../ai/schemas";
import { writingNetworkOf } from "../channels/network-descriptor";
import type { BrandContext } from "../context";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import type { WrittenPost } from "../ports";
import { isMetaPlatform } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { mentionsForbidden, removeForbidden } from "./do-not-mention";
import {
  PLATFORM_RULES,
  type WriteSocialPostInput,
  type WrittenSocialPostView,
  writeSocialPostInput,
  writtenSocialPostView,
} from "./schemas";
import { readAiBrand } from "./suggestion";

export { type WriteSocialPostInput, writeSocialPostInput };

const HASHTAG = /#[\p{L}\p{N}_]+/gu;

/**
 * A caption written for the brand and the platform, in the brand's language and tone. Nothing is saved: the
 * user copies it, or asks for a post from it. The brand's do-not-mention list and the network's caption
 * limits are kept here whatever the model answers.
 */
export async function writeSocialPost(
  ctx: BrandContext,
  input: WriteSocialPostInput,
): Promise<WrittenSocialPostView> {
  const { topic, platform } = parseInput(writeSocialPostInput, input);
  const { brand, language } = await readAiBrand(ctx);
  const network = await ctx.social.describe({ userId: ctx.userId, brandId: ctx.brandId, platform });
  let written: WrittenPost;
  try {
    written = await ctx.ai.writePost({
      brand,
      language,
      platform,
      network: writingNetworkOf(network),
      userPrompt: topic,
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", POST_GENERATION_FAILED);
  }
  // The spec's caption rules for its two networks; the others' from their providers.
  const rules = isMetaPlatform(platform)
    ? PLATFORM_RULES[platform]
    : { maxCaptionLength: network.text.maxLength, maxHashtags: network.style.maxHashtags };
  const cleaned = removeForbidden(written.caption, brand.doNotMention);
  // The caption carries its hashtags at the end; beyond the network's count, the later ones are dropped.
  const hashtags = [
    ...new Set(
      [...(cleaned.match(HASHTAG) ?? []), ...written.hashtags.map((tag) => tag.trim())].filter(
        (tag) => tag.startsWith("#") && tag.length > 1 && !mentionsForbidden(tag, brand.doNotMention),
      ),
    ),
  ].slice(0, rules.maxHashtags);
  const allowed = new Set(hashtags.map((tag) => tag.toLowerCase()));
  const body = cleaned
    .replace(HASHTAG, (tag) => (allowed.has(tag.toLowerCase()) ? tag : ""))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  if (body === "") throw new AppError("upstream_failed", POST_GENERATION_FAILED);
  const caption = fitCaption(body, rules.maxCaptionLength);
  return {
    topic,
    platform,
    caption,
    hashtags: hashtags.filter((tag) => caption.toLowerCase().includes(tag.toLowerCase())),
    characterCount: [...caption].length,
    maxCaptionLength: rules.maxCaptionLength,
    model: ctx.ai.kind,
  };
}

/** Cuts at the last sentence or line end that fits, so a long caption never breaks mid-word. */
function fitCaption(caption: string, max: number): string {
  const chars = [...caption];
  if (chars.length <= max) return caption;
  const head = chars.slice(0, max).join("");
  const cut = Math.max(head.lastIndexOf("\n"), head.lastIndexOf(". "), head.lastIndexOf("! "));
  return (cut > max / 2 ? head.slice(0, cut + 1) : head.slice(0, head.lastIndexOf(" "))).trim();
}

export const writeSocialPostUseCase = declareUseCase({
  name: "writeSocialPost",
  description:
    "Write a caption about a topic for Facebook or Instagram in the active brand's tone and language, keeping its do-not-mention list. Returns the text only; no post is created.",
  scope: "brand",
  input: writeSocialPostInput,
  output: writtenSocialPostView,
  run: writeSocialPost,
});
