import { createOpenAI } from "@ai-sdk/openai";
import { buildEnhancePrompt, buildPostPrompt } from "@smm/domain/ai/prompts";
import { ENHANCE_FAILED, INVALID_AI_RESPONSE, POST_GENERATION_FAILED } from "@smm/domain/ai/schemas";
import { AppError } from "@smm/domain/errors";
import { ANALYZE_WEBSITE_FAILED, buildWebsiteAnalysisPrompt } from "@smm/domain/knowledge/prompt";
import type { AiProvider, WebsiteAnalysis } from "@smm/domain/ports";
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

/**
 * Text tasks on OpenAI (or any server speaking its Chat Completions API; the Responses API that plain
 * `openai(model)` uses is not widely implemented, hence `.chat`).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseURL });
  const model = openai.chat(options.textModel);

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
  };
}
