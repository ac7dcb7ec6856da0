import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { toolNames } from "./index";

/*
 * Every action a user can take on a screen has a tool (API.md). The domain's use cases are the exported
 * functions taking the caller's context; each must be a tool, or be listed here with why it is not one.
 * A new use case without a tool fails this test until it gets one.
 */
const NOT_TOOLS: Record<string, string> = {
  // Internal steps other use cases and jobs are built from, not actions of their own.
  resolveBrand: "picks the brand every brand-scoped call acts on",
  requireBrandPost: "a lookup inside the post use cases",
  updatePostIfUnchanged: "the post use cases' conditional write",
  publishFromRequest: "the claimed publish inside publishPostNow and approvePost",
  eraseAccount: "the erasing step of deleteAccount, of the mailed deletion link and of the clean-up job",
  requestAccountDeletion:
    "the deleteAccount tool's work: the chat and scripts get the mailed link, a password never goes through them",
  readCalendarAnalysis:
    "the agent page's first read of a range (cache only, null when never analysed); analyzeCalendar is the tool",
  toPublishRequest: "a step of publishFromRequest and the publish job (the request a network is handed)",
  publishPostChanged: "an event the post use cases send",
  requireUserBrand: "a lookup inside the brand use cases",
  findUserBrand: "a lookup inside the brand use cases",
  findActiveBrand: "a lookup inside the brand use cases",
  lockUserBrands: "a lock inside the brand use cases",
  publishBrandChanged: "an event the brand use cases send",
  migrateLegacyBrand: "a one-off data move run at sign-in",
  getActiveBrand: "the getBrand tool reads the active brand",
  readAiBrand: "a lookup inside the planning use cases",
  readPostsPerWeek: "the agent setting createCampaignPlan and analyzeCalendar read",
  fillScheduleGap: "one run of the scheduling agent (runSchedulingAgent, settings, the job)",
  requireSchedulingAgentPlan: "the Enterprise gate of the scheduling agent",
  learnBestTimes: "a step of analyzeCalendar and the scheduling agent",
  storeMedia: "a step of uploads and generation",
  storeUploadedImage: "a step of uploadImage and uploadChatImage",
  uploadChatImage: "a file upload (multipart POST /api/media/chat), not JSON input a model could send",
  getImage: "a fresh link for an image a screen already shows; the showImage tool shows one by name",
  requireBrandMedia: "a lookup inside the media use cases",
  requireOwnMediaLink: "a check inside editPost and the brand settings use cases",
  readMediaBytes: "a step of the media use cases",
  deleteMedia: "a step of deletePost and the watermark use cases",
  requireWatermarkMedia: "a lookup inside the watermark use cases",
  toWatermarkView: "the watermark use cases' view",
  deleteWatermarkRows: "a step of the watermark use cases",
  deleteFiles: "a step of the watermark use cases",
  applyBrandWatermark: "a step of the generation pipeline",
  insertNotification: "a step of createNotification",
  publishNotificationCreated: "an event createNotification sends",
  createNotification: "raised by the system (generation, billing), never by the user",
  reserveCaptionQuota: "a step of caption generation",
  requireOwnTemplate: "a lookup inside the template use cases",
  requireReadableTemplate: "a lookup inside the template use cases",
  readCreatorName: "a step of publishing a template",
  checkReferenceImages: "a check inside createTemplate and updateTemplate",
  reservePostQuota: "a step of generatePost",
  readUsage: "part of getPlan",
  readSubscription: "part of getPlan",
  requireApiAccess: "the API-key gate itself",
  requirePlanCapability: "the plan gate every door applies to a declared use case's feature",
  changeCancellation: "the step cancelSubscription and reactivateSubscription share",
  ensureCustomer: "a step of startCheckout",
  readCustomerId: "a lookup inside the billing use cases",
  requireAdAccount: "the connection check inside the campaign use cases",
  requireCampaign: "a lookup inside the campaign use cases",
  readCampaignViews: "the list inside listCampaigns",
  readCampaignView: "the answer of the campaign use cases that change one",
  sendCampaignChanges: "the one write step of updateCampaign and deleteCampaign",
  toConnectionsView: "the connection use cases' view (getConnections reads it)",
  readPendingChoices: "a lookup inside connectFacebookPage and selectAdAccount",
  closePendingChoices: "a step of connectFacebookPage and selectAdAccount",
  getConversation: "the chat's own history, read when the chat opens (GET /api/chat)",
  saveConversation: "written by the chat after each turn",
  // Binary bodies: multipart routes on the screens; the chat's upload arrives with the chat issue.
  uploadImage: "a multipart upload (POST /api/media)",
  uploadWatermarkImage: "a multipart upload (POST /api/watermark/image)",
  // Jobs and the public, signed-out routes.
  runPostGeneration: "the generation job",
  recoverStalledGenerations: "the recovery job",
  publishDuePosts: "the publish job",
  deleteExpiredNotifications: "the cleanup job",
  readSignedMedia: "the signed, public image link",
  requestDataDeletion: "a signed-out public form",
  confirmDataDeletion: "the signed-out link mailed by requestDataDeletion",
  finishAccountDeletions: "the account deletion job",
};

const domainRoot = fileURLToPath(new URL("../../domain/src", import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "db" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

function domainUseCases(): string[] {
  const pattern = /export async function (\w+)\(\s*(?:ctx|deps)\s*:\s*(?:UserContext|BrandContext)\b/g;
  return sourceFiles(domainRoot).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => match[1] ?? ""),
  );
}

it("gives every user-facing use case of the domain a tool", () => {
  const useCases = domainUseCases();
  expect(useCases.length).toBeGreaterThan(20);
  const missing = useCases.filter((name) => !(toolNames as string[]).includes(name) && !(name in NOT_TOOLS));
  expect(missing, "use cases without a tool (add one in packages/tools, or say why not above)").toEqual([]);
});

it("names no tool for a use case that does not exist", () => {
  const useCases = new Set(domainUseCases());
  const clientTools = ["navigateTo"];
  const orphans = toolNames.filter((name) => !useCases.has(name) && !clientTools.includes(name));
  expect(orphans).toEqual([]);
});
