import { languageNames } from "../brands/constants";
import type { ImageCaptionRequest } from "../ports";

/**
 * The instructions a vision model gets with the image (connections spec: generate-caption-from-image sends
 * the brand's name, colours, industry, tone, audience, key message, language, platform and the context).
 * The image itself travels as a separate part of the user turn.
 */
export function buildCaptionPrompt(request: ImageCaptionRequest): { system: string; prompt: string } {
  const { brand } = request;
  const instagram = request.platform === "instagram";
  const rules = [
    `You write ${instagram ? "Instagram" : "Facebook"} captions for a brand, for the photo you are shown.`,
    "Describe what the photo really shows and connect it to the brand; never invent details that are not visible.",
    `Write in ${languageNames[request.language]}, in a ${brand.tone} tone, for the brand's audience.`,
    instagram
      ? "Use short lines, a few fitting emojis and 5 to 8 hashtags at the end."
      : "Write one or two short paragraphs with at most 3 hashtags at the end.",
    "Reply with the caption only: no quotes, no preamble, no markdown.",
  ];
  if (brand.doNotMention.length > 0)
    rules.push(`Never mention any of these: ${brand.doNotMention.join("; ")}.`);
  const facts = [
    `Brand name: ${brand.name}`,
    brand.industry && `Industry: ${brand.industry}`,
    brand.description && `Description: ${brand.description}`,
    brand.targetAudience && `Target audience: ${brand.targetAudience}`,
    brand.keyMessages.length > 0 && `Key message: ${brand.keyMessages.join("; ")}`,
    `Brand colours: ${brand.primaryColor}, ${brand.secondaryColor}, ${brand.accentColor}`,
    request.context && `What the user wants said about the photo: ${request.context}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
  return { system: rules.join("\n"), prompt: `${facts.join("\n")}\n\nWrite the caption for this photo.` };
}
