import { createOpenAI } from "@ai-sdk/openai";
import { languageNames } from "@smm/domain/brands";
import { AppError } from "@smm/domain/errors";
import { IMAGE_GENERATION_FAILED } from "@smm/domain/generation";
import type { GeneratedImage, ImageGenerationRequest, ImageGenerator } from "@smm/domain/ports";
import { generateImage } from "ai";
import type SharpFactory from "sharp";
import type { Logger } from "../lib/logger";
import { loadSharp } from "./lazy-sharp";

/** Bound on first use (see lazy-sharp.ts); every public method awaits it before any pixel work. */
let sharp: typeof SharpFactory;

export interface OpenAiImageGeneratorOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; absent means api.openai.com. */
  baseURL?: string | undefined;
  /** The image model (OPENAI_IMAGE_MODEL), e.g. gpt-image-1 or dall-e-3. */
  imageModel: string;
  logger: Logger;
  /** Retries of a failed call (the AI SDK backs off exponentially). */
  maxRetries?: number;
  timeoutMs?: number;
}

export const OPENAI_IMAGE_SIZE = "1024x1024";

const styleDirections: Record<ImageGenerationRequest["imageStyle"], string> = {
  professional:
    "Style: professional and modern: clean composition, balanced negative space, crisp lighting, polished commercial look.",
  cartoon:
    "Style: cartoon illustration: bold clean outlines, flat vibrant fills, playful friendly shapes, simple background.",
  realistic:
    "Style: photorealistic: natural light, real materials and textures, shallow depth of field, like a professional photograph.",
  // The brief is the user's own image prompt and says how it should look.
  custom: "Style: follow the brief's own directions on style and look.",
};

/** dall-e-3 accepts 4000 characters; the brief gets most of that, the brand rules the rest. */
const MAX_BRIEF_CHARS = 2500;

/**
 * The prompt for one post image: the brief (or the override that replaces it), the brand's colours, the
 * style and the post's language for any lettering.
 */
export function buildImagePrompt(request: ImageGenerationRequest): string {
  const { brand } = request;
  const brief =
    request.imagePromptOverride?.trim() ||
    request.imagePrompt.trim() ||
    `An eye-catching image that shows what makes ${brand.name || "the brand"} special.`;
  const platform = request.platform === "instagram" ? "an Instagram" : "a Facebook";
  const lines = [
    `An image for ${platform} post of the brand "${brand.name}"${brand.industry ? ` (${brand.industry})` : ""}.`,
    `Brief: ${brief.slice(0, MAX_BRIEF_CHARS)}`,
    styleDirections[request.imageStyle],
    `Colour palette: build the image around the brand colours ${brand.primaryColor} (primary), ${brand.secondaryColor} (secondary) and ${brand.accentColor} (accent).`,
    // Models love to letter a slogan in English; a German post needs German lettering, if any.
    `Avoid text in the image; if any text is unavoidable, write it in ${languageNames[request.language]}.`,
    "No watermarks, no logos of other companies.",
  ];
  if (brand.doNotMention.length > 0) lines.push(`Never show or refer to: ${brand.doNotMention.join("; ")}.`);
  return lines.join("\n");
}

/** SDK errors can quote the whole answer (megabytes of base64 for an image); the log keeps the start. */
function loggable(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    name: error.name,
    message: error.message.slice(0, 1000),
    ...(typeof statusCode === "number" ? { statusCode } : {}),
  };
}

/**
 * Post images from OpenAI's Images API (or any server speaking it). The answer is base64 image data; its
 * real size is read from the pixels, and a non-PNG answer (some compatible servers send JPEG or WebP) is
 * converted, because callers store the result as a PNG.
 */
export function createOpenAiImageGenerator(options: OpenAiImageGeneratorOptions): ImageGenerator {
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseURL });
  const model = openai.image(options.imageModel);
  return {
    kind: "openai",
    async generateImage(request): Promise<GeneratedImage> {
      sharp = await loadSharp();
      try {
        const result = await generateImage({
          model,
          prompt: buildImagePrompt(request),
          n: 1,
          size: OPENAI_IMAGE_SIZE,
          maxRetries: options.maxRetries ?? 2,
          abortSignal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
        });
        const bytes = result.image.uint8Array;
        const meta = await sharp(bytes).metadata();
        // A header can be intact while the pixels are cut off; a tiny decode proves the whole file reads.
        await sharp(bytes).resize(8, 8, { fit: "inside" }).raw().toBuffer();
        const png =
          meta.format === "png"
            ? bytes
            : new Uint8Array(await sharp(bytes, { autoOrient: true }).png().toBuffer());
        const { width, height } = meta.autoOrient;
        if (!width || !height) throw new Error("image without a size");
        return { bytes: png, mimeType: "image/png", width, height };
      } catch (error) {
        options.logger.error("generate-image failed", { error: loggable(error), model: options.imageModel });
        throw new AppError("upstream_failed", IMAGE_GENERATION_FAILED);
      }
    },
  };
}
