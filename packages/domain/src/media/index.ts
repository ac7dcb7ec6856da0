export * from "./chat-parts";
export * from "./get-image";
export * from "./media";
export * from "./read-signed-media";
export * from "./schemas";
export * from "./upload-chat-image";
export * from "./upload-image";
export * from "./use-cases";
