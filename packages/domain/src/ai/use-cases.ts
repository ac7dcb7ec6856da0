/** The ai area's use cases (the Enhance buttons; post suggestions are part of generation, not a tool). */
export { enhanceContentUseCase } from "./enhance-content";
