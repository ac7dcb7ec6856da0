import { languageNames } from "../brands/constants";
import type { AltTextRequest } from "../ports";

/** The refusal when the model cannot write alt text (the AI port's failure for writeAltText). */
export const ALT_TEXT_FAILED = "Failed to write alt text";
/** What a vision model is asked to stay within: alt text is read aloud, so short is kind. */
export const ALT_TEXT_DRAFT_LENGTH = 250;

/** The post text a model sees at most: enough to name what the post is about, never a whole thread. */
const CAPTION_HINT_LENGTH = 1_000;

/**
 * The instructions a vision model gets with the image: literal, concise alt text in the brand's language.
 * The image itself travels as a separate part of the user turn; the post's text and the file's name are
 * hints only (what the image shows wins).
 */
export function buildAltTextPrompt(request: AltTextRequest): { system: string; prompt: string } {
  const rules = [
    "You write alt text for images posted on social media, for people who use screen readers.",
    "Describe literally and concisely what the image shows: the subject, the setting and what is happening. Never invent details that are not visible.",
    "If the image contains readable text (a sign, a label, a slogan), include that text word for word.",
    'Do not start with "Image of", "Picture of" or "Photo of", and use no hashtags, emojis, quotes or markdown.',
    `Write at most ${ALT_TEXT_DRAFT_LENGTH} characters, in ${languageNames[request.language]}.`,
    "Reply with the alt text only.",
  ];
  const caption = request.caption?.trim().slice(0, CAPTION_HINT_LENGTH);
  const facts = [
    `Brand: ${request.brand.name}`,
    request.brand.industry && `Industry: ${request.brand.industry}`,
    caption && `The post this image goes with (for context only): ${caption}`,
    request.name && `File name: ${request.name}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
  return { system: rules.join("\n"), prompt: `${facts.join("\n")}\n\nWrite the alt text for this image.` };
}
