import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { inboxWebhookEvents, socialConnections } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { type IncomingBatch, recordIncomingComments } from "@smm/domain/inbox";
import type { IncomingComment } from "@smm/domain/ports";
import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../context";
import { parseGraphTime } from "../networks/meta/meta-inbox";

/**
 * Meta's webhook (contracts/meta-formats-and-inbox.md sections 7.3-7.6): Page `feed` comment changes and
 * Instagram `comments`, pushed as they happen. The subscription handshake answers hub.challenge only to our
 * verify token. Every delivery is checked before anything is read: X-Hub-Signature-256 must be the
 * HMAC-SHA256 of the raw bytes (Meta signs an escaped-unicode form, so re-serialised JSON would not match)
 * with the app secret, compared in constant time. Meta re-sends for 36 hours and sends duplicates, so each
 * change is taken once (inbox_webhook_events); fields and items that are not comments are acknowledged and
 * ignored. A failure answers 500 with its keys released, so Meta's retry is taken.
 */

export const WEBHOOK_RECEIVED = "EVENT_RECEIVED";
export const SIGNATURE_MISSING = "Missing X-Hub-Signature-256";
export const SIGNATURE_INVALID = "Invalid webhook signature";
export const WEBHOOKS_NOT_CONFIGURED = "Meta webhooks are not configured on this server";

const FEED_VERBS = ["add", "edited", "edit", "remove", "delete", "hide", "unhide"] as const;
type FeedVerb = (typeof FEED_VERBS)[number];
const CHUNK = 500;

// Permissive: Meta adds keys freely, and one odd change must not cost the batch's others.
const idSchema = z.union([z.string(), z.number()]).transform(String);
const timeSchema = z.union([z.number(), z.string()]).optional().catch(undefined);
const fromSchema = z
  .object({ id: idSchema.optional(), name: z.string().optional(), username: z.string().optional() })
  .partial()
  .optional()
  .catch(undefined);
const changeSchema = z.object({ field: z.string(), value: z.unknown() });
const payloadSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z
        .object({
          id: idSchema,
          time: timeSchema,
          changes: z.array(z.unknown()).optional().catch(undefined),
          field: z.string().optional(),
          value: z.unknown().optional(),
        })
        .nullable()
        .catch(null),
    )
    .default([]),
});
const feedValueSchema = z.object({
  item: z.literal("comment"),
  verb: z.enum(FEED_VERBS),
  post_id: idSchema,
  comment_id: idSchema,
  parent_id: idSchema.optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  created_time: timeSchema,
  from: fromSchema,
});
const instagramValueSchema = z.object({
  id: idSchema.optional(),
  comment_id: idSchema.optional(),
  text: z.string().optional().catch(undefined),
  parent_id: idSchema.optional().catch(undefined),
  from: fromSchema,
  media: z.object({ id: idSchema }),
});

/** One comment change of a delivery, for one account (a Page, or an Instagram account). */
interface Change {
  key: string;
  platform: "facebook" | "instagram";
  accountId: string;
  comment: IncomingComment | null;
  removed: string | null;
}

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

function readFeedChange(accountId: string, value: unknown, now: Date): Change | null {
  const parsed = feedValueSchema.safeParse(value);
  if (!parsed.success) return null;
  const change = parsed.data;
  const verb: FeedVerb = change.verb;
  // The comment's words (Meta's field is `message`; named apart from an error's message).
  const words = change.message;
  // An edit arrives with the same created_time as the comment on some deliveries: its text tells edits apart.
  const key = [
    "page",
    "feed",
    change.comment_id,
    verb,
    change.created_time ?? "",
    shortHash(words ?? ""),
  ].join("|");
  if (verb === "remove" || verb === "delete")
    return { key, platform: "facebook", accountId, comment: null, removed: change.comment_id };
  // A hide without the text cannot be told apart from an edit to nothing: the next read brings the flag.
  if (words === undefined && verb !== "add") return null;
  const parent = change.parent_id && change.parent_id !== change.post_id ? change.parent_id : null;
  return {
    key,
    platform: "facebook",
    accountId,
    removed: null,
    comment: {
      externalId: change.comment_id,
      postExternalId: change.post_id,
      parentExternalId: parent,
      authorExternalId: change.from?.id ?? null,
      authorName: change.from?.name ?? null,
      authorHandle: null,
      authorAvatarUrl: null,
      text: words ?? "",
      writtenAt: parseGraphTime(change.created_time, now),
      ...(verb === "hide" ? { hidden: true } : verb === "unhide" ? { hidden: false } : {}),
      // The Page's own comments (our replies, or ones written on Facebook) echo back: kept as the brand's.
      own: change.from?.id === accountId,
    },
  };
}

function readInstagramChange(
  accountId: string,
  sentAt: string | number | undefined,
  value: unknown,
  now: Date,
): Change | null {
  const parsed = instagramValueSchema.safeParse(value);
  if (!parsed.success) return null;
  const change = parsed.data;
  const id = change.id ?? change.comment_id;
  if (!id) return null;
  const username = change.from?.username ?? null;
  return {
    key: ["instagram", "comments", id, "add"].join("|"),
    platform: "instagram",
    accountId,
    removed: null,
    comment: {
      externalId: id,
      postExternalId: change.media.id,
      parentExternalId: change.parent_id ?? null,
      authorExternalId: change.from?.id ?? null,
      authorName: username,
      authorHandle: username,
      authorAvatarUrl: null,
      text: change.text ?? "",
      // Instagram's comment carries no time of its own; the entry's is when Meta sent it.
      writtenAt: parseGraphTime(sentAt, now),
      own: change.from?.id === accountId,
    },
  };
}

/** Every comment change of a delivery; other objects, fields and items are left out (and acknowledged). */
export function readCommentChanges(body: unknown, now: Date): Change[] {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) return [];
  const { object, entry } = parsed.data;
  const changes: Change[] = [];
  for (const item of entry) {
    if (!item) continue;
    // Instagram Business Login puts field and value directly under the entry.
    const listed = item.changes ?? (item.field ? [{ field: item.field, value: item.value }] : []);
    for (const raw of listed) {
      const change = changeSchema.safeParse(raw);
      if (!change.success) continue;
      const read =
        object === "page" && change.data.field === "feed"
          ? readFeedChange(item.id, change.data.value, now)
          : object === "instagram" && change.data.field === "comments"
            ? readInstagramChange(item.id, item.time, change.data.value, now)
            : null;
      if (read) changes.push(read);
    }
  }
  return changes;
}

/** `sha256=<hex>` against the HMAC of the raw bytes, in constant time. */
export function verifySignature(secret: string, raw: Uint8Array, header: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(match[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createMetaWebhookRoutes(
  deps: Pick<AppDeps, "database" | "events" | "ai" | "logger" | "now" | "metaWebhooks">,
) {
  const app = new Hono<AppEnv>();
  const now = deps.now ?? (() => new Date());
  const settings = deps.metaWebhooks ?? { appSecret: null, verifyToken: null };
  const db = deps.database.db;

  // The subscription handshake (App Dashboard > Webhooks): only our token gets the challenge back.
  app.get("/", (c) => {
    const token = settings.verifyToken;
    const given = c.req.query("hub.verify_token") ?? "";
    const sameToken =
      token !== null &&
      given.length === token.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(token));
    if (c.req.query("hub.mode") !== "subscribe" || !sameToken)
      return c.json(new AppError("forbidden", "Verification failed").toBody(), 403);
    return c.text(c.req.query("hub.challenge") ?? "", 200);
  });

  app.post("/", async (c) => {
    const secret = settings.appSecret;
    if (!secret) return c.json(new AppError("upstream_failed", WEBHOOKS_NOT_CONFIGURED).toBody(), 503);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const signature = c.req.header("x-hub-signature-256");
    if (!signature) return c.json(new AppError("unauthenticated", SIGNATURE_MISSING).toBody(), 401);
    if (!verifySignature(secret, raw, signature))
      return c.json(new AppError("forbidden", SIGNATURE_INVALID).toBody(), 403);

    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new AppError("invalid_input", "The delivery is not JSON");
    }
    const changes = readCommentChanges(body, now());
    if (changes.length === 0) return c.text(WEBHOOK_RECEIVED, 200);

    const taken = await takeOnce(changes.map((change) => change.key));
    const fresh = changes.filter((change) => taken.has(change.key));
    try {
      await recordChanges(fresh);
    } catch (error) {
      // Released, so Meta's next attempt is taken rather than skipped as a duplicate.
      await releaseKeys([...taken]).catch(() => undefined);
      deps.logger.error("meta webhook failed", { error, changes: fresh.length });
      return c.json(new AppError("internal", "Something went wrong. Please try again.").toBody(), 500);
    }
    return c.text(WEBHOOK_RECEIVED, 200);
  });

  /** The keys not seen before (inserted now); a key already there is a duplicate delivery. */
  async function takeOnce(keys: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    const unique = [...new Set(keys)];
    for (let start = 0; start < unique.length; start += CHUNK) {
      const rows = await db
        .insert(inboxWebhookEvents)
        .values(unique.slice(start, start + CHUNK).map((key) => ({ key, receivedAt: now() })))
        .onConflictDoNothing()
        .returning({ key: inboxWebhookEvents.key });
      for (const row of rows) taken.add(row.key);
    }
    return taken;
  }

  async function releaseKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += CHUNK)
      await db
        .delete(inboxWebhookEvents)
        .where(inArray(inboxWebhookEvents.key, keys.slice(start, start + CHUNK)));
  }

  /** Each change to every brand that connected its account through Meta (a Page may serve several brands). */
  async function recordChanges(changes: Change[]) {
    const byAccount = new Map<string, Change[]>();
    for (const change of changes) {
      const account = `${change.platform}:${change.accountId}`;
      const group = byAccount.get(account);
      if (group) group.push(change);
      else byAccount.set(account, [change]);
    }
    for (const group of byAccount.values()) {
      const [first] = group;
      if (!first) continue;
      const brands = await db
        .selectDistinct({ userId: socialConnections.userId, brandId: socialConnections.brandId })
        .from(socialConnections)
        .where(
          and(
            eq(socialConnections.network, "meta"),
            eq(socialConnections.provider, first.platform),
            eq(socialConnections.externalAccountId, first.accountId),
          ),
        );
      for (const brand of brands) {
        const batch: IncomingBatch = {
          userId: brand.userId,
          brandId: brand.brandId,
          platform: first.platform,
          network: "meta",
          comments: group.flatMap((change) => (change.comment ? [change.comment] : [])),
          complete: [],
          removed: group.flatMap((change) => (change.removed ? [change.removed] : [])),
        };
        await recordIncomingComments({ db, events: deps.events, now, ai: deps.ai }, batch);
      }
    }
  }

  return app;
}
