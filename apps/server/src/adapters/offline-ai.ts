import { triageCommentOffline } from "@smm/domain/inbox";
import type { AiProvider } from "@smm/domain/ports";
import { writeAltTextOfflineFromImage } from "./offline-alt-text";
import { analyzeWebsiteOffline } from "./offline-analysis";
import { captionFromImageOffline } from "./offline-caption";
import { enhanceOffline } from "./offline-enhance";
import { planCampaignOffline, suggestContentIdeasOffline } from "./offline-planning";
import { writePostOffline } from "./offline-post-writer";
import { draftReplyOffline } from "./offline-reply";

/**
 * The embedded default text model: deterministic rules over the brand profile, no network, labelled
 * "Offline model" in the UI. Chosen whenever OPENAI_API_KEY is not set.
 */
export function createOfflineAiProvider(): AiProvider {
  return {
    kind: "offline",
    async enhanceContent(request) {
      return enhanceOffline(request);
    },
    async writePost(request) {
      return writePostOffline(request);
    },
    async analyzeWebsite(request) {
      return analyzeWebsiteOffline(request);
    },
    async planCampaign(request) {
      return planCampaignOffline(request);
    },
    async suggestContentIdeas(request) {
      return suggestContentIdeasOffline(request);
    },
    async captionFromImage(request) {
      return captionFromImageOffline(request);
    },
    async writeAltText(request) {
      return writeAltTextOfflineFromImage(request);
    },
    async triageComments(request) {
      return request.comments.map((comment) => triageCommentOffline(comment.text));
    },
    async draftReply(request) {
      return draftReplyOffline(request);
    },
  };
}
