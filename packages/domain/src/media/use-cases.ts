/** The media area's use cases (their declarations: every door is derived from these). */
export { listImagesUseCase, showImageUseCase } from "./list-images";
export { deleteMediaUseCase, listMediaUseCase, updateMediaUseCase } from "./media-library";
export { writeAltTextUseCase } from "./write-alt-text";
