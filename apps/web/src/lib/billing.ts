import type { StartCheckoutInput } from "@smm/domain/web";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { call, client } from "@/lib/api";
import { planKeys } from "@/lib/plan";

/** Opens the checkout for a plan: the browser goes to the returned URL (Stripe, or the local test checkout). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: StartCheckoutInput) => call(client.api.billing.checkout.$post({ json: input })),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** Cancel Subscription / Keep My Subscription; the plan is re-read once the provider has answered. */
export function useChangeCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "cancel" | "reactivate") =>
      call(action === "cancel" ? client.api.billing.cancel.$post() : client.api.billing.reactivate.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** The provider's billing portal (invoices and cards). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => call(client.api.billing.portal.$post()),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
