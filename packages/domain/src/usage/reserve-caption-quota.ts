import { sql } from "drizzle-orm";
import type { DbTransaction, UserContext } from "../context";
import { userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { derivePlan, type PlanType, planLimits } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import { captionLimitMessage, captionsLeftMessage, usagePeriod } from "./limits";
import { readUsage } from "./read-usage";

export interface CaptionQuotaReservation {
  plan: PlanType;
  monthlyCaptionsUsed: number;
}

/**
 * Counts `count` image captions against the caller's plan (free: 25 a month; pro and enterprise are not
 * limited but still counted), or throws quota_exceeded with the connections spec's message. Same atomic
 * conditional upsert as the post quota; call it inside the transaction that stores the captions.
 */
export async function reserveCaptionQuota(
  tx: DbTransaction,
  ctx: UserContext,
  count = 1,
): Promise<CaptionQuotaReservation> {
  if (!Number.isInteger(count) || count < 1) throw new AppError("invalid_input", "No images to process");
  const now = ctx.now();
  const plan = derivePlan(await readSubscription(tx, ctx.userId), ctx.plans, now).type;
  const { month, year } = usagePeriod(now);
  const limit = planLimits[plan].monthlyCaptions;

  const [row] =
    limit !== null && count > limit
      ? []
      : await tx
          .insert(userPostUsage)
          .values({ userId: ctx.userId, month, year, captionsUsed: count })
          .onConflictDoUpdate({
            target: [userPostUsage.userId, userPostUsage.month, userPostUsage.year],
            set: { captionsUsed: sql`${userPostUsage.captionsUsed} + ${count}`, updatedAt: now },
            ...(limit === null
              ? {}
              : { setWhere: sql`${userPostUsage.captionsUsed} + ${count} <= ${limit}` }),
          })
          .returning({ captionsUsed: userPostUsage.captionsUsed });
  if (row) return { plan, monthlyCaptionsUsed: row.captionsUsed };

  const left = Math.max(0, (limit ?? 0) - (await readUsage(tx, ctx.userId, now)).monthlyCaptions);
  throw new AppError(
    "quota_exceeded",
    left === 0 ? captionLimitMessage(limit ?? 0) : captionsLeftMessage(left),
  );
}
