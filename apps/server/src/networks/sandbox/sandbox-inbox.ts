import { createHash, randomBytes } from "node:crypto";
import type { DbExecutor } from "@smm/domain/context";
import { type SandboxComment, sandboxComments, sandboxPosts } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { IncomingComment } from "@smm/domain/ports";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ProviderConnection, ProviderInbox } from "../provider";

type SandboxConnection = ProviderConnection<Record<string, never>>;

const MINUTE = 60_000;
/** When the sandbox's audience writes under a post, after it went out: the first 2, 3 or 4 of these. */
const AUDIENCE_SLOTS_MS = [1 * MINUTE, 7 * MINUTE, 40 * MINUTE, 3 * 60 * MINUTE] as const;
/** How long after the brand's reply its author answers back, when they do (about one reply in two). */
const FOLLOW_UP_AFTER_MS = 5 * MINUTE;
/** Generous: the sandbox has no rate limit of its own, but the poller still counts against one. */
const SANDBOX_READ_BUDGET = { calls: 600, windowMs: 5 * MINUTE } as const;

export const SANDBOX_POST_NOT_FOUND = "Sandbox network: post not found";
export const SANDBOX_COMMENT_NOT_FOUND = "Sandbox network: comment not found";

/** The sandbox's audience: every handle ends in ".sandbox", so wherever they show they read as made up. */
const AUDIENCE = [
  { name: "Anna Berg", handle: "anna.berg.sandbox" },
  { name: "Tomás Ruiz", handle: "tomas.ruiz.sandbox" },
  { name: "Mei Lin", handle: "meilin.sandbox" },
  { name: "Jonas Weber", handle: "jonas.w.sandbox" },
  { name: "Priya Nair", handle: "priya.nair.sandbox" },
  { name: "Sam Okafor", handle: "sam.okafor.sandbox" },
  { name: "Lena Fischer", handle: "lena.f.sandbox" },
  { name: "Marco Rossi", handle: "marco.rossi.sandbox" },
] as const;
const PROMO = { name: "Promo Deals", handle: "promo.deals.sandbox" } as const;

const PRAISE = [
  "Love this! 😍",
  "This looks amazing, well done.",
  "Always a pleasure to see your posts.",
  "Wow, great job on this one!",
  "So good. Sharing with my friends.",
  "This made my day 🙌",
];
const QUESTIONS = [
  (topic: string) => `Quick question about "${topic}": is it available all week?`,
  () => "What are your opening hours on Sundays?",
  () => "Do you deliver to the city centre?",
  (topic: string) => `How much is "${topic}"?`,
  () => "Can I book ahead for a group of six?",
];
const NEGATIVE = [
  "Honestly a bit pricey for what it is.",
  "Last time the wait was way too long.",
  "Not a fan of the new look, sorry.",
  "Hope it's better than my last visit, that was disappointing.",
];
const PROMOS = [
  "🔥 Get 10k followers in a day! https://promo.example/boost",
  "Cheap sunglasses, 90% off today only 👉 https://promo.example/deal",
];
const FOLLOW_UPS = ["Thanks for getting back to me!", "Perfect, thank you 🙏", "Great, see you then!"];

type Kind = "praise" | "question" | "negative" | "promo";

interface Scripted {
  id: string;
  sandboxPostId: string;
  parentId: string | null;
  authorName: string;
  authorHandle: string;
  text: string;
  writtenAt: Date;
}

const digest = (seed: string) => createHash("sha256").update(seed).digest();

/** A few words of the post to ask about, its hashtags and links left out. */
function topicOf(content: string): string {
  const words = content
    .split(/\s+/)
    .filter((word) => word && !word.startsWith("#") && !word.startsWith("@") && !/^https?:/.test(word));
  const topic = words
    .slice(0, 4)
    .join(" ")
    .replace(/[.,!?:;]+$/, "");
  return topic || "this";
}

/**
 * What the audience writes under a post, fixed by its id: 2 to 4 comments (praise, a question about the
 * post, then a grumble or - one post in four - a link from a promo account), at set times after it went out.
 */
export function scriptAudience(post: { id: string; content: string; publishedAt: Date }): Scripted[] {
  const seed = digest(post.id);
  const byte = (index: number) => seed[index % seed.length] ?? 0;
  const count = 2 + (byte(0) % 3);
  const kinds: Kind[] = ["praise", "question", byte(1) % 4 === 0 ? "promo" : "negative", "praise"];
  const taken = new Set<number>();
  const script: Scripted[] = [];
  for (let slot = 0; slot < count; slot++) {
    const kind = kinds[slot] ?? "praise";
    let who = byte(2 + slot) % AUDIENCE.length;
    while (taken.has(who)) who = (who + 1) % AUDIENCE.length;
    taken.add(who);
    const author = kind === "promo" ? PROMO : (AUDIENCE[who] ?? AUDIENCE[0]);
    const pick = byte(8 + slot);
    const text =
      kind === "praise"
        ? PRAISE[(pick + slot) % PRAISE.length]
        : kind === "question"
          ? QUESTIONS[pick % QUESTIONS.length]?.(topicOf(post.content))
          : kind === "negative"
            ? NEGATIVE[pick % NEGATIVE.length]
            : PROMOS[pick % PROMOS.length];
    script.push({
      id: `${post.id}_a${slot + 1}`,
      sandboxPostId: post.id,
      parentId: null,
      authorName: author.name,
      authorHandle: author.handle,
      text: text ?? "Nice!",
      writtenAt: new Date(post.publishedAt.getTime() + (AUDIENCE_SLOTS_MS[slot] ?? 0)),
    });
  }
  return script;
}

/** The author answers the brand's reply back, one reply in two (fixed by the reply's id). */
function scriptFollowUp(reply: SandboxComment, parent: SandboxComment): Scripted | null {
  if (parent.own || parent.authorHandle === PROMO.handle) return null;
  const seed = digest(reply.id);
  if ((seed[0] ?? 0) % 2 !== 0) return null;
  return {
    id: `${reply.id}_f`,
    sandboxPostId: reply.sandboxPostId,
    parentId: reply.id,
    authorName: parent.authorName,
    authorHandle: parent.authorHandle,
    text: FOLLOW_UPS[(seed[1] ?? 0) % FOLLOW_UPS.length] ?? "Thanks!",
    writtenAt: new Date(reply.writtenAt.getTime() + FOLLOW_UP_AFTER_MS),
  };
}

function toIncoming(row: SandboxComment): IncomingComment {
  return {
    externalId: row.id,
    postExternalId: row.sandboxPostId,
    parentExternalId: row.parentId,
    authorExternalId: `sandbox:${row.authorHandle}`,
    authorName: row.authorName,
    authorHandle: row.authorHandle,
    authorAvatarUrl: null,
    text: row.text,
    writtenAt: row.writtenAt,
    editedAt: null,
    hidden: row.hidden,
    own: row.own,
    url: null,
  };
}

/**
 * The sandbox network's comments (issue 33), kept in sandbox_comments so every instance sees the same: its
 * audience's comments are written into the table when a read finds them due (ids fixed by post and slot, so
 * two reads write them once), and the brand's replies, hides and deletes land there as on a network.
 */
export function createSandboxInbox(
  db: DbExecutor,
  now: () => Date = () => new Date(),
): ProviderInbox<Record<string, never>> {
  const own = (connection: SandboxConnection) => [
    eq(sandboxComments.userId, connection.userId),
    eq(sandboxComments.brandId, connection.brandId),
  ];

  /** Writes what the audience has written by now under these posts (and their answers to our replies). */
  async function materialise(
    connection: SandboxConnection,
    published: { id: string; content: string; publishedAt: Date }[],
  ): Promise<void> {
    const at = now().getTime();
    const due = published.flatMap((post) =>
      scriptAudience(post).filter((comment) => comment.writtenAt.getTime() <= at),
    );
    const existing = await db
      .select()
      .from(sandboxComments)
      .where(
        and(
          ...own(connection),
          inArray(
            sandboxComments.sandboxPostId,
            published.map((post) => post.id),
          ),
        ),
      );
    const byId = new Map(existing.map((row) => [row.id, row]));
    for (const reply of existing) {
      if (!reply.own || !reply.parentId || reply.deletedAt) continue;
      const parent = byId.get(reply.parentId);
      const followUp = parent ? scriptFollowUp(reply, parent) : null;
      if (followUp && followUp.writtenAt.getTime() <= at) due.push(followUp);
    }
    const missing = due.filter((comment) => !byId.has(comment.id));
    if (missing.length === 0) return;
    await db
      .insert(sandboxComments)
      .values(
        missing.map((comment) => ({
          ...comment,
          userId: connection.userId,
          brandId: connection.brandId,
        })),
      )
      .onConflictDoNothing();
  }

  async function requireOwnPost(connection: SandboxConnection, id: string) {
    const [row] = await db
      .select({ id: sandboxPosts.id })
      .from(sandboxPosts)
      .where(
        and(
          eq(sandboxPosts.id, id),
          eq(sandboxPosts.userId, connection.userId),
          eq(sandboxPosts.brandId, connection.brandId),
        ),
      );
    if (!row) throw new AppError("upstream_failed", SANDBOX_POST_NOT_FOUND);
  }

  return {
    readBudget: SANDBOX_READ_BUDGET,
    async read(connection, request) {
      const asked = request.posts.slice(0, Math.max(0, request.budget));
      if (asked.length === 0) return { comments: [], complete: [], cursor: null, calls: 0 };
      const rows = await db
        .select({
          id: sandboxPosts.id,
          content: sandboxPosts.content,
          publishedAt: sandboxPosts.publishedAt,
        })
        .from(sandboxPosts)
        .where(
          and(
            inArray(
              sandboxPosts.id,
              asked.map((post) => post.externalId),
            ),
            eq(sandboxPosts.userId, connection.userId),
            eq(sandboxPosts.brandId, connection.brandId),
            eq(sandboxPosts.state, "published"),
          ),
        );
      const published = rows.flatMap((row) =>
        row.publishedAt ? [{ id: row.id, content: row.content, publishedAt: row.publishedAt }] : [],
      );
      if (published.length > 0) await materialise(connection, published);
      const comments =
        published.length === 0
          ? []
          : await db
              .select()
              .from(sandboxComments)
              .where(
                and(
                  ...own(connection),
                  inArray(
                    sandboxComments.sandboxPostId,
                    published.map((post) => post.id),
                  ),
                  isNull(sandboxComments.deletedAt),
                ),
              )
              .orderBy(asc(sandboxComments.writtenAt), asc(sandboxComments.id));
      return {
        comments: comments.map(toIncoming),
        // Every comment of a post is listed: one no longer there was deleted.
        complete: published.map((post) => post.id),
        cursor: null,
        calls: asked.length,
      };
    },
    async reply(connection, request) {
      await requireOwnPost(connection, request.postExternalId);
      if (request.parentExternalId) {
        const [parent] = await db
          .select({ id: sandboxComments.id })
          .from(sandboxComments)
          .where(
            and(
              ...own(connection),
              eq(sandboxComments.id, request.parentExternalId),
              isNull(sandboxComments.deletedAt),
            ),
          );
        if (!parent) throw new AppError("upstream_failed", SANDBOX_COMMENT_NOT_FOUND);
      }
      // The marker is unique: a repeat of the same attempt finds the reply the first one wrote.
      await db
        .insert(sandboxComments)
        .values({
          id: `${request.postExternalId}_r${randomBytes(6).toString("hex")}`,
          userId: connection.userId,
          brandId: connection.brandId,
          sandboxPostId: request.postExternalId,
          parentId: request.parentExternalId,
          authorName: "You (sandbox)",
          authorHandle: connection.handle?.replace(/^@/, "") ?? "you.sandbox",
          text: request.text,
          own: true,
          marker: request.marker,
          writtenAt: now(),
        })
        .onConflictDoNothing({ target: sandboxComments.marker });
      const [sent] = await db
        .select({ id: sandboxComments.id })
        .from(sandboxComments)
        .where(and(...own(connection), eq(sandboxComments.marker, request.marker)));
      if (!sent) throw new AppError("upstream_failed", "Sandbox network: the reply was not taken");
      return { externalId: sent.id, url: null };
    },
    async findReply(connection, request) {
      const [sent] = await db
        .select({ id: sandboxComments.id })
        .from(sandboxComments)
        .where(and(...own(connection), eq(sandboxComments.marker, request.marker)));
      return sent ? { externalId: sent.id } : null;
    },
    async moderate(connection, request) {
      const where = and(
        ...own(connection),
        eq(sandboxComments.id, request.externalId),
        isNull(sandboxComments.deletedAt),
      );
      // Gone already is not an error (the provider contract).
      if (request.action === "delete") {
        await db.update(sandboxComments).set({ deletedAt: now() }).where(where);
        return;
      }
      const change =
        request.action === "like"
          ? { liked: true }
          : request.action === "hide"
            ? { hidden: true }
            : { hidden: false };
      await db.update(sandboxComments).set(change).where(where);
    },
  };
}
