import type {
  EnhanceContentInput,
  EnhanceContentResult,
  EnhanceFieldName,
  WizardValues,
} from "@smm/domain/web";
import { useCallback, useRef, useState } from "react";

import { call, client } from "@/lib/api";

/** The spec's inline messages (core spec section 8, wizard). */
export const ENHANCE_FAILED_MESSAGE = "Failed to enhance content";
export const ENHANCE_ALL_FAILED_MESSAGE = "Failed to enhance all fields";

export type EnhanceState =
  | { status: "idle" }
  | { status: "pending" }
  | { status: "error" }
  | { status: "done"; model: EnhanceContentResult["model"] };

/** What one Enhance button works on: its key in the screen, the server's field name and the text. */
export interface EnhanceTarget {
  key: string;
  fieldName: EnhanceFieldName;
  value: string;
}

const IDLE: EnhanceState = { status: "idle" };

/**
 * Calls /api/enhance-content with the wizard's unsaved values as the brand context (the brand may not be
 * saved yet), so the result fits what the user has typed so far.
 */
function requestEnhancement(target: EnhanceTarget, values: WizardValues): Promise<EnhanceContentResult> {
  const body: EnhanceContentInput = {
    fieldName: target.fieldName,
    currentValue: target.value,
    context: "First-run setup wizard",
    brandName: values.name.trim(),
    description: values.description,
    industry: values.industry,
    tone: values.tone,
    targetAudience: values.targetAudience,
    keyMessages: values.keyMessages,
    doNotMention: values.doNotMention,
  };
  return call(client.api["enhance-content"].$post({ json: body }));
}

/**
 * Per-field Enhance state plus Enhance All. Results are handed to `apply` (which sends them to the
 * machine); failures only set the inline message, so nothing the user typed is lost.
 */
export function useEnhancer(values: WizardValues, apply: (results: Record<string, string>) => void) {
  const [states, setStates] = useState<Record<string, EnhanceState>>({});
  const [allState, setAllState] = useState<"idle" | "pending" | "error">("idle");
  // Read at call time so a request made right after typing carries the latest values.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const applyRef = useRef(apply);
  applyRef.current = apply;

  const setState = useCallback((key: string, state: EnhanceState) => {
    setStates((current) => ({ ...current, [key]: state }));
  }, []);

  const enhance = useCallback(
    async (target: EnhanceTarget) => {
      setState(target.key, { status: "pending" });
      try {
        const result = await requestEnhancement(target, valuesRef.current);
        applyRef.current({ [target.key]: result.enhancedContent });
        setState(target.key, { status: "done", model: result.model });
      } catch (error) {
        console.error("Enhance failed", error);
        setState(target.key, { status: "error" });
      }
    },
    [setState],
  );

  const enhanceAll = useCallback(
    async (targets: EnhanceTarget[]) => {
      setAllState("pending");
      for (const target of targets) setState(target.key, { status: "pending" });
      const settled = await Promise.allSettled(
        targets.map((target) => requestEnhancement(target, valuesRef.current)),
      );
      const results: Record<string, string> = {};
      let failed = false;
      settled.forEach((outcome, index) => {
        const target = targets[index];
        if (!target) return;
        if (outcome.status === "fulfilled") {
          results[target.key] = outcome.value.enhancedContent;
          setState(target.key, { status: "done", model: outcome.value.model });
        } else {
          failed = true;
          console.error("Enhance all failed for", target.key, outcome.reason);
          // The one Enhance All message speaks for the batch; the field itself goes back to idle.
          setState(target.key, IDLE);
        }
      });
      // Whatever did succeed is kept; the message says not everything did.
      if (Object.keys(results).length > 0) applyRef.current(results);
      setAllState(failed ? "error" : "idle");
    },
    [setState],
  );

  return {
    stateOf: (key: string): EnhanceState => states[key] ?? IDLE,
    allState,
    enhance,
    enhanceAll,
  };
}
