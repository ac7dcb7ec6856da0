import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/*
 * Reads back what the outbox mailer (mail.ts) wrote, for the local mailbox page. Only the MIME that
 * nodemailer's composer produces is understood (headers, one level of multipart, quoted-printable, base64
 * or 7bit parts, RFC 2047 words in headers): enough for our own messages, with no parser dependency.
 */

export interface OutboxSummary {
  /** The file name without .eml: the message's address in the mailbox. */
  id: string;
  to: string;
  subject: string;
  /** When the file was written (its name starts with the millisecond timestamp). */
  sentAt: Date;
  /** The message's action link (X-Smm-Link), when it has one. */
  link: string | null;
}

export interface OutboxMessage extends OutboxSummary {
  from: string;
  text: string;
}

/** Only names the outbox mailer makes: no path can be smuggled through an id. */
const MESSAGE_ID = /^(\d{10,16})-[0-9a-f-]{36}$/;

export const isOutboxId = (id: string) => MESSAGE_ID.test(id);

/** Every message in the outbox, newest first. */
export async function listOutbox(dir: string): Promise<OutboxSummary[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = names
    .filter((name) => name.endsWith(".eml"))
    .map((name) => name.slice(0, -4))
    .filter(isOutboxId)
    .sort(byNewest);
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(dir, id)));
  return messages.filter((message): message is OutboxMessage => message !== null).map(toSummary);
}

/** One message, or null when there is no such file. */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!isOutboxId(id)) return null;
  const raw = await readFile(join(dir, `${id}.eml`), "utf8").catch(() => null);
  if (raw === null) return null;
  const { headers, body } = splitMessage(raw);
  return {
    id,
    from: headers.get("from") ?? "",
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "(no subject)",
    sentAt: new Date(Number(MESSAGE_ID.exec(id)?.[1] ?? 0)),
    link: headers.get("x-smm-link") ?? null,
    text: plainTextOf(headers, body),
  };
}

function toSummary({ from: _from, text: _text, ...summary }: OutboxMessage): OutboxSummary {
  return summary;
}

function byNewest(a: string, b: string): number {
  const time = (id: string) => Number(MESSAGE_ID.exec(id)?.[1] ?? 0);
  return time(b) - time(a) || b.localeCompare(a);
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded lines (starting with white space) continue the header above.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?), as the composer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\n/g, "");
  for (let index = 0; index < source.length; index++) {
    const char = source[index] ?? "";
    const hex = source.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The message's text/plain part (or its only body), decoded; an HTML-only message loses its tags. */
function plainTextOf(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return decodePart(headers, body).trim();
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => splitMessage(part.replace(/^\n/, "")));
  const plain = parts.find((part) => /^text\/plain/i.test(part.headers.get("content-type") ?? "text/plain"));
  if (plain) return decodePart(plain.headers, plain.body).trim();
  const html = parts.find((part) => /^text\/html/i.test(part.headers.get("content-type") ?? ""));
  return html
    ? decodePart(html.headers, html.body)
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : "";
}
