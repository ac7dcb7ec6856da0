export * from "./confirm-data-deletion";
export * from "./delete-account";
export * from "./erase-account";
export * from "./finish-account-deletions";
export * from "./password";
export * from "./request-data-deletion";
export * from "./use-cases";
