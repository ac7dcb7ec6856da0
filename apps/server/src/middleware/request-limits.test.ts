import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { chatTextTooLong, MAX_CHAT_TEXT } from "@smm/domain/chat";
import { brandConversations, dataDeletionRequests } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  uniqueEmail,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_BODY_LIMIT_BYTES } from "../routes/chat";
import { DATA_DELETION_RATE_LIMIT } from "../routes/public";
import { JSON_BODY_LIMIT_BYTES } from "./request-limits";

let ctx: TestContext;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimitPerMinute: 3 });
  // A real socket: what a body costs the server is only visible when it arrives over the network.
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

const tooLarge = {
  error: {
    code: "payload_too_large",
    reason: "payload_too_large",
    message: expect.stringContaining("too large"),
  },
};

/** A data deletion request whose `reason` makes the JSON body about `bytes` long. */
function deletionBody(bytes: number): string {
  return JSON.stringify({ email: "a@example.com", reason: "x".repeat(Math.max(0, bytes - 50)) });
}

interface StreamedResult {
  status: number;
  body: string;
  /** Bytes the client had written when the answer arrived. */
  writtenBeforeAnswer: number;
}

/**
 * POSTs a JSON body in chunks, as a script streaming a huge body would. Without `declaredLength` it goes
 * chunked (no Content-Length at all); with it, the header announces that many bytes. Writing stops as soon as
 * the server answers, or after `maxBytes`.
 */
function streamJson(
  path: string,
  maxBytes: number,
  { declaredLength }: { declaredLength?: number } = {},
): Promise<StreamedResult> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answeredAt: number | null = null;
    const headers: Record<string, string | number> = {
      "content-type": "application/json",
      origin: TEST_ORIGIN,
      // Its own address, so the data deletion limit of another test does not count these.
      "x-forwarded-for": "192.0.2.200",
    };
    if (declaredLength !== undefined) headers["content-length"] = declaredLength;
    // A connection of its own: one left mid-body by an earlier case must not carry this request.
    const target = { host: "127.0.0.1", port, path, method: "POST", headers, agent: false };
    const req = httpRequest(target, (response) => {
      answeredAt = written;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, writtenBeforeAnswer: answeredAt ?? written }),
      );
    });
    // The server may cut the connection once it has answered; the answer is what the test reads.
    req.on("error", (error) => {
      if (answeredAt === null) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "x");
    const opening = Buffer.from('{"email":"a@example.com","reason":"');
    const writeMore = () => {
      while (answeredAt === null && !req.destroyed) {
        if (written >= maxBytes) {
          req.end('"}');
          return;
        }
        const piece = written === 0 ? opening : chunk;
        written += piece.length;
        if (!req.write(piece)) {
          req.once("drain", writeMore);
          return;
        }
      }
    };
    writeMore();
  });
}

async function healthy(): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return response.status === 200;
}

describe("body limits", () => {
  it("answers 413 in the documented shape for a JSON body over 1 MB sent with its Content-Length", async () => {
    const response = await jsonRequest(ctx, "/api/data-deletion-requests", {
      body: deletionBody(JSON_BODY_LIMIT_BYTES + 1024),
      headers: { "x-forwarded-for": "192.0.2.201" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    // A body just under the limit is read as before (and refused for what it says, not its size).
    const under = await jsonRequest(ctx, "/api/data-deletion-requests", {
      body: deletionBody(JSON_BODY_LIMIT_BYTES - 1024),
      headers: { "x-forwarded-for": "192.0.2.201" },
    });
    expect(under.status).toBe(400);
    expect(((await under.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
  });

  it("refuses a streamed body without Content-Length at the limit, before reading the rest, and stays up", async () => {
    const before = await ctx.database.db.select().from(dataDeletionRequests);
    // Stands in for the probe's 400 MiB: 24 MB is far past the limit and still quick to send.
    const result = await streamJson("/api/data-deletion-requests", 24 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual(tooLarge);
    // The answer came while the client was still sending: the server did not wait for the whole body.
    expect(result.writtenBeforeAnswer).toBeLessThan(24 * 1024 * 1024);
    expect(await healthy()).toBe(true);
    expect(await ctx.database.db.select().from(dataDeletionRequests)).toHaveLength(before.length);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    // Announces 400 MiB and sends a few KB: the answer comes from the header alone.
    const result = await streamJson("/api/data-deletion-requests", 256 * 1024, {
      declaredLength: 400 * 1024 * 1024,
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual(tooLarge);
    expect(await healthy()).toBe(true);
  });

  it("limits sign-up and the other better-auth routes too", async () => {
    const result = await streamJson("/api/auth/sign-up/email", 4 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual(tooLarge);
  });

  it("caps a chat message at what a person types, and the chat's body at its own limit", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    await jsonRequest(ctx, "/api/brands", { body: { name: "Limits Bakery" }, cookie });
    const say = (text: string) =>
      jsonRequest(ctx, "/api/chat", {
        body: { messages: [{ id: "m1", role: "user", parts: [{ type: "text", text }] }] },
        cookie,
      });

    const long = await say("x".repeat(MAX_CHAT_TEXT + 1));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { code: "invalid_input", reason: "invalid_input", message: chatTextTooLong(MAX_CHAT_TEXT) },
    });
    const huge = await say("x".repeat(CHAT_BODY_LIMIT_BYTES + 1024));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual(tooLarge);
    // Neither was kept as a conversation.
    const rows = await ctx.database.db.select().from(brandConversations);
    expect(rows.every((row) => JSON.stringify(row.messages).length < MAX_CHAT_TEXT)).toBe(true);

    const fine = await say("x".repeat(MAX_CHAT_TEXT));
    expect(fine.status).toBe(200);
    await fine.text();
  });
});

describe("rate limits on public writes", () => {
  it("limits data deletion requests per client address", async () => {
    const ask = (address: string) =>
      jsonRequest(ctx, "/api/data-deletion-requests", {
        body: { email: uniqueEmail("delete"), reason: "leaving" },
        headers: { "x-forwarded-for": address },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= DATA_DELETION_RATE_LIMIT.max; i++)
      statuses.push((await ask("198.51.100.40")).status);
    expect(statuses.slice(0, DATA_DELETION_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
    const refused = await ask("198.51.100.40");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: "quota_exceeded" } });
    // Another address is not punished for the first one's requests.
    expect((await ask("198.51.100.41")).status).toBe(201);
  });

  it("limits data deletion requests over a real socket, keyed by the connection's address", async () => {
    const noProxy = await createTestContext({ trustProxy: false });
    // Without a trusted proxy a forged X-Forwarded-For changes nothing: the socket's address is the key.
    const app = serve({
      fetch: (request, env) => noProxy.app.fetch(request, env),
      port: 0,
      hostname: "127.0.0.1",
    });
    try {
      await new Promise((resolve) => app.once("listening", resolve));
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/data-deletion-requests`;
      const statuses: number[] = [];
      for (let i = 0; i <= DATA_DELETION_RATE_LIMIT.max; i++) {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: TEST_ORIGIN,
            "x-forwarded-for": `203.0.113.${i}`,
          },
          body: JSON.stringify({ email: uniqueEmail("delete"), reason: "leaving" }),
        });
        statuses.push(response.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      await noProxy.close();
    }
  });

  // better-auth's own rule (3 a minute per address) covers it; this keeps a customRules entry from loosening it.
  it("limits resending the verification mail per client address", async () => {
    const email = uniqueEmail("resend");
    const resend = () =>
      jsonRequest(ctx, "/api/auth/send-verification-email", {
        body: { email, callbackURL: "/login?verified=1" },
        headers: { "x-forwarded-for": "198.51.100.50" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend()).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });
});
