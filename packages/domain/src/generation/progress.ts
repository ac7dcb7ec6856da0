// Without zod: post cards on the dashboard show generation progress before any form's code has loaded.

export const GENERATION_FAILED_PREFIX = "Generation failed: ";

/**
 * Core spec section 4 (chat generation progress): the pipeline reports exactly these steps. The text is
 * what a progress bar or chat card shows under the percentage.
 */
export const generationProgress = {
  starting: { percent: 5, text: "Starting generation" },
  readingBrand: { percent: 10, text: "Reading your brand profile" },
  writing: { percent: 15, text: "Writing the caption" },
  contentReady: { percent: 60, text: "Caption ready" },
  drawing: { percent: 70, text: "Creating the image" },
  imageReady: { percent: 90, text: "Image ready" },
  complete: { percent: 100, text: "Post ready for review" },
} as const;
export type GenerationStep = keyof typeof generationProgress;
