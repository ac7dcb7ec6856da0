/** The generation area's use cases. */
export { generatePostUseCase } from "./generate-post";
export { listImageStylesUseCase } from "./list-image-styles";
