import { formatLongDate } from "@smm/domain/dates";
import { formatPlanPrice } from "@smm/domain/plans";
import type { Billing } from "@smm/domain/ports";
import { Hono } from "hono";
import { LOCAL_BILLING_LABEL, LOCAL_CHECKOUT_LABEL, type LocalBilling } from "../adapters/local-billing";
import type { AppDeps, AppEnv } from "../context";

export const isLocalBilling = (billing: Billing): billing is LocalBilling =>
  billing.kind === "local" && "completeCheckout" in billing;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:24px 12px;color:#18181b}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:13px;font-weight:600}
.price{font-size:32px;font-weight:700;margin:8px 0}button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;padding:12px;border-radius:8px;border:0;font-size:16px;margin-top:12px;cursor:pointer;text-decoration:none}
button{background:#2563eb;color:#fff}a.button{background:#e4e4e7;color:#18181b}ul{padding-left:20px}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The embedded checkout and billing portal that stand in for Stripe's when STRIPE_SECRET_KEY is absent: it shows the plan and
 * its price and, on 'Pay', sends Stripe-shaped events signed with the webhook secret through the webhook
 * route. The signed `session` in the link is its only permission, as a Stripe Checkout URL is.
 */
export function createLocalCheckoutRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const checkoutOf = (token: string | undefined) =>
    token && isLocalBilling(deps.billing) ? deps.billing.readCheckout(token) : null;

  app.get("/checkout", (c) => {
    const token = c.req.query("session");
    const checkout = checkoutOf(token);
    if (!token || !checkout)
      return c.html(
        page(
          "Checkout expired",
          `<p class="badge">${LOCAL_CHECKOUT_LABEL}</p><h1>This checkout has expired</h1><a class="button" href="/subscription">Back to plans</a>`,
        ),
        404,
      );
    const product = deps.plans.products.find((candidate) => candidate.priceId === checkout.priceId);
    const name = product?.name ?? checkout.priceId;
    const price = product ? `${formatPlanPrice(product.price)} per ${product.interval}` : "";
    const features = (product?.features ?? []).map((feature) => `<li>${escapeHtml(feature)}</li>`).join("");
    const trial = checkout.trialDays
      ? `<p data-testid="local-checkout-trial">${checkout.trialDays}-day free trial: the plan starts today and nothing is charged during the trial. No card is needed.</p>`
      : "";
    return c.html(
      page(
        `Pay for ${name}`,
        `<p class="badge" data-testid="local-checkout-label">${LOCAL_CHECKOUT_LABEL}</p>
<h1>${escapeHtml(name)}</h1><p class="price" data-testid="local-checkout-price">${escapeHtml(price)}</p>${trial}<ul>${features}</ul>
<form method="post" action="/billing/checkout"><input type="hidden" name="session" value="${escapeHtml(token)}"><button type="submit">Pay</button></form>
<a class="button" href="${escapeHtml(checkout.cancelUrl)}">Cancel</a>`,
      ),
    );
  });

  app.get("/portal", async (c) => {
    const token = c.req.query("session");
    const portal = token && isLocalBilling(deps.billing) ? await deps.billing.readPortal(token) : null;
    if (!portal)
      return c.html(
        page(
          "Billing link expired",
          `<p class="badge">${LOCAL_BILLING_LABEL}</p><h1>This billing link has expired</h1><a class="button" href="/profile">Back to your account</a>`,
        ),
        404,
      );
    const subscription = portal.subscription;
    const product = deps.plans.products.find((candidate) => candidate.priceId === subscription?.priceId);
    const plan = product
      ? `<h2 data-testid="local-portal-plan">${escapeHtml(product.name)}</h2><p class="price" data-testid="local-portal-price">${escapeHtml(`${formatPlanPrice(product.price)} per ${product.interval}`)}</p>`
      : `<h2 data-testid="local-portal-plan">Free</h2>`;
    const until = subscription?.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : null;
    const status = !subscription?.priceId
      ? "No subscription."
      : subscription.cancelAtPeriodEnd
        ? `Cancelled: the plan stays until ${until ?? "the end of the billing period"}.`
        : subscription.status === "trialing"
          ? `Free trial until ${until ?? "the end of the trial"}; nothing has been charged.`
          : `Status: ${subscription.status}${until ? `, renews on ${until}` : ""}.`;
    return c.html(
      page(
        "Invoices and cards",
        `<p class="badge" data-testid="local-portal-label">${LOCAL_BILLING_LABEL}</p>
<h1>Invoices and cards</h1>${plan}<p data-testid="local-portal-status">${escapeHtml(status)}</p>
<h3>Invoices</h3><p data-testid="local-portal-invoices">No invoices: the embedded billing charges nothing, so it keeps no invoices and no cards. With Stripe configured, this button opens Stripe's billing portal instead.</p>
<a class="button" href="${escapeHtml(portal.returnUrl)}">Back to your account</a>`,
      ),
    );
  });

  app.post("/checkout", async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.session === "string" ? form.session : undefined;
    const checkout = checkoutOf(token);
    if (!checkout || !isLocalBilling(deps.billing))
      return c.html(page("Checkout expired", "<h1>This checkout has expired</h1>"), 404);
    await deps.billing.completeCheckout(checkout);
    return c.redirect(checkout.successUrl, 303);
  });

  return app;
}
