import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { crc32, deflateSync } from "node:zlib";

export interface ChatCompletionRequest {
  model: string;
  /** Content parts: text, or (vision input) an image_url whose url may be a base64 data URL. */
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[];
  }[];
  temperature?: number;
  [key: string]: unknown;
}

/** What the Images API receives (POST /v1/images/generations). */
export interface ImageGenerationRequestBody {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
  response_format?: string;
  [key: string]: unknown;
}

export interface RecordedRequest<Body = ChatCompletionRequest> {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Body;
}

/**
 * What image generations answer with: an image (PNG bytes, or any base64 text, valid image or not), an
 * HTTP error, or a 200 whose body is exactly `rawBody` (for answers that are not the API's shape).
 */
export type FakeImageReply =
  | { png: Uint8Array }
  | { b64_json: string }
  | { status: number; message?: string }
  | { rawBody: string };

export interface FakeOpenAiServer {
  /** Base URL to hand to the OpenAI client, ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  /** What the next completions answer with: a text reply, or an HTTP error status. */
  respondWith(reply: { text: string } | { status: number; message?: string }): void;
  /** Image generation requests, in order (kept apart from `requests`, whose bodies are chat completions). */
  imageRequests: RecordedRequest<ImageGenerationRequestBody>[];
  /**
   * What image generations answer with from now on, or only for the next `times` answers, after which the
   * default (a 1024x1024 PNG, `defaultFakeImage`) comes back.
   */
  respondToImagesWith(reply: FakeImageReply, options?: { times?: number }): void;
  close(): Promise<void>;
}

/**
 * A solid-colour RGB PNG, encoded by hand so the fake needs no image library: signature, IHDR, one IDAT of
 * unfiltered scanlines, IEND.
 */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(pixels)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** What image generations answer unless told otherwise: 1024x1024, the size the adapter asks for. */
export const defaultFakeImage: Uint8Array = solidPng(1024, 1024, [59, 130, 246]);

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
 * A minimal OpenAI server on loopback (POST /v1/chat/completions, non-streaming, and POST
 * /v1/images/generations with base64 answers, in OpenAI's JSON shapes), so the OpenAI adapters are tested
 * over real HTTP with the real AI SDK client.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let reply: { text: string } | { status: number; message?: string } = { text: "Enhanced by the fake." };
  let sequence = 0;
  const imageRequests: RecordedRequest<ImageGenerationRequestBody>[] = [];
  let imageReply: FakeImageReply = { png: defaultFakeImage };
  let imageReplyTimes = Number.POSITIVE_INFINITY;

  const answerImages = (
    req: IncomingMessage,
    raw: Buffer,
    res: ServerResponse,
    send: (status: number, body: unknown) => void,
  ) => {
    let body: ImageGenerationRequestBody;
    try {
      body = JSON.parse(raw.toString("utf8")) as ImageGenerationRequestBody;
    } catch {
      send(400, { error: { message: "Invalid JSON", type: "invalid_request_error" } });
      return;
    }
    imageRequests.push({ method: "POST", path: "/v1/images/generations", headers: req.headers, body });
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      send(401, { error: { message: "Missing API key", type: "invalid_request_error" } });
      return;
    }
    const reply = imageReply;
    if (--imageReplyTimes <= 0) {
      imageReply = { png: defaultFakeImage };
      imageReplyTimes = Number.POSITIVE_INFINITY;
    }
    if ("status" in reply) {
      send(reply.status, {
        error: { message: reply.message ?? "The server had an error", type: "server_error" },
      });
      return;
    }
    if ("rawBody" in reply) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(reply.rawBody);
      return;
    }
    const b64 = "png" in reply ? Buffer.from(reply.png).toString("base64") : reply.b64_json;
    send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: b64, revised_prompt: null }] });
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && req.url === "/v1/images/generations") {
      answerImages(req, Buffer.concat(chunks), res, send);
      return;
    }
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
    imageRequests,
    respondToImagesWith(next, options) {
      imageReply = next;
      imageReplyTimes = options?.times ?? Number.POSITIVE_INFINITY;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
