import { languageNames } from "../brands/constants";
import type { EnhanceContentRequest, PostWritingRequest } from "../ports";
import { isMetaPlatform, type MetaPlatform, platformLabels } from "../posts/messages";
import type { EnhanceFieldName } from "./schemas";

const fieldInstructions: Record<EnhanceFieldName, string> = {
  brandName:
    "Polish the brand name: fix capitalisation and spacing only. Keep it recognisably the same name, at most 5 words.",
  description:
    "Rewrite the company description as 2 to 4 clear sentences that say what the brand offers, to whom and why it matters.",
  industry: "Name the industry precisely in 1 to 5 words, without a full stop.",
  targetAudience: "Describe the target audience in one sentence: who they are and what they value.",
  keyMessage: "Turn it into one crisp benefit statement of at most 15 words.",
  captionPrompt:
    "Improve this instruction for writing a social media caption: make it specific about goal, tone, audience and call to action. Keep any {placeholders} unchanged.",
  prompt_template:
    "Improve this prompt template for generating social media posts: make it specific about goal, tone, audience and call to action. Keep any {placeholders} unchanged.",
  image_prompt_template:
    "Improve this image-generation prompt: describe subject, composition, lighting and style concretely. Keep any {placeholders} unchanged.",
};

/** The chat prompt an OpenAI-compatible model gets for Enhance; the brand context travels in the user turn. */
export function buildEnhancePrompt(request: EnhanceContentRequest): { system: string; prompt: string } {
  const { brand } = request;
  const rules = [
    "You improve one field of a brand profile in a social media manager.",
    fieldInstructions[request.fieldName],
    `Write in ${languageNames[request.language]}, in a ${brand.tone} tone.`,
    "Reply with the improved text only: no quotes, no preamble, no markdown.",
  ];
  if (brand.doNotMention.length > 0)
    rules.push(`Never mention any of these: ${brand.doNotMention.join("; ")}.`);
  const facts = [
    `Brand name: ${brand.name}`,
    brand.industry && `Industry: ${brand.industry}`,
    `Tone: ${brand.tone}`,
    brand.targetAudience && `Target audience: ${brand.targetAudience}`,
    brand.description && request.fieldName !== "description" && `Description: ${brand.description}`,
    brand.keyMessages.length > 0 && `Key messages: ${brand.keyMessages.join("; ")}`,
    request.fieldName === "image_prompt_template" &&
      `Brand colours: ${brand.primaryColor}, ${brand.secondaryColor}, ${brand.accentColor}; image style: ${brand.imageStyle}`,
    request.context && `Context: ${request.context}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
  return {
    system: rules.join("\n"),
    prompt: `${facts.join("\n")}\n\nField: ${request.fieldName}\nCurrent text:\n${request.currentValue}`,
  };
}

/** The spec's habits of its two networks, for a request that does not carry its network's own. */
const META_HABITS: Record<MetaPlatform, string> = {
  instagram: "Use short lines, a few fitting emojis and 5 to 8 hashtags.",
  facebook: "Write one or two short paragraphs with at most 3 hashtags.",
};

/**
 * The chat prompt for writing a post (core spec section 7, generate-post): the brand, the platform, the
 * language, the prompt override as instructions and the user's brief, answered as one JSON object.
 */
export function buildPostPrompt(request: PostWritingRequest): { system: string; prompt: string } {
  const { brand } = request;
  const rules = [
    `You write ${request.network?.label ?? platformLabels[request.platform]} posts for a brand.`,
    `Write in ${languageNames[request.language]}, in a ${brand.tone} tone, for the brand's audience.`,
    request.network?.habits ??
      (isMetaPlatform(request.platform)
        ? META_HABITS[request.platform]
        : `Keep it within ${request.network?.maxLength ?? 500} characters, hashtags included.`),
    'Answer with one JSON object only: {"caption": string, "hashtags": string[], "image_prompt": string}.',
    "The caption already includes the hashtags at its end. image_prompt describes the picture to go with it.",
  ];
  if (brand.doNotMention.length > 0)
    rules.push(`Never mention any of these: ${brand.doNotMention.join("; ")}.`);
  // The brand's or template's override is an instruction to the writer, never text for the post; the
  // user's prompt still says what the post is about.
  const override = request.promptOverride?.trim();
  if (override)
    rules.push(
      `Follow these instructions from the brand; they are not text for the post, never quote them:\n${override}`,
    );
  const brief =
    request.userPrompt?.trim() ||
    (override ? "Follow the brand's instructions." : "A post that shows what makes the brand special.");
  const facts = [
    `Brand name: ${brand.name}`,
    brand.industry && `Industry: ${brand.industry}`,
    brand.description && `Description: ${brand.description}`,
    brand.targetAudience && `Target audience: ${brand.targetAudience}`,
    brand.keyMessages.length > 0 && `Key messages: ${brand.keyMessages.join("; ")}`,
    `Brand colours: ${brand.primaryColor}, ${brand.secondaryColor}, ${brand.accentColor}; image style: ${brand.imageStyle}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
  return { system: rules.join("\n"), prompt: `${facts.join("\n")}\n\nBrief: ${brief}` };
}
