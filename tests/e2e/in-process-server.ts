import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { type NewPost, posts, stripeUserSubscriptions, user, userBrands } from "@smm/domain/db/schema";
import { and, eq } from "drizzle-orm";
import { createSafeWebFetcher } from "../../apps/server/src/adapters/safe-web-fetcher";
import { loadEnv } from "../../apps/server/src/env";
import { createLogger } from "../../apps/server/src/lib/logger";
import { startServer } from "../../apps/server/src/server";

/*
 * The production server (apps/server/src/server.ts, the same boot as main.ts) started inside the
 * Playwright worker, for tests that must play a server-side part: the embedded PGlite database is only
 * reachable from inside its process, and with it the event bus that feeds /api/events. Holding the
 * running server, a test writes what another part of the system would (the billing webhook's
 * subscription read model) and then watches the browser react through the real HTTP and SSE paths.
 * No test-only route exists in the product for this.
 *
 * Loaded through tsx (`tsImport`) by the shared fixture (tests/e2e/fixtures/in-process-server.ts): the
 * server's dependencies need tsx's module resolution.
 */

export interface SubscriptionRow {
  priceId: string;
  subscriptionStatus?: "active" | "trialing" | "canceled" | "past_due";
  currentPeriodEnd: Date;
  cancelAtPeriodEnd?: boolean;
}

/** A post row without its owners; everything but the content has the schema's defaults. */
export type SeedPost = Omit<NewPost, "userId" | "brandId" | "id">;

export interface InProcessServer {
  url: string;
  /** Marks the account's e-mail confirmed, as following the mailed link would. */
  confirmEmail(email: string): Promise<void>;
  /** Writes the subscription read model the billing webhook keeps (stripe_user_subscriptions). */
  setSubscription(email: string, row: SubscriptionRow): Promise<void>;
  /**
   * Inserts posts into the user's active brand as earlier work would have left them (generated,
   * reviewed, scheduled, published), and returns their ids in the order given.
   */
  seedPosts(email: string, rows: SeedPost[]): Promise<string[]>;
  /**
   * Date-dependent specs: from now on the server's clock reads `at` and runs on from there, as the page's does
   * after `page.clock.install({ time: at })`; null gives back the real clock.
   */
  setClock(at: Date | null): void;
  /** What the server's clock reads now. */
  now(): Date;
  stop(): Promise<void>;
}

async function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export async function startInProcessServer(options: {
  webDist?: string;
  /** A fixture website the assistant may analyse: its exact loopback address and port are allowed. */
  fixtureSite?: { host: string; port: number };
  /** More of the server's environment, e.g. FACEBOOK_APP_ID and META_GRAPH_URL pointing at a fake. */
  env?: Record<string, string>;
}): Promise<InProcessServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = resolve(`test-results/e2e-in-process-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    LOG_LEVEL: "warn",
    SHUTDOWN_TIMEOUT_MS: "1000",
    ...options.env,
  });
  const site = options.fixtureSite;
  // The server's clock is the real one shifted by this offset (setClock), so it keeps running like the page's.
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const running = await startServer(
    env,
    createLogger(env.LOG_LEVEL),
    site
      ? {
          web: createSafeWebFetcher({
            allowAddress: (address, p) => address === site.host && p === site.port,
          }),
          now,
        }
      : { now },
  );
  const { db } = running.database;

  async function userIdOf(email: string): Promise<string> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  return {
    url,
    async confirmEmail(email) {
      await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    },
    async setSubscription(email, row) {
      const userId = await userIdOf(email);
      const values = {
        priceId: row.priceId,
        subscriptionStatus: row.subscriptionStatus ?? "active",
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
      };
      await db
        .insert(stripeUserSubscriptions)
        .values({ userId, customerId: `cus_e2e_${userId}`, ...values })
        .onConflictDoUpdate({ target: stripeUserSubscriptions.userId, set: values });
    },
    async seedPosts(email, rows) {
      const userId = await userIdOf(email);
      const [brand] = await db
        .select({ id: userBrands.id })
        .from(userBrands)
        .where(and(eq(userBrands.userId, userId), eq(userBrands.isActive, true)));
      if (!brand) throw new Error(`${email} has no active brand`);
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(posts)
        .values(rows.map((row) => ({ ...row, userId, brandId: brand.id })))
        .returning({ id: posts.id });
      return inserted.map((row) => row.id);
    },
    setClock(at) {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
    now,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
