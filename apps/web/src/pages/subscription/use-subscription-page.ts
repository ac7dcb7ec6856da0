import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

import { ApiError } from "@/lib/api";
import { useStartCheckout } from "@/lib/billing";
import { usePlan } from "@/lib/plan";

export type BillingInterval = "month" | "year";

// The spec's checkout texts (connections spec §8, Subscription).
export const CHECKOUT_FAILED = "Unable to start checkout process. Please try again later.";
export const LOGIN_TO_CONTINUE = "Please log in to continue.";
export const CHECKOUT_SUCCEEDED = "Successfully upgraded your plan! Enjoy the new features.";
export const CHECKOUT_CANCELED = "Checkout was canceled. You have not been charged.";
export const CONFIRMING_PAYMENT = "Payment received. Your new plan is being activated…";

/** What the checkout's failure says to the user: the server's own text, else the spec's. */
function describeCheckoutError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_TO_CONTINUE;
    if (error.status !== 0 && error.status < 500 && error.message) return error.message;
    if (error.status === 502 && error.message) return error.message;
  }
  return CHECKOUT_FAILED;
}

/**
 * The subscription screen's state: the interval toggle, the checkout in flight, and what the return from
 * checkout (?success=true, ?canceled=true) means once the plan has been re-read.
 */
export function useSubscriptionPage() {
  const plan = usePlan();
  const checkout = useStartCheckout();
  const [searchParams] = useSearchParams();
  const [interval, setInterval] = useState<BillingInterval>("month");
  const [pendingPlan, setPendingPlan] = useState<"pro" | "enterprise" | null>(null);
  const returned: "success" | "canceled" | null =
    searchParams.get("success") === "true"
      ? "success"
      : searchParams.get("canceled") === "true"
        ? "canceled"
        : null;
  const planType = plan.data?.type ?? null;

  // Stripe's webhook may land a moment after the browser returns: ask again until the plan shows it.
  const { refetch } = plan;
  const waitingForPlan = returned === "success" && planType === "free";
  useEffect(() => {
    if (!waitingForPlan) return;
    const timer = window.setInterval(() => void refetch(), 2000);
    return () => window.clearInterval(timer);
  }, [waitingForPlan, refetch]);

  function choose(target: "pro" | "enterprise") {
    setPendingPlan(target);
    checkout.mutate(
      { plan: target, interval },
      {
        onError: () => setPendingPlan(null),
      },
    );
  }

  return {
    plan,
    planType,
    interval,
    setInterval,
    choose,
    pendingPlan: checkout.isPending || checkout.isSuccess ? pendingPlan : null,
    checkoutError: checkout.error ? describeCheckoutError(checkout.error) : null,
    returned,
    waitingForPlan,
  };
}
