export * from "./get-watermark";
export * from "./save-watermark";
export * from "./schemas";
export * from "./upload-watermark-image";
export * from "./use-cases";
