import { languageNames } from "../brands/constants";
import type { AiBrandContext, CampaignPlanRequest, ContentIdeasRequest } from "../ports";

/** The brand facts every planning prompt starts from. */
function brandFacts(brand: AiBrandContext): string[] {
  return [
    `Brand name: ${brand.name}`,
    brand.industry && `Industry: ${brand.industry}`,
    brand.description && `Description: ${brand.description}`,
    brand.targetAudience && `Target audience: ${brand.targetAudience}`,
    brand.keyMessages.length > 0 && `Key messages: ${brand.keyMessages.join("; ")}`,
    `Tone: ${brand.tone}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
}

function brandRules(brand: AiBrandContext): string[] {
  return brand.doNotMention.length > 0
    ? [`Never mention any of these: ${brand.doNotMention.join("; ")}.`]
    : [];
}

/**
 * The chat prompt for a campaign plan: the dates and platforms are fixed by the product, the model writes
 * one idea and one reason per numbered slot, answered as one JSON object.
 */
export function buildCampaignPlanPrompt(request: CampaignPlanRequest): { system: string; prompt: string } {
  const system = [
    "You plan social media campaigns for a brand.",
    `Write in ${languageNames[request.language]}, in a ${request.brand.tone} tone, for the brand's audience.`,
    "For every numbered slot write a concrete post idea (1 to 3 sentences the brand can turn into a post) and a short reason why it fits that point of the campaign, the day and the platform.",
    "Vary the ideas across the campaign: open it, build it up, close it with a call to action.",
    'Answer with one JSON object only: {"ideas": [{"slot": number, "content_suggestion": string, "reason": string}]}, one entry per slot, in slot order.',
    ...brandRules(request.brand),
  ];
  const slots = request.slots.map(
    (slot, index) =>
      `${index + 1}. Week ${slot.week}, ${slot.weekday} at ${slot.time} on ${slot.platform === "instagram" ? "Instagram" : "Facebook"}`,
  );
  return {
    system: system.join("\n"),
    prompt: `${brandFacts(request.brand).join("\n")}\n\nCampaign goal: ${request.goal}\n\nSlots:\n${slots.join("\n")}`,
  };
}

/** The chat prompt for content ideas, answered as one JSON object. */
export function buildContentIdeasPrompt(request: ContentIdeasRequest): { system: string; prompt: string } {
  const system = [
    "You suggest social media post ideas for a brand.",
    `Write in ${languageNames[request.language]}, in a ${request.brand.tone} tone.`,
    `Suggest exactly ${request.count} different ideas. Each has a short title, an angle (one or two sentences on what the post says and shows) and the platform it suits best: ${request.platforms.join(" or ")}.`,
    'Answer with one JSON object only: {"ideas": [{"title": string, "angle": string, "platform": string}]}.',
    ...brandRules(request.brand),
  ];
  const topic = request.topic?.trim() || "Anything that shows what makes the brand special.";
  return { system: system.join("\n"), prompt: `${brandFacts(request.brand).join("\n")}\n\nTopic: ${topic}` };
}
