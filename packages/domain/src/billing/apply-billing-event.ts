import { eq, or } from "drizzle-orm";
import { z } from "zod";
import type { DbTransaction, Deps } from "../context";
import { stripeCustomers, stripeUserSubscriptions, stripeWebhookEvents, user } from "../db/schema";
import type { StripeUserSubscription } from "../db/schema/billing";
import { type SubscriptionStatus, subscriptionStatuses } from "../db/schema/enums";
import { insertNotification } from "../notifications/notification";
import type { NotificationView } from "../notifications/schemas";
import {
  derivePlan,
  type PlanType,
  payingStatuses,
  SUBSCRIPTION_ENDED_MESSAGE,
  UPGRADE_SUCCESS_MESSAGE,
} from "../plans/catalogue";
import { describeCancellation, REACTIVATED_MESSAGE } from "./messages";

/** A verified event in Stripe's documented shape (contracts/meta-and-stripe.md section 6). */
export interface BillingEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: unknown };
}

export const handledBillingEvents = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

const checkoutSession = z.object({
  client_reference_id: z.string().nullish(),
  customer: z.string().nullish(),
  subscription: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const subscriptionObject = z.object({
  id: z.string(),
  customer: z.string(),
  status: z.enum(subscriptionStatuses),
  cancel_at_period_end: z.boolean().default(false),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: z.string() }),
        current_period_start: z.number().nullish(),
        current_period_end: z.number().nullish(),
      }),
    ),
  }),
});

const invoiceObject = z.object({
  // Since API 2025-03-31.basil the subscription is under parent; the old field is read for older payloads.
  parent: z
    .object({ subscription_details: z.object({ subscription: z.string().nullish() }).nullish() })
    .nullish(),
  subscription: z.string().nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number() }).nullish() })) }).nullish(),
});

export interface BillingEventOutcome {
  /** False for a replay (the event id was seen before): nothing changed. */
  applied: boolean;
  /** The user whose plan the event concerns, when it could be linked to one. */
  userId: string | null;
}

type BillingDeps = Pick<Deps, "db" | "events" | "now" | "plans">;
type Row = StripeUserSubscription;

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
const planRank: Record<PlanType, number> = { free: 0, pro: 1, enterprise: 2 };

/**
 * Applies one verified webhook event to the subscription read model, in one transaction with its de-dup
 * row: a replay changes nothing, and a failure leaves no trace so Stripe's retry is processed afresh. The
 * read model only moves forward: an event older than the last one applied is recorded and ignored. Events
 * alone carry what is needed (the user from client_reference_id or the subscription's metadata.userId), so
 * nothing calls back to Stripe.
 */
export async function applyBillingEvent(
  deps: BillingDeps,
  event: BillingEvent,
): Promise<BillingEventOutcome> {
  const eventAt = new Date(event.created * 1000);
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeWebhookEvents.id });
    if (fresh.length === 0) return { applied: false, userId: null, notices: [] };
    const change = await applyToReadModel(tx, event, eventAt);
    if (!change) return { applied: true, userId: null, notices: [] };
    const notices = await noticeChange(tx, deps, change);
    return { applied: true, userId: change.userId, notices };
  });
  if (result.userId) {
    for (const notification of result.notices)
      await deps.events.publish(result.userId, {
        type: "notification.created",
        notification: {
          id: notification.id,
          message: notification.message,
          kind: notification.type,
          createdAt: notification.createdAt,
        },
      });
    await deps.events.publish(result.userId, { type: "plan.changed" });
  }
  return { applied: result.applied, userId: result.userId };
}

interface ReadModelChange {
  userId: string;
  before: Row | null;
  after: Row;
}

async function applyToReadModel(
  tx: DbTransaction,
  event: BillingEvent,
  eventAt: Date,
): Promise<ReadModelChange | null> {
  switch (event.type) {
    case "checkout.session.completed":
      return linkCheckout(tx, checkoutSession.parse(event.data.object));
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return applySubscription(tx, subscriptionObject.parse(event.data.object), eventAt);
    case "invoice.paid":
    case "invoice.payment_failed":
      return applyInvoice(tx, invoiceObject.parse(event.data.object), event.type === "invoice.paid", eventAt);
    default:
      // Acknowledged and ignored: Stripe sends whatever the endpoint is subscribed to.
      return null;
  }
}

async function userExists(tx: DbTransaction, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(row);
}

async function readRow(tx: DbTransaction, userId: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.userId, userId));
  return row ?? null;
}

async function rememberCustomer(tx: DbTransaction, userId: string, customerId: string): Promise<void> {
  await tx
    .insert(stripeCustomers)
    .values({ userId, customerId })
    .onConflictDoUpdate({ target: stripeCustomers.userId, set: { customerId, updatedAt: new Date() } });
}

async function linkCheckout(
  tx: DbTransaction,
  session: z.infer<typeof checkoutSession>,
): Promise<ReadModelChange | null> {
  const userId = session.client_reference_id ?? session.metadata?.userId;
  if (!userId || !session.customer || !(await userExists(tx, userId))) return null;
  await rememberCustomer(tx, userId, session.customer);
  const before = await readRow(tx, userId);
  const [after] = await tx
    .insert(stripeUserSubscriptions)
    .values({ userId, customerId: session.customer, subscriptionId: session.subscription ?? null })
    .onConflictDoUpdate({
      target: stripeUserSubscriptions.userId,
      set: {
        customerId: session.customer,
        ...(session.subscription ? { subscriptionId: session.subscription } : {}),
        updatedAt: new Date(),
      },
    })
    .returning();
  return after ? { userId, before, after } : null;
}

/** The user a subscription belongs to: its metadata, else the customer seen at checkout. */
async function ownerOf(
  tx: DbTransaction,
  metadataUserId: string | undefined,
  customerId: string,
  subscriptionId: string,
): Promise<string | null> {
  if (metadataUserId && (await userExists(tx, metadataUserId))) return metadataUserId;
  const [customer] = await tx
    .select({ userId: stripeCustomers.userId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, customerId));
  if (customer) return customer.userId;
  const [row] = await tx
    .select({ userId: stripeUserSubscriptions.userId })
    .from(stripeUserSubscriptions)
    .where(
      or(
        eq(stripeUserSubscriptions.subscriptionId, subscriptionId),
        eq(stripeUserSubscriptions.customerId, customerId),
      ),
    );
  return row?.userId ?? null;
}

const isStale = (row: Row | null, eventAt: Date) =>
  Boolean(row?.lastEventAt && eventAt.getTime() < row.lastEventAt.getTime());

async function applySubscription(
  tx: DbTransaction,
  subscription: z.infer<typeof subscriptionObject>,
  eventAt: Date,
): Promise<ReadModelChange | null> {
  const userId = await ownerOf(tx, subscription.metadata?.userId, subscription.customer, subscription.id);
  if (!userId) return null;
  const before = await readRow(tx, userId);
  if (isStale(before, eventAt)) return null;
  // A late word about an old, ended subscription must not replace the user's current paying one.
  if (
    before?.subscriptionId &&
    before.subscriptionId !== subscription.id &&
    payingStatuses.includes(before.subscriptionStatus) &&
    !payingStatuses.includes(subscription.status)
  )
    return null;
  const item = subscription.items.data[0];
  const values = {
    customerId: subscription.customer,
    subscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    lastEventAt: eventAt,
  };
  await rememberCustomer(tx, userId, subscription.customer);
  const [after] = await tx
    .insert(stripeUserSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: stripeUserSubscriptions.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return after ? { userId, before, after } : null;
}

async function applyInvoice(
  tx: DbTransaction,
  invoice: z.infer<typeof invoiceObject>,
  paid: boolean,
  eventAt: Date,
): Promise<ReadModelChange | null> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
  if (!subscriptionId) return null;
  const [before] = await tx
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.subscriptionId, subscriptionId));
  if (!before || isStale(before, eventAt)) return null;
  let status: SubscriptionStatus = before.subscriptionStatus;
  let periodEnd = before.currentPeriodEnd;
  if (paid) {
    // Paying extends access; it does not bring back a subscription that has ended.
    if (status !== "canceled" && status !== "incomplete_expired") status = "active";
    const paidUntil = seconds(invoice.lines?.data[0]?.period?.end);
    if (paidUntil && (!periodEnd || paidUntil > periodEnd)) periodEnd = paidUntil;
  } else if (status === "active" || status === "trialing") {
    status = "past_due";
  }
  const [after] = await tx
    .update(stripeUserSubscriptions)
    .set({
      subscriptionStatus: status,
      currentPeriodEnd: periodEnd,
      lastEventAt: eventAt,
      updatedAt: new Date(),
    })
    .where(eq(stripeUserSubscriptions.id, before.id))
    .returning();
  return after ? { userId: before.userId, before, after } : null;
}

/** The spec's notifications for what the change means to the user (connections spec 4, Subscription). */
async function noticeChange(
  tx: DbTransaction,
  deps: BillingDeps,
  change: ReadModelChange,
): Promise<NotificationView[]> {
  const now = deps.now();
  const before = derivePlan(change.before, deps.plans, now);
  const after = derivePlan(change.after, deps.plans, now);
  const notices: NotificationView[] = [];
  const notify = async (message: string, type: NotificationView["type"]) =>
    notices.push(await insertNotification(tx, change.userId, { message, type, createdAt: now }));
  if (planRank[after.type] > planRank[before.type]) await notify(UPGRADE_SUCCESS_MESSAGE, "success");
  else if (after.type !== "free" && after.type === before.type) {
    if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd)
      await notify(describeCancellation(after.currentPeriodEnd), "info");
    else if (!after.cancelAtPeriodEnd && before.cancelAtPeriodEnd)
      await notify(REACTIVATED_MESSAGE, "success");
  } else if (after.type === "free" && before.type !== "free") {
    await notify(SUBSCRIPTION_ENDED_MESSAGE, "info");
    // The plan check would otherwise send the same notice again when it sees the period over.
    await tx
      .update(stripeUserSubscriptions)
      .set({ endNoticeSentFor: change.after.currentPeriodEnd })
      .where(eq(stripeUserSubscriptions.id, change.after.id));
  }
  return notices;
}
