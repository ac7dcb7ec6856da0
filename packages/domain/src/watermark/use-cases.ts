/** The watermark area's use cases (the image upload is a multipart route of its own, not a use case). */
export { getWatermarkUseCase } from "./get-watermark";
export { removeWatermarkUseCase } from "./remove-watermark";
export { removeWatermarkBackgroundUseCase } from "./remove-watermark-background";
export { saveWatermarkUseCase } from "./save-watermark";
