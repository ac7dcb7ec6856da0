/** The campaigns area's use cases (their declarations: every door is derived from these). */
export { createAdSetUseCase } from "./create-ad-set";
export { createCampaignUseCase } from "./create-campaign";
export { deleteCampaignUseCase } from "./delete-campaign";
export { listAdAccountsUseCase } from "./list-ad-accounts";
export { listCampaignsUseCase } from "./list-campaigns";
export { updateCampaignUseCase } from "./update-campaign";
