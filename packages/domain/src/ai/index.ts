export * from "./enhance-content";
export * from "./prompts";
export * from "./schemas";
export * from "./use-cases";
