export * from "./extract-page";
export * from "./prompt";
export * from "./search-site";
export * from "./types";
