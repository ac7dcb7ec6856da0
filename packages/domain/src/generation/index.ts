/** The generation area's use cases. */
export { generatePostUseCase } from "./generate-post";
