import { runUseCase } from "@smm/domain/run-use-case";
import type { AnyUseCase } from "@smm/domain/use-case";
import { type UseCaseName, type UseCases, useCases } from "@smm/domain/use-cases";
import { type Tool, tool } from "ai";
import type { z } from "zod";
import type { ToolContext } from "./context";
import { acknowledgePlanWelcomeTool } from "./tools/acknowledge-plan-welcome";
import { analyzeWebsiteTool } from "./tools/analyze-website";
import { applyTemplateTool } from "./tools/apply-template";
import { cancelSubscriptionTool } from "./tools/cancel-subscription";
import { clearConversationTool } from "./tools/clear-conversation";
import { connectFacebookPageTool } from "./tools/connect-facebook-page";
import { copyCommunityTemplateTool } from "./tools/copy-community-template";
import { createAdSetTool } from "./tools/create-ad-set";
import { createBrandTool } from "./tools/create-brand";
import { createCampaignTool } from "./tools/create-campaign";
import { createTemplateTool } from "./tools/create-template";
import { deleteAccountTool } from "./tools/delete-account";
import { deleteBrandTool } from "./tools/delete-brand";
import { deleteCampaignTool } from "./tools/delete-campaign";
import { deleteTemplateTool } from "./tools/delete-template";
import { disconnectAdAccountTool } from "./tools/disconnect-ad-account";
import { disconnectFacebookTool } from "./tools/disconnect-facebook";
import { duplicateTemplateTool } from "./tools/duplicate-template";
import { exchangeFacebookCodeTool } from "./tools/exchange-facebook-code";
import { favouriteTemplateTool } from "./tools/favourite-template";
import { getBrandTool } from "./tools/get-brand";
import { getConnectionsTool } from "./tools/get-connections";
import { getPlanTool } from "./tools/get-plan";
import { getTemplateTool } from "./tools/get-template";
import { listAdAccountsTool } from "./tools/list-ad-accounts";
import { listBrandsTool } from "./tools/list-brands";
import { listCampaignsTool } from "./tools/list-campaigns";
import { listFavouritesTool } from "./tools/list-favourites";
import { listImageStylesTool } from "./tools/list-image-styles";
import { listImagesTool } from "./tools/list-images";
import { listTemplatesTool } from "./tools/list-templates";
import { navigateToTool } from "./tools/navigate-to";
import { openBillingPortalTool } from "./tools/open-billing-portal";
import { reactivateSubscriptionTool } from "./tools/reactivate-subscription";
import { searchCommunityTemplatesTool } from "./tools/search-community-templates";
import { searchSiteTool } from "./tools/search-site";
import { selectAdAccountTool } from "./tools/select-ad-account";
import { setTemplateVisibilityTool } from "./tools/set-template-visibility";
import { showImageTool } from "./tools/show-image";
import { startCheckoutTool } from "./tools/start-checkout";
import { startFacebookConnectionTool } from "./tools/start-facebook-connection";
import { switchBrandTool } from "./tools/switch-brand";
import { unfavouriteTemplateTool } from "./tools/unfavourite-template";
import { updateBrandFieldTool } from "./tools/update-brand-field";
import { updateBrandSettingsTool } from "./tools/update-brand-settings";
import { updateCampaignTool } from "./tools/update-campaign";
import { updateCompanyProfileTool } from "./tools/update-company-profile";
import { updateTemplateTool } from "./tools/update-template";
import { writeSocialPostTool } from "./tools/write-social-post";

export type { ToolContext } from "./context";
export { navigateToInput, navigationTargets } from "./tools/navigate-to";

/** The tool of a declared use case: its description and schemas, run for the caller it is bound to. */
type UseCaseTool<U extends AnyUseCase> = Tool<z.input<U["input"]>, z.output<U["output"]>>;

function toolOf<U extends AnyUseCase>(useCase: U, ctx: ToolContext): UseCaseTool<U> {
  return tool({
    description: useCase.description,
    inputSchema: useCase.input,
    outputSchema: useCase.output,
    execute: async (input: z.input<U["input"]>) =>
      runUseCase(useCase, (useCase.scope === "brand" ? await ctx.brand() : ctx.user) as never, input),
  } as Tool) as UseCaseTool<U>;
}

type DeclaredTools = { [K in UseCaseName]: UseCaseTool<UseCases[K]> };

/**
 * Tools written before their use cases were declared; each area moves to its declarations (use-cases.ts) and
 * leaves this list.
 */
const legacyToolFactories = {
  acknowledgePlanWelcome: acknowledgePlanWelcomeTool,
  analyzeWebsite: analyzeWebsiteTool,
  cancelSubscription: cancelSubscriptionTool,
  clearConversation: clearConversationTool,
  createBrand: createBrandTool,
  deleteAccount: deleteAccountTool,
  deleteBrand: deleteBrandTool,
  getBrand: getBrandTool,
  getPlan: getPlanTool,
  listBrands: listBrandsTool,
  listImageStyles: listImageStylesTool,
  listImages: listImagesTool,
  navigateTo: navigateToTool,
  openBillingPortal: openBillingPortalTool,
  reactivateSubscription: reactivateSubscriptionTool,
  searchSite: searchSiteTool,
  showImage: showImageTool,
  startCheckout: startCheckoutTool,
  switchBrand: switchBrandTool,
  updateBrandField: updateBrandFieldTool,
  updateBrandSettings: updateBrandSettingsTool,
  updateCompanyProfile: updateCompanyProfileTool,
  writeSocialPost: writeSocialPostTool,
  applyTemplate: applyTemplateTool,
  copyCommunityTemplate: copyCommunityTemplateTool,
  createTemplate: createTemplateTool,
  deleteTemplate: deleteTemplateTool,
  duplicateTemplate: duplicateTemplateTool,
  favouriteTemplate: favouriteTemplateTool,
  getTemplate: getTemplateTool,
  listFavourites: listFavouritesTool,
  listTemplates: listTemplatesTool,
  searchCommunityTemplates: searchCommunityTemplatesTool,
  setTemplateVisibility: setTemplateVisibilityTool,
  unfavouriteTemplate: unfavouriteTemplateTool,
  updateTemplate: updateTemplateTool,
  getConnections: getConnectionsTool,
  startFacebookConnection: startFacebookConnectionTool,
  exchangeFacebookCode: exchangeFacebookCodeTool,
  connectFacebookPage: connectFacebookPageTool,
  selectAdAccount: selectAdAccountTool,
  disconnectFacebook: disconnectFacebookTool,
  disconnectAdAccount: disconnectAdAccountTool,
  listAdAccounts: listAdAccountsTool,
  listCampaigns: listCampaignsTool,
  createCampaign: createCampaignTool,
  updateCampaign: updateCampaignTool,
  deleteCampaign: deleteCampaignTool,
  createAdSet: createAdSetTool,
} satisfies Record<string, (ctx: ToolContext) => Tool>;

type LegacyTools = { [K in keyof typeof legacyToolFactories]: ReturnType<(typeof legacyToolFactories)[K]> };

/**
 * The tool registry: one tool per declared use case (use-cases.ts), shared by the chat (/api/chat), scripts
 * (/api/tools/:name) and MCP, plus the client tool navigateTo (the browser performs it). Each tool's schemas
 * are its use case's own, and its execute runs that use case for the caller, so every door applies the same
 * rules.
 */
export type AppTools = DeclaredTools & LegacyTools;
export type ToolName = keyof AppTools;

export const toolNames = [
  ...(Object.keys(useCases) as UseCaseName[]),
  ...(Object.keys(legacyToolFactories) as (keyof typeof legacyToolFactories)[]),
] as ToolName[];

export const isToolName = (name: string): name is ToolName =>
  Object.hasOwn(useCases, name) || Object.hasOwn(legacyToolFactories, name);

/** The declaration behind a tool; undefined for a client tool (navigateTo) and tools not yet declared. */
export function useCaseOf(name: ToolName): AnyUseCase | undefined {
  return (useCases as Record<string, AnyUseCase>)[name];
}

/** One tool bound to one caller: a door that runs a single named tool builds only that one. */
export function createTool<K extends ToolName>(ctx: ToolContext, name: K): AppTools[K] {
  const useCase = useCaseOf(name);
  if (useCase) return toolOf(useCase, ctx) as AppTools[K];
  return legacyToolFactories[name as keyof typeof legacyToolFactories](ctx) as AppTools[K];
}

/** The registry bound to one caller. */
export function createTools(ctx: ToolContext): AppTools {
  return Object.fromEntries(toolNames.map((name) => [name, createTool(ctx, name)])) as AppTools;
}
