export * from "./analyze-calendar";
export * from "./do-not-mention";
export * from "./list-suggestions";
export * from "./prompts";
export * from "./schemas";
export * from "./use-cases";
