import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, primaryId, timestamptz, updatedAt } from "./columns";
import { subscriptionStatusEnum } from "./enums";

/** The Stripe customer made for a user at their first checkout. */
export const stripeCustomers = pgTable("stripe_customers", {
  id: primaryId(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Read model of the user's subscription, written only by the Stripe webhook handler and read by the plan
 * check. Period dates come from the subscription item (Stripe API 2025-03-31.basil moved them there).
 */
export const stripeUserSubscriptions = pgTable(
  "stripe_user_subscriptions",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id").unique(),
    subscriptionStatus: subscriptionStatusEnum("subscription_status").default("not_started").notNull(),
    priceId: text("price_id"),
    currentPeriodStart: timestamptz("current_period_start"),
    currentPeriodEnd: timestamptz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").default(false).notNull(),
    paymentMethodBrand: text("payment_method_brand"),
    paymentMethodLast4: text("payment_method_last4"),
    // Stripe does not deliver events in order: an event older than the last one applied is ignored.
    lastEventAt: timestamptz("last_event_at"),
    // The period end for which "Your subscription has ended" was sent: the notice goes out once per ended
    // period, however many requests or instances notice the expiry at the same time.
    endNoticeSentFor: timestamptz("end_notice_sent_for"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("stripe_user_subscriptions_customer_id_idx").on(t.customerId)],
);

/** Event ids already handled: Stripe retries deliveries, and each event must change state only once. */
export const stripeWebhookEvents = pgTable("stripe_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamptz("received_at").defaultNow().notNull(),
});

/**
 * The paid plans whose upgrade welcome the user has seen: the dialog opens once per plan reached, on any
 * device, not once per browser.
 */
export const planWelcomes = pgTable(
  "plan_welcomes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    seenAt: timestamptz("seen_at").defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plan] })],
);

export type StripeCustomer = typeof stripeCustomers.$inferSelect;
export type StripeUserSubscription = typeof stripeUserSubscriptions.$inferSelect;
