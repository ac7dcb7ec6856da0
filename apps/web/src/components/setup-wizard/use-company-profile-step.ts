import { canEnhance, canEnhanceAll, type EnhanceFieldName, type WizardValues } from "@smm/domain/web";

import { type EnhanceTarget, useEnhancer } from "./use-enhancer";
import type { ListDrafts, WizardSend } from "./wizard-types";

export type ProfileTextField = "description" | "industry" | "targetAudience";

/** The single-line and multi-line fields Enhance All covers (the lists have their own inputs). */
export const TEXT_FIELDS: {
  field: ProfileTextField;
  fieldName: EnhanceFieldName;
  label: string;
  placeholder: string;
  multiline: boolean;
  slug: string;
}[] = [
  {
    field: "description",
    fieldName: "description",
    label: "Description",
    placeholder: "What does your business do, and what makes it different?",
    multiline: true,
    slug: "description",
  },
  {
    field: "industry",
    fieldName: "industry",
    label: "Industry",
    placeholder: "e.g. Specialty coffee",
    multiline: false,
    slug: "industry",
  },
  {
    field: "targetAudience",
    fieldName: "targetAudience",
    label: "Target audience",
    placeholder: "Who are your posts for?",
    multiline: true,
    slug: "target-audience",
  },
];

export const KEY_MESSAGE_DRAFT = "keyMessageDraft";

/**
 * The company profile step's state: Enhance for each field and for the key message being typed, Enhance All
 * over the filled text fields, and where the results go (the wizard's values, or the list's draft).
 */
export function useCompanyProfileStep({
  values,
  send,
  drafts,
  onDraftsChange,
}: {
  values: WizardValues;
  send: WizardSend;
  drafts: ListDrafts;
  onDraftsChange: (drafts: ListDrafts) => void;
}) {
  const enhancer = useEnhancer(values, (results) => {
    const { [KEY_MESSAGE_DRAFT]: keyMessage, ...fields } = results;
    if (keyMessage !== undefined) onDraftsChange({ ...drafts, keyMessage });
    if (Object.keys(fields).length > 0) send({ type: "SET_VALUES", values: fields as Partial<WizardValues> });
  });
  const textValues = TEXT_FIELDS.map((item) => values[item.field]);

  return {
    enhancer,
    allPending: enhancer.allState === "pending",
    allFailed: enhancer.allState === "error",
    canEnhanceAll: canEnhanceAll(textValues),
    enhanceAll: () => {
      const targets: EnhanceTarget[] = TEXT_FIELDS.filter((item) => canEnhance(values[item.field])).map(
        (item) => ({ key: item.field, fieldName: item.fieldName, value: values[item.field] }),
      );
      void enhancer.enhanceAll(targets);
    },
    keyMessageState: enhancer.stateOf(KEY_MESSAGE_DRAFT),
    canEnhanceKeyMessage: canEnhance(drafts.keyMessage),
    enhanceKeyMessage: () =>
      void enhancer.enhance({ key: KEY_MESSAGE_DRAFT, fieldName: "keyMessage", value: drafts.keyMessage }),
  };
}
