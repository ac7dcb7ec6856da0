import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { NetworkDescriptor } from "../channels/network-descriptor";
import type { Deps } from "../context";
import { inboxCallBudgets, inboxItems, inboxPolls, type NewPost, posts } from "../db/schema";
import { AppError } from "../errors";
import type { IncomingComment, SocialNetwork } from "../ports";
import type { PostPlatform } from "../posts/messages";
import { pollInboxes } from "./poll-inboxes";

/*
 * The polling sweep on a real database with a fake network that counts its calls: which posts are read
 * and when, that two instances sweeping at once never read a post twice nor go over an account's rate
 * limit together, and that a connection's failure waits as the failure says without stopping the others.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date("2031-06-01T12:00:00.000Z");

interface Read {
  brandId: string;
  platform: PostPlatform;
  posts: string[];
  budget: number;
  at: Date;
}

/** A network that answers from memory, counting every read; each brand may be given a failure to throw. */
function fakeNetwork(t: DomainTestContext) {
  const reads: Read[] = [];
  const comments = new Map<string, IncomingComment[]>();
  const failures = new Map<string, unknown>();
  /** Calls a read spends: one per post, or one for them all (a notifications listing). */
  const spending = { perRead: null as number | null };
  const budgets: Partial<Record<PostPlatform, { calls: number; windowMs: number; account: string }>> = {};
  const collect: Partial<Record<PostPlatform, "webhook" | "poll" | null>> = {
    facebook: "webhook",
    bluesky: "poll",
    mastodon: "poll",
    linkedin: null,
  };
  const real = t.deps.social;
  const social: SocialNetwork = {
    ...real,
    async describe(ref) {
      const live = await real.describe(ref);
      const how = collect[ref.platform] ?? null;
      const inbox: NetworkDescriptor["capabilities"]["inbox"] = how
        ? { collect: how, hide: true, delete: true, like: true, maxReplyLength: 500 }
        : null;
      return { ...live, capabilities: { ...live.capabilities, inbox } };
    },
    async commentReadBudget(ref) {
      return budgets[ref.platform] ?? { calls: 1000, windowMs: 5 * MINUTE, account: `fake:${ref.brandId}` };
    },
    async readComments(request) {
      const failure = failures.get(request.brandId);
      if (failure) throw failure;
      // Another sweep's turn comes while this one waits on the network.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const asked = request.posts.slice(0, request.budget);
      reads.push({
        brandId: request.brandId,
        platform: request.platform,
        posts: asked.map((post) => post.externalId),
        budget: request.budget,
        at: t.clock.now(),
      });
      return {
        comments: asked.flatMap((post) => comments.get(post.externalId) ?? []),
        complete: asked.map((post) => post.externalId),
        cursor: null,
        calls: spending.perRead ?? asked.length,
      };
    },
  };
  return { social, reads, comments, failures, budgets, spending };
}

let t: DomainTestContext;
let network: ReturnType<typeof fakeNetwork>;
let deps: Deps;

beforeAll(async () => {
  t = await createDomainTestContext();
  network = fakeNetwork(t);
  deps = { ...t.deps, social: network.social };
});
afterAll(async () => {
  await t?.close();
});

/** Each test on its own: no poll rows, no reads, no budgets left from the last. */
async function fresh() {
  await t.database.db.delete(inboxPolls);
  await t.database.db.delete(inboxCallBudgets);
  await t.database.db.update(posts).set({ status: "denied" });
  network.reads.length = 0;
  network.failures.clear();
  network.spending.perRead = null;
  for (const platform of Object.keys(network.budgets) as PostPlatform[]) delete network.budgets[platform];
  t.clock.set(START);
}

async function brand() {
  const userId = await t.createUser();
  const { id } = await createBrand(t.as(userId), { name: "Polling Bakery" });
  return { userId, brandId: id };
}

let serial = 0;
/** A post that went out `ageMs` before now. */
async function published(
  who: { userId: string; brandId: string },
  platform: PostPlatform,
  ageMs: number,
  values: Partial<NewPost> = {},
) {
  serial += 1;
  const [row] = await t.database.db
    .insert(posts)
    .values({
      ...who,
      platform,
      content: `Post ${serial}`,
      status: "approved",
      externalPostId: `ext-${serial}`,
      postedAt: new Date(t.clock.now().getTime() - ageMs),
      publishedVia: "sandbox",
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const comment = (postExternalId: string, id: string, text: string): IncomingComment => ({
  externalId: id,
  postExternalId,
  parentExternalId: null,
  authorExternalId: `author-${id}`,
  authorName: "Anna",
  authorHandle: "anna",
  authorAvatarUrl: null,
  text,
  writtenAt: new Date(START.getTime() - MINUTE),
  own: false,
});

const pollRow = async (postId: string) =>
  (await t.database.db.select().from(inboxPolls).where(eq(inboxPolls.postId, postId)))[0] ?? null;
const readsOf = (externalId: string | null) =>
  network.reads.filter((read) => externalId && read.posts.includes(externalId)).length;
const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));

describe("which posts are read", () => {
  it("enrols the month's published posts whose network has an inbox, and records their comments", async () => {
    await fresh();
    const who = await brand();
    const fresh1 = await published(who, "bluesky", 10 * MINUTE);
    const noInbox = await published(who, "linkedin", 10 * MINUTE);
    const old = await published(who, "bluesky", 31 * DAY);
    const notOut = await published(who, "bluesky", 0, { postedAt: null, externalPostId: null });
    const denied = await published(who, "bluesky", 10 * MINUTE, { status: "denied" });
    network.comments.set(fresh1.externalPostId ?? "", [
      comment(fresh1.externalPostId ?? "", "c-1", "Do you have gluten-free waffles?"),
    ]);

    const result = await pollInboxes(deps);

    expect(result).toEqual({ polled: 1, added: 1 });
    expect(network.reads.map((read) => read.posts)).toEqual([[fresh1.externalPostId]]);
    const items = await t.database.db.select().from(inboxItems).where(eq(inboxItems.postId, fresh1.id));
    expect(items.map((item) => item.text)).toEqual(["Do you have gluten-free waffles?"]);
    for (const post of [old, notOut, denied]) expect(await pollRow(post.id)).toBeNull();
    // A network without an inbox is never asked: its post waits, parked, until its month is over.
    expect(readsOf(noInbox.externalPostId)).toBe(0);
    expect((await pollRow(noInbox.id))?.nextPollAt.getTime()).toBe(
      (noInbox.postedAt?.getTime() ?? 0) + 30 * DAY,
    );

    // The same comment read again is not new.
    later(2 * MINUTE);
    expect(await pollInboxes(deps)).toEqual({ polled: 1, added: 0 });
  });

  it("reads only the due posts, at most `limit` a sweep", async () => {
    await fresh();
    const who = await brand();
    const [a, b, c] = [
      await published(who, "bluesky", 5 * MINUTE),
      await published(who, "bluesky", 6 * MINUTE),
      await published(who, "bluesky", 7 * MINUTE),
    ];
    expect(await pollInboxes(deps, { limit: 2 })).toMatchObject({ polled: 2 });
    expect(await pollInboxes(deps, { limit: 2 })).toMatchObject({ polled: 1 });
    // All three read once; none is due again within its two minutes.
    for (const post of [a, b, c]) expect(readsOf(post?.externalPostId ?? null)).toBe(1);
    later(MINUTE);
    expect(await pollInboxes(deps)).toMatchObject({ polled: 0 });
    later(MINUTE);
    expect(await pollInboxes(deps)).toMatchObject({ polled: 3 });
  });
});

describe("when each post is read next", () => {
  it("reads young posts often, older ones rarely, webhook networks as a backstop, none after a month", async () => {
    await fresh();
    const who = await brand();
    const ages = {
      minutes: await published(who, "bluesky", 10 * MINUTE),
      hours: await published(who, "bluesky", 5 * HOUR),
      days: await published(who, "bluesky", 3 * DAY),
      weeks: await published(who, "bluesky", 20 * DAY),
      webhook: await published(who, "facebook", 10 * MINUTE),
      ending: await published(who, "bluesky", 30 * DAY - HOUR),
    };
    await pollInboxes(deps);
    const next = async (post: { id: string }) =>
      ((await pollRow(post.id))?.nextPollAt.getTime() ?? 0) - START.getTime();
    expect(await next(ages.minutes)).toBe(2 * MINUTE);
    expect(await next(ages.hours)).toBe(10 * MINUTE);
    expect(await next(ages.days)).toBe(HOUR);
    expect(await next(ages.weeks)).toBe(6 * HOUR);
    expect(await next(ages.webhook)).toBe(8 * MINUTE);
    expect(await next(ages.ending)).toBe(6 * HOUR);

    // Six hours on, the month is over for the last one: its row goes without another read.
    later(6 * HOUR);
    await pollInboxes(deps);
    expect(await pollRow(ages.ending.id)).toBeNull();
    expect(readsOf(ages.ending.externalPostId)).toBe(1);
    // And it is not enrolled again.
    later(6 * HOUR);
    await pollInboxes(deps);
    expect(await pollRow(ages.ending.id)).toBeNull();
  });
});

describe("several instances", () => {
  it("two sweeps at once never read the same post twice", async () => {
    await fresh();
    const brands = [await brand(), await brand(), await brand()];
    const all = [];
    for (const who of brands)
      for (let index = 0; index < 8; index++)
        all.push(await published(who, index % 2 ? "bluesky" : "mastodon", (index + 1) * MINUTE));

    const [one, two] = await Promise.all([
      pollInboxes(deps, { limit: 15 }),
      pollInboxes(deps, { limit: 15 }),
    ]);

    expect(one.polled + two.polled).toBe(all.length);
    for (const post of all) expect(readsOf(post.externalPostId)).toBe(1);
  });

  it("keeps an account within its rate limit across sweeps and instances", async () => {
    await fresh();
    const windowMs = 5 * MINUTE;
    network.budgets.bluesky = { calls: 5, windowMs, account: "bluesky:shared" };
    // Several brands' posts counted against one account: several connections, one limit.
    const all = [];
    for (const who of [await brand(), await brand(), await brand(), await brand()])
      for (let index = 0; index < 4; index++) all.push(await published(who, "bluesky", 20 * MINUTE));

    const spentIn = (from: number) =>
      network.reads
        .filter((read) => read.at.getTime() >= from && read.at.getTime() < from + windowMs)
        .reduce((sum, read) => sum + read.posts.length, 0);

    // Two instances sweeping at once, each claiming half the due posts (so both ask the account's budget),
    // every minute for a quarter of an hour.
    const sweep = () => Promise.all([pollInboxes(deps, { limit: 8 }), pollInboxes(deps, { limit: 8 })]);
    const first = await sweep();
    expect(first.map((result) => result.polled).reduce((sum, polled) => sum + polled)).toBe(5);
    for (let minute = 1; minute <= 15; minute++) {
      t.clock.set(new Date(START.getTime() + minute * MINUTE));
      await sweep();
    }
    for (let window = 0; window < 3; window++) expect(spentIn(START.getTime() + window * windowMs)).toBe(5);
    expect(network.reads.every((read) => read.budget <= 5)).toBe(true);
    // Every post is read in the end: the ones over the limit wait for a next window, where one sweep reads
    // the never-read first. (Across instances, which one's claims win a window is a race: an instance
    // holding re-reads can take a window before the one holding the never-read, so the end is checked
    // with the sweeps one instance at a time.)
    for (let minute = 16; minute <= 30; minute++) {
      t.clock.set(new Date(START.getTime() + minute * MINUTE));
      await pollInboxes(deps, { limit: 8 });
    }
    for (let window = 3; window < 6; window++)
      expect(spentIn(START.getTime() + window * windowMs)).toBeLessThanOrEqual(5);
    for (const post of all) expect(readsOf(post.externalPostId)).toBeGreaterThanOrEqual(1);
  });

  it("gives back what a read did not spend", async () => {
    await fresh();
    network.budgets.bluesky = { calls: 10, windowMs: 5 * MINUTE, account: "bluesky:give-back" };
    network.spending.perRead = 1;
    const who = await brand();
    await published(who, "bluesky", 5 * MINUTE);
    await published(who, "bluesky", 5 * MINUTE);
    await published(who, "bluesky", 5 * MINUTE);
    await pollInboxes(deps);
    const [budget] = await t.database.db
      .select()
      .from(inboxCallBudgets)
      .where(eq(inboxCallBudgets.account, "bluesky:give-back"));
    // Three reserved, one spent: two go back for the next read.
    expect(budget?.calls).toBe(1);
  });
});

describe("when a connection fails", () => {
  it("waits as the failure says, keeps its reason, and reads the other connections", async () => {
    await fresh();
    const expired = await brand();
    const limited = await brand();
    const broken = await brand();
    const unsupported = await brand();
    const healthy = await brand();
    const posts1 = {
      expired: await published(expired, "bluesky", 5 * MINUTE),
      limited: await published(limited, "bluesky", 5 * MINUTE),
      broken: await published(broken, "bluesky", 5 * MINUTE),
      unsupported: await published(unsupported, "bluesky", 5 * MINUTE),
      healthy: await published(healthy, "bluesky", 5 * MINUTE),
    };
    network.failures.set(expired.brandId, new AppError("network_token_expired", "Reconnect Bluesky"));
    network.failures.set(
      limited.brandId,
      new AppError("upstream_failed", "Too many requests", { retryAfterMs: 90_000 }),
    );
    network.failures.set(broken.brandId, new Error("socket hang up"));
    network.failures.set(unsupported.brandId, new AppError("inbox_unsupported", "No comments here"));

    await expect(pollInboxes(deps)).resolves.toMatchObject({ polled: 1 });
    expect(readsOf(posts1.healthy.externalPostId)).toBe(1);

    const row = async (post: { id: string }) => {
      const found = await pollRow(post.id);
      return found && { wait: found.nextPollAt.getTime() - START.getTime(), lastError: found.lastError };
    };
    expect(await row(posts1.expired)).toEqual({ wait: 6 * HOUR, lastError: "Reconnect Bluesky" });
    expect(await row(posts1.limited)).toEqual({ wait: 90_000, lastError: "Too many requests" });
    expect(await row(posts1.broken)).toEqual({ wait: 10 * MINUTE, lastError: "socket hang up" });
    // Not polled again: parked until its month is over (a deleted row would be enrolled again at once).
    expect(await row(posts1.unsupported)).toEqual({
      wait: 30 * DAY - 5 * MINUTE,
      lastError: "No comments here",
    });

    // The network recovers: the rate-limited one is read once its wait is over, the broken one later.
    network.failures.clear();
    later(2 * MINUTE);
    await pollInboxes(deps);
    expect(readsOf(posts1.limited.externalPostId)).toBe(1);
    expect(readsOf(posts1.broken.externalPostId)).toBe(0);
    expect(readsOf(posts1.unsupported.externalPostId)).toBe(0);
    later(9 * MINUTE);
    await pollInboxes(deps);
    expect(readsOf(posts1.broken.externalPostId)).toBe(1);
    expect((await pollRow(posts1.broken.id))?.lastError).toBeNull();
    expect(readsOf(posts1.expired.externalPostId)).toBe(0);
    const rows = await t.database.db
      .select()
      .from(inboxPolls)
      .where(inArray(inboxPolls.postId, [posts1.unsupported.id]));
    expect(rows).toHaveLength(1);
  });
});
