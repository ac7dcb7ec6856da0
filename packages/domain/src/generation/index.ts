export * from "./generate-post";
export * from "./list-image-styles";
export * from "./progress";
export * from "./recover-generations";
export * from "./run-post-generation";
export * from "./schemas";
export * from "./use-cases";
