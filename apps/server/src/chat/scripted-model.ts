import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { readUIMessageStream, simulateReadableStream, type UIMessage, type UIMessageChunk } from "ai";
import { MockLanguageModelV3 } from "ai/test";

/** TESTS ONLY: the one tool call the scripted model makes on its next turn. */
export interface ScriptedToolCall {
  toolName: string;
  input: unknown;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** What the model says once it has the tool's result. */
export const scriptedAnswer = (toolName: string) => `Done: ${toolName}.`;

/**
 * TESTS ONLY: a chat model that follows a script, as a real model would stream it. On a turn's first step
 * (the prompt ends with the user's message) it streams the scripted tool call; on the next step (the prompt
 * ends with the tool's result) it streams a short text answer. `steps` keeps every step's prompt, so a test
 * can see what the model was given.
 */
export function createScriptedChatModel() {
  let next: ScriptedToolCall | null = null;
  let calls = 0;
  const steps: LanguageModelV3CallOptions["prompt"][] = [];

  const streamOf = (chunks: LanguageModelV3StreamPart[]) => ({
    stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
  });

  const model = new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      steps.push(prompt);
      const last = prompt.at(-1);
      if (last?.role === "tool") {
        const result = last.content.find((part) => part.type === "tool-result");
        const id = `text-${calls}`;
        return streamOf([
          { type: "stream-start", warnings: [] },
          { type: "text-start", id },
          { type: "text-delta", id, delta: scriptedAnswer(result?.toolName ?? "nothing") },
          { type: "text-end", id },
          { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
        ]);
      }
      if (!next) throw new Error("scripted model: no tool call scripted for this turn");
      const { toolName, input } = next;
      next = null;
      calls += 1;
      const toolCallId = `call-${calls}`;
      const json = JSON.stringify(input);
      return streamOf([
        { type: "stream-start", warnings: [] },
        // As a provider streams a call: the input arrives in pieces, then the complete call.
        { type: "tool-input-start", id: toolCallId, toolName },
        { type: "tool-input-delta", id: toolCallId, delta: json },
        { type: "tool-input-end", id: toolCallId },
        { type: "tool-call", toolCallId, toolName, input: json },
        { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
      ]);
    },
  });

  return {
    model,
    steps,
    /** The tool call the model makes on the next turn. */
    script(call: ScriptedToolCall) {
      next = call;
      steps.length = 0;
    },
  };
}

/** The server-sent events of a UI message stream, as the browser's chat reads them. */
export function parseUIMessageStream(body: string): UIMessageChunk[] {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
}

/** Assembles the assistant message from the chunks, as useChat does. */
export async function assembleUIMessage(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
  return message;
}
