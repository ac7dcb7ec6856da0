import type { LanguageCode } from "../brands/constants";
import type { AiBrandContext } from "../ports";
import type { SuggestionPlatform } from "./schemas";

/** One dated slot of a campaign plan; the domain picks dates and platforms, the model writes the idea. */
export interface CampaignSlot {
  /** ISO instant. */
  scheduledDate: string;
  /** The user's wall-clock weekday and time, e.g. "Wednesday" and "12:00", for the model to write from. */
  weekday: string;
  time: string;
  platform: SuggestionPlatform;
  /** 1-based week of the plan. */
  week: number;
}

export interface CampaignPlanRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  goal: string;
  slots: CampaignSlot[];
}

/** What the model writes for one slot. */
export interface PlannedPostIdea {
  /** The post idea, one to three sentences the user can generate a post from. */
  contentSuggestion: string;
  /** Why this idea at this time (the spec's `reason`). */
  reason: string;
}

export interface ContentIdeasRequest {
  brand: AiBrandContext;
  language: LanguageCode;
  /** Absent: ideas about the brand itself. */
  topic?: string | undefined;
  count: number;
  platforms: SuggestionPlatform[];
}

export interface ContentIdea {
  title: string;
  angle: string;
  platform: SuggestionPlatform;
}
