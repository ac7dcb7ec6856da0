/** The templates area's use cases (their declarations: every door is derived from these). */
export { applyTemplateUseCase } from "./apply-template";
export { copyCommunityTemplateUseCase } from "./copy-community-template";
export { createTemplateUseCase } from "./create-template";
export { deleteTemplateUseCase } from "./delete-template";
export { duplicateTemplateUseCase } from "./duplicate-template";
export { favouriteTemplateUseCase } from "./favourite-template";
export { getTemplateUseCase } from "./get-template";
export { listFavouritesUseCase } from "./list-favourites";
export { listTemplatesUseCase } from "./list-templates";
export { searchCommunityTemplatesUseCase } from "./search-community-templates";
export { setTemplateVisibilityUseCase } from "./set-template-visibility";
export { unfavouriteTemplateUseCase } from "./unfavourite-template";
export { updateTemplateUseCase } from "./update-template";
