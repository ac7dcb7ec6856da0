import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeUserSubscriptions, userDailyPostUsage, userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { reserveCaptionQuota } from "./reserve-caption-quota";
import { reservePostQuota } from "./reserve-post-quota";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

const DAILY =
  "You have reached your daily limit of 1 post. Please try again tomorrow or upgrade to Pro for unlimited daily posts.";
const FREE_MONTHLY = "You have reached your monthly limit of 5 posts. Please upgrade to continue posting.";
const PRO_MONTHLY = "You have reached the monthly limit of 30 posts.";
const ENTERPRISE_MONTHLY = "You have reached the monthly limit of 100 posts.";

/** A subscription row as the Stripe webhook would write it. */
async function subscribe(userId: string, priceId: string, status: "active" | "trialing" = "active") {
  await t.database.db.insert(stripeUserSubscriptions).values({
    userId,
    customerId: `cus_${userId}`,
    subscriptionId: `sub_${userId}`,
    subscriptionStatus: status,
    priceId,
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
  });
}

async function setMonthlyUsed(userId: string, postsUsed: number, at: Date) {
  await t.database.db
    .insert(userPostUsage)
    .values({ userId, month: at.getUTCMonth() + 1, year: at.getUTCFullYear(), postsUsed });
}

/** Runs one reservation in its own transaction, as post creation will; resolves to "ok" or the error message. */
function reserveInOwnTransaction(userId: string): Promise<string> {
  return t.database.db
    .transaction((tx) => reservePostQuota(tx, t.as(userId)))
    .then(
      () => "ok",
      (error: unknown) => {
        if (error instanceof AppError && error.code === "quota_exceeded") return error.message;
        throw error;
      },
    );
}

async function monthlyPostsUsed(userId: string): Promise<number> {
  const rows = await t.database.db.select().from(userPostUsage).where(eq(userPostUsage.userId, userId));
  return rows.reduce((sum, row) => sum + row.postsUsed, 0);
}

describe("concurrent post reservations", () => {
  it("let exactly 1 of 10 through for a free user; the others get the daily-limit message", async () => {
    const userId = await t.createUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => reserveInOwnTransaction(userId)));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === DAILY)).toHaveLength(9);
    // The refused reservations rolled back their monthly increments too.
    expect(await monthlyPostsUsed(userId)).toBe(1);
  });

  it("let exactly 1 of 10 through for a pro user at 29 of 30", async () => {
    const userId = await t.createUser();
    await subscribe(userId, t.deps.plans.products.find((p) => p.id === "pro")!.priceId);
    await setMonthlyUsed(userId, 29, new Date());
    const results = await Promise.all(Array.from({ length: 10 }, () => reserveInOwnTransaction(userId)));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === PRO_MONTHLY)).toHaveLength(9);
    expect(await monthlyPostsUsed(userId)).toBe(30);
  });
});

describe("post quota rules", () => {
  it("free: 1 a day and 5 a month, counted per UTC day and month", async () => {
    const userId = await t.createUser();
    const day = (d: number, h = 12) => new Date(Date.UTC(2031, 2, d, h));
    const results: string[] = [];
    for (const d of [1, 2, 3, 4, 5, 6]) {
      t.clock.set(day(d, 23));
      results.push(await reserveInOwnTransaction(userId));
      if (d === 1) results.push(await reserveInOwnTransaction(userId));
    }
    expect(results).toEqual(["ok", DAILY, "ok", "ok", "ok", "ok", FREE_MONTHLY]);
    // A new UTC month starts afresh (a minute past midnight UTC on April 1st).
    t.clock.set(new Date(Date.UTC(2031, 3, 1, 0, 1)));
    expect(await reserveInOwnTransaction(userId)).toBe("ok");
    const [daily] = await t.database.db
      .select()
      .from(userDailyPostUsage)
      .where(and(eq(userDailyPostUsage.userId, userId), eq(userDailyPostUsage.date, "2031-04-01")));
    expect(daily?.postsUsed).toBe(1);
    t.clock.set(null);
  });

  it("free: when both limits are spent, the monthly message wins", async () => {
    const userId = await t.createUser();
    await setMonthlyUsed(userId, 5, new Date());
    expect(await reserveInOwnTransaction(userId)).toBe(FREE_MONTHLY);
  });

  it("pro has no daily limit; a trial counts as active", async () => {
    const userId = await t.createUser();
    await subscribe(userId, "price_pro_yearly", "trialing");
    const results = await Promise.all(Array.from({ length: 3 }, () => reserveInOwnTransaction(userId)));
    expect(results).toEqual(["ok", "ok", "ok"]);
  });

  it("enterprise stops at the 100-a-month cap", async () => {
    const userId = await t.createUser();
    await subscribe(userId, "price_enterprise_monthly");
    await setMonthlyUsed(userId, 99, new Date());
    expect(await reserveInOwnTransaction(userId)).toBe("ok");
    expect(await reserveInOwnTransaction(userId)).toBe(ENTERPRISE_MONTHLY);
  });

  it("an unknown price id or an inactive subscription is the free plan", async () => {
    const stranger = await t.createUser();
    await subscribe(stranger, "price_someone_elses");
    await setMonthlyUsed(stranger, 5, new Date());
    expect(await reserveInOwnTransaction(stranger)).toBe(FREE_MONTHLY);
  });

  it("is undone when the transaction creating the post fails", async () => {
    const userId = await t.createUser();
    await t.database.db
      .transaction(async (tx) => {
        await reservePostQuota(tx, t.as(userId));
        throw new Error("post insert failed");
      })
      .catch(() => {});
    expect(await monthlyPostsUsed(userId)).toBe(0);
    expect(await reserveInOwnTransaction(userId)).toBe("ok");
  });
});

describe("caption quota", () => {
  function reserveCaptions(userId: string, count: number) {
    return t.database.db
      .transaction((tx) => reserveCaptionQuota(tx, t.as(userId), count))
      .then(
        (r) => `ok ${r.monthlyCaptionsUsed}`,
        (error: unknown) => (error instanceof AppError ? error.message : Promise.reject(error)),
      );
  }

  it("free: 25 a month with the connections spec's messages", async () => {
    const userId = await t.createUser();
    expect(await reserveCaptions(userId, 20)).toBe("ok 20");
    expect(await reserveCaptions(userId, 10)).toBe(
      "You can only process 5 more images this month. Please upgrade for more captions.",
    );
    expect(await reserveCaptions(userId, 5)).toBe("ok 25");
    expect(await reserveCaptions(userId, 1)).toBe(
      "You have reached your monthly caption limit of 25. Please upgrade to continue.",
    );
  });

  it("never exceeds 25 under concurrency, and pro is not limited", async () => {
    const userId = await t.createUser();
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveCaptions(userId, 1)));
    expect(results.filter((r) => r.startsWith("ok"))).toHaveLength(25);
    const pro = await t.createUser();
    await subscribe(pro, "price_pro_monthly");
    expect(await reserveCaptions(pro, 40)).toBe("ok 40");
  });
});
