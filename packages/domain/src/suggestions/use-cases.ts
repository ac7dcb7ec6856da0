/** The suggestions area's use cases (planning: calendar analysis, campaign plans, ideas, post suggestions). */
export { analyzeCalendarUseCase } from "./analyze-calendar";
export { createCampaignPlanUseCase } from "./create-campaign-plan";
export { dismissSuggestionUseCase } from "./dismiss-suggestion";
export { generateContentIdeaUseCase } from "./generate-content-idea";
export { generateFromSuggestionUseCase } from "./generate-from-suggestion";
export { listSuggestionsUseCase } from "./list-suggestions";
export { writeSocialPostUseCase } from "./write-social-post";
