import { randomUUID } from "node:crypto";
import { createBrand } from "@smm/domain/brands";
import { connectChannel } from "@smm/domain/channels";
import type { Database } from "@smm/domain/db";
import { posts, sandboxPosts, socialConnections, user } from "@smm/domain/db/schema";
import type { PostPlatform } from "@smm/domain/posts";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestMediaPorts } from "@smm/test-support/ports";
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  type Signal,
  startServerProcess,
} from "@smm/test-support/server-process";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeBlueskyServer, startBlueskyServer } from "../../../../tests/fakes/bluesky-server";
import { type FakeMastodonServer, startMastodonServer } from "../../../../tests/fakes/mastodon-server";
import { createTokenVault } from "../adapters/token-vault";
import { createLogger } from "../lib/logger";
import { createSocialSetup } from "../networks/setup";

/*
 * Issue 30: kill -9 of the real server during a group publish to Facebook (the sandbox), Bluesky and
 * Mastodon (their fakes over real HTTP). Each kill lands while one network has taken its post and its answer
 * is still on the way; the next process settles that attempt with the network (Bluesky: the record key the
 * attempt chose; Mastodon: the attempt's Idempotency-Key) before anything is sent again. In the end each
 * channel holds the group's post exactly once.
 */

const KEY = "7c".repeat(32);
const APP_PASSWORD = "abcd-efgh-ijkl-mnop";
const media = createTestMediaPorts();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  media.removeUploads();
});

const portOf = (url: string) => new URL(url).port;

async function start(
  database: ProcessDatabase,
  fakes: { bluesky: FakeBlueskyServer; mastodon: FakeMastodonServer },
  hold: PostPlatform | null,
): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: {
      ...database.env,
      TOKEN_ENCRYPTION_KEY: KEY,
      BLUESKY_SERVICE_URL: fakes.bluesky.url,
      // One post after another, so each kill lands on the network it holds (the group goes out in order).
      PUBLISH_CONCURRENCY: "1",
    },
    args: [
      "--publish-delay-ms",
      hold ? "60000" : "0",
      ...(hold ? ["--hold-platform", hold] : []),
      "--allow-port",
      portOf(fakes.mastodon.url),
    ],
  });
  cleanups.push(() => server.kill());
  return server;
}

/** Connects the brand's Bluesky and Mastodon accounts the way the app does (the connect use cases). */
async function connectAccounts(
  db: Database,
  who: { userId: string; brandId: string },
  fakes: { bluesky: FakeBlueskyServer; mastodon: FakeMastodonServer },
) {
  const events = createLocalEventBus();
  const setup = await createSocialSetup({
    env: {
      dataDir: "",
      publicUrl: "https://app.example.com",
      TOKEN_ENCRYPTION_KEY: KEY,
      FACEBOOK_APP_ID: undefined,
      FACEBOOK_APP_SECRET: undefined,
      META_GRAPH_URL: "http://127.0.0.1:9",
      META_DIALOG_URL: "http://127.0.0.1:9",
      META_GRAPH_VERSION: "v25.0",
      networkSettings: { BLUESKY_SERVICE_URL: fakes.bluesky.url },
    },
    db: db.db,
    logger: createLogger("silent"),
    secret: "test-secret-0123456789abcdef0123456789",
    storage: media.storage,
    expiry: { db: db.db, events, now: () => new Date() },
    channelTesting: {
      allowAddress: (address, port) => address === "127.0.0.1" && String(port) === portOf(fakes.mastodon.url),
    },
  });
  const ctx = {
    db: db.db,
    events,
    now: () => new Date(),
    social: setup.social,
    channels: setup.channels,
    ...who,
  } as unknown as Parameters<typeof connectChannel>[0];
  const bluesky = await connectChannel(ctx, {
    platform: "bluesky",
    handle: "crash.bsky.social",
    appPassword: APP_PASSWORD,
  });
  expect(bluesky.status).toBe("connected");
  // Mastodon's consent page approves at once; the token is what the callback's exchange would store.
  const vault = createTokenVault(Buffer.from(KEY, "hex"));
  await db.db.insert(socialConnections).values({
    ...who,
    provider: "mastodon",
    externalAccountId: fakes.mastodon.user.id,
    name: fakes.mastodon.user.displayName,
    encryptedToken: vault.seal(
      JSON.stringify({ host: fakes.mastodon.host, accessToken: fakes.mastodon.issueToken() }),
    ),
    metadata: {
      handle: `@${fakes.mastodon.user.username}@${fakes.mastodon.host}`,
      host: fakes.mastodon.host,
    },
    network: "mastodon",
  });
}

const notified = (signal: Signal) =>
  signal.kind === "event" && (signal.event as { type: string }).type === "notification.created";

const taken = (postId: string) => (signal: Signal) =>
  signal.kind === "network.published" && (signal as unknown as { postId: string }).postId === postId;

describe("kill -9 during a group publish to Facebook (sandbox), Bluesky and Mastodon", () => {
  it("leaves each channel with the group's post exactly once after the restarts", async () => {
    const bluesky = await startBlueskyServer();
    cleanups.push(() => bluesky.close());
    const account = bluesky.addAccount({ handle: "crash.bsky.social", appPasswords: [APP_PASSWORD] });
    const mastodon = await startMastodonServer();
    cleanups.push(() => mastodon.close());
    const fakes = { bluesky, mastodon };
    const database = await createProcessDatabase();
    cleanups.push(() => database.drop());

    const groupId = randomUUID();
    const seeded = await database.use(async (db) => {
      const userId = "channels-crash-user";
      await db.db
        .insert(user)
        .values({ id: userId, name: "Crash", email: `${userId}@example.com`, emailVerified: true });
      const brand = await createBrand(
        { db: db.db, events: createLocalEventBus(), now: () => new Date(), userId } as never,
        { name: "Bean There" },
      );
      await connectAccounts(db, { userId, brandId: brand.id }, fakes);
      // One group, due in this order: Facebook, then Bluesky, then Mastodon.
      const platforms: PostPlatform[] = ["facebook", "bluesky", "mastodon"];
      const rows = await db.db
        .insert(posts)
        .values(
          platforms.map((platform, i) => ({
            userId,
            brandId: brand.id,
            platform,
            groupId,
            content: `Fresh roast on ${platform} 🍂`,
            status: "approved" as const,
            scheduledDate: new Date(Date.now() - (platforms.length - i) * 60_000),
          })),
        )
        .returning({ id: posts.id, platform: posts.platform });
      return { rows, byPlatform: new Map(rows.map((row) => [row.platform, row.id])) };
    });
    const idOf = (platform: PostPlatform) => seeded.byPlatform.get(platform) ?? "";

    // 1. Bluesky takes its post, the answer is held, the server dies. Facebook went out before it.
    const first = await start(database, fakes, "bluesky");
    await first.waitFor(taken(idOf("bluesky")), 1, 120_000);
    expect(bluesky.state.postsOf(account.did)).toHaveLength(1);
    await first.kill();

    // 2. The next process settles Bluesky's attempt by its record key; Mastodon takes its post and dies.
    const second = await start(database, fakes, "mastodon");
    await second.waitFor(taken(idOf("mastodon")), 1, 120_000);
    expect(mastodon.statusesOf()).toHaveLength(1);
    await second.kill();

    // 3. The last process settles Mastodon's attempt by its Idempotency-Key (and says it was published).
    const third = await start(database, fakes, null);
    await third.waitFor(notified, 1, 180_000);
    expect(await third.stop()).toBe(0);

    expect(bluesky.state.postsOf(account.did)).toHaveLength(1);
    expect(mastodon.statusesOf()).toHaveLength(1);
    await database.use(async (db) => {
      const sandbox = await db.db
        .select()
        .from(sandboxPosts)
        .where(eq(sandboxPosts.postId, idOf("facebook")));
      expect(sandbox.filter((row) => row.state === "published")).toHaveLength(1);
      const rows = await db.db
        .select()
        .from(posts)
        .where(
          inArray(
            posts.id,
            seeded.rows.map((row) => row.id),
          ),
        );
      const published = Object.fromEntries(rows.map((row) => [row.platform, row]));
      expect(published.facebook).toMatchObject({ publishedVia: "sandbox", publishError: null });
      expect(published.bluesky).toMatchObject({
        publishedVia: "bluesky",
        publishError: null,
        publishAttemptId: null,
        externalPostId: bluesky.state.postsOf(account.did)[0]?.uri,
      });
      expect(published.mastodon).toMatchObject({
        publishedVia: "mastodon",
        publishError: null,
        publishAttemptId: null,
        externalPostId: mastodon.statusesOf()[0]?.id,
      });
      expect(JSON.stringify(published.mastodon)).toMatch(/"externalUrl":"http/);
    });
  }, 400_000);
});
