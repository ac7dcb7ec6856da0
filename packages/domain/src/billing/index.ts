export * from "./apply-billing-event";
export * from "./messages";
export * from "./start-checkout";
export * from "./use-cases";
