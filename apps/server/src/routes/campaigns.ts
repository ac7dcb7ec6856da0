import {
  createAdSetUseCase,
  createCampaignUseCase,
  deleteCampaignUseCase,
  listAdAccountsUseCase,
  listCampaignsUseCase,
  updateCampaignUseCase,
} from "@smm/domain/campaigns";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Campaigns");
/** The campaign's id: ours, or the network's facebook_campaign_id. */
const id = "campaignId" as const;

const routes = {
  adAccounts: route(listAdAccountsUseCase, "get", "/ad-accounts", {
    summary: "The ad accounts the brand's ad connection can use, and the selected one.",
    errors: ["409", "502"],
  }),
  list: route(listCampaignsUseCase, "post", "/list", {
    summary:
      "The brand's campaigns with ad sets and insights over a range, filtered by status and search; the stored copy when the network fails.",
    errors: ["409"],
  }),
  create: route(createCampaignUseCase, "post", "/", {
    status: 201,
    summary: "Create a campaign on the brand's ad account (exactly once).",
    errors: ["409", "502"],
  }),
  update: route(updateCampaignUseCase, "patch", "/{id}", {
    id,
    summary: "Pause, resume, rename or change the budget or end time of a campaign.",
    errors: ["409", "502"],
  }),
  delete: route(deleteCampaignUseCase, "delete", "/{id}", {
    id,
    summary: "Delete a campaign (DELETED on the network); the screen confirms first.",
    errors: ["409", "502"],
  }),
  createAdSet: route(createAdSetUseCase, "post", "/{id}/ad-sets", {
    id,
    status: 201,
    summary: "Create an ad set in the campaign (exactly once).",
    errors: ["409", "502"],
  }),
};

/** /api/campaigns: the campaign manager. */
export function createCampaignRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.adAccounts, serveUseCase(deps, routes.adAccounts))
    .openapi(routes.list, serveUseCase(deps, routes.list))
    .openapi(routes.create, serveUseCase(deps, routes.create))
    .openapi(routes.update, serveUseCase(deps, routes.update))
    .openapi(routes.delete, serveUseCase(deps, routes.delete))
    .openapi(routes.createAdSet, serveUseCase(deps, routes.createAdSet));
}
