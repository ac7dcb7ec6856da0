export * from "./conversation";
export * from "./schemas";
export * from "./use-cases";
