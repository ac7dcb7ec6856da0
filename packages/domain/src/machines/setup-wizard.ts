import { assign, fromPromise, setup } from "xstate";
import {
  type ContentTone,
  contentTones,
  defaultBrandSettings,
  defaultCompanyProfile,
} from "../brands/constants";
import { addListEntry, isBrandNameValid, removeListEntry } from "../brands/schemas";

/**
 * The first-run setup wizard (core spec sections 2, 4 and 5): five steps with Previous/Next, the brand saved
 * when leaving step 1, the company profile when leaving step 2, everything again on 'Get Started'. The
 * machine owns the form values and the rules; the screen renders it and provides the three savers
 * (`machine.provide({ actors: { saveBrand, saveProfile, saveAll } })`), so it runs and is tested without
 * React or HTTP. Save errors never block the user (the spec: "Wizard save errors are only logged"); they are
 * kept in `context.errors` and passed to the `logError` action, which the screen may provide.
 */

/** The 8 preset colour swatches of step 1; the first three are the brand defaults. */
export const PRESET_SWATCHES = [
  { name: "Blue", color: "#3B82F6" },
  { name: "Purple", color: "#8B5CF6" },
  { name: "Emerald", color: "#10B981" },
  { name: "Amber", color: "#F59E0B" },
  { name: "Red", color: "#EF4444" },
  { name: "Pink", color: "#EC4899" },
  { name: "Cyan", color: "#06B6D4" },
  { name: "Slate", color: "#64748B" },
] as const;

export const WIZARD_STEPS = [
  "Welcome",
  "Brand Settings",
  "Company Profile",
  "Connect Facebook",
  "Ready to Start",
] as const;
export type WizardStep = 0 | 1 | 2 | 3 | 4;
export const LAST_WIZARD_STEP: WizardStep = 4;

export interface WizardBrandValues {
  name: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
}

export interface WizardProfileValues {
  description: string;
  industry: string;
  tone: ContentTone;
  targetAudience: string;
  keyMessages: string[];
  doNotMention: string[];
}

export type WizardValues = WizardBrandValues & WizardProfileValues;

/** Single-value fields a form input edits directly; the two lists have their own add/remove events. */
export type WizardTextField =
  | "name"
  | "primaryColor"
  | "secondaryColor"
  | "accentColor"
  | "description"
  | "industry"
  | "tone"
  | "targetAudience";

export interface SaveBrandInput {
  /** null until the first save made one: the saver then creates the brand instead of updating it. */
  brandId: string | null;
  values: WizardBrandValues;
}
export interface SaveBrandOutput {
  brandId: string;
}
export interface SaveProfileInput {
  brandId: string | null;
  values: WizardProfileValues;
}
export interface SaveAllInput {
  brandId: string | null;
  values: WizardValues;
}
export interface SaveAllOutput {
  brandId: string;
}

export type WizardSaveAction = "saveBrand" | "saveProfile" | "saveAll";

export interface WizardError {
  action: WizardSaveAction;
  step: WizardStep;
  message: string;
}

/** Step 3's outcome: the page connected there (its name), skipped, or not decided yet. */
export type WizardFacebook = { status: "connected"; pageName: string } | { status: "skipped" } | null;

export interface SetupWizardContext {
  step: WizardStep;
  brandId: string | null;
  facebook: WizardFacebook;
  values: WizardValues;
  errors: WizardError[];
}

export interface SetupWizardInput {
  /** An existing brand to update (a returning user), else the first save creates one. */
  brandId?: string | null;
  values?: Partial<WizardValues>;
}

export interface SetupWizardOutput {
  brandId: string | null;
  errors: WizardError[];
}

export type SetupWizardEvent =
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "GET_STARTED" }
  /** Step 3: the page was connected (through the popup), or the user moves on without one. */
  | { type: "FACEBOOK_CONNECTED"; pageName: string }
  | { type: "FACEBOOK_DISCONNECTED" }
  | { type: "SKIP" }
  | { type: "SET_FIELD"; field: WizardTextField; value: string }
  /** Several fields at once, e.g. the results of Enhance All. */
  | { type: "SET_VALUES"; values: Partial<WizardValues> }
  | { type: "ADD_KEY_MESSAGE"; value: string }
  | { type: "REMOVE_KEY_MESSAGE"; index: number }
  | { type: "ADD_DO_NOT_MENTION"; value: string }
  | { type: "REMOVE_DO_NOT_MENTION"; index: number };

export const initialWizardValues: WizardValues = {
  name: "",
  primaryColor: defaultBrandSettings.primaryColor,
  secondaryColor: defaultBrandSettings.secondaryColor,
  accentColor: defaultBrandSettings.accentColor,
  description: defaultCompanyProfile.description,
  industry: defaultCompanyProfile.industry,
  tone: defaultCompanyProfile.tone,
  targetAudience: defaultCompanyProfile.targetAudience,
  keyMessages: [],
  doNotMention: [],
};

const isTone = (value: string): value is ContentTone => (contentTones as readonly string[]).includes(value);

export const brandValuesOf = (values: WizardValues): WizardBrandValues => ({
  name: values.name.trim(),
  primaryColor: values.primaryColor,
  secondaryColor: values.secondaryColor,
  accentColor: values.accentColor,
});

export const profileValuesOf = (values: WizardValues): WizardProfileValues => ({
  description: values.description,
  industry: values.industry,
  tone: values.tone,
  targetAudience: values.targetAudience,
  keyMessages: values.keyMessages,
  doNotMention: values.doNotMention,
});

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : "Unknown error";

const notProvided = (name: WizardSaveAction) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};

export const setupWizardMachine = setup({
  types: {
    context: {} as SetupWizardContext,
    events: {} as SetupWizardEvent,
    input: {} as SetupWizardInput | undefined,
    output: {} as SetupWizardOutput,
  },
  actors: {
    saveBrand: fromPromise<SaveBrandOutput, SaveBrandInput>(notProvided("saveBrand")),
    saveProfile: fromPromise<void, SaveProfileInput>(notProvided("saveProfile")),
    saveAll: fromPromise<SaveAllOutput, SaveAllInput>(notProvided("saveAll")),
  },
  guards: {
    hasBrandName: ({ context }) => isBrandNameValid(context.values.name),
    facebookConnected: ({ context }) => context.facebook?.status === "connected",
  },
  actions: {
    /** A no-op by default; the screen provides console logging (or telemetry). */
    logError: (_, _error: WizardError) => {},
    recordError: assign({
      errors: ({ context }, error: WizardError) => [...context.errors, error],
    }),
  },
}).createMachine({
  id: "setupWizard",
  context: ({ input }) => ({
    step: 0,
    brandId: input?.brandId ?? null,
    facebook: null,
    values: { ...initialWizardValues, ...input?.values },
    errors: [],
  }),
  initial: "welcome",
  output: ({ context }) => ({ brandId: context.brandId, errors: context.errors }),
  on: {
    SET_FIELD: {
      actions: assign({
        values: ({ context, event }) => {
          if (event.field === "tone")
            return isTone(event.value) ? { ...context.values, tone: event.value } : context.values;
          return { ...context.values, [event.field]: event.value };
        },
      }),
    },
    SET_VALUES: {
      actions: assign({
        values: ({ context, event }) => {
          const next = { ...context.values, ...event.values };
          if (!isTone(next.tone)) next.tone = context.values.tone;
          if (event.values.keyMessages) next.keyMessages = addListEntries([], event.values.keyMessages);
          if (event.values.doNotMention) next.doNotMention = addListEntries([], event.values.doNotMention);
          return next;
        },
      }),
    },
    ADD_KEY_MESSAGE: {
      actions: assign({
        values: ({ context, event }) => ({
          ...context.values,
          keyMessages: addListEntry(context.values.keyMessages, event.value),
        }),
      }),
    },
    REMOVE_KEY_MESSAGE: {
      actions: assign({
        values: ({ context, event }) => ({
          ...context.values,
          keyMessages: removeListEntry(context.values.keyMessages, event.index),
        }),
      }),
    },
    ADD_DO_NOT_MENTION: {
      actions: assign({
        values: ({ context, event }) => ({
          ...context.values,
          doNotMention: addListEntry(context.values.doNotMention, event.value),
        }),
      }),
    },
    REMOVE_DO_NOT_MENTION: {
      actions: assign({
        values: ({ context, event }) => ({
          ...context.values,
          doNotMention: removeListEntry(context.values.doNotMention, event.index),
        }),
      }),
    },
  },
  states: {
    welcome: {
      entry: assign({ step: 0 }),
      on: { NEXT: "brandSettings" },
    },
    brandSettings: {
      entry: assign({ step: 1 }),
      on: {
        NEXT: { guard: "hasBrandName", target: "savingBrand" },
        PREVIOUS: "welcome",
      },
    },
    savingBrand: {
      tags: ["saving"],
      invoke: {
        src: "saveBrand",
        input: ({ context }) => ({ brandId: context.brandId, values: brandValuesOf(context.values) }),
        onDone: {
          target: "companyProfile",
          actions: assign({ brandId: ({ context, event }) => event.output?.brandId ?? context.brandId }),
        },
        onError: {
          target: "companyProfile",
          actions: failed("saveBrand", 1),
        },
      },
    },
    companyProfile: {
      entry: assign({ step: 2 }),
      on: {
        NEXT: "savingProfile",
        PREVIOUS: "brandSettings",
      },
    },
    savingProfile: {
      tags: ["saving"],
      invoke: {
        src: "saveProfile",
        input: ({ context }) => ({ brandId: context.brandId, values: profileValuesOf(context.values) }),
        onDone: { target: "connectFacebook" },
        onError: { target: "connectFacebook", actions: failed("saveProfile", 2) },
      },
    },
    connectFacebook: {
      entry: assign({ step: 3 }),
      on: {
        FACEBOOK_CONNECTED: {
          actions: assign({ facebook: ({ event }) => ({ status: "connected", pageName: event.pageName }) }),
        },
        FACEBOOK_DISCONNECTED: { actions: assign({ facebook: null }) },
        // Connecting is optional (Settings can do it later): Next without a page counts as skipping.
        NEXT: [
          { guard: "facebookConnected", target: "ready" },
          { target: "ready", actions: assign({ facebook: { status: "skipped" } }) },
        ],
        SKIP: { target: "ready", actions: assign({ facebook: { status: "skipped" } }) },
        PREVIOUS: "companyProfile",
      },
    },
    ready: {
      entry: assign({ step: 4 }),
      on: {
        NEXT: "finishing",
        GET_STARTED: "finishing",
        PREVIOUS: "connectFacebook",
      },
    },
    finishing: {
      tags: ["saving"],
      invoke: {
        src: "saveAll",
        input: ({ context }) => ({
          brandId: context.brandId,
          values: { ...brandValuesOf(context.values), ...profileValuesOf(context.values) },
        }),
        onDone: {
          target: "done",
          actions: assign({ brandId: ({ context, event }) => event.output?.brandId ?? context.brandId }),
        },
        // The spec: the last step saves everything and closes; on error it still closes.
        onError: { target: "done", actions: failed("saveAll", 4) },
      },
    },
    done: { type: "final" },
  },
});

function addListEntries(list: string[], entries: readonly string[]): string[] {
  return entries.reduce(addListEntry, list);
}

/** Records and logs a failed save; the wizard then moves on as if it had succeeded. */
function failed(action: WizardSaveAction, step: WizardStep) {
  const toError = ({ event }: { event: { error: unknown } }): WizardError => ({
    action,
    step,
    message: errorMessage(event.error),
  });
  return [
    { type: "recordError" as const, params: toError },
    { type: "logError" as const, params: toError },
  ];
}

export type SetupWizardMachine = typeof setupWizardMachine;
