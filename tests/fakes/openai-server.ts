import { createServer, type IncomingMessage, type Server } from "node:http";

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
  temperature?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: ChatCompletionRequest;
}

export interface FakeOpenAiServer {
  /** Base URL to hand to the OpenAI client, ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  /** What the next completions answer with: a text reply, or an HTTP error status. */
  respondWith(reply: { text: string } | { status: number; message?: string }): void;
  close(): Promise<void>;
}

/** All message text of a request, for asserting what the model was told. */
export function promptText(request: ChatCompletionRequest): string {
  return request.messages
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((part) => part.text ?? "").join(""),
    )
    .join("\n");
}

/**
 * A minimal OpenAI Chat Completions server on loopback (POST /v1/chat/completions, non-streaming, in
 * OpenAI's JSON shape), so the OpenAI adapter is tested over real HTTP with the real AI SDK client.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let reply: { text: string } | { status: number; message?: string } = { text: "Enhanced by the fake." };
  let sequence = 0;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      send(404, { error: { message: `Unknown path ${req.url}`, type: "invalid_request_error" } });
      return;
    }
    let body: ChatCompletionRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCompletionRequest;
    } catch {
      send(400, { error: { message: "Invalid JSON", type: "invalid_request_error" } });
      return;
    }
    requests.push({ method: req.method, path: req.url, headers: req.headers, body });
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      send(401, { error: { message: "Missing API key", type: "invalid_request_error" } });
      return;
    }
    if ("status" in reply) {
      send(reply.status, {
        error: { message: reply.message ?? "The server had an error", type: "server_error" },
      });
      return;
    }
    const promptTokens = Math.ceil(promptText(body).length / 4);
    const completionTokens = Math.ceil(reply.text.length / 4);
    send(200, {
      id: `chatcmpl-fake-${++sequence}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: reply.text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake OpenAI server has no port");
  return {
    baseURL: `http://127.0.0.1:${address.port}/v1`,
    requests,
    respondWith(next) {
      reply = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
