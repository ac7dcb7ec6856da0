import { eq } from "drizzle-orm";
import type { DbExecutor } from "../context";
import { stripeUserSubscriptions } from "../db/schema";
import type { StripeUserSubscription } from "../db/schema/billing";

export async function readSubscription(
  db: DbExecutor,
  userId: string,
): Promise<StripeUserSubscription | null> {
  const [row] = await db
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.userId, userId));
  return row ?? null;
}
