import { canEnhance, type EnhanceContentResult } from "@smm/domain/web";
import { useState } from "react";
import { toast } from "sonner";

import { ENHANCE_PROMPT_FAILED, enhanceTemplatePrompt } from "@/lib/templates";

/** The two template fields Enhance works on (connections spec: only these are applied). */
export type EnhanceablePrompt = "promptTemplate" | "imagePromptTemplate";

const FIELD_NAMES = {
  promptTemplate: "prompt_template",
  imagePromptTemplate: "image_prompt_template",
} as const;

export interface EnhanceReview {
  field: EnhanceablePrompt;
  original: string;
  enhanced: string;
  model: EnhanceContentResult["model"];
}

/**
 * Enhance in the template form: request, then the review dialog, then Apply Changes replaces the field
 * (Cancel keeps what the user typed). One enhance at a time; a failure is the spec's toast
 * 'Failed to enhance prompt' and changes nothing.
 */
export function usePromptEnhancer(
  brandId: string | undefined,
  apply: (field: EnhanceablePrompt, text: string) => void,
) {
  const [running, setRunning] = useState<EnhanceablePrompt | null>(null);
  const [review, setReview] = useState<EnhanceReview | null>(null);

  const enhance = async (field: EnhanceablePrompt, value: string) => {
    if (running || !canEnhance(value)) return;
    setRunning(field);
    try {
      const result = await enhanceTemplatePrompt(FIELD_NAMES[field], value, brandId);
      setReview({ field, original: value, enhanced: result.enhancedContent, model: result.model });
    } catch (error) {
      console.error("Enhance failed", error);
      toast.error(ENHANCE_PROMPT_FAILED);
    } finally {
      setRunning(null);
    }
  };

  return {
    running,
    review,
    /** Enhance buttons are disabled when the field is empty or another enhance is running. */
    canEnhance: (value: string) => running === null && canEnhance(value),
    enhance,
    cancel: () => setReview(null),
    applyReview: () => {
      if (review) apply(review.field, review.enhanced);
      setReview(null);
    },
  };
}
