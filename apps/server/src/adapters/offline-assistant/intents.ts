/*
 * The embedded offline assistant's understanding: deterministic rules that turn the requests the chat
 * spec names into tool calls, and tool results into plain replies. No model, no network; labelled
 * "Offline assistant" in the chat. What it cannot understand it says so, with examples that work.
 */

import { formatLongDate } from "@smm/domain/dates";
import { platforms as allPlatforms } from "@smm/domain/db/schema";
import type { ErrorReason } from "@smm/domain/errors";
import { postPlatforms } from "@smm/domain/posts";
import { isPlanLimitReason } from "@smm/domain/usage";
import { decideAgentTurn, describeAgentOutcome } from "./agent-intents";
import { decideAnalyticsTurn, describeAnalyticsOutcome } from "./analytics-intents";
import { decideBrandTurn, describeBrandOutcome, NEEDS_BRAND_TEXT } from "./brand-intents";
import { decideCampaignTurn, describeCampaignOutcome } from "./campaign-intents";
import { decideCaptionTurn, describeCaptionOutcome, type UploadedImage } from "./caption-intents";
import { decideChannelTurn, describeChannelOutcome } from "./channel-intents";
import { decideConnectionTurn, describeConnectionOutcome } from "./connection-intents";
import { decideInboxTurn, describeInboxOutcome, type InboxHistory } from "./inbox-intents";
import {
  type ContextMedia,
  decideMediaTurn,
  describeMediaError,
  describeMediaOutcome,
  type TurnStep,
} from "./media-intents";
import { decideTemplateTurn, describeTemplateOutcome, type KnownTemplate } from "./template-intents";
import {
  formatWhen,
  type OfferedTools,
  type ToolCallIntent,
  type ToolName,
  type ToolOutput,
} from "./tool-call";
import { parseWhen } from "./when";

export type { ToolCallIntent };

export interface TurnContext {
  /** The tools offered to this turn; a request for a tool that is not there is answered in words. */
  tools: OfferedTools;
  now: Date;
  /** Minutes to add to UTC to get the user's wall clock (the browser's -getTimezoneOffset()). */
  utcOffsetMinutes: number;
  /** The browser's IANA zone, when the chat sent one (dates said in words keep its DST changes). */
  timeZone?: string | null;
  /** The post the conversation is about (the last one generated or shown), with its state. */
  lastPost: { id: string; state: string } | null;
  /** What the last post was asked to be about (its generatePost prompt), for "post this to Bluesky too". */
  lastPostPrompt?: string | null;
  /** The newest group of posts written for several channels in the conversation ("schedule them all"). */
  lastGroup?: { groupId: string; count: number } | null;
  /** The next open suggestion of the newest suggestion list in the conversation. */
  nextSuggestion?: { id: string } | null;
  /** Templates the conversation has shown, newest first ("use the Product launch template"). */
  templates?: readonly KnownTemplate[];
  /** False for a user with no brand yet: most requests need one, so the assistant offers to create it. */
  hasBrand?: boolean;
  /** The newest image uploaded in the conversation ("write a caption for this photo"). */
  lastImage?: UploadedImage | null;
  /** The files the conversation is about: the newest media list shown, else the images uploaded here. */
  contextMedia?: readonly ContextMedia[];
  /** The conversation's earlier inbox tools ("send it", "hide them", "mark them done"). */
  inbox?: InboxHistory;
}

export type TurnDecision =
  | { kind: "call"; call: ToolCallIntent }
  /** Several calls in one step ("hide them": one per comment). */
  | { kind: "calls"; calls: ToolCallIntent[]; preface?: string }
  | { kind: "say"; text: string };

const PAGES: Record<string, string> = {
  dashboard: "/dashboard",
  home: "/dashboard",
  create: "/create",
  "content generation": "/create",
  generator: "/create",
  templates: "/templates",
  "community templates": "/community-templates",
  community: "/community-templates",
  "media library": "/media",
  inbox: "/inbox",
  calendar: "/calendar",
  "content calendar": "/calendar",
  campaigns: "/campaigns",
  analytics: "/analytics",
  "ai agent": "/ai-agent",
  agent: "/ai-agent",
  settings: "/settings",
  "brand settings": "/settings",
  profile: "/profile",
  subscription: "/subscription",
  plans: "/subscription",
  billing: "/subscription",
  welcome: "/welcome",
  hub: "/welcome",
};

const PAGE_NAMES: Record<string, string> = {
  "/dashboard": "the dashboard",
  "/create": "Content Generation",
  "/templates": "Templates",
  "/community-templates": "Community Templates",
  "/media": "the Media Library",
  "/inbox": "the Inbox",
  "/calendar": "the calendar",
  "/campaigns": "Campaigns",
  "/analytics": "Analytics",
  "/ai-agent": "the AI Agent page",
  "/settings": "Settings",
  "/profile": "your profile",
  "/subscription": "Subscription",
  "/welcome": "the welcome hub",
};

/** Spoken field names -> updateBrandField fields. Longest first, so "primary colour" wins over "colour". */
const FIELDS: [RegExp, string][] = [
  [/\bprimary colou?r\b/, "primaryColor"],
  [/\bsecondary colou?r\b/, "secondaryColor"],
  [/\baccent colou?r\b/, "accentColor"],
  [/\bimage style\b/, "imageStyle"],
  [/\b(default )?language\b/, "defaultLanguage"],
  [/\btarget audience\b|\baudience\b/, "targetAudience"],
  [/\b(content )?tone\b/, "tone"],
  [/\bindustry\b/, "industry"],
  [/\bdescription\b/, "description"],
  [/\bbrand name\b/, "name"],
];

const FIELD_LABELS: Record<string, string> = {
  primaryColor: "primary colour",
  secondaryColor: "secondary colour",
  accentColor: "accent colour",
  imageStyle: "image style",
  defaultLanguage: "language",
  targetAudience: "target audience",
  tone: "tone",
  industry: "industry",
  description: "description",
  name: "brand name",
};

const LANGUAGES: Record<string, string> = {
  english: "en",
  german: "de",
  french: "fr",
  spanish: "es",
  italian: "it",
  portuguese: "pt",
  dutch: "nl",
  polish: "pl",
  swedish: "sv",
  danish: "da",
  norwegian: "no",
  finnish: "fi",
};

export const OFFLINE_HELP =
  "I'm the offline assistant, so I follow direct requests. Try: “Create a post about our summer sale”, " +
  "“Set my tone to casual”, “Change primary colour to #123456”, “Schedule it tomorrow at 9”, " +
  "“Go to calendar”, “Show my images”, “Make a carousel from my last four images”, “Give me ideas about autumn”, “Any new comments?”, “Write a post about our new menu for " +
  "instagram”, “Plan a 4-week campaign for our spring launch”, or paste your website's address.";

const has = (ctx: TurnContext, tool: ToolName) => ctx.tools.has(tool);

const cannotYet = (what: string) => `I can't ${what} in this version yet. ${OFFLINE_HELP}`;

function stripQuotes(text: string): string {
  return text
    .trim()
    .replace(/^["“'‘]+|["”'’.!?]+$/g, "")
    .trim();
}

export { parseWhen };

/** What to do with the user's message. */
export function decideTurn(message: string, ctx: TurnContext): TurnDecision {
  const text = message.trim();
  const lower = text.toLowerCase();
  if (!text) return { kind: "say", text: ctx.hasBrand === false ? NEEDS_BRAND_TEXT : OFFLINE_HELP };
  const brand = decideBrandTurn(text, ctx);
  if (brand) return brand;

  const url =
    text.match(/\bhttps?:\/\/[^\s<>"')]+/i)?.[0] ??
    text.match(/\b(?:www\.)[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s]*/i)?.[0];
  // "connect discord https://discord.com/api/webhooks/..." carries a URL that is a credential, not a site.
  const connectsChannel =
    /\b(?:connect|link|add)\b/.test(lower) &&
    postPlatforms.some((platform) => new RegExp(String.raw`\b${platform}\b`).test(lower));
  if (url && !connectsChannel) {
    const full = url.startsWith("http")
      ? url.replace(/[.,!?]+$/, "")
      : `https://${url.replace(/[.,!?]+$/, "")}`;
    if (!has(ctx, "analyzeWebsite")) return { kind: "say", text: cannotYet("analyse websites") };
    return {
      kind: "call",
      call: { toolName: "analyzeWebsite", input: { url: full }, preface: `Analysing ${full}…` },
    };
  }

  const nav = lower.match(
    /^(?:please\s+)?(?:go to|open|show me|take me to|navigate to)\s+(?:the\s+|my\s+)?(.+?)(?:\s+page)?[.!?]*$/,
  );
  if (nav?.[1] && PAGES[nav[1].trim()]) {
    const path = PAGES[nav[1].trim()] ?? "/dashboard";
    return {
      kind: "call",
      call: { toolName: "navigateTo", input: { path }, preface: `Opening ${PAGE_NAMES[path] ?? path}.` },
    };
  }

  const inbox = decideInboxTurn(text, ctx);
  if (inbox) return inbox;
  const media = decideMediaTurn(text, ctx);
  if (media) return media;
  const channel = decideChannelTurn(text, ctx.tools, ctx.lastPostPrompt ?? null);
  if (channel) return channel;
  const connection = decideConnectionTurn(lower, ctx.tools);
  if (connection) return connection;
  const billing = decideBilling(lower, ctx);
  if (billing) return billing;
  const agent = decideAgentTurn(lower, ctx.tools);
  if (agent) return agent;
  const analytics = decideAnalyticsTurn(lower, ctx.tools);
  if (analytics) return analytics;
  const campaign = decideCampaignTurn(text, ctx.tools);
  if (campaign) return campaign;

  if (
    /\b(analy[sz]e|check|review)\b.*\bcalendar\b|\bcalendar (analysis|status)\b|\bhow(?:'s| is| does)\b.*\bcalendar\b/.test(
      lower,
    )
  ) {
    if (!has(ctx, "analyzeCalendar")) return { kind: "say", text: cannotYet("analyse your calendar") };
    const range = /\b(30|thirty)\b|\bmonth\b/.test(lower) ? "30d" : "7d";
    return {
      kind: "call",
      call: { toolName: "analyzeCalendar", input: { range, utcOffsetMinutes: ctx.utcOffsetMinutes } },
    };
  }

  if (/\b(from|use)\b.*\bsuggestion\b/.test(lower)) {
    if (!has(ctx, "generateFromSuggestion"))
      return { kind: "say", text: cannotYet("create posts from suggestions") };
    if (!ctx.nextSuggestion)
      return {
        kind: "say",
        text: "I don't have an open suggestion in this conversation. Say “show my suggestions” first, then “create a post from the next suggestion”.",
      };
    return {
      kind: "call",
      call: { toolName: "generateFromSuggestion", input: { suggestionId: ctx.nextSuggestion.id } },
    };
  }

  if (/\b(show|list|see|what are)\b.*\bsuggestions\b/.test(lower)) {
    if (!has(ctx, "listSuggestions")) return { kind: "say", text: cannotYet("list suggestions") };
    return { kind: "call", call: { toolName: "listSuggestions", input: {} } };
  }

  const template = decideTemplateTurn(text, ctx);
  if (template) return template;
  const caption = decideCaptionTurn(text, { tools: ctx.tools, lastImage: ctx.lastImage ?? null });
  if (caption) return caption;

  if (/\b(show|list|see)\b.*\b(my |all )?(images|pictures|photos|uploads)\b/.test(lower)) {
    if (!has(ctx, "listImages")) return { kind: "say", text: cannotYet("list your images") };
    return { kind: "call", call: { toolName: "listImages", input: {} } };
  }
  const show = text.match(/^(?:please\s+)?show\s+(?:me\s+)?(?:the\s+)?(?:image\s+)?(.+?)[.!?]*$/i);
  if (show?.[1] && !PAGES[show[1].toLowerCase()]) {
    if (!has(ctx, "showImage")) return { kind: "say", text: cannotYet("show images") };
    return { kind: "call", call: { toolName: "showImage", input: { name: stripQuotes(show[1]) } } };
  }

  // Ideas first: "generate post ideas" asks for ideas, not for a post. A campaign is planned below.
  if (/\bideas?\b/.test(lower) && !/\bcampaign\b/.test(lower)) {
    if (!has(ctx, "generateContentIdea")) return { kind: "say", text: cannotYet("suggest content ideas") };
    const topic = stripQuotes(text.match(/\bideas?\b.*?\b(?:about|for|on)\s+(.+)$/i)?.[1] ?? "");
    return { kind: "call", call: { toolName: "generateContentIdea", input: topic ? { topic } : {} } };
  }

  // "Write a post about X (for instagram)": a caption to read and copy. Without a topic, "write a post"
  // starts a full post (caption and image) below, as it always has.
  const write = text.match(
    /\bwrite\s+(?:me\s+)?(?:an?\s+)?(facebook\s+|instagram\s+)?(?:post|caption)\s+(?:about|on)\s+(.+?)(?:\s+(?:for|on)\s+(facebook|instagram))?[.!?]*$/i,
  );
  if (write?.[2] && has(ctx, "writeSocialPost")) {
    const platform = (write[3] ?? write[1] ?? "facebook").trim().toLowerCase();
    return {
      kind: "call",
      call: { toolName: "writeSocialPost", input: { topic: stripQuotes(write[2]), platform } },
    };
  }

  const post = text.match(
    /\b(?:create|generate|write|make|draft)\s+(?:me\s+)?(?:an?\s+)?(?:new\s+)?(facebook\s+|instagram\s+)?(?:post|caption)s?\b(?:\s+(?:about|on|for)\s+(.+))?/i,
  );
  if (post) {
    if (!has(ctx, "generatePost")) return { kind: "say", text: cannotYet("create posts") };
    const input: Record<string, unknown> = {};
    const platform = (post[1] ?? (/\binstagram\b/i.test(text) ? "instagram" : "")).trim().toLowerCase();
    if (platform) input.platform = platform;
    const topic = post[2] ? stripQuotes(post[2]) : "";
    if (topic) input.prompt = topic;
    return { kind: "call", call: { toolName: "generatePost", input } };
  }

  const change = text.match(
    /\b(?:set|change|update|make)\s+(?:my\s+|the\s+|our\s+)?(.+?)\s+(?:to|=)\s+(.+?)[.!]*$/i,
  );
  if (change?.[1] && change[2]) {
    const spoken = change[1].toLowerCase();
    const field = FIELDS.find(([pattern]) => pattern.test(spoken))?.[1];
    if (field) {
      if (!has(ctx, "updateBrandField")) return { kind: "say", text: cannotYet("change brand settings") };
      let value = stripQuotes(change[2]);
      if (field === "tone" || field === "imageStyle") value = value.toLowerCase();
      if (field === "defaultLanguage") value = LANGUAGES[value.toLowerCase()] ?? value.toLowerCase();
      return { kind: "call", call: { toolName: "updateBrandField", input: { field, value } } };
    }
  }

  // A group written for several channels: "approve them all", "schedule them tomorrow at 9".
  if (
    ctx.lastGroup &&
    /\b(approve|schedule|post|publish)\b.*\b(them|all|these|the group|every(?:one| channel)?)\b/.test(lower)
  ) {
    if (!has(ctx, "approvePostGroup")) return { kind: "say", text: cannotYet("approve groups of posts") };
    const when = parseWhen(lower, ctx);
    return {
      kind: "call",
      call: {
        toolName: "approvePostGroup",
        input: { groupId: ctx.lastGroup.groupId, ...(when ? { scheduledDate: when } : {}) },
      },
    };
  }

  if (/\b(schedule|post|publish)\b.*\b(it|this|that|the post)\b/.test(lower) || /^schedule\b/.test(lower)) {
    const when = parseWhen(lower, ctx);
    if (!ctx.lastPost)
      return { kind: "say", text: "Which post? Create one first, or open it from the dashboard." };
    if (!when)
      return { kind: "say", text: "When should it go out? For example: “Schedule it tomorrow at 9”." };
    const { id, state } = ctx.lastPost;
    const toolName =
      state === "approved" ? "schedulePost" : state === "scheduled" ? "reschedulePost" : "approvePost";
    return { kind: "call", call: { toolName, input: { postId: id, scheduledDate: when } } };
  }

  if (/\bcampaign\b/.test(lower) && /\b(plan|create|make|build)\b/.test(lower)) {
    if (!has(ctx, "createCampaignPlan")) return { kind: "say", text: cannotYet("plan campaigns") };
    const input: Record<string, unknown> = {};
    const perWeek = lower.match(/\b(\d+)\s+posts?\s+(?:a|per|each)\s+week\b/);
    // "for X" names the goal; trailing details ("with 3 posts a week", "on instagram") are options.
    const goal = stripQuotes(
      (text.match(/\bfor\s+(.+)$/i)?.[1] ?? text)
        .replace(/[,\s]+(?:with\s+)?\d+\s+posts?\s+(?:a|per|each)\s+week\b.*$/i, "")
        .replace(
          /[,\s]+(?:only\s+)?on\s+(?:facebook|instagram)(?:\s+(?:and|&)\s+(?:facebook|instagram))?\s*$/i,
          "",
        ),
    );
    input.goal = goal;
    input.weeks = Number(lower.match(/(\d+)[-\s]?weeks?/)?.[1] ?? 4);
    if (perWeek?.[1]) input.postsPerWeek = Number(perWeek[1]);
    const platforms = allPlatforms.filter((name) => new RegExp(`\\bon\\b.*\\b${name}\\b`).test(lower));
    if (platforms.length > 0) input.platforms = platforms;
    if (ctx.utcOffsetMinutes !== 0) input.utcOffsetMinutes = ctx.utcOffsetMinutes;
    return { kind: "call", call: { toolName: "createCampaignPlan", input } };
  }

  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/.test(lower)) {
    return { kind: "say", text: `Hello! ${OFFLINE_HELP}` };
  }
  return { kind: "say", text: OFFLINE_HELP };
}

export const CONFIRM_CANCEL_TEXT =
  "Are you sure? Your plan stays until the end of the billing period, then you move to the free plan. " +
  "Say “yes, cancel my subscription” to confirm.";

export const UPGRADE_HINT = "Say “upgrade me to pro” and I'll give you the checkout link.";

export const CONFIRM_DELETE_TEXT =
  "This deletes your account and all its data for good: brands, posts, images, connections and your subscription. " +
  "To confirm, say “delete my account” followed by your account's e-mail address.";

/** Plan questions, upgrades (a checkout link), cancelling (only once confirmed) and keeping the subscription. */
function decideBilling(lower: string, ctx: TurnContext): TurnDecision | null {
  if (/\b(delete|erase|remove)\b.*\b(my )?(account|all (of )?my data|my data)\b/.test(lower)) {
    if (!has(ctx, "deleteAccount")) return { kind: "say", text: cannotYet("delete accounts") };
    // Irreversible: carried out only when the user names the account's e-mail in the same request.
    const email = lower.match(/[^\s<>"'“”]+@[^\s<>"'“”]+\.[a-z]{2,}/)?.[0];
    if (!email) return { kind: "say", text: CONFIRM_DELETE_TEXT };
    return { kind: "call", call: { toolName: "deleteAccount", input: { email } } };
  }
  if (/\b(seen|dismiss|close|skip)\b.*\b(upgrade )?welcome\b/.test(lower)) {
    if (!has(ctx, "acknowledgePlanWelcome")) return { kind: "say", text: cannotYet("dismiss the welcome") };
    return { kind: "call", call: { toolName: "acknowledgePlanWelcome", input: {} } };
  }
  if (/\bcancel\b.*\b(subscription|plan)\b/.test(lower)) {
    if (!has(ctx, "cancelSubscription")) return { kind: "say", text: cannotYet("cancel subscriptions") };
    // Cancelling ends a paid plan: the request is only carried out when the user confirms it in words.
    if (!/^(yes|yep|confirm|i confirm|i'm sure|sure)\b/.test(lower))
      return { kind: "say", text: CONFIRM_CANCEL_TEXT };
    return { kind: "call", call: { toolName: "cancelSubscription", input: {} } };
  }
  if (/\b(keep|reactivate|resume|restore)\b.*\b(subscription|plan)\b/.test(lower)) {
    if (!has(ctx, "reactivateSubscription"))
      return { kind: "say", text: cannotYet("reactivate subscriptions") };
    return { kind: "call", call: { toolName: "reactivateSubscription", input: {} } };
  }
  const upgrade = lower.match(/\b(?:upgrade|subscribe|switch|buy)\b.*?\b(pro|enterprise)\b/);
  if (upgrade?.[1]) {
    if (!has(ctx, "startCheckout")) return { kind: "say", text: cannotYet("start a checkout") };
    const interval = /\b(annual|annually|yearly|year)\b/.test(lower) ? "year" : "month";
    return { kind: "call", call: { toolName: "startCheckout", input: { plan: upgrade[1], interval } } };
  }
  if (
    /\b(what|which)\b.*\bplan\b.*\b(am i|i'm|do i)\b|\bmy (current )?plan\b|\bposts? (do i have )?left\b/.test(
      lower,
    ) &&
    !/\bcampaign\b/.test(lower)
  ) {
    if (!has(ctx, "getPlan")) return { kind: "say", text: cannotYet("read your plan") };
    return { kind: "call", call: { toolName: "getPlan", input: {} } };
  }
  return null;
}

function describeBilling(toolName: ToolName, result: unknown, input: Record<string, unknown>) {
  switch (toolName) {
    case "getPlan": {
      const plan = result as ToolOutput<"getPlan">;
      const left = plan.postsRemaining;
      const max = plan.maxPosts;
      const posts =
        left === null || max === null ? "unlimited posts" : `${left} of ${max} posts left this month`;
      const ending =
        plan.cancelAtPeriodEnd && plan.currentPeriodEnd
          ? ` It is cancelled and ends on ${formatLongDate(plan.currentPeriodEnd)}.`
          : "";
      const upgrade = plan.type === "free" ? " Say “upgrade me to pro” to get 30 posts a month." : "";
      return `You're on the ${plan.name} plan, with ${posts}.${ending}${upgrade}`;
    }
    case "startCheckout": {
      const plan = input.plan === "enterprise" ? "Enterprise" : "Pro";
      const interval = input.interval === "year" ? "annual" : "monthly";
      const checkout = result as ToolOutput<"startCheckout">;
      const test = checkout.provider === "local" ? " (a test checkout: no card is charged)" : "";
      return `Here is your checkout for ${plan} (${interval})${test}: ${checkout.url}\nYour plan changes as soon as the payment is confirmed.`;
    }
    case "cancelSubscription": {
      const { currentPeriodEnd } = result as ToolOutput<"cancelSubscription">;
      const until = currentPeriodEnd ? ` until ${formatLongDate(currentPeriodEnd)}` : "";
      return `Your subscription is cancelled. You keep your plan${until}, then you move to the free plan. Say “keep my subscription” if you change your mind.`;
    }
    case "reactivateSubscription":
      return "Your subscription has been reactivated.";
    case "acknowledgePlanWelcome":
      return "Done: the upgrade welcome will not open again for your plan.";
    case "deleteAccount":
      return "I've sent a deletion link to your account's e-mail address. Nothing is deleted until you open it (it works once, for 1 hour).";
    case "openBillingPortal":
      return `Manage your invoices and cards here: ${(result as ToolOutput<"openBillingPortal">).url}`;
    default:
      return null;
  }
}

export interface ToolOutcome {
  toolName: ToolName;
  input: Record<string, unknown>;
  /** The tool's result, or its error message and reason. */
  result?: unknown;
  error?: string;
  reason?: ErrorReason;
}

/**
 * The reply once tools have run. `earlier` are the tools this turn ran before (a request that took several
 * steps, such as a carousel made from the newest images), oldest first.
 */
export function describeOutcome(outcome: ToolOutcome, earlier: readonly TurnStep[] = []): string {
  const { toolName, input, result } = outcome;
  if (outcome.error) {
    // A spent plan allowance: the way on is one sentence away in the chat (a checkout link).
    const upgrade = isPlanLimitReason(outcome.reason) ? ` ${UPGRADE_HINT}` : "";
    return `I couldn't do that: ${outcome.error}${upgrade}${describeMediaError(earlier)}`;
  }
  const value = result ?? {};
  const mediaReply = describeMediaOutcome(outcome, earlier);
  if (mediaReply !== null) return mediaReply;
  const inboxReply = describeInboxOutcome(outcome, earlier);
  if (inboxReply !== null) return inboxReply;
  const brandReply = describeBrandOutcome(toolName, value);
  if (brandReply !== null) return brandReply;
  const templateReply = describeTemplateOutcome(toolName, value);
  if (templateReply !== null) return templateReply;
  const captionReply = describeCaptionOutcome(toolName, value);
  if (captionReply !== null) return captionReply;
  const channelReply = describeChannelOutcome(toolName, value);
  if (channelReply !== null) return channelReply;
  const connectionReply = describeConnectionOutcome(toolName, value);
  if (connectionReply !== null) return connectionReply;
  const billing = describeBilling(toolName, value, input);
  if (billing) return billing;
  const agentReply = describeAgentOutcome(toolName, value, input);
  if (agentReply !== null) return agentReply;
  const analyticsReply = describeAnalyticsOutcome(toolName, value);
  if (analyticsReply !== null) return analyticsReply;
  const campaignReply = describeCampaignOutcome(toolName, value);
  if (campaignReply !== null) return campaignReply;
  switch (toolName) {
    case "generatePost": {
      const topic = typeof input.prompt === "string" ? ` about “${input.prompt}”` : "";
      const platform =
        (value as ToolOutput<"generatePost">).platform === "instagram" ? "an Instagram" : "a Facebook";
      return `I'm creating ${platform} post${topic}. You can follow its progress here; it will wait for your approval when it's ready.`;
    }
    case "updateBrandField": {
      const field = String(input.field);
      return `I changed your ${FIELD_LABELS[field] ?? field} to ${String(input.value)}. You can see it in Settings.`;
    }
    case "approvePost":
    case "schedulePost":
    case "reschedulePost": {
      const post = value as ToolOutput<"approvePost" | "schedulePost" | "reschedulePost">;
      const date = post.scheduledDate;
      if (post.state === "published") return "Done: the post is approved and published.";
      return date
        ? `Done: the post is approved and scheduled for ${formatWhen(date)}. You'll find it on the Calendar.`
        : "Done: the post is approved.";
    }
    case "analyzeWebsite": {
      const analysis = value as ToolOutput<"analyzeWebsite">;
      const title = analysis.title ?? String(input.url);
      const applied: readonly string[] = analysis.applied;
      const summary = analysis.summary ? ` ${analysis.summary}` : "";
      return `I analysed ${title}.${summary}${
        applied.length
          ? ` I updated your brand's ${applied.map((f) => FIELD_LABELS[f] ?? f).join(", ")}.`
          : ""
      }`;
    }
    case "listImages": {
      const { images } = value as ToolOutput<"listImages">;
      return images.length === 0
        ? "You have no images yet. Upload one here or generate a post."
        : `You have ${images.length} image${images.length === 1 ? "" : "s"}. Click one to show it.`;
    }
    case "showImage":
      return `Here is ${String(input.name)}.`;
    case "createCampaignPlan":
      return describeCampaignPlan(value as ToolOutput<"createCampaignPlan">, input);
    case "generateContentIdea":
      return describeIdeas(value as ToolOutput<"generateContentIdea">);
    case "writeSocialPost": {
      const written = value as ToolOutput<"writeSocialPost">;
      const { caption } = written;
      const platform = written.platform === "instagram" ? "an Instagram" : "a Facebook";
      const topic = written.topic ?? String(input.topic ?? "");
      return `Here is ${platform} caption about “${topic}”:\n\n${caption}\n\nCopy it, or say “create a post about ${topic}” and I'll make a post with an image for your approval.`;
    }
    case "listSuggestions": {
      const list = (value as ToolOutput<"listSuggestions">).suggestions;
      if (list.length === 0)
        return "You have no open suggestions. Ask me to plan a campaign, for example “Plan a 4-week campaign for our spring launch”.";
      const next = list[0];
      return `You have ${plural(list.length, "open suggestion")}. The next one: ${next ? describeSlot(next, 0) : ""}`;
    }
    case "dismissSuggestion":
      return "Suggestion dismissed";
    case "generateFromSuggestion": {
      const { post, suggestion } = value as ToolOutput<"generateFromSuggestion">;
      const platform = post.platform === "instagram" ? "an Instagram" : "a Facebook";
      const idea = suggestion.contentSuggestion ? ` “${suggestion.contentSuggestion}”` : "";
      return `I'm creating ${platform} post from the suggestion${idea}. You can follow its progress here; it will wait for your approval when it's ready.`;
    }
    case "analyzeCalendar":
      return describeCalendarAnalysis(value as ToolOutput<"analyzeCalendar">, input);
    default:
      return "Done.";
  }
}

/** A planned slot, as listSuggestions and createCampaignPlan answer it. */
type Slot = Pick<
  ToolOutput<"listSuggestions">["suggestions"][number],
  "scheduledDate" | "platform" | "contentSuggestion"
>;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "Wed 25 Nov, 12:00" on the user's wall clock (the offset the plan was made with), else in UTC. */
function formatSlotDate(iso: string, utcOffsetMinutes: number): string {
  const shifted = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  const text = shifted.toLocaleString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return utcOffsetMinutes === 0 ? `${text} UTC` : text;
}

function describeSlot(slot: Slot, utcOffsetMinutes: number): string {
  const network = slot.platform === "instagram" ? "Instagram" : "Facebook";
  const when = slot.scheduledDate ? formatSlotDate(slot.scheduledDate, utcOffsetMinutes) : "";
  return `${when} (${network}): ${slot.contentSuggestion}`;
}

function describeCampaignPlan(
  plan: ToolOutput<"createCampaignPlan">,
  input: Record<string, unknown>,
): string {
  const list = plan.suggestions;
  if (list.length === 0) return "I couldn't plan any posts for that campaign.";
  const weeks = plan.weeks;
  const offset = typeof input.utcOffsetMinutes === "number" ? input.utcOffsetMinutes : 0;
  const first = list[0];
  const start = first?.scheduledDate ? `, starting ${formatSlotDate(first.scheduledDate, offset)}` : "";
  const preview = list
    .slice(0, 3)
    .map((slot) => `• ${describeSlot(slot, offset)}`)
    .join("\n");
  const more = list.length > 3 ? `\n…and ${list.length - 3} more.` : "";
  return (
    `I planned ${plural(list.length, "post")} over ${plural(weeks, "week")}${start}:\n${preview}${more}\n\n` +
    "They're saved as suggestions: generate a post from any of them, or dismiss the ones you don't want."
  );
}

function describeIdeas({ ideas, topic }: ToolOutput<"generateContentIdea">): string {
  if (ideas.length === 0) return "I couldn't come up with ideas this time.";
  const about = topic ? ` about “${topic}”` : "";
  const lines = ideas.map((idea, index) => {
    const network = idea.platform === "instagram" ? "Instagram" : "Facebook";
    return `${index + 1}. ${idea.title} (${network}): ${idea.angle}`;
  });
  return `Here are ${plural(ideas.length, "idea")}${about}:\n${lines.join("\n")}\n\nSay “write a post about …” with the one you like.`;
}

function describeCalendarAnalysis(
  analysis: ToolOutput<"analyzeCalendar">,
  input: Record<string, unknown>,
): string {
  const target = analysis.weeklyTarget;
  const scheduled = analysis.scheduledPostsCount;
  const week = analysis.targetMet
    ? `Scheduled this week: ${scheduled} of your weekly target of ${target}. Target met!`
    : `Scheduled this week: ${scheduled} of your weekly target of ${target}, ${analysis.contentGap} to go.`;
  const pending = `${plural(analysis.pendingPostsCount, "post")} awaiting your approval.`;
  const offset = typeof input.utcOffsetMinutes === "number" ? input.utcOffsetMinutes : 0;
  const next = analysis.nextScheduledPost;
  const nextText = next?.scheduledDate
    ? `Next post: ${formatSlotDate(next.scheduledDate, offset)} on ${next.platform === "instagram" ? "Instagram" : "Facebook"}.`
    : "Nothing is scheduled yet.";
  const { bestDays, bestTimes } = analysis.engagementData;
  const best = `Best days: ${bestDays.slice(0, 2).join(", ")}; best times: ${bestTimes.slice(0, 2).join(", ")}.`;
  return [week, pending, nextText, best].join(" ");
}
