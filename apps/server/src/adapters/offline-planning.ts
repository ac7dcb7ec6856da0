import type {
  AiBrandContext,
  CampaignPlanRequest,
  ContentIdea,
  ContentIdeasRequest,
  PlannedPostIdea,
} from "@smm/domain/ports";
import { mentionsForbidden } from "@smm/domain/suggestions";
import { hashText } from "./offline-choice";
import { lowerFirst, shortAudience } from "./offline-text";

/*
 * The embedded offline model's planning: deterministic rules over the brand profile and the user's goal or
 * topic, no network; the same request gives the same plan. It writes in English whatever the brand's
 * language (planning notes are for the user, not for publishing; a real model writes other languages).
 */

const clean = (text: string) => text.trim().replace(/[.!?]+$/, "");

/** The brand facts the rules may use: anything naming a do-not-mention term is left out. */
function usableFacts(brand: AiBrandContext) {
  const allowed = (text: string) => text.trim() !== "" && !mentionsForbidden(text, brand.doNotMention);
  return {
    name: brand.name,
    industry: allowed(brand.industry) ? clean(brand.industry).toLowerCase() : "",
    // The audience as a marketer names it in a plan ("families and tourists"), not the profile's whole
    // description ("Families and tourists interested in ice cream, who value...").
    audience: allowed(brand.targetAudience) ? lowerFirst(shortAudience(brand.targetAudience) ?? "") : "",
    keyMessages: brand.keyMessages.filter(allowed).map(clean),
  };
}

type Facts = ReturnType<typeof usableFacts>;

interface CampaignAngle {
  idea: (goal: string, facts: Facts, message: string) => string;
  why: string;
}

const followers = (facts: Facts) => facts.audience || "your followers";

/** A goal that opens with a verb ("Launch our sourdough subscription") reads as "the push to launch ...". */
const GOAL_VERB =
  /^(?:launch|get|grow|increase|promote|drive|boost|sell|build|announce|celebrate|introduce|raise|attract|fill|reach|win|bring|make|double|gain|generate|help|show|open)\b/i;
const goalPhrase = (goal: string) => (GOAL_VERB.test(goal) ? `the push to ${lowerFirst(goal)}` : goal);

/** The middle of a campaign rotates through these; the first and last posts open and close it. */
const MIDDLE_ANGLES: CampaignAngle[] = [
  {
    idea: (goal, facts) =>
      `Behind the scenes: a real photo of the ${facts.name} team getting ready for ${goal}, with two lines on what goes into it.`,
    why: "behind-the-scenes posts build trust and tend to earn comments",
  },
  {
    idea: (goal, facts) =>
      `Useful tip: one practical tip for ${followers(facts)} linked to ${goal}; end on a question to draw comments.`,
    why: "useful tips get saved and shared",
  },
  {
    idea: (goal, facts, message) =>
      message
        ? `Proof point: show "${message}" in action, in one photo and two lines, tied to ${goal}.`
        : `Why ${facts.name}: three short reasons ${followers(facts)} choose you, linked to ${goal}.`,
    why: "repeating the brand's key message keeps the campaign on point",
  },
  {
    idea: (goal) =>
      `Customer voice: a short quote or story from a real customer about ${goal}, with their photo if they agree.`,
    why: "social proof from real customers persuades more than claims",
  },
  {
    idea: (goal, facts) =>
      `Poll: a simple either-or question for ${followers(facts)} about ${goal}; share the result in a follow-up.`,
    why: "polls invite easy interaction, which lifts reach",
  },
  {
    idea: (goal, facts) =>
      facts.industry
        ? `Myth or fact: clear up one common misunderstanding in ${facts.industry} related to ${goal}.`
        : `Myth or fact: clear up one common misunderstanding related to ${goal}.`,
    why: "myth-busting positions the brand as the expert",
  },
  {
    idea: (goal, facts) =>
      `Spotlight: one product, service or person of ${facts.name} in the picture, and how it connects to ${goal}.`,
    why: "a single clear subject reads well in a busy feed",
  },
];

const time12 = (time: string) => {
  const [hours = 12, minutes = 0] = time.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, "0")} ${suffix}`;
};

const BEST_DAYS = new Set(["Wednesday", "Thursday", "Tuesday"]);
const BEST_TIMES = new Set(["12:00", "17:00", "10:00"]);

function timingReason(weekday: string, time: string): string {
  const day = BEST_DAYS.has(weekday) ? `${weekday} is one of the best days to post` : `${weekday} adds reach`;
  const hour = BEST_TIMES.has(time)
    ? `${time12(time)} is a peak time`
    : `${time12(time)} fills the week without clashing`;
  return `${day}, and ${hour}`;
}

export function planCampaignOffline(request: CampaignPlanRequest): PlannedPostIdea[] {
  const facts = usableFacts(request.brand);
  const goal = goalPhrase(clean(request.goal));
  const seed = hashText([request.brand.name, clean(request.goal)].join("|"));
  const last = request.slots.length - 1;
  return request.slots.map((slot, index) => {
    const network = slot.platform === "instagram" ? "Instagram" : "Facebook";
    const timing = timingReason(slot.weekday, slot.time);
    if (index === 0)
      return {
        contentSuggestion: `Kick-off: announce ${goal} with one strong photo and the one reason ${followers(facts)} will care; tease what's coming in the weeks ahead.`,
        reason: `Opens the campaign on ${network}: ${timing}.`,
      };
    if (index === last && last > 0)
      return {
        contentSuggestion: `Last call: one clear next step for ${goal} (book, visit, order or sign up), and a thank-you to everyone who followed along.`,
        reason: `Closes the campaign with a call to action: ${timing}.`,
      };
    const angle = MIDDLE_ANGLES[(seed + index) % MIDDLE_ANGLES.length] ?? MIDDLE_ANGLES[0];
    const message = facts.keyMessages[index % Math.max(1, facts.keyMessages.length)] ?? "";
    return {
      contentSuggestion: angle ? angle.idea(goal, facts, message) : goal,
      reason: `Week ${slot.week} on ${network}: ${angle?.why ?? "keeps the campaign visible"}; ${timing}.`,
    };
  });
}

interface IdeaAngle {
  title: (topic: string) => string;
  angle: (topic: string, facts: Facts) => string;
  /** Angles that live on a strong picture go to Instagram when it is offered. */
  visual: boolean;
}

const IDEA_ANGLES: IdeaAngle[] = [
  {
    title: (topic) => `Behind the scenes of ${topic}`,
    angle: (topic, facts) =>
      `Show the people and the process at ${facts.name} behind ${topic}; one honest photo and two lines of story.`,
    visual: true,
  },
  {
    title: (topic) => `Three quick tips on ${topic}`,
    angle: (topic, facts) =>
      `Give ${followers(facts)} three short, practical tips about ${topic}, and ask which one they will try first.`,
    visual: false,
  },
  {
    title: (topic) => `A customer's story about ${topic}`,
    angle: (topic) => `Let a customer tell, in their own words, what ${topic} changed for them.`,
    visual: false,
  },
  {
    title: (topic) => `Myth or fact: ${topic}`,
    angle: (topic, facts) =>
      facts.industry
        ? `Clear up a common misunderstanding about ${topic} with what ${facts.name} knows from ${facts.industry}.`
        : `Clear up a common misunderstanding about ${topic} with what ${facts.name} knows.`,
    visual: false,
  },
  {
    title: (topic) => `${topic} in one picture`,
    angle: (topic) => `One striking image that sums up ${topic}, with a short caption and a question.`,
    visual: true,
  },
  {
    title: (topic) => `Your questions about ${topic}`,
    angle: (topic, facts) =>
      `Invite ${followers(facts)} to ask anything about ${topic}; answer the best questions in a follow-up post.`,
    visual: false,
  },
];

export function suggestContentIdeasOffline(request: ContentIdeasRequest): ContentIdea[] {
  const facts = usableFacts(request.brand);
  const topic =
    request.topic && clean(request.topic)
      ? clean(request.topic)
      : facts.keyMessages[0]
        ? facts.keyMessages[0].toLowerCase()
        : `what makes ${facts.name} different`;
  const seed = hashText([request.brand.name, topic].join("|"));
  const instagram = request.platforms.includes("instagram");
  return Array.from({ length: request.count }, (_, index) => {
    const angle = IDEA_ANGLES[(seed + index) % IDEA_ANGLES.length] ?? IDEA_ANGLES[0];
    const title = angle ? angle.title(topic) : topic;
    const platform =
      angle?.visual && instagram
        ? "instagram"
        : (request.platforms[index % request.platforms.length] ?? "facebook");
    return {
      title: title.charAt(0).toUpperCase() + title.slice(1),
      angle: angle ? angle.angle(topic, facts) : topic,
      platform,
    };
  });
}
