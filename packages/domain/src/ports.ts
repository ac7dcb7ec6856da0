/** Ports: what the domain needs from the outside world. Adapters live in apps/server/src/adapters. */

import type { PostWritingRequest, WrittenPost } from "./ai/offline-post-writer";
import type { EnhanceFieldName } from "./ai/schemas";
import type { ContentTone, ImageStyle, LanguageCode } from "./brands/constants";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one action the message asks for (verify, reset...); surfaced to tools that read the outbox. */
  link?: string;
}

export interface Mailer {
  /** "outbox" is the embedded default that writes .eml files; "smtp" delivers for real. */
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

/** The brand facts a text model writes from (stored profile, overlaid with unsaved form values). */
export interface AiBrandContext {
  name: string;
  description: string;
  industry: string;
  tone: ContentTone;
  targetAudience: string;
  keyMessages: string[];
  doNotMention: string[];
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  imageStyle: ImageStyle;
}

export interface EnhanceContentRequest {
  fieldName: EnhanceFieldName;
  currentValue: string;
  /** Free-form hint from the caller (e.g. the screen the field is on). */
  context?: string | undefined;
  brand: AiBrandContext;
  language: LanguageCode;
}

/**
 * Text generation at the level of the product's tasks, so each adapter can shape its own prompt (or, for
 * the offline model, its own rules) and tests can assert behaviour rather than prompts.
 */
export interface AiProvider {
  /** "offline" is the embedded deterministic model, labelled as such in the UI; "openai" is any OpenAI-compatible server. */
  readonly kind: "offline" | "openai";
  /** The improved text only; throws AppError upstream_failed when the model fails. */
  enhanceContent(request: EnhanceContentRequest): Promise<string>;
  /**
   * A post's caption, hashtags and image brief. Throws AppError upstream_failed with 'Failed to generate
   * post', or 'Invalid response format from AI' when the model's answer cannot be read.
   */
  writePost(request: PostWritingRequest): Promise<WrittenPost>;
}

export type { PostWritingRequest, WrittenPost };

/** One post as a social network receives it. */
export interface SocialPostRequest {
  userId: string;
  brandId: string;
  postId: string;
  platform: "facebook" | "instagram";
  content: string;
  imageUrl: string | null;
}

/**
 * Where approved posts go: the embedded sandbox network by default (labelled "Sandbox" in the UI), the Meta
 * Graph API when a page is connected. Every call throws AppError upstream_failed with the spec's message
 * when the network refuses.
 */
export interface SocialNetwork {
  readonly kind: "sandbox" | "meta";
  /** Posts now; returns the network's id for the post. */
  publish(request: SocialPostRequest): Promise<{ externalId: string }>;
  /** Hands the post to the network to go out at `scheduledDate`; returns the network's id. */
  schedule(request: SocialPostRequest & { scheduledDate: Date }): Promise<{ externalId: string }>;
  cancel(request: { userId: string; brandId: string; externalId: string }): Promise<void>;
  update(request: SocialPostRequest & { externalId: string; scheduledDate?: Date | null }): Promise<void>;
}
