/** The captions area's use cases. */
export { captionFromImageUseCase } from "./caption-from-image";
