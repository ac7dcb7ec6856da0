export * from "./caption-from-image";
export * from "./prompt";
export * from "./schemas";
export * from "./use-cases";
