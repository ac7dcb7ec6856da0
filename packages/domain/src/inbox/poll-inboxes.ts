import { and, asc, eq, gte, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import type { NetworkDescriptor } from "../channels/network-descriptor";
import type { Deps } from "../context";
import { inboxCallBudgets, inboxPolls, posts } from "../db/schema";
import type { PublishNetwork } from "../db/schema/enums";
import { AppError } from "../errors";
import type { PostPlatform } from "../posts/messages";
import { recordIncomingComments } from "./record-comments";

type PollDeps = Pick<Deps, "db" | "events" | "now" | "ai" | "social">;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Comments are read for a month after the post went out; after that, the post's poll row goes. */
export const INBOX_POLL_WINDOW_MS = 30 * DAY;
/**
 * How often a post's comments are read, by its age: young posts get most of theirs at once. Networks that
 * push (webhooks) are read at 4x these, as a backstop for deliveries that never came.
 */
const POLL_STEPS: readonly { under: number; every: number }[] = [
  { under: HOUR, every: 2 * MINUTE },
  { under: DAY, every: 10 * MINUTE },
  { under: 7 * DAY, every: HOUR },
  { under: INBOX_POLL_WINDOW_MS, every: 6 * HOUR },
];
const WEBHOOK_BACKSTOP_FACTOR = 4;
/** A claimed row is someone's for this long: a process that dies mid-read gives it up after it. */
const CLAIM_LEASE_MS = 5 * MINUTE;
const FAILURE_BACKOFF_MS = 10 * MINUTE;
/** An expired token: the user was told once (the router); asking again every minute changes nothing. */
const EXPIRED_BACKOFF_MS = 6 * HOUR;
const DEFAULT_LIMIT = 200;
/** Why a post's comments are not read (kept on its parked row for whoever looks at the table). */
const NO_INBOX = "This network's comments cannot be read";

/** When a post published `ageMs` ago is read next, or null once its window is over. */
export function inboxPollInterval(ageMs: number, collect: "webhook" | "poll"): number | null {
  const step = POLL_STEPS.find((candidate) => ageMs < candidate.under);
  if (!step) return null;
  return collect === "webhook" ? step.every * WEBHOOK_BACKSTOP_FACTOR : step.every;
}

/**
 * The polling sweep (every minute, on every instance): enrols recently published posts, claims the due
 * ones (two instances never read the same post at once), reads each connection's within its share of the
 * account's rate limit (inbox_call_budgets, shared by every instance), records what came, and schedules the
 * next read by the post's age. One connection's failure is kept on its rows, never thrown.
 */
export async function pollInboxes(
  deps: PollDeps,
  options: { limit?: number } = {},
): Promise<{ polled: number; added: number }> {
  const describe = describer(deps);
  await enrolPublishedPosts(deps, describe);
  const claimed = await claimDuePolls(deps, options.limit ?? DEFAULT_LIMIT);
  if (claimed.length === 0) return { polled: 0, added: 0 };

  const now = deps.now();
  const rows = await deps.db
    .select({
      postId: posts.id,
      externalPostId: posts.externalPostId,
      postedAt: posts.postedAt,
      publishedVia: posts.publishedVia,
      status: posts.status,
    })
    .from(posts)
    .where(
      inArray(
        posts.id,
        claimed.map((poll) => poll.postId),
      ),
    );
  const postsById = new Map(rows.map((row) => [row.postId, row]));

  const groups = new Map<string, PollGroup>();
  const finished: string[] = [];
  for (const poll of claimed) {
    const post = postsById.get(poll.postId);
    // Taken back, deleted from the network, or past its window: nothing more to read.
    if (
      !post?.externalPostId ||
      !post.postedAt ||
      post.status !== "approved" ||
      now.getTime() - post.postedAt.getTime() >= INBOX_POLL_WINDOW_MS
    ) {
      finished.push(poll.postId);
      continue;
    }
    const network = post.publishedVia ?? deps.social.kind;
    const key = `${poll.brandId}|${poll.platform}|${network}`;
    const group = groups.get(key) ?? {
      userId: poll.userId,
      brandId: poll.brandId,
      platform: poll.platform,
      network,
      cursor: null,
      cursorReadAt: null,
      posts: [],
    };
    // The cursor is the connection's place in its listing: the most recently read row's is the freshest.
    if (
      poll.cursor &&
      (!group.cursorReadAt || (poll.lastPolledAt && poll.lastPolledAt > group.cursorReadAt))
    ) {
      group.cursor = poll.cursor;
      group.cursorReadAt = poll.lastPolledAt;
    }
    group.posts.push({
      postId: poll.postId,
      externalId: post.externalPostId,
      publishedAt: post.postedAt,
      lastPolledAt: poll.lastPolledAt,
    });
    groups.set(key, group);
  }
  if (finished.length > 0) await deps.db.delete(inboxPolls).where(inArray(inboxPolls.postId, finished));

  // When an account's budget runs short, what was read longest ago goes first, across its connections too.
  const staleness = (post: { lastPolledAt: Date | null }) => post.lastPolledAt?.getTime() ?? 0;
  for (const group of groups.values()) group.posts.sort((a, b) => staleness(a) - staleness(b));
  const ordered = [...groups.values()].sort(
    (a, b) =>
      staleness(a.posts[0] ?? { lastPolledAt: null }) - staleness(b.posts[0] ?? { lastPolledAt: null }),
  );
  let polled = 0;
  let added = 0;
  for (const group of ordered) {
    const result = await pollGroup(deps, describe, group);
    polled += result.polled;
    added += result.added;
  }
  return { polled, added };
}

interface PollGroup {
  userId: string;
  brandId: string;
  platform: PostPlatform;
  network: PublishNetwork;
  cursor: string | null;
  /** When the row the cursor came from was read. */
  cursorReadAt: Date | null;
  posts: { postId: string; externalId: string; publishedAt: Date; lastPolledAt: Date | null }[];
}

type Describe = (ref: {
  userId: string;
  brandId: string;
  platform: PostPlatform;
}) => Promise<NetworkDescriptor>;

/** The brand's descriptor per platform, asked once per sweep. */
function describer(deps: PollDeps): Describe {
  const cache = new Map<string, Promise<NetworkDescriptor>>();
  return (ref) => {
    const key = `${ref.brandId}|${ref.platform}`;
    let found = cache.get(key);
    if (!found) {
      found = deps.social.describe({ userId: ref.userId, brandId: ref.brandId, platform: ref.platform });
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * Posts published in the window that have no poll row yet get one: due now where the network's comments
 * can be read, parked to the window's end where they cannot (so they are not looked at again each minute).
 */
async function enrolPublishedPosts(deps: PollDeps, describe: Describe): Promise<void> {
  const now = deps.now();
  const candidates = await deps.db
    .select({
      postId: posts.id,
      userId: posts.userId,
      brandId: posts.brandId,
      platform: posts.platform,
      postedAt: posts.postedAt,
    })
    .from(posts)
    .where(
      and(
        eq(posts.status, "approved"),
        isNotNull(posts.postedAt),
        isNotNull(posts.externalPostId),
        gte(posts.postedAt, new Date(now.getTime() - INBOX_POLL_WINDOW_MS)),
        notExists(deps.db.select({ one: sql`1` }).from(inboxPolls).where(eq(inboxPolls.postId, posts.id))),
      ),
    );
  const values: (typeof inboxPolls.$inferInsert)[] = [];
  for (const post of candidates) {
    if (!post.postedAt) continue;
    let inbox: NetworkDescriptor["capabilities"]["inbox"];
    try {
      inbox = (await describe(post)).capabilities.inbox;
    } catch {
      // Not known now (the database, a network's limits): asked again at the next sweep.
      continue;
    }
    values.push({
      postId: post.postId,
      userId: post.userId,
      brandId: post.brandId,
      platform: post.platform,
      nextPollAt: inbox ? now : new Date(post.postedAt.getTime() + INBOX_POLL_WINDOW_MS),
      lastError: inbox ? null : NO_INBOX,
    });
  }
  if (values.length > 0) await deps.db.insert(inboxPolls).values(values).onConflictDoNothing();
}

/**
 * The due rows, oldest due first, each moved a lease ahead in the same statement: another instance's sweep
 * skips the rows this one holds (SKIP LOCKED) and no longer finds them due once it commits.
 */
async function claimDuePolls(deps: PollDeps, limit: number) {
  const now = deps.now();
  return deps.db
    .update(inboxPolls)
    .set({ nextPollAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(
      inArray(
        inboxPolls.postId,
        deps.db
          .select({ postId: inboxPolls.postId })
          .from(inboxPolls)
          .where(lte(inboxPolls.nextPollAt, now))
          // Among rows due together, the ones read longest ago (never, first) get their turn first.
          .orderBy(asc(inboxPolls.nextPollAt), sql`${inboxPolls.lastPolledAt} asc nulls first`)
          .limit(limit)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
}

/** One connection's read: its budget first, then the network, then the record and the next times. */
async function pollGroup(
  deps: PollDeps,
  describe: Describe,
  group: PollGroup,
): Promise<{ polled: number; added: number }> {
  const ref = { userId: group.userId, brandId: group.brandId, platform: group.platform };
  // The rows a failure is kept on: the whole group until the budget says which are read now.
  let pending = group.posts;
  try {
    const descriptor = await describe(ref);
    const budget = await deps.social.commentReadBudget(ref);
    const reserved = await reserveCalls(deps, budget, group.posts.length);
    // The rest wait for the account's next window rather than go over its limit.
    const reading = group.posts.slice(0, reserved.calls);
    const waiting = group.posts.slice(reserved.calls).map((post) => post.postId);
    if (waiting.length > 0)
      await deps.db
        .update(inboxPolls)
        .set({ nextPollAt: reserved.windowEnd })
        .where(inArray(inboxPolls.postId, waiting));
    pending = reading;
    if (reading.length === 0) return { polled: 0, added: 0 };

    let read: Awaited<ReturnType<PollDeps["social"]["readComments"]>>;
    try {
      read = await deps.social.readComments({
        ...ref,
        // Newest first, as providers take them.
        posts: [...reading]
          .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
          .map((post) => ({ externalId: post.externalId, publishedAt: post.publishedAt })),
        cursor: group.cursor,
        budget: reserved.calls,
      });
    } catch (error) {
      // Calls a failed read made are not known: the reservation stays spent (the safe side of the limit).
      await settlePolls(deps, reading, error);
      return { polled: 0, added: 0 };
    }
    await returnUnspentCalls(deps, budget.account, reserved, read.calls);

    const recorded = await recordIncomingComments(deps, {
      userId: group.userId,
      brandId: group.brandId,
      platform: group.platform,
      network: group.network,
      comments: read.comments,
      complete: read.complete,
    });
    await scheduleNextReads(deps, reading, descriptor.capabilities.inbox?.collect ?? "poll", read.cursor);
    return { polled: reading.length, added: recorded.added };
  } catch (error) {
    await settlePolls(deps, pending, error);
    return { polled: 0, added: 0 };
  }
}

/** After a good read: the next time by the post's age, or the row's end once the window is over. */
async function scheduleNextReads(
  deps: PollDeps,
  read: PollGroup["posts"],
  collect: "webhook" | "poll",
  cursor: string | null,
): Promise<void> {
  const now = deps.now();
  const done: string[] = [];
  for (const post of read) {
    const every = inboxPollInterval(now.getTime() - post.publishedAt.getTime(), collect);
    if (every === null) {
      done.push(post.postId);
      continue;
    }
    await deps.db
      .update(inboxPolls)
      .set({ nextPollAt: new Date(now.getTime() + every), lastPolledAt: now, cursor, lastError: null })
      .where(eq(inboxPolls.postId, post.postId));
  }
  if (done.length > 0) await deps.db.delete(inboxPolls).where(inArray(inboxPolls.postId, done));
}

/** A failed connection: its rows wait as the failure says, with its reason kept. */
async function settlePolls(deps: PollDeps, read: PollGroup["posts"], error: unknown): Promise<void> {
  if (read.length === 0) return;
  const now = deps.now().getTime();
  const ids = read.map((post) => post.postId);
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AppError && error.reason === "inbox_unsupported") {
    // Parked to the window's end, not deleted: enrolment would take a deleted row back the next minute.
    for (const post of read)
      await deps.db
        .update(inboxPolls)
        .set({ nextPollAt: new Date(post.publishedAt.getTime() + INBOX_POLL_WINDOW_MS), lastError: message })
        .where(eq(inboxPolls.postId, post.postId));
    return;
  }
  const wait =
    error instanceof AppError && error.reason === "network_token_expired"
      ? EXPIRED_BACKOFF_MS
      : error instanceof AppError && error.retryAfterMs !== undefined && error.retryAfterMs > 0
        ? error.retryAfterMs
        : FAILURE_BACKOFF_MS;
  await deps.db
    .update(inboxPolls)
    .set({ nextPollAt: new Date(now + wait), lastError: message })
    .where(inArray(inboxPolls.postId, ids));
}

interface Reserved {
  calls: number;
  windowStart: Date;
  windowEnd: Date;
}

/**
 * Takes up to `want` of the account's calls in its current window (a new window once the last one is
 * over), in one transaction holding the account's row: instances reserving at once each get only what
 * remains, so together they never go over.
 */
async function reserveCalls(
  deps: PollDeps,
  budget: { calls: number; windowMs: number; account: string },
  want: number,
): Promise<Reserved> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(inboxCallBudgets)
      .values({ account: budget.account, windowStart: now, calls: 0 })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(inboxCallBudgets)
      .where(eq(inboxCallBudgets.account, budget.account))
      .for("update");
    if (!row) throw new Error(`inbox_call_budgets lost ${budget.account}`);
    const over = row.windowStart.getTime() + budget.windowMs <= now.getTime();
    const windowStart = over ? now : row.windowStart;
    const used = over ? 0 : row.calls;
    const calls = Math.max(0, Math.min(want, budget.calls - used));
    if (over || calls > 0)
      await tx
        .update(inboxCallBudgets)
        .set({ windowStart, calls: used + calls })
        .where(eq(inboxCallBudgets.account, budget.account));
    return { calls, windowStart, windowEnd: new Date(windowStart.getTime() + budget.windowMs) };
  });
}

/** What the read did not spend goes back to the window it was taken from (more, if it spent more). */
async function returnUnspentCalls(
  deps: PollDeps,
  account: string,
  reserved: Reserved,
  spent: number,
): Promise<void> {
  const unspent = reserved.calls - spent;
  if (unspent === 0) return;
  await deps.db
    .update(inboxCallBudgets)
    .set({ calls: sql`greatest(0, ${inboxCallBudgets.calls} - ${unspent})` })
    .where(
      and(eq(inboxCallBudgets.account, account), eq(inboxCallBudgets.windowStart, reserved.windowStart)),
    );
}
