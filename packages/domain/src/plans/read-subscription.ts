import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../context";
import { preparedQuery } from "../db/prepared-query";
import { stripeUserSubscriptions } from "../db/schema";
import type { StripeUserSubscription } from "../db/schema/billing";

// Every call with an API key checks the plan, so this runs on nearly every script request.
const selectSubscription = preparedQuery("read_subscription", (db) =>
  db
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.userId, sql.placeholder("userId"))),
);

export async function readSubscription(
  db: DbExecutor,
  userId: string,
): Promise<StripeUserSubscription | null> {
  const [row] = await selectSubscription(db).execute({ userId });
  return row ?? null;
}
