import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "../context";
import { userDailyPostUsage, userPostUsage } from "../db/schema";
import { type UsageCounts, usagePeriod } from "./limits";

/** The caller's counters for the current UTC month and day (zero when nothing was used yet). */
export async function readUsage(db: DbExecutor, userId: string, now: Date): Promise<UsageCounts> {
  const { month, year, day } = usagePeriod(now);
  const [[monthly], [daily]] = await Promise.all([
    db
      .select({ postsUsed: userPostUsage.postsUsed, captionsUsed: userPostUsage.captionsUsed })
      .from(userPostUsage)
      .where(
        and(eq(userPostUsage.userId, userId), eq(userPostUsage.month, month), eq(userPostUsage.year, year)),
      ),
    db
      .select({ postsUsed: userDailyPostUsage.postsUsed })
      .from(userDailyPostUsage)
      .where(and(eq(userDailyPostUsage.userId, userId), eq(userDailyPostUsage.date, day))),
  ]);
  return {
    monthlyPosts: monthly?.postsUsed ?? 0,
    dailyPosts: daily?.postsUsed ?? 0,
    monthlyCaptions: monthly?.captionsUsed ?? 0,
  };
}
