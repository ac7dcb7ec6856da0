export * from "./get-agent-settings";
export * from "./post-insights";
export * from "./scheduling-agent";
export * from "./schemas";
export * from "./use-cases";
