/** The billing area's use cases (their declarations: every door is derived from these). */
export { cancelSubscriptionUseCase } from "./cancel-subscription";
export { openBillingPortalUseCase } from "./open-billing-portal";
export { reactivateSubscriptionUseCase } from "./reactivate-subscription";
export { startCheckoutUseCase } from "./start-checkout";
