export * from "./create-notification";
export * from "./delete-expired-notifications";
export * from "./list-notifications";
export * from "./schemas";
export * from "./use-cases";
