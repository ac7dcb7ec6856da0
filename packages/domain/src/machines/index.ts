export * from "./ad-set-wizard";
export * from "./campaign-wizard";
export * from "./facebook-connection";
export * from "./post-actions";
export * from "./post-lifecycle";
export * from "./setup-wizard";
