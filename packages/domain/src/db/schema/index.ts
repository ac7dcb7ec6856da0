// The whole schema: tables, enums, JSON types and relations. drizzle-kit reads this file, the db client
// passes it to drizzle(), and better-auth's adapter finds its tables here by export name.
export * from "./agent";
export * from "./analytics";
export * from "./auth";
export * from "./billing";
export * from "./brands";
export * from "./campaigns";
export * from "./connections";
export * from "./conversations";
export * from "./data-deletion";
export * from "./enums";
export * from "./inbox";
export * from "./media";
export * from "./notifications";
export * from "./post-counts";
export * from "./posts";
export * from "./relations";
export * from "./sandbox";
export * from "./server-instances";
export * from "./site-pages";
export * from "./suggestions";
export * from "./templates";
export * from "./usage";
