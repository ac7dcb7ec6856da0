import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTestContext,
  jsonRequest,
  TEST_ORIGIN,
  type TestContext,
  uniqueEmail,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxMailer } from "../adapters/mail";
import { loadEnv } from "../env";
import { createLogger } from "../lib/logger";
import { localMailboxFor, MAILBOX_PATH } from "./mailbox";

/** What @hono/node-server hands the app for a connection from `address` (getConnInfo reads the socket). */
const socketFrom = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: "IPv4" } },
});
const LOCAL = socketFrom("127.0.0.1");
const REMOTE = socketFrom("203.0.113.7");

function get(ctx: TestContext, path: string, env?: object, headers: Record<string, string> = {}) {
  return ctx.app.request(`${TEST_ORIGIN}${path}`, { headers }, env);
}

const envWith = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({ DATA_DIR: dataDir, NODE_ENV: "development", ...extra });

describe("the local mailbox on the embedded mail default", () => {
  let ctx: TestContext;
  let dataDir: string;
  let outboxDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "smm-mailbox-"));
    const mailbox = localMailboxFor(envWith(dataDir));
    if (!mailbox) throw new Error("the embedded default must have a mailbox");
    outboxDir = mailbox.dir;
    ctx = await createTestContext({ localMailbox: mailbox });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs up and writes the captured confirmation mail as the real outbox mailer does. */
  async function signUpIntoOutbox(email: string) {
    const signUp = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email, password: "correct-horse-9", name: "newcomer", callbackURL: "/login?verified=1" },
    });
    expect(signUp.status).toBe(200);
    const mail = ctx.mailer.sent.findLast((message) => message.to === email);
    if (!mail) throw new Error("no mail captured");
    const outbox = createOutboxMailer({
      dir: outboxDir,
      from: "SMM <no-reply@localhost>",
      logger: createLogger("silent"),
    });
    await outbox.send(mail);
  }

  it("lists the outbox newest first for this machine and opens a message with its links clickable", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await signUpIntoOutbox(first);
    await new Promise((done) => setTimeout(done, 5));
    await signUpIntoOutbox(second);

    const list = await get(ctx, MAILBOX_PATH, LOCAL);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/text\/html/);
    const html = await list.text();
    expect(html).toContain("Confirm your e-mail for Social Media Manager");
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));

    const href = /href="(\/api\/mailbox\/[^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const message = await get(ctx, href ?? "", LOCAL);
    expect(message.status).toBe(200);
    const body = await message.text();
    expect(body).toContain(`To ${second}`);
    // The link in the text is an anchor whose target is the link the mail carries, & and all.
    const link = /<a href="([^"]+)" data-testid="mailbox-message-link">/
      .exec(body)?.[1]
      ?.replaceAll("&#38;", "&");
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^&]+&callbackURL=/);

    // Following it confirms the address: the user can sign in.
    const url = new URL(link ?? "");
    const verify = await ctx.app.request(`${TEST_ORIGIN}${url.pathname}${url.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toContain("/login?verified=1");
    const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email: second, password: "correct-horse-9" },
    });
    expect(signIn.status).toBe(200);
  });

  it("tells this machine's web that the mailbox exists", async () => {
    const config = await get(ctx, "/api/public-config", LOCAL);
    expect(await config.json()).toMatchObject({ mail: "outbox", localMailbox: true });
  });

  it("does not exist for another machine, whatever its headers claim", async () => {
    const spoofed = { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1", host: "localhost" };
    expect((await get(ctx, MAILBOX_PATH, REMOTE, spoofed)).status).toBe(404);
    const [name] = (await (await get(ctx, MAILBOX_PATH, LOCAL)).text()).match(/\d{13}-[0-9a-f-]{36}/) ?? [];
    expect(name).toBeDefined();
    expect((await get(ctx, `${MAILBOX_PATH}/${name}`, REMOTE, spoofed)).status).toBe(404);
    // An in-process request has no socket at all: not local either.
    expect((await get(ctx, MAILBOX_PATH)).status).toBe(404);
    const config = await get(ctx, "/api/public-config", REMOTE, spoofed);
    expect(await config.json()).toMatchObject({ localMailbox: false });
  });

  it("reads only the outbox's own files", async () => {
    expect((await get(ctx, `${MAILBOX_PATH}/..%2F..%2Fetc%2Fpasswd`, LOCAL)).status).toBe(404);
    expect(
      (await get(ctx, `${MAILBOX_PATH}/1700000000000-00000000-0000-0000-0000-000000000000`, LOCAL)).status,
    ).toBe(404);
  });
});

describe("the local mailbox elsewhere", () => {
  it.each([
    ["SMTP is configured", { SMTP_URL: "smtp://mailer:secret@mail.example.com:587" }],
    ["the server runs in production", { NODE_ENV: "production" }],
  ])("does not exist when %s", async (_case, extra) => {
    const dataDir = mkdtempSync(join(tmpdir(), "smm-mailbox-off-"));
    const mailbox = localMailboxFor(envWith(dataDir, extra));
    expect(mailbox).toBeUndefined();
    const ctx = await createTestContext(mailbox ? { localMailbox: mailbox } : {});
    try {
      expect((await get(ctx, MAILBOX_PATH, LOCAL)).status).toBe(404);
      const config = await get(ctx, "/api/public-config", LOCAL);
      expect(await config.json()).toMatchObject({ localMailbox: false });
    } finally {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
