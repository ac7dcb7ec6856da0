import { createBrand } from "@smm/domain/brands";
import { completeChannelConnection, connectChannel } from "@smm/domain/channels";
import { warnExpiringConnections } from "@smm/domain/connections";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { notifications, socialConnections } from "@smm/domain/db/schema";
import { createTestContext, signUpVerifiedUser, type TestContext, userIdOf } from "@smm/test-support/app";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeThreadsServer, startThreadsServer } from "../../../../tests/fakes/threads-server";

/*
 * A token the network can renew (Threads' 60 days) is renewed by the hourly job a week before its end,
 * through the app's own wiring and against the fake over real HTTP: the connection's end moves 60 days on,
 * and nobody is told to reconnect. A LinkedIn-like token that cannot be renewed is announced instead
 * (channel-expiry.test.ts).
 */

const DAY_MS = 86_400_000;
let ctx: TestContext;
let threads: FakeThreadsServer;
let userId: string;

beforeAll(async () => {
  // The fake reads the app's clock, so a token's age and the refresh rule follow the test's time.
  let clock = () => new Date();
  threads = await startThreadsServer({ now: () => clock() });
  ctx = await createTestContext({
    channelTesting: {
      allowAddress: () => false,
      sleep: async () => {},
      networkSettings: {
        THREADS_APP_ID: threads.appId,
        THREADS_APP_SECRET: threads.appSecret,
        THREADS_GRAPH_URL: threads.url,
      },
    },
  });
  clock = () => ctx.clock.now();
  const { cookie } = await signUpVerifiedUser(ctx);
  userId = await userIdOf(ctx, cookie);
});

afterAll(async () => {
  ctx?.clock.set(null);
  await ctx?.close();
  await threads?.close();
});

const asUser = (): UserContext => ({ ...ctx.deps, userId }) as UserContext;

async function connectThreads(brand: BrandContext) {
  const started = await connectChannel(brand, { platform: "threads" });
  if (started.status !== "redirect") throw new Error(`expected the consent page, got ${started.status}`);
  const consent = await fetch(started.url, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  const done = await completeChannelConnection(asUser(), {
    platform: "threads",
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  });
  expect(done).toMatchObject({ status: "connected", channel: { platform: "threads", network: "threads" } });
}

describe("a renewable channel token", () => {
  it("is renewed by the hourly job a week before its end, and nobody is told to reconnect", async () => {
    const start = new Date("2026-12-01T09:00:00Z");
    ctx.clock.set(start);
    const { id } = await createBrand(asUser(), { name: "Renewing Roasters" });
    const brand: BrandContext = { ...asUser(), brandId: id };
    await connectThreads(brand);
    const row = async () => {
      const [found] = await ctx.database.db
        .select()
        .from(socialConnections)
        .where(and(eq(socialConnections.brandId, id), eq(socialConnections.provider, "threads")));
      if (!found?.tokenExpiresAt) throw new Error("no Threads connection with an end");
      return found;
    };
    const firstEnd = (await row()).tokenExpiresAt?.getTime() ?? 0;
    expect(firstEnd - start.getTime()).toBeGreaterThan(59 * DAY_MS);

    // A month on, nothing is due yet.
    ctx.clock.set(new Date(start.getTime() + 30 * DAY_MS));
    await ctx.renewExpiringTokens();
    expect((await row()).tokenExpiresAt?.getTime()).toBe(firstEnd);

    // Five days before its end, the job renews it: 60 days from now.
    const late = new Date(firstEnd - 5 * DAY_MS);
    ctx.clock.set(late);
    expect(await ctx.renewExpiringTokens()).toBe(1);
    const renewed = await row();
    expect((renewed.tokenExpiresAt?.getTime() ?? 0) - late.getTime()).toBeGreaterThan(59 * DAY_MS);
    expect(renewed.expiredAt).toBeNull();
    await warnExpiringConnections(ctx.deps);
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.map((notification) => notification.message)).not.toContainEqual(
      expect.stringContaining("Threads connection expires"),
    );
  });
});
