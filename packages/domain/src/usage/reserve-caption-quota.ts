import { sql } from "drizzle-orm";
import type { DbExecutor, DbTransaction, UserContext } from "../context";
import { userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { derivePlan, type PlanType, planLimits } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import { CAPTION_GENERATION_LIMIT, captionLimitMessage, captionsLeftMessage, usagePeriod } from "./limits";
import { readUsage } from "./read-usage";

export interface CaptionQuotaReservation {
  plan: PlanType;
  monthlyCaptionsUsed: number;
}

/** The connections spec's three limit texts: free users get the count, other plans the plain refusal. */
function captionRefusal(plan: PlanType, limit: number, left: number): AppError {
  const message =
    plan !== "free"
      ? CAPTION_GENERATION_LIMIT
      : left === 0
        ? captionLimitMessage(limit)
        : captionsLeftMessage(left);
  return new AppError("quota_captions", message);
}

/**
 * Counts `count` image captions against the caller's plan (free: 25 a month; pro and enterprise are not
 * limited but still counted), or throws quota_captions with the connections spec's message. Same atomic
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
  throw captionRefusal(plan, limit ?? 0, left);
}

/**
 * The same refusal before any work is done, without counting: a user with no captions left is told at
 * once instead of after a model call. Not a reservation; reserveCaptionQuota still decides, atomically.
 */
export async function requireCaptionsLeft(db: DbExecutor, ctx: UserContext): Promise<void> {
  const now = ctx.now();
  const plan = derivePlan(await readSubscription(db, ctx.userId), ctx.plans, now).type;
  const limit = planLimits[plan].monthlyCaptions;
  if (limit === null) return;
  const left = limit - (await readUsage(db, ctx.userId, now)).monthlyCaptions;
  if (left <= 0) throw captionRefusal(plan, limit, 0);
}
