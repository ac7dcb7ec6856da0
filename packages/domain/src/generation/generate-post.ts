import { randomUUID } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import { requireUserBrand } from "../brands/brand";
import type { BrandContext, DbTransaction } from "../context";
import { brandStyles, type GenerationRequest, type Post, posts, templates } from "../db/schema";
import { AppError } from "../errors";
import { requireBrandMedia } from "../media/media";
import { parseInput } from "../parse-input";
import { type PostView, publishPostChanged, toPostView } from "../posts/post";
import { postView } from "../posts/post-view-schema";
import { fillTemplateVariables, templateVariablesOf } from "../templates/apply-template";
import { reservePostQuota } from "../usage/reserve-post-quota";
import { declareUseCase } from "../use-case";
import {
  type GeneratePostInput,
  generatePostInput,
  PREMIUM_STYLE_REQUIRED,
  TEMPLATE_NOT_FOUND,
} from "./schemas";

export { type GeneratePostInput, generatePostInput };

/** The new post; written for several channels, every channel's post in `group` (the first is this one). */
export const generatedPostView = postView.extend({
  group: z
    .array(postView)
    .optional()
    .meta({ description: "Every channel's post when several channels were asked for, in their order." }),
});
export type GeneratedPostView = PostView & { group?: PostView[] };

/** Styles that need pro or enterprise when the catalogue has no row for them. */
const premiumByDefault = new Set(["custom"]);

/** For use cases built on generatePost: a step that belongs to the post's creation. */
export interface GeneratePostOptions {
  /**
   * Runs in the transaction that counts and creates the post; throwing rolls both back (a suggestion
   * links its post this way, so a second click cannot make a second post).
   */
  onCreated?: (tx: DbTransaction, post: Post) => Promise<void>;
}

/**
 * Starts an AI post: counts it against the plan and creates it as pending with empty content in one
 * transaction, then queues the background pipeline (content, image, AI suggestions). The post is returned
 * at once; progress arrives over /api/events as `generation.progress`.
 */
export async function generatePost(
  ctx: BrandContext,
  input: GeneratePostInput,
  options: GeneratePostOptions = {},
): Promise<GeneratedPostView> {
  const parsed = parseInput(generatePostInput, input);
  const brand = await requireUserBrand(ctx.db, ctx.userId, ctx.brandId);
  const settings = brand.brandSettings;
  const template = parsed.templateId ? await requireUsableTemplate(ctx, parsed.templateId) : null;
  if (parsed.imageId) await requireBrandMedia(ctx, parsed.imageId);

  const imagePromptOverride =
    parsed.imagePromptOverride ?? template?.imagePromptTemplate ?? settings.imagePromptOverride ?? null;
  // A template's own image prompt makes the style custom (connections spec, template selection).
  const imageStyle =
    parsed.imageStyle ?? (template?.imagePromptTemplate ? "custom" : (settings.imageStyle ?? "professional"));
  const request: GenerationRequest = {
    userPrompt: parsed.prompt ?? "",
    // A template's prompt reaches the writer with the brand's values in place, as choosing it on screen does.
    promptOverride:
      parsed.promptOverride ??
      (template?.promptTemplate
        ? fillTemplateVariables(template.promptTemplate, templateVariablesOf(brand))
        : null) ??
      settings.postPromptOverride ??
      null,
    imagePromptOverride,
    imageStyle,
    includeWatermark: parsed.includeWatermark,
    sourceMediaId: parsed.imageId ?? null,
  };

  const channels = parsed.channels ?? [parsed.platform];
  // Written for several channels: one post per channel, kept together (the spec's post has one platform).
  const groupId = parsed.channels ? randomUUID() : null;
  const rows = await ctx.db.transaction(async (tx) => {
    const created: Post[] = [];
    // One post written for several channels counts once against the plan (the user wrote one post); the
    // first channel's post carries the reservation, so a generation that fails for good gives it back once.
    const reservation = await reservePostQuota(tx, ctx);
    if (reservation.plan === "free" && (await isPremiumStyle(tx, imageStyle)))
      throw new AppError("forbidden", PREMIUM_STYLE_REQUIRED);
    for (const platform of channels) {
      const carriesQuota = created.length === 0;
      const [row] = await tx
        .insert(posts)
        .values({
          userId: ctx.userId,
          brandId: ctx.brandId,
          content: "",
          platform,
          groupId,
          status: "pending",
          language: parsed.language ?? settings.defaultLanguage ?? "en",
          aiGenerated: true,
          source: "prompt",
          templateId: template?.id ?? null,
          generationStatus: "queued",
          generationProgress: 0,
          generationRequest: {
            ...request,
            ...(carriesQuota
              ? {
                  quota: {
                    reservedAt: reservation.reservedAt.toISOString(),
                    daily: reservation.dailyPostsUsed !== null,
                  },
                }
              : {}),
          },
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      if (!row) throw new Error("post insert returned nothing");
      await options.onCreated?.(tx, row);
      created.push(row);
    }
    return created;
  });

  for (const row of rows) {
    await publishPostChanged(ctx, row.id, "created");
    // A failed enqueue leaves the post queued; the recovery sweep picks it up, so the user still gets a post.
    await ctx.jobs.enqueuePostGeneration(row.id).catch(() => {});
  }
  const [first, ...others] = await Promise.all(rows.map((row) => toPostView(ctx, row)));
  if (!first) throw new Error("no post was created");
  return groupId ? { ...first, group: [first, ...others] } : first;
}

async function isPremiumStyle(tx: Pick<BrandContext, "db">["db"], style: string): Promise<boolean> {
  const [row] = await tx
    .select({ isPremium: brandStyles.isPremium })
    .from(brandStyles)
    .where(and(eq(brandStyles.category, "image_style"), eq(brandStyles.imageStyle, style)));
  return row ? row.isPremium : premiumByDefault.has(style);
}

/** The caller's own template, or a public one; anything else is not found. */
async function requireUsableTemplate(ctx: BrandContext, templateId: string) {
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.id, templateId),
        eq(templates.isActive, true),
        or(eq(templates.userId, ctx.userId), eq(templates.isPublic, true)),
      ),
    );
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  return row;
}

export const generatePostUseCase = declareUseCase({
  name: "generatePost",
  description:
    "Start generating a post (caption and image) for the active brand. Returns the new pending post at once; content and image fill in the background, with progress over the events stream. With channels (e.g. facebook, bluesky, mastodon) one post per channel is written, each for its network, kept together as a group.",
  scope: "brand",
  input: generatePostInput,
  output: generatedPostView,
  run: generatePost,
});
