export * from "./get-analytics";
export * from "./insights-source";
export * from "./schemas";
export * from "./use-cases";
