import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEFAULT_PREDICTION, suggestOptimalTime, validateAiSuggestions } from "../ai/post-suggestions";
import { toBrandSettingsView, toCompanyProfile } from "../brands/brand";
import { writingNetworkOf } from "../channels/network-descriptor";
import type { BrandContext, DbExecutor, Deps } from "../context";
import { type GenerationStage, media, type Post, posts, userBrands } from "../db/schema";
import { isAppError } from "../errors";
import { readMediaBytes, storeMedia } from "../media/media";
import { createNotification } from "../notifications/create-notification";
import type { AiBrandContext, StoredImageMimeType } from "../ports";
import { platformLabels } from "../posts/messages";
import { publishPostChanged } from "../posts/post";
import { releasePostQuota } from "../usage/release-post-quota";
import { applyBrandWatermark } from "../watermark/apply-brand-watermark";
import {
  GENERATION_FAILED_PREFIX,
  type GenerationStep,
  generationProgress,
  IMAGE_FAILED_FEEDBACK,
  IMAGE_GENERATION_FAILED,
} from "./schemas";

const inFlight = ["queued", "generating"] as const;

const stageOf: Record<GenerationStep, GenerationStage> = {
  starting: "starting",
  readingBrand: "generating_content",
  writing: "generating_content",
  contentReady: "content_ready",
  drawing: "generating_image",
  imageReady: "image_ready",
  complete: "complete",
};

/** The post left the pipeline's hands (deleted, or finished by another run): stop quietly. */
class PipelineLost extends Error {}

export type GenerationOutcome = "completed" | "image_failed" | "failed" | "skipped";

/**
 * The generation pipeline of one post: content, then image, then AI suggestions, with progress events.
 * Every step is idempotent (a step whose result is already on the post is skipped), so a run interrupted by a
 * restart is simply run again. Failures end as the spec says: an image failure leaves the post pending with
 * feedback; any other failure denies it with 'Generation failed: ...'.
 */
export async function runPostGeneration(
  deps: Deps,
  postId: string,
  options: {
    /**
     * The server instance running it (server_instances.id), kept on the post: if that process dies, the
     * recovery sweep hands the run over at once instead of waiting for it to go silent.
     */
    owner?: number | null;
  } = {},
): Promise<GenerationOutcome> {
  const [post] = await deps.db.select().from(posts).where(eq(posts.id, postId));
  if (!post?.generationStatus || !inFlight.includes(post.generationStatus as never)) return "skipped";
  const ctx: BrandContext = { ...deps, userId: post.userId, brandId: post.brandId };
  const run = new PipelineRun(ctx, post, options.owner ?? null);
  try {
    return await run.execute();
  } catch (error) {
    if (error instanceof PipelineLost) return "skipped";
    await run.fail(reasonOf(error, "Failed to generate post"));
    return "failed";
  }
}

function reasonOf(error: unknown, fallback: string): string {
  if (isAppError(error)) return error.message;
  return fallback;
}

class PipelineRun {
  constructor(
    private readonly ctx: BrandContext,
    private post: Post,
    private readonly owner: number | null,
  ) {}

  async execute(): Promise<GenerationOutcome> {
    const { ctx } = this;
    await this.progress("starting", { generationStatus: "generating", generationOwner: this.owner });
    const [brandRow] = await ctx.db
      .select()
      .from(userBrands)
      .where(and(eq(userBrands.id, ctx.brandId), eq(userBrands.userId, ctx.userId)));
    if (!brandRow) throw new PipelineLost();
    const settings = toBrandSettingsView({ ...brandRow.brandSettings, name: brandRow.name });
    const profile = toCompanyProfile(brandRow.companyProfile);
    const request = this.post.generationRequest ?? {};
    const brand: AiBrandContext = {
      name: settings.name,
      description: profile.description,
      industry: profile.industry,
      tone: profile.tone,
      targetAudience: profile.targetAudience,
      keyMessages: profile.keyMessages,
      doNotMention: profile.doNotMention,
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      accentColor: settings.accentColor,
      imageStyle: request.imageStyle ?? settings.imageStyle,
    };
    const language = this.post.language;
    const platform = this.post.platform;
    // The network's own facts (its provider's descriptor): how long, how many hashtags, when it is read.
    const network = await ctx.social.describe({ userId: ctx.userId, brandId: ctx.brandId, platform });

    let imagePrompt = request.imagePrompt ?? "";
    let hashtags = request.hashtags ?? [];
    if (this.post.content === "") {
      await this.progress("readingBrand");
      await this.progress("writing");
      const written = await ctx.ai.writePost({
        brand,
        language,
        platform,
        network: writingNetworkOf(network),
        userPrompt: request.userPrompt,
        promptOverride: request.promptOverride,
      });
      imagePrompt = written.imagePrompt;
      hashtags = written.hashtags;
      await this.progress(
        "contentReady",
        { content: written.caption, generationRequest: { ...request, imagePrompt, hashtags } },
        sql`${posts.content} = ''`,
      );
      await publishPostChanged(ctx, this.post.id, "updated");
    }

    let imageFailure: string | null = null;
    if (!this.post.imageMediaId && !this.post.imageUrl) {
      await this.progress("drawing");
      try {
        const imageId = await this.makeImage(
          request.sourceMediaId ?? null,
          request.includeWatermark !== false,
          {
            brand,
            imagePrompt: imagePrompt || this.post.content.slice(0, 300),
            imageStyle: brand.imageStyle,
            imagePromptOverride: request.imagePromptOverride,
            language,
            platform,
          },
        );
        await this.progress("imageReady", { imageMediaId: imageId }, isNull(posts.imageMediaId));
        await publishPostChanged(ctx, this.post.id, "updated");
      } catch (error) {
        if (error instanceof PipelineLost) throw error;
        imageFailure = reasonOf(error, IMAGE_GENERATION_FAILED);
      }
    }

    const now = ctx.now();
    const hours = network.style.postingHoursUtc;
    const optimal = suggestOptimalTime(platform, now, DEFAULT_PREDICTION.engagement, Math.random, hours);
    const aiSuggestions = validateAiSuggestions(
      {
        optimal_time: optimal.toISOString(),
        reasoning: `${platformLabels[platform]} audiences are most active around ${String(optimal.getUTCHours()).padStart(2, "0")}:00 UTC on ${optimal.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })}s.`,
        engagement_prediction: DEFAULT_PREDICTION.engagement,
        audience_match: DEFAULT_PREDICTION.audience,
        trend_score: DEFAULT_PREDICTION.trend,
        hashtags,
      },
      { platform, now, hours },
    );

    if (imageFailure) {
      const feedback = IMAGE_FAILED_FEEDBACK(imageFailure.replace(/\.$/, ""));
      await this.write({
        aiSuggestions,
        feedback,
        generationStatus: "failed",
        generationError: feedback,
      });
      await publishPostChanged(ctx, this.post.id, "updated");
      await this.notify("Image generation failed, please try again");
      return "image_failed";
    }
    await this.progress("complete", { aiSuggestions, generationStatus: "completed", generationError: null });
    await publishPostChanged(ctx, this.post.id, "updated");
    return "completed";
  }

  /** Generation failed for good: the post is denied with the reason as feedback. */
  async fail(reason: string): Promise<void> {
    try {
      await this.ctx.db.transaction(async (tx) => {
        await this.write(
          {
            status: "denied",
            feedback: `${GENERATION_FAILED_PREFIX}${reason}`,
            scheduledDate: null,
            generationStatus: "failed",
            generationError: reason,
          },
          undefined,
          tx,
        );
        // Only with the transition itself: a post fails (and gives its count back) once.
        await releasePostQuota(tx, this.post.userId, this.post.generationRequest?.quota, this.ctx.now());
      });
    } catch {
      return;
    }
    await publishPostChanged(this.ctx, this.post.id, "updated");
    await this.notify(`Post generation failed: ${reason}`);
  }

  private async makeImage(
    sourceMediaId: string | null,
    watermark: boolean,
    request: Parameters<Deps["images"]["generateImage"]>[0],
  ): Promise<string> {
    const { ctx } = this;
    let bytes: Uint8Array;
    let mimeType: StoredImageMimeType;
    let width: number;
    let height: number;
    if (sourceMediaId) {
      const [source] = await ctx.db
        .select()
        .from(media)
        .where(and(eq(media.id, sourceMediaId), eq(media.brandId, ctx.brandId)));
      if (!source) throw new Error("the uploaded image is gone");
      bytes = await readMediaBytes(ctx, source);
      mimeType = source.mimeType as StoredImageMimeType;
      width = source.width ?? 0;
      height = source.height ?? 0;
      if (!watermark) return source.id;
      const marked = await applyBrandWatermark(ctx, bytes);
      // An unmarked upload is used as it is; a marked one is a new image of its own.
      if (!marked.applied) return source.id;
      bytes = marked.bytes;
    } else {
      const image = await ctx.images.generateImage(request);
      ({ mimeType, width, height } = image);
      bytes = watermark ? (await applyBrandWatermark(ctx, image.bytes)).bytes : image.bytes;
    }
    const stored = await storeMedia(ctx, ctx, {
      kind: "generated",
      bytes,
      mimeType,
      width,
      height,
      name: `post-${this.post.id.slice(0, 8)}.${mimeType === "image/jpeg" ? "jpg" : mimeType.split("/")[1]}`,
    });
    return stored.id;
  }

  /** Records a step on the post (its heartbeat too) and tells the user's pages. */
  private async progress(
    step: GenerationStep,
    changes: Partial<typeof posts.$inferInsert> = {},
    condition?: ReturnType<typeof sql>,
  ): Promise<void> {
    const { percent, text } = generationProgress[step];
    await this.write({ ...changes, generationProgress: percent, generationStage: stageOf[step] }, condition);
    await this.ctx.events.publish(this.ctx.userId, {
      type: "generation.progress",
      brandId: this.ctx.brandId,
      postId: this.post.id,
      percent,
      stage: text,
    });
  }

  /** Writes while the pipeline still owns the post; a post deleted or finished meanwhile stops the run. */
  private async write(
    changes: Partial<typeof posts.$inferInsert>,
    condition?: ReturnType<typeof sql>,
    db: DbExecutor = this.ctx.db,
  ): Promise<void> {
    const [row] = await db
      .update(posts)
      .set({
        ...changes,
        updatedAt: new Date(Math.max(this.ctx.now().getTime(), this.post.updatedAt.getTime() + 1)),
      })
      .where(
        and(
          eq(posts.id, this.post.id),
          eq(posts.status, "pending"),
          inArray(posts.generationStatus, [...inFlight]),
          ...(condition ? [condition] : []),
        ),
      )
      .returning();
    if (!row) throw new PipelineLost();
    this.post = row;
  }

  private async notify(message: string): Promise<void> {
    await createNotification(this.ctx, { message, type: "error" }).catch(() => {});
  }
}
