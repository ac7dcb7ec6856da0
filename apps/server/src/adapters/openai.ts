import { createOpenAI } from "@ai-sdk/openai";
import {
  buildEnhancePrompt,
  buildPostPrompt,
  ENHANCE_FAILED,
  INVALID_AI_RESPONSE,
  POST_GENERATION_FAILED,
} from "@smm/domain/ai";
import { buildCaptionPrompt, CAPTION_FAILED } from "@smm/domain/captions";
import { AppError } from "@smm/domain/errors";
import {
  buildReplyPrompt,
  buildTriagePrompt,
  commentTriageAnswer,
  DRAFT_REPLY_FAILED,
  TRIAGE_FAILED,
} from "@smm/domain/inbox";
import { ANALYZE_WEBSITE_FAILED, buildWebsiteAnalysisPrompt } from "@smm/domain/knowledge";
import { ALT_TEXT_FAILED, buildAltTextPrompt } from "@smm/domain/media";
import type {
  AiProvider,
  CommentTriage,
  ContentIdea,
  PlannedPostIdea,
  WebsiteAnalysis,
} from "@smm/domain/ports";
import {
  buildCampaignPlanPrompt,
  buildContentIdeasPrompt,
  CAMPAIGN_PLAN_FAILED,
  CONTENT_IDEAS_FAILED,
} from "@smm/domain/suggestions";
import { generateText } from "ai";
import type { Logger } from "../lib/logger";

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; absent means api.openai.com. */
  baseURL?: string | undefined;
  /** The chat model for text tasks (OPENAI_TEXT_MODEL). */
  textModel: string;
  logger: Logger;
  /** Retries of a failed call (the AI SDK backs off exponentially). */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Models sometimes wrap the answer in quotes despite being told not to; quotes inside are the text's own. */
function unquote(text: string): string {
  const trimmed = text.trim();
  const match = trimmed.match(/^["“]([^"“”]*)["”]$/u);
  return (match?.[1] ?? trimmed).trim();
}

/**
 * A vision question: the image goes with the text as an image part, which the Chat Completions API receives
 * as a base64 data URL, so nothing needs a public link. The answer's text, unquoted.
 */
async function askVision(
  model: Parameters<typeof generateText>[0]["model"],
  limits: { maxRetries: number; timeoutMs: number },
  question: { system: string; prompt: string },
  image: { bytes: Uint8Array; mimeType: string },
  temperature: number,
): Promise<string> {
  const result = await generateText({
    model,
    system: question.system,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: question.prompt },
          { type: "image", image: image.bytes, mediaType: image.mimeType },
        ],
      },
    ],
    temperature,
    maxRetries: limits.maxRetries,
    abortSignal: AbortSignal.timeout(limits.timeoutMs),
  });
  return unquote(result.text);
}

/** Reads the model's JSON answer, tolerating a ```json fence; anything else is not a post. */
export function parseWrittenPost(text: string): { caption: string; hashtags: string[]; imagePrompt: string } {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    throw new AppError("upstream_failed", INVALID_AI_RESPONSE);
  }
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const caption = typeof record.caption === "string" ? record.caption.trim() : "";
  if (caption === "") throw new AppError("upstream_failed", INVALID_AI_RESPONSE);
  const hashtags = Array.isArray(record.hashtags)
    ? record.hashtags.filter((tag): tag is string => typeof tag === "string")
    : [];
  const imagePrompt = typeof record.image_prompt === "string" ? record.image_prompt : caption.slice(0, 300);
  return { caption, hashtags, imagePrompt };
}

const stringOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").map((v) => v.trim()) : [];

/** Reads the model's website analysis (JSON, a ```json fence tolerated); missing fields become empty. */
export function parseWebsiteAnalysis(text: string): WebsiteAnalysis {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    throw new AppError("upstream_failed", ANALYZE_WEBSITE_FAILED);
  }
  if (typeof value !== "object" || value === null)
    throw new AppError("upstream_failed", ANALYZE_WEBSITE_FAILED);
  const record = value as Record<string, unknown>;
  const info = (
    typeof record.brandInfo === "object" && record.brandInfo !== null ? record.brandInfo : {}
  ) as Record<string, unknown>;
  return {
    title: stringOf(record.title),
    summary: stringOf(record.summary),
    keyPoints: stringsOf(record.keyPoints),
    brandInfo: {
      name: stringOf(info.name),
      industry: stringOf(info.industry),
      description: stringOf(info.description),
      targetAudience: stringOf(info.targetAudience),
      tone: stringOf(info.tone).toLowerCase(),
      keyMessages: stringsOf(info.keyMessages),
    },
  };
}

/** The model's JSON answer (a ```json fence tolerated), or upstream_failed with `failure`. */
function parseJsonAnswer(text: string, failure: string): unknown {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  try {
    return JSON.parse(unfenced);
  } catch {
    throw new AppError("upstream_failed", failure);
  }
}

/** The `ideas` list of an answer (or the answer itself when the model sent a bare list). */
function ideasOf(value: unknown): Record<string, unknown>[] | null {
  const list = Array.isArray(value)
    ? value
    : typeof value === "object" && value !== null
      ? (value as { ideas?: unknown }).ideas
      : null;
  if (!Array.isArray(list)) return null;
  return list.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null);
}

/**
 * Reads a campaign plan answer for `count` slots: one idea per slot, matched by its slot number when the
 * model gives one, else by order. A missing or empty slot makes the whole answer unreadable.
 */
export function parseCampaignPlan(text: string, count: number): PlannedPostIdea[] {
  const ideas = ideasOf(parseJsonAnswer(text, CAMPAIGN_PLAN_FAILED));
  if (!ideas) throw new AppError("upstream_failed", CAMPAIGN_PLAN_FAILED);
  const bySlot = new Map<number, Record<string, unknown>>();
  ideas.forEach((idea, index) => {
    const slot = typeof idea.slot === "number" && Number.isInteger(idea.slot) ? idea.slot : index + 1;
    if (!bySlot.has(slot)) bySlot.set(slot, idea);
  });
  return Array.from({ length: count }, (_, index) => {
    const idea = bySlot.get(index + 1);
    const contentSuggestion = stringOf(idea?.content_suggestion ?? idea?.contentSuggestion);
    if (contentSuggestion === "") throw new AppError("upstream_failed", CAMPAIGN_PLAN_FAILED);
    return { contentSuggestion, reason: stringOf(idea?.reason) };
  });
}

/** Reads a content ideas answer; ideas without a title or angle are dropped, an unknown platform is facebook. */
export function parseContentIdeas(text: string): ContentIdea[] {
  const ideas = ideasOf(parseJsonAnswer(text, CONTENT_IDEAS_FAILED));
  const read = (ideas ?? [])
    .map((idea) => {
      const platform = stringOf(idea.platform).toLowerCase();
      return {
        title: stringOf(idea.title),
        angle: stringOf(idea.angle),
        platform: platform === "instagram" ? ("instagram" as const) : ("facebook" as const),
      };
    })
    .filter((idea) => idea.title !== "" && idea.angle !== "");
  if (read.length === 0) throw new AppError("upstream_failed", CONTENT_IDEAS_FAILED);
  return read;
}

/**
 * Reads a triage answer for `count` comments: a JSON array (or an object holding one), one reading per
 * comment in order. A wrong count or shape is unreadable: which reading belongs to which comment would be
 * a guess.
 */
export function parseCommentTriage(text: string, count: number): CommentTriage[] {
  const value = parseJsonAnswer(text, TRIAGE_FAILED);
  const list =
    !Array.isArray(value) && typeof value === "object" && value !== null
      ? Object.values(value).find(Array.isArray)
      : value;
  const read = commentTriageAnswer.safeParse(list);
  if (!read.success || read.data.length !== count) throw new AppError("upstream_failed", TRIAGE_FAILED);
  return read.data;
}

/** Comments per completion: a poll that brings hundreds is read in parts a model answers reliably. */
export const TRIAGE_COMMENTS_PER_CALL = 50;

/** Slots per completion: long plans (up to 12 weeks x 30) go out in parts a model answers reliably. */
export const CAMPAIGN_SLOTS_PER_CALL = 30;

/**
 * Text tasks on OpenAI (or any server speaking its Chat Completions API; the Responses API that plain
 * `openai(model)` uses is not widely implemented, hence `.chat`).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseURL });
  const model = openai.chat(options.textModel);
  const askAboutImage = (
    question: { system: string; prompt: string },
    image: { bytes: Uint8Array; mimeType: string },
    temperature: number,
  ) =>
    askVision(
      model,
      { maxRetries: options.maxRetries ?? 2, timeoutMs: options.timeoutMs ?? 60_000 },
      question,
      image,
      temperature,
    );

  /** One completion; any failure of the call is logged and becomes upstream_failed with the task's text. */
  async function complete(
    task: { name: string; failure: string; temperature: number; timeoutMs: number },
    { system, prompt }: { system: string; prompt: string },
  ): Promise<string> {
    try {
      const result = await generateText({
        model,
        system,
        prompt,
        temperature: task.temperature,
        maxRetries: options.maxRetries ?? 2,
        abortSignal: AbortSignal.timeout(options.timeoutMs ?? task.timeoutMs),
      });
      return result.text;
    } catch (error) {
      options.logger.error(`${task.name} failed`, { error, model: options.textModel });
      throw new AppError("upstream_failed", task.failure);
    }
  }

  return {
    kind: "openai",
    async enhanceContent(request) {
      const enhance = {
        name: "enhance-content",
        failure: ENHANCE_FAILED,
        temperature: 0.7,
        timeoutMs: 30_000,
      };
      const text = unquote(await complete(enhance, buildEnhancePrompt(request)));
      if (text === "") {
        options.logger.error("enhance-content failed", {
          error: "empty completion",
          model: options.textModel,
        });
        throw new AppError("upstream_failed", ENHANCE_FAILED);
      }
      return text;
    },
    async writePost(request) {
      const write = {
        name: "write-post",
        failure: POST_GENERATION_FAILED,
        temperature: 0.8,
        timeoutMs: 60_000,
      };
      return parseWrittenPost(await complete(write, buildPostPrompt(request)));
    },
    async analyzeWebsite(request) {
      const analyze = {
        name: "analyze-website",
        failure: ANALYZE_WEBSITE_FAILED,
        temperature: 0.2,
        timeoutMs: 60_000,
      };
      return parseWebsiteAnalysis(await complete(analyze, buildWebsiteAnalysisPrompt(request)));
    },
    async planCampaign(request) {
      const plan = {
        name: "plan-campaign",
        failure: CAMPAIGN_PLAN_FAILED,
        temperature: 0.8,
        timeoutMs: 90_000,
      };
      const parts: (typeof request.slots)[] = [];
      for (let start = 0; start < request.slots.length; start += CAMPAIGN_SLOTS_PER_CALL)
        parts.push(request.slots.slice(start, start + CAMPAIGN_SLOTS_PER_CALL));
      const answers = await Promise.all(
        parts.map(async (slots) =>
          parseCampaignPlan(
            await complete(plan, buildCampaignPlanPrompt({ ...request, slots })),
            slots.length,
          ),
        ),
      );
      return answers.flat();
    },
    async captionFromImage(request) {
      try {
        return await askAboutImage(buildCaptionPrompt(request), request.image, 0.7);
      } catch (error) {
        options.logger.error("caption-from-image failed", { error, model: options.textModel });
        throw new AppError("upstream_failed", CAPTION_FAILED);
      }
    },
    async triageComments(request) {
      const triage = { name: "triage-comments", failure: TRIAGE_FAILED, temperature: 0, timeoutMs: 60_000 };
      const parts: (typeof request.comments)[] = [];
      for (let start = 0; start < request.comments.length; start += TRIAGE_COMMENTS_PER_CALL)
        parts.push(request.comments.slice(start, start + TRIAGE_COMMENTS_PER_CALL));
      const answers = await Promise.all(
        parts.map(async (comments) => {
          const answer = await complete(triage, buildTriagePrompt({ ...request, comments }));
          try {
            return parseCommentTriage(answer, comments.length);
          } catch (error) {
            options.logger.error("triage-comments failed", {
              error: "unreadable answer",
              model: options.textModel,
            });
            throw error;
          }
        }),
      );
      return answers.flat();
    },
    async draftReply(request) {
      const draft = { name: "draft-reply", failure: DRAFT_REPLY_FAILED, temperature: 0.7, timeoutMs: 30_000 };
      const text = unquote(await complete(draft, buildReplyPrompt(request)));
      if (text === "") {
        options.logger.error("draft-reply failed", { error: "empty completion", model: options.textModel });
        throw new AppError("upstream_failed", DRAFT_REPLY_FAILED);
      }
      return text;
    },
    async writeAltText(request) {
      let text: string;
      try {
        text = await askAboutImage(buildAltTextPrompt(request), request.image, 0.2);
      } catch (error) {
        options.logger.error("write-alt-text failed", { error, model: options.textModel });
        throw new AppError("upstream_failed", ALT_TEXT_FAILED);
      }
      if (text === "") {
        options.logger.error("write-alt-text failed", {
          error: "empty completion",
          model: options.textModel,
        });
        throw new AppError("upstream_failed", ALT_TEXT_FAILED);
      }
      return text;
    },
    async suggestContentIdeas(request) {
      const ideas = {
        name: "content-ideas",
        failure: CONTENT_IDEAS_FAILED,
        temperature: 0.9,
        timeoutMs: 60_000,
      };
      return parseContentIdeas(await complete(ideas, buildContentIdeasPrompt(request))).slice(
        0,
        request.count,
      );
    },
  };
}
