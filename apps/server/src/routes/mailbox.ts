import { join } from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "@smm/domain/errors";
import type { Context } from "hono";
import { listOutbox, type OutboxSummary, readOutboxMessage } from "../adapters/outbox-reader";
import type { AppDeps } from "../context";
import type { Env } from "../env";
import { createRoutes } from "../lib/http";

/** Where the local mailbox lives: under /api so the web's dev server proxies it like the rest. */
export const MAILBOX_PATH = "/api/mailbox";

/**
 * The local mailbox exists only on the embedded mail default of a machine someone runs for themselves:
 * no SMTP_URL (with one, mail really leaves and nothing is kept here) and not production (where the outbox
 * of other people's sign-ups must never be readable). main.ts and the tests decide through this one rule.
 */
export function localMailboxFor(
  env: Pick<Env, "SMTP_URL" | "NODE_ENV" | "dataDir">,
): { dir: string } | undefined {
  if (env.SMTP_URL || env.NODE_ENV === "production") return undefined;
  return { dir: join(env.dataDir, "outbox") };
}

/**
 * Whether the request comes from this machine, read from the socket (headers such as X-Forwarded-For are
 * the client's to write). A request without a socket (an in-process call) is not local.
 */
export function isLoopbackRequest(c: Context): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Whether this request may see the mailbox (the web's "Open it" is offered from the same answer). */
export function canOpenMailbox(c: Context, deps: Pick<AppDeps, "localMailbox" | "mailer">): boolean {
  return Boolean(deps.localMailbox) && deps.mailer.kind === "outbox" && isLoopbackRequest(c);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Escaped text with its http(s) addresses as links (the escaped form is a valid attribute value). */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" data-testid="mailbox-message-link">${url}</a>`,
  );
}

const formatTime = (date: Date) =>
  `${date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" })} UTC`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:24px 12px;color:#18181b}
main{max-width:720px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:22px;margin:8px 0 4px}p.hint{color:#52525b;margin:0 0 16px;font-size:14px;line-height:1.5}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:13px;font-weight:600}
ul{list-style:none;padding:0;margin:0}li{border-top:1px solid #e4e4e7}
li a{display:block;padding:12px 4px;color:inherit;text-decoration:none;min-height:40px}li a:hover,li a:focus-visible{background:#f4f4f5}
.subject{font-weight:600;overflow-wrap:anywhere}.meta{color:#52525b;font-size:13px;margin-top:2px;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;line-height:1.6;background:#fafafa;border:1px solid #e4e4e7;border-radius:8px;padding:16px}
pre a{color:#1d4ed8}a:focus-visible{outline:3px solid #2563eb80;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}.button{display:inline-flex;align-items:center;min-height:40px;padding:0 14px;border-radius:8px;text-decoration:none;background:#e4e4e7;color:#18181b;font-size:14px}
.button.primary{background:#2563eb;color:#fff}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b;box-shadow:none;border:1px solid #27272a}
p.hint,.meta{color:#a1a1aa}li{border-color:#27272a}li a:hover,li a:focus-visible{background:#27272a}pre{background:#09090b;border-color:#27272a}pre a{color:#93c5fd}.button{background:#27272a;color:#fafafa}}</style></head>
<body><main>${body}</main></body></html>`;
}

const HEADER = `<p class="badge" data-testid="mailbox-label">Local mailbox</p>`;
const HINT = `<p class="hint">No mail server is configured, so messages are kept on this machine instead of being sent. Only this computer can open this page.</p>`;

function listPage(messages: OutboxSummary[]): string {
  const items = messages
    .map(
      (message) => `<li><a href="${MAILBOX_PATH}/${message.id}" data-testid="mailbox-item">
<div class="subject">${escapeHtml(message.subject)}</div>
<div class="meta">To ${escapeHtml(message.to)} · <time datetime="${message.sentAt.toISOString()}">${formatTime(message.sentAt)}</time></div></a></li>`,
    )
    .join("");
  const list =
    messages.length === 0
      ? `<p class="hint" data-testid="mailbox-empty">No messages yet. Sign up or ask for a link, then refresh this page.</p>`
      : `<ul data-testid="mailbox-list">${items}</ul>`;
  return page(
    "Local mailbox",
    `${HEADER}<h1>Messages kept on this machine</h1>${HINT}${list}
<div class="actions"><a class="button" href="${MAILBOX_PATH}">Refresh</a><a class="button" href="/login">Back to sign in</a></div>`,
  );
}

const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string() } },
});
const common = {
  method: "get" as const,
  tags: ["System"],
  security: [],
  description:
    "Only on the embedded mail default (no SMTP_URL, not production) and only to a client on the server's " +
    "own machine (loopback socket); anywhere else it answers 404.",
};
const routes = {
  list: createRoute({
    ...common,
    path: "/",
    summary: "The local mailbox: the messages kept on this machine, newest first (an HTML page).",
    responses: { 200: htmlPage("The list of messages.") },
  }),
  message: createRoute({
    ...common,
    path: "/{id}",
    summary: "One kept message with its links clickable (an HTML page).",
    request: { params: z.object({ id: z.string().openapi({ description: "The message's id." }) }) },
    responses: { 200: htmlPage("The message.") },
  }),
};

/**
 * The local mailbox (issue 20): the outbox's messages, newest first, each readable with its links
 * clickable, so a person who signed up on the embedded defaults can confirm without reading files. It
 * answers 404, as if it did not exist, whenever canOpenMailbox says no.
 */
export function createMailboxRoutes(deps: AppDeps) {
  const notFound = () => new AppError("not_found", "Not found");
  return createRoutes()
    .openapi(routes.list, async (c) => {
      if (!deps.localMailbox || !canOpenMailbox(c, deps)) throw notFound();
      return c.html(listPage(await listOutbox(deps.localMailbox.dir)), 200);
    })
    .openapi(routes.message, async (c) => {
      if (!deps.localMailbox || !canOpenMailbox(c, deps)) throw notFound();
      const message = await readOutboxMessage(deps.localMailbox.dir, c.req.valid("param").id);
      if (!message) throw notFound();
      const action = message.link
        ? `<a class="button primary" href="${escapeHtml(message.link)}" data-testid="mailbox-action">Open the link in this message</a>`
        : "";
      return c.html(
        page(
          message.subject,
          `${HEADER}<h1 data-testid="mailbox-subject">${escapeHtml(message.subject)}</h1>
<p class="meta">From ${escapeHtml(message.from)}<br>To ${escapeHtml(message.to)}<br>${formatTime(message.sentAt)}</p>
<pre data-testid="mailbox-body">${linkify(message.text)}</pre>
<div class="actions">${action}<a class="button" href="${MAILBOX_PATH}">All messages</a></div>`,
        ),
        200,
      );
    });
}
