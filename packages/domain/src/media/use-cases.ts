/** The media area's use cases (their declarations: every door is derived from these). */
export { listImagesUseCase, showImageUseCase } from "./list-images";
