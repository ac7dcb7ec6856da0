export * from "./catalogue";
export * from "./get-plan";
export * from "./require-api-access";
export * from "./use-cases";
