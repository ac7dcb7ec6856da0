import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import { isErrorReason } from "@smm/domain/errors";
import { isToolName } from "@smm/tools";
import { decideCampaignFollowUp } from "./campaign-intents";
import { findUploadedImage, IMAGE_ID_PREFIX } from "./caption-intents";
import { decideInboxTurn, type InboxHistory } from "./inbox-intents";
import {
  decideTurn,
  describeOutcome,
  type ToolOutcome,
  type TurnContext,
  type TurnDecision,
} from "./intents";
import { type ContextMedia, decideMediaTurn, type TurnStep } from "./media-intents";
import { knownTemplatesOf } from "./template-intents";
import type { OfferedTools, ToolName } from "./tool-call";

/** The registry's tools offered to this call (the chat offers them all; a test may offer fewer). */
function offeredTools(options: LanguageModelV3CallOptions): OfferedTools {
  return new Set(
    (options.tools ?? [])
      .filter((tool) => tool.type === "function")
      .map((tool) => tool.name)
      .filter(isToolName),
  );
}

export const OFFLINE_ASSISTANT_ID = "offline-assistant";

export interface OfflineAssistantOptions {
  now?: () => Date;
}

/**
 * Read per call from providerOptions.offline: the user's UTC offset in minutes, so "tomorrow at 9" means
 * 9 on the user's clock.
 */
interface OfflineCallOptions {
  utcOffsetMinutes?: number;
  /** The browser's IANA zone, checked by the chat route. */
  timeZone?: string;
  /** False when the user has no brand yet (the chat route knows); absent means they have one. */
  hasBrand?: boolean;
  /** The reasons of this turn's refused tool calls, by call id (the chat route records them). */
  refusals?: Record<string, string>;
}

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

function textOf(message: LanguageModelV3Message | undefined): string {
  if (message?.role !== "user") return "";
  return message.content
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

function outputValue(
  output: LanguageModelV3ToolResultOutput,
): Pick<ToolOutcome, "result" | "error" | "reason"> {
  switch (output.type) {
    case "json":
      return { result: output.value };
    case "text":
      return { result: output.value };
    case "error-text":
      return { error: output.value };
    case "error-json": {
      // generateText's response messages carry the thrown AppError itself (its reason included); a stored
      // conversation carries the API's error body. streamText's next step gets only error-text: the chat
      // route's refusals record (below) supplies the reason there.
      const value = output.value as {
        message?: unknown;
        reason?: unknown;
        error?: { message?: unknown; reason?: unknown };
      } | null;
      const message = value?.error?.message ?? value?.message;
      const reason = value?.error?.reason ?? value?.reason;
      return {
        error: typeof message === "string" ? message : JSON.stringify(output.value),
        ...(isErrorReason(reason) ? { reason } : {}),
      };
    }
    case "execution-denied":
      return { error: output.reason ?? "the action was declined" };
    default:
      return { result: undefined };
  }
}

/** The JSON results of the conversation's tool calls, newest first. */
function* toolResultsNewestFirst(prompt: LanguageModelV3Message[]): Generator<Record<string, unknown>> {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== "tool") continue;
    for (let j = message.content.length - 1; j >= 0; j--) {
      const part = message.content[j];
      if (part?.type !== "tool-result" || part.output.type !== "json") continue;
      const value = part.output.value;
      if (value && typeof value === "object" && !Array.isArray(value)) yield value as Record<string, unknown>;
    }
  }
}

/** The latest post a tool returned in this conversation (generatePost, getPost, approvePost, ...). */
function findLastPost(prompt: LanguageModelV3Message[]): { id: string; state: string } | null {
  for (const output of toolResultsNewestFirst(prompt)) {
    // A post, or a result that carries one (generateFromSuggestion: the post and its suggestion).
    const value = (typeof output.post === "object" && output.post ? output.post : output) as Record<
      string,
      unknown
    >;
    if (typeof value.id === "string" && typeof value.state === "string" && "content" in value)
      return { id: value.id, state: value.state };
  }
  return null;
}

/** The newest group of posts a tool returned (generatePost with channels, approvePostGroup). */
function findLastGroup(prompt: LanguageModelV3Message[]): { groupId: string; count: number } | null {
  for (const output of toolResultsNewestFirst(prompt)) {
    const list = Array.isArray(output.group)
      ? output.group
      : Array.isArray(output.posts)
        ? output.posts
        : null;
    const first = list?.[0] as { groupId?: unknown } | undefined;
    if (list && typeof first?.groupId === "string") return { groupId: first.groupId, count: list.length };
  }
  return null;
}

/** The prompt the conversation's newest generatePost call was given ("post this to Bluesky too"). */
function findLastPostPrompt(prompt: LanguageModelV3Message[]): string | null {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== "assistant") continue;
    for (let j = message.content.length - 1; j >= 0; j--) {
      const part = message.content[j];
      if (part?.type !== "tool-call" || part.toolName !== "generatePost") continue;
      const input = typeof part.input === "string" ? safeParse(part.input) : part.input;
      const value = (input as { prompt?: unknown } | null)?.prompt;
      return typeof value === "string" && value.trim() !== "" ? value : null;
    }
  }
  return null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface SuggestionLike {
  id?: unknown;
  isUsed?: unknown;
  post?: { status?: unknown } | null;
}

/**
 * The suggestion "the next suggestion" means: the soonest one, in the newest list the conversation holds
 * (listSuggestions, createCampaignPlan, analyzeCalendar), that is not dismissed, has no live post, and was
 * not turned into a post since that list was shown.
 */
function findNextSuggestion(prompt: LanguageModelV3Message[]): { id: string } | null {
  const taken = new Set<unknown>();
  for (const value of toolResultsNewestFirst(prompt)) {
    // generateFromSuggestion returns the suggestion it used; dismissSuggestion the one it dismissed.
    const made = value.suggestion as SuggestionLike | undefined;
    if (made && typeof made === "object") taken.add(made.id);
    if (value.isUsed === true && "contentSuggestion" in value) taken.add(value.id);
    if (!Array.isArray(value.suggestions)) continue;
    const open = (value.suggestions as SuggestionLike[]).find(
      (suggestion) =>
        typeof suggestion.id === "string" &&
        !taken.has(suggestion.id) &&
        suggestion.isUsed !== true &&
        (!suggestion.post || suggestion.post.status === "denied"),
    );
    return open && typeof open.id === "string" ? { id: open.id } : null;
  }
  return null;
}

const UPLOADED_ID = new RegExp(
  String.raw`${IMAGE_ID_PREFIX}\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`,
  "gi",
);

/** The images a user message uploaded ("Image id: ..." with "Uploaded image: name"). */
function uploadsIn(message: LanguageModelV3Message): ContextMedia[] {
  const text = textOf(message);
  const name = text.match(/Uploaded image:\s*(.+)/)?.[1]?.trim();
  return [...text.matchAll(UPLOADED_ID)].map((match) => ({
    id: (match[1] ?? "").toLowerCase(),
    type: "image" as const,
    name: name || "image",
  }));
}

/** The files of a tool result: a media list's items, or a post's media. */
function filesOf(toolName: string, value: Record<string, unknown>): ContextMedia[] | null {
  const list = toolName === "listMedia" ? value.items : toolName === "setPostMedia" ? value.media : null;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item: { id?: unknown; mediaId?: unknown; type?: unknown; name?: unknown }) => {
    const id = item.id ?? item.mediaId;
    if (typeof id !== "string" || (item.type !== "image" && item.type !== "video")) return [];
    return [{ id, type: item.type, name: typeof item.name === "string" ? item.name : "untitled" }];
  });
}

/**
 * The files "these images" and "this video" mean: the newest media list or post media a tool showed, or the
 * images uploaded in the newest run of upload messages, whichever came last.
 */
function findContextMedia(prompt: LanguageModelV3Message[]): ContextMedia[] {
  const uploads: ContextMedia[] = [];
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (!message) continue;
    if (message.role === "user") {
      const found = uploadsIn(message);
      if (found.length > 0) uploads.unshift(...found);
      else if (uploads.length > 0) return uploads;
      continue;
    }
    if (uploads.length > 0) return uploads;
    if (message.role !== "tool") continue;
    for (let j = message.content.length - 1; j >= 0; j--) {
      const part = message.content[j];
      if (part?.type !== "tool-result" || part.output.type !== "json") continue;
      const value = part.output.value;
      if (!value || typeof value !== "object" || Array.isArray(value)) continue;
      const files = filesOf(part.toolName, value as Record<string, unknown>);
      if (files && files.length > 0) return files;
    }
  }
  return uploads;
}

/** What the conversation up to (and with) the user's newest message is about. */
function turnContextOf(
  options: LanguageModelV3CallOptions,
  prompt: LanguageModelV3Message[],
  now: Date,
): TurnContext {
  const providerOptions = (options.providerOptions?.offline ?? {}) as OfflineCallOptions;
  return {
    tools: offeredTools(options),
    now,
    utcOffsetMinutes: Number(providerOptions.utcOffsetMinutes ?? 0) || 0,
    timeZone: typeof providerOptions.timeZone === "string" ? providerOptions.timeZone : null,
    lastPost: findLastPost(prompt),
    lastPostPrompt: findLastPostPrompt(prompt),
    lastGroup: findLastGroup(prompt),
    nextSuggestion: findNextSuggestion(prompt),
    templates: knownTemplatesOf(toolResultsNewestFirst(prompt)),
    hasBrand: providerOptions.hasBrand !== false,
    lastImage: findUploadedImage(prompt.filter((message) => message.role === "user").map(textOf)),
    contextMedia: findContextMedia(prompt),
    inbox: inboxHistoryOf(prompt),
  };
}

const indexOfLastUser = (prompt: LanguageModelV3Message[]) =>
  prompt.findLastIndex((message) => message.role === "user");

/** The tools run in these messages, oldest first, with what each answered. */
function stepsIn(messages: LanguageModelV3Message[], refusals: Record<string, string> = {}): TurnStep[] {
  const inputs = new Map<string, Record<string, unknown>>();
  const steps: TurnStep[] = [];
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type !== "tool-call") continue;
        const input = typeof part.input === "string" ? safeParse(part.input) : part.input;
        inputs.set(part.toolCallId, (input ?? {}) as Record<string, unknown>);
      }
    }
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result" || !isToolName(part.toolName)) continue;
      const output = outputValue(part.output);
      const failed = output.error ?? (refusals[part.toolCallId] ? "refused" : undefined);
      steps.push({
        toolName: part.toolName,
        input: inputs.get(part.toolCallId) ?? {},
        ...(failed !== undefined ? { error: failed } : { result: output.result }),
      });
    }
  }
  return steps;
}

/** The tools this turn ran since the user's newest message, oldest first, with what each answered. */
function turnStepsOf(prompt: LanguageModelV3Message[], refusals: Record<string, string>): TurnStep[] {
  return stepsIn(prompt.slice(indexOfLastUser(prompt) + 1), refusals);
}

/**
 * What the conversation's inbox tools did before the user's newest message: the draft "send it" means, the
 * spam "hide them" means, the comments "mark them done" means.
 */
function inboxHistoryOf(prompt: LanguageModelV3Message[]): InboxHistory {
  const lastUser = indexOfLastUser(prompt);
  const before = lastUser < 0 ? prompt : prompt.slice(0, lastUser);
  const previousUser = before.findLastIndex((message) => message.role === "user");
  return {
    steps: stepsIn(before),
    previous:
      previousUser < 0
        ? null
        : { text: textOf(before[previousUser]), steps: stepsIn(before.slice(previousUser + 1)) },
  };
}

/** A decision as the step's content: its words, or its calls (with their preface). */
function contentOf(decision: TurnDecision, prompt: LanguageModelV3Message[]): LanguageModelV3Content[] {
  if (decision.kind === "say") return [{ type: "text", text: decision.text }];
  const calls = decision.kind === "call" ? [decision.call] : decision.calls;
  const preface = decision.kind === "call" ? decision.call.preface : decision.preface;
  return [
    ...(preface ? [{ type: "text" as const, text: preface }] : []),
    ...calls.map((call, index) => ({
      type: "tool-call" as const,
      // Derived from the conversation so a replayed prompt gives the same answer.
      toolCallId: `offline-${prompt.length}-${call.toolName}${calls.length > 1 ? `-${index}` : ""}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    })),
  ];
}

/**
 * The next step of an inbox request that takes several tools ("reply to Anna ...": the comment is found,
 * then the reply drafted, then shown), or null. Only a turn the inbox request itself started goes on.
 */
function inboxFollowUp(options: LanguageModelV3CallOptions, now: Date): LanguageModelV3Content[] | null {
  const { prompt } = options;
  const { refusals = {} } = (options.providerOptions?.offline ?? {}) as OfflineCallOptions;
  const lastUser = indexOfLastUser(prompt);
  const userText = textOf(prompt[lastUser]);
  const ctx = turnContextOf(options, prompt.slice(0, lastUser + 1), now);
  const steps = turnStepsOf(prompt, refusals);
  const first = decideInboxTurn(userText, ctx);
  const firstTool =
    first?.kind === "call" ? first.call.toolName : first?.kind === "calls" ? first.calls[0]?.toolName : null;
  if (!firstTool || steps[0]?.toolName !== firstTool) return null;
  const next = decideInboxTurn(userText, ctx, steps);
  return next ? contentOf(next, prompt) : null;
}

/**
 * The next step of a media request that takes several tools ("make a carousel from my last four images"),
 * or null. Only a turn the media request itself started goes on.
 */
function mediaFollowUp(options: LanguageModelV3CallOptions, now: Date): LanguageModelV3Content[] | null {
  const { prompt } = options;
  const { refusals = {} } = (options.providerOptions?.offline ?? {}) as OfflineCallOptions;
  const lastUser = indexOfLastUser(prompt);
  const userText = textOf(prompt[lastUser]);
  const ctx = turnContextOf(options, prompt.slice(0, lastUser + 1), now);
  const steps = turnStepsOf(prompt, refusals);
  const first = decideMediaTurn(userText, ctx);
  if (first?.kind !== "call" || steps[0]?.toolName !== first.call.toolName) return null;
  const next = decideMediaTurn(userText, ctx, steps);
  if (!next) return null;
  if (next.kind === "say") return [{ type: "text", text: next.text }];
  const { call } = next;
  return [
    ...(call.preface ? [{ type: "text" as const, text: call.preface }] : []),
    {
      type: "tool-call",
      toolCallId: `offline-${prompt.length}-${call.toolName}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    },
  ];
}

/** What this step answers: text, or a tool call (with its preface), deterministic for the same prompt. */
function planStep(options: LanguageModelV3CallOptions, now: Date): LanguageModelV3Content[] {
  const { prompt } = options;
  const last = prompt.at(-1);
  // After tools ran: describe what they did, in the order they ran.
  if (last?.role === "tool") {
    const calls = new Map<string, Record<string, unknown>>();
    const assistant = prompt.at(-2);
    if (assistant?.role === "assistant") {
      for (const part of assistant.content) {
        if (part.type === "tool-call")
          calls.set(part.toolCallId, (part.input ?? {}) as Record<string, unknown>);
      }
    }
    const results = last.content.filter((part) => part.type === "tool-result");
    // "reply to Anna ...": the comment was found; the next step drafts the reply (or shows the draft).
    const inbox = inboxFollowUp(options, now);
    if (inbox) return inbox;
    // "make a carousel from my last four images": the images were found; the next step makes the post.
    const media = mediaFollowUp(options, now);
    if (media) return media;
    // "pause campaign X": the search found the campaign; the next step acts on it (or asks first).
    const [only] = results;
    if (results.length === 1 && only) {
      const userText = textOf([...prompt].reverse().find((message) => message.role === "user"));
      const found = outputValue(only.output);
      const follow =
        found.error || !isToolName(only.toolName)
          ? null
          : decideCampaignFollowUp(userText, only.toolName, found.result, offeredTools(options));
      if (follow?.kind === "say") return [{ type: "text", text: follow.text }];
      if (follow?.kind === "call") {
        const toolCallId = `offline-${prompt.length}-${follow.call.toolName}`;
        return [
          {
            type: "tool-call",
            toolCallId,
            toolName: follow.call.toolName,
            input: JSON.stringify(follow.call.input),
          },
        ];
      }
    }
    const { refusals = {} } = (options.providerOptions?.offline ?? {}) as OfflineCallOptions;
    // What this turn's tools did before these results (a post made from the first image, a file found).
    const steps = turnStepsOf(prompt, refusals);
    const earlier = steps.slice(0, Math.max(0, steps.length - results.length));
    const text = results
      // Only results of the registry's tools are described; a name the registry does not know has no reply.
      .filter((part) => isToolName(part.toolName))
      .map((part) => {
        const output = outputValue(part.output);
        const reason = output.reason ?? refusals[part.toolCallId];
        const outcome: ToolOutcome = {
          toolName: part.toolName as ToolName,
          input: calls.get(part.toolCallId) ?? {},
          ...output,
          ...(output.error && isErrorReason(reason) ? { reason } : {}),
        };
        return describeOutcome(outcome, earlier);
      })
      .join("\n\n");
    return [{ type: "text", text }];
  }

  const lastUser = [...prompt].reverse().find((message) => message.role === "user");
  const decision = decideTurn(textOf(lastUser), turnContextOf(options, prompt, now));
  return contentOf(decision, prompt);
}

/**
 * The embedded offline assistant behind the AI SDK's model interface, so /api/chat runs the same
 * streamText loop, tools and stream format with or without OpenAI.
 */
const WORDS_PER_DELTA = 8;

export function createOfflineAssistantModel(options: OfflineAssistantOptions = {}): LanguageModelV3 {
  const now = options.now ?? (() => new Date());
  return {
    specificationVersion: "v3",
    provider: "offline",
    modelId: OFFLINE_ASSISTANT_ID,
    supportedUrls: {},
    async doGenerate(callOptions) {
      const content = planStep(callOptions, now());
      const calls = content.some((part) => part.type === "tool-call");
      return {
        content,
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage: usage(0, 0),
        warnings: [],
      };
    },
    async doStream(callOptions) {
      const content = planStep(callOptions, now());
      const calls = content.some((part) => part.type === "tool-call");
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      content.forEach((part, index) => {
        if (part.type === "text") {
          const id = `text-${index}`;
          parts.push({ type: "text-start", id });
          // A few words at a time, as a model streams tokens; one delta per word cost the chat's stream
          // pipeline (a chain of web streams) most of a turn's CPU for text that arrives at once anyway.
          const words = part.text.match(/\S+\s*/g) ?? [];
          for (let start = 0; start < words.length; start += WORDS_PER_DELTA)
            parts.push({
              type: "text-delta",
              id,
              delta: words.slice(start, start + WORDS_PER_DELTA).join(""),
            });
          parts.push({ type: "text-end", id });
        } else if (part.type === "tool-call") {
          parts.push(part);
        }
      });
      parts.push({
        type: "finish",
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage: usage(0, 0),
      });
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
