import type { Tool } from "ai";
import type { ToolContext } from "./context";
import { acknowledgePlanWelcomeTool } from "./tools/acknowledge-plan-welcome";
import { analyzeCalendarTool } from "./tools/analyze-calendar";
import { analyzeWebsiteTool } from "./tools/analyze-website";
import { applyTemplateTool } from "./tools/apply-template";
import { approvePostTool } from "./tools/approve-post";
import { cancelPostTool } from "./tools/cancel-post";
import { cancelSubscriptionTool } from "./tools/cancel-subscription";
import { captionFromImageTool } from "./tools/caption-from-image";
import { clearConversationTool } from "./tools/clear-conversation";
import { connectFacebookPageTool } from "./tools/connect-facebook-page";
import { copyCommunityTemplateTool } from "./tools/copy-community-template";
import { createAdSetTool } from "./tools/create-ad-set";
import { createBrandTool } from "./tools/create-brand";
import { createCampaignTool } from "./tools/create-campaign";
import { createCampaignPlanTool } from "./tools/create-campaign-plan";
import { createTemplateTool } from "./tools/create-template";
import { deleteAccountTool } from "./tools/delete-account";
import { deleteBrandTool } from "./tools/delete-brand";
import { deleteCampaignTool } from "./tools/delete-campaign";
import { deleteNotificationTool } from "./tools/delete-notification";
import { deletePostTool } from "./tools/delete-post";
import { deleteTemplateTool } from "./tools/delete-template";
import { denyPostTool } from "./tools/deny-post";
import { disconnectAdAccountTool } from "./tools/disconnect-ad-account";
import { disconnectFacebookTool } from "./tools/disconnect-facebook";
import { dismissSuggestionTool } from "./tools/dismiss-suggestion";
import { duplicateTemplateTool } from "./tools/duplicate-template";
import { editPostTool } from "./tools/edit-post";
import { enhanceContentTool } from "./tools/enhance-content";
import { exchangeFacebookCodeTool } from "./tools/exchange-facebook-code";
import { favouriteTemplateTool } from "./tools/favourite-template";
import { generateContentIdeaTool } from "./tools/generate-content-idea";
import { generateFromSuggestionTool } from "./tools/generate-from-suggestion";
import { generatePostTool } from "./tools/generate-post";
import { getAgentSettingsTool } from "./tools/get-agent-settings";
import { getAnalyticsTool } from "./tools/get-analytics";
import { getBrandTool } from "./tools/get-brand";
import { getConnectionsTool } from "./tools/get-connections";
import { getDashboardStatsTool } from "./tools/get-dashboard-stats";
import { getPlanTool } from "./tools/get-plan";
import { getPostTool } from "./tools/get-post";
import { getTemplateTool } from "./tools/get-template";
import { getWatermarkTool } from "./tools/get-watermark";
import { listAdAccountsTool } from "./tools/list-ad-accounts";
import { listBrandsTool } from "./tools/list-brands";
import { listCalendarPostsTool } from "./tools/list-calendar-posts";
import { listCampaignsTool } from "./tools/list-campaigns";
import { listFavouritesTool } from "./tools/list-favourites";
import { listImageStylesTool } from "./tools/list-image-styles";
import { listImagesTool } from "./tools/list-images";
import { listNotificationsTool } from "./tools/list-notifications";
import { listPostsTool } from "./tools/list-posts";
import { listSuggestionsTool } from "./tools/list-suggestions";
import { listTemplatesTool } from "./tools/list-templates";
import { markNotificationsReadTool } from "./tools/mark-notifications-read";
import { navigateToTool } from "./tools/navigate-to";
import { openBillingPortalTool } from "./tools/open-billing-portal";
import { publishPostNowTool } from "./tools/publish-post-now";
import { reactivateSubscriptionTool } from "./tools/reactivate-subscription";
import { removeWatermarkTool } from "./tools/remove-watermark";
import { removeWatermarkBackgroundTool } from "./tools/remove-watermark-background";
import { reschedulePostTool } from "./tools/reschedule-post";
import { runSchedulingAgentTool } from "./tools/run-scheduling-agent";
import { saveWatermarkTool } from "./tools/save-watermark";
import { schedulePostTool } from "./tools/schedule-post";
import { searchCommunityTemplatesTool } from "./tools/search-community-templates";
import { searchSiteTool } from "./tools/search-site";
import { selectAdAccountTool } from "./tools/select-ad-account";
import { setTemplateVisibilityTool } from "./tools/set-template-visibility";
import { showImageTool } from "./tools/show-image";
import { startCheckoutTool } from "./tools/start-checkout";
import { startFacebookConnectionTool } from "./tools/start-facebook-connection";
import { switchBrandTool } from "./tools/switch-brand";
import { unfavouriteTemplateTool } from "./tools/unfavourite-template";
import { updateAgentSettingsTool } from "./tools/update-agent-settings";
import { updateBrandFieldTool } from "./tools/update-brand-field";
import { updateBrandSettingsTool } from "./tools/update-brand-settings";
import { updateCampaignTool } from "./tools/update-campaign";
import { updateCompanyProfileTool } from "./tools/update-company-profile";
import { updateTemplateTool } from "./tools/update-template";
import { writeSocialPostTool } from "./tools/write-social-post";

export type { ToolContext } from "./context";
export { navigateToInput, navigationTargets } from "./tools/navigate-to";

/**
 * The tool registry: one tool per user-facing use case, shared by the chat (/api/chat), scripts
 * (/api/tools/:name) and MCP. Each tool's input schema is its use case's own zod schema, and its execute
 * calls that use case with the caller's context, so every door applies the same rules.
 */
export const toolFactories = {
  acknowledgePlanWelcome: acknowledgePlanWelcomeTool,
  analyzeCalendar: analyzeCalendarTool,
  analyzeWebsite: analyzeWebsiteTool,
  approvePost: approvePostTool,
  cancelPost: cancelPostTool,
  captionFromImage: captionFromImageTool,
  cancelSubscription: cancelSubscriptionTool,
  clearConversation: clearConversationTool,
  createBrand: createBrandTool,
  createCampaignPlan: createCampaignPlanTool,
  deleteAccount: deleteAccountTool,
  deleteBrand: deleteBrandTool,
  deleteNotification: deleteNotificationTool,
  deletePost: deletePostTool,
  denyPost: denyPostTool,
  dismissSuggestion: dismissSuggestionTool,
  editPost: editPostTool,
  enhanceContent: enhanceContentTool,
  generateContentIdea: generateContentIdeaTool,
  generateFromSuggestion: generateFromSuggestionTool,
  generatePost: generatePostTool,
  getBrand: getBrandTool,
  getAgentSettings: getAgentSettingsTool,
  getDashboardStats: getDashboardStatsTool,
  getAnalytics: getAnalyticsTool,
  getPlan: getPlanTool,
  getPost: getPostTool,
  getWatermark: getWatermarkTool,
  listBrands: listBrandsTool,
  listCalendarPosts: listCalendarPostsTool,
  listImageStyles: listImageStylesTool,
  listImages: listImagesTool,
  listNotifications: listNotificationsTool,
  listPosts: listPostsTool,
  listSuggestions: listSuggestionsTool,
  markNotificationsRead: markNotificationsReadTool,
  navigateTo: navigateToTool,
  openBillingPortal: openBillingPortalTool,
  publishPostNow: publishPostNowTool,
  reactivateSubscription: reactivateSubscriptionTool,
  removeWatermark: removeWatermarkTool,
  removeWatermarkBackground: removeWatermarkBackgroundTool,
  reschedulePost: reschedulePostTool,
  runSchedulingAgent: runSchedulingAgentTool,
  saveWatermark: saveWatermarkTool,
  schedulePost: schedulePostTool,
  searchSite: searchSiteTool,
  showImage: showImageTool,
  startCheckout: startCheckoutTool,
  switchBrand: switchBrandTool,
  updateAgentSettings: updateAgentSettingsTool,
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

export type ToolName = keyof typeof toolFactories;
export type AppTools = { [K in ToolName]: ReturnType<(typeof toolFactories)[K]> };

export const toolNames = Object.keys(toolFactories) as ToolName[];

export const isToolName = (name: string): name is ToolName => Object.hasOwn(toolFactories, name);

/** One tool bound to one caller: a door that runs a single named tool builds only that one. */
export function createTool<K extends ToolName>(ctx: ToolContext, name: K): AppTools[K] {
  return toolFactories[name](ctx) as AppTools[K];
}

/** The registry bound to one caller. */
export function createTools(ctx: ToolContext): AppTools {
  return Object.fromEntries(toolNames.map((name) => [name, toolFactories[name](ctx)])) as AppTools;
}
