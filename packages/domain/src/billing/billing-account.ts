import { eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { stripeCustomers, user } from "../db/schema";
import { AppError } from "../errors";
import type { Billing } from "../ports";

/** The billing port of a request; its absence is a wiring fault, not something the user did. */
export function requireBilling(ctx: UserContext): Billing {
  if (!ctx.billing) throw new AppError("internal", "Billing is not available here.");
  return ctx.billing;
}

/** The user's billing customer, made at their first checkout and reused after (one per user). */
export async function ensureCustomer(ctx: UserContext, billing: Billing): Promise<string> {
  const existing = await readCustomerId(ctx);
  if (existing) return existing;
  const [account] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userId));
  if (!account) throw new AppError("unauthenticated", "Please log in to continue.");
  const customerId = await billing.createCustomer({ userId: ctx.userId, email: account.email });
  // Two checkouts started at once both make a customer; the first one stored is the user's.
  await ctx.db.insert(stripeCustomers).values({ userId: ctx.userId, customerId }).onConflictDoNothing();
  const stored = await readCustomerId(ctx);
  if (!stored) throw new Error("customer row missing after insert");
  return stored;
}

export async function readCustomerId(ctx: UserContext): Promise<string | null> {
  const [row] = await ctx.db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, ctx.userId));
  return row?.customerId ?? null;
}
