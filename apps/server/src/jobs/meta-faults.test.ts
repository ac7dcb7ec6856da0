import { CONNECTION_EXPIRED } from "@smm/domain/connections";
import { notifications, posts, socialConnections } from "@smm/domain/db/schema";
import { getPost, publishDuePosts } from "@smm/domain/posts";
import type { DomainTestContext } from "@smm/test-support/domain";
import { connectPageBrand, type MetaTestWorld, startMetaTestWorld } from "@smm/test-support/meta-social";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMetaGraphServer } from "../../../../tests/fakes/meta-graph-server";
import { withoutMark } from "../networks/meta/meta-network";

/*
 * The publish job against a Meta that misbehaves, over real HTTP: 200 posts fall due while the fake Graph
 * server answers 30 % of calls with a 500, answers 10 % only after the adapter gave up (having made the
 * post), and answers one brand's page with code 190. No post is lost, none goes out twice, and every post
 * that did not go out says why, to its user.
 */

const POSTS = 200;
const BAKERY_POSTS = 20;
let world: MetaTestWorld;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;

beforeAll(async () => {
  world = await startMetaTestWorld("meta-faults", {
    // Gives up on an answer after 300 ms; the fake's late answers come after 600 ms.
    graphTiming: { timeoutMs: 300, retryDelayMs: 1 },
  });
  ({ fake, t } = world);
});
afterAll(async () => {
  await world?.close();
});

const brandOnPage = (pageId: string) => connectPageBrand(t, fake, "meta", `Brand of ${pageId}`, pageId);

describe("200 due posts against a failing Meta", () => {
  it("loses none, publishes none twice, and tells the user of every failure", async () => {
    const coffee = await brandOnPage("10100000000");
    const bakery = await brandOnPage("10200000000");
    const rows = await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: POSTS }, (_, i) => {
          const owner = i < POSTS - BAKERY_POSTS ? coffee : bakery;
          return {
            userId: owner.userId,
            brandId: owner.brandId,
            content: `Due post ${i} of the fault run`,
            status: "approved" as const,
            scheduledDate: new Date(Date.now() - (POSTS - i) * 1000),
          };
        }),
      )
      .returning();
    const ids = rows.map((row) => row.id);

    fake.setFaults({ errorRate: 0.3, lateRate: 0.1, lateMs: 600, seed: 7 });
    // The bakery page's token dies on its first post.
    fake.failNext(
      { method: "POST", path: /^\/10200000000\/feed$/ },
      { status: 400, code: 190, subcode: 460, message: "Error validating access token: password changed" },
    );
    // One call at a time: the bakery's calls after the 190 are then surely refused by its expired connection
    // (with several in flight, those already sent when the 190 came back may still go out, as they would).
    const result = await publishDuePosts(t.deps, { limit: 50, concurrency: 1 });
    fake.setFaults(null);
    // A second run finds nothing left to do: every post was settled by the first.
    expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });

    const settled = await t.database.db.select().from(posts).where(inArray(posts.id, ids));
    expect(settled).toHaveLength(POSTS);
    const published = settled.filter((row) => row.postedAt);
    const failed = settled.filter((row) => !row.postedAt);
    expect(result).toEqual({ published: published.length, failed: failed.length });
    console.info("fault run", { published: published.length, failed: failed.length });

    // Published: exactly one copy on the page, the one recorded.
    for (const row of published) {
      expect(fake.creationsOf(row.content), row.content).toBe(1);
      const copy = fake.posts.get(row.externalPostId ?? "");
      expect(withoutMark(copy?.message ?? ""), row.content).toBe(row.content);
      expect(row).toMatchObject({ publishError: null, publishAttemptId: null, publishedVia: "meta" });
    }
    // Not published: the reason is on the post and in a notification to its owner; a plain failure made
    // nothing on the page, and an unconfirmed one (the user is told to check) made at most one copy.
    const messages = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [coffee.userId, bakery.userId]));
    for (const row of failed) {
      expect(row.publishError, row.content).toBeTruthy();
      expect(row.publishAttemptId).toBeNull();
      expect(
        messages.some((m) => m.userId === row.userId && m.message === row.publishError),
        `notified: ${row.publishError}`,
      ).toBe(true);
      const owner = row.userId === coffee.userId ? coffee : bakery;
      const view = await getPost(owner, { postId: row.id });
      expect(view.publishing?.message).toBe(row.publishError);
      if (view.publishing?.status === "failed") expect(fake.creationsOf(row.content), row.content).toBe(0);
      else {
        expect(view.publishing?.status).toBe("unconfirmed");
        expect(fake.creationsOf(row.content)).toBeLessThanOrEqual(1);
      }
    }
    // None twice, whatever happened to it.
    for (const row of settled) expect(fake.creationsOf(row.content), row.content).toBeLessThanOrEqual(1);

    // The 190: the bakery's connection is expired, its user asked to reconnect, its posts failed saying so.
    const [connection] = await t.database.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.brandId, bakery.brandId));
    expect(connection?.expiredAt).toBeInstanceOf(Date);
    expect(
      messages.filter((m) => m.userId === bakery.userId && m.message === CONNECTION_EXPIRED),
    ).toHaveLength(1);
    const bakeryRows = settled.filter((row) => row.brandId === bakery.brandId);
    expect(bakeryRows.every((row) => !row.postedAt && row.publishError?.includes("expired"))).toBe(true);
    // The coffee brand was not touched by it, and most of its posts went out through the faults.
    expect(published.length).toBeGreaterThan(POSTS - BAKERY_POSTS - 20);
  }, 240_000);
});
