import { createAdSet, createAdSetInput } from "@smm/domain/campaigns/create-ad-set";
import { createCampaign, createCampaignInput } from "@smm/domain/campaigns/create-campaign";
import { deleteCampaign } from "@smm/domain/campaigns/delete-campaign";
import { listAdAccounts } from "@smm/domain/campaigns/list-ad-accounts";
import { listCampaigns, listCampaignsInput } from "@smm/domain/campaigns/list-campaigns";
import { campaignChangesInput } from "@smm/domain/campaigns/schemas";
import { updateCampaign } from "@smm/domain/campaigns/update-campaign";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import {
  createRoutes,
  declareRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  resultOf,
  withId,
} from "../lib/http";

const route = declareRoutes("Campaigns", { brand: true });
const params = idParam("The campaign's id (ours, or the network's facebook_campaign_id).");
const campaignView = resultOf(createCampaign, "Campaign", "A campaign with its ad sets and insights.");

const routes = {
  adAccounts: route(
    "get",
    "/ad-accounts",
    "The ad accounts the brand's ad connection can use, and the selected one.",
    {},
    { 200: jsonAnswer(resultOf(listAdAccounts, "AdAccounts"), "The ad accounts."), ...errors("409", "502") },
  ),
  list: route(
    "post",
    "/list",
    "The brand's campaigns with ad sets and insights over a range, filtered by status and search; the stored copy when the network fails.",
    { body: jsonBody(listCampaignsInput) },
    { 200: jsonAnswer(resultOf(listCampaigns, "CampaignList"), "The campaigns page."), ...errors("409") },
  ),
  create: route(
    "post",
    "/",
    "Create a campaign on the brand's ad account (exactly once).",
    { body: jsonBody(createCampaignInput) },
    { 201: jsonAnswer(campaignView, "The new campaign."), ...errors("409", "502") },
  ),
  update: route(
    "patch",
    "/{id}",
    "Pause, resume, rename or change the budget or end time of a campaign.",
    { params, body: jsonBody(campaignChangesInput) },
    { 200: jsonAnswer(campaignView, "The campaign."), ...errors("404", "409", "502") },
  ),
  delete: route(
    "delete",
    "/{id}",
    "Delete a campaign (DELETED on the network); the screen confirms first.",
    { params },
    {
      200: jsonAnswer(resultOf(deleteCampaign, "CampaignDeleted"), "The deletion's result."),
      ...errors("404", "409", "502"),
    },
  ),
  createAdSet: route(
    "post",
    "/{id}/ad-sets",
    "Create an ad set in the campaign (exactly once).",
    { params, body: jsonBody(createAdSetInput.omit({ campaignId: true })) },
    {
      201: jsonAnswer(resultOf(createAdSet, "AdSet"), "The new ad set."),
      ...errors("404", "409", "502"),
    },
  ),
};

/** /api/campaigns: the campaign manager. */
export function createCampaignRoutes(deps: AppDeps) {
  const brand = (c: Parameters<typeof brandContext>[0]) => brandContext(c, deps);
  return createRoutes()
    .openapi(routes.adAccounts, async (c) => c.json(await listAdAccounts(await brand(c)), 200))
    .openapi(routes.list, async (c) => c.json(await listCampaigns(await brand(c), c.req.valid("json")), 200))
    .openapi(routes.create, async (c) =>
      c.json(await createCampaign(await brand(c), c.req.valid("json")), 201),
    )
    .openapi(routes.update, async (c) =>
      c.json(await updateCampaign(await brand(c), withId(c, "campaignId")), 200),
    )
    .openapi(routes.delete, async (c) =>
      c.json(await deleteCampaign(await brand(c), withId(c, "campaignId")), 200),
    )
    .openapi(routes.createAdSet, async (c) =>
      c.json(await createAdSet(await brand(c), withId(c, "campaignId")), 201),
    );
}
