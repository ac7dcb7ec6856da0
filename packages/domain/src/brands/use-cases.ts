/** The brands area's use cases (their declarations: every door is derived from these). */
export { analyzeWebsiteUseCase } from "../knowledge/analyze-website";
export { searchSiteUseCase } from "../knowledge/search-site";
export { createBrandUseCase } from "./create-brand";
export { deleteBrandUseCase } from "./delete-brand";
export { getBrandUseCase } from "./get-brand";
export { listBrandsUseCase } from "./list-brands";
export { switchBrandUseCase } from "./switch-brand";
export { updateBrandFieldUseCase } from "./update-brand-field";
export { updateBrandSettingsUseCase } from "./update-brand-settings";
export { updateCompanyProfileUseCase } from "./update-company-profile";
