import { assign, fromPromise, setup } from "xstate";
import {
  type CampaignObjective,
  type CreateCampaignInput,
  campaignObjectives,
  DEFAULT_DAILY_BUDGET,
  DEFAULT_OBJECTIVE,
} from "../campaigns/schemas";

/**
 * The Create Campaign wizard (connections spec: Create Campaign wizard, Wizards, Campaign wizard
 * validation): four steps, Next guarded per step, Previous back, and on the last step Create, which runs the
 * `createCampaign` actor the screen provides (`machine.provide({ actors: { createCampaign } })`) while the
 * button says 'Creating...'. Success ends the machine with the campaign (the modal closes and the list
 * refreshes); a failure shows its message in the error box on the review step.
 */

export const CAMPAIGN_WIZARD_STEPS = [
  "Campaign Objective",
  "Campaign Details",
  "Budget & Schedule",
  "Review & Create",
] as const;
export type WizardStepIndex = 0 | 1 | 2 | 3;
const LAST_STEP: WizardStepIndex = 3;

export const CAMPAIGN_NAME_TIPS = "Keep it under 100 characters and avoid special characters.";

/** Budget inputs are in currency units (min 1, step 0.01); the network takes minor units (x100). */
export function toMinorUnits(amount: string): number {
  const value = Number(amount.replace(",", "."));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}
export const fromMinorUnits = (minor: number) => (minor / 100).toFixed(2);
export const budgetHint = (budgetType: "daily" | "lifetime") =>
  budgetType === "daily" ? "Minimum $1.00 per day" : "$1.00 total";

export interface CampaignWizardValues {
  objective: CampaignObjective | null;
  name: string;
  budgetType: "daily" | "lifetime";
  /** As typed, in currency units ("10.00"). */
  budget: string;
  /** yyyy-mm-dd or empty (optional). */
  startDate: string;
  /** Only with a lifetime budget. */
  endDate: string;
  /** ACTIVE for a new campaign; a duplicate is created PAUSED. */
  status: "ACTIVE" | "PAUSED";
}

export type CampaignWizardField = Exclude<keyof CampaignWizardValues, "objective" | "status">;

export interface CampaignWizardContext {
  step: WizardStepIndex;
  values: CampaignWizardValues;
  /** The review step's error box (the create's failure). */
  error: string | null;
  /** What createCampaign answered. */
  created: unknown;
}

export type CampaignWizardEvent =
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "CREATE" }
  | { type: "SET_OBJECTIVE"; objective: CampaignObjective }
  | { type: "SET_FIELD"; field: CampaignWizardField; value: string };

export const initialCampaignValues: CampaignWizardValues = {
  objective: DEFAULT_OBJECTIVE,
  name: "",
  budgetType: "daily",
  budget: fromMinorUnits(DEFAULT_DAILY_BUDGET),
  startDate: "",
  endDate: "",
  status: "ACTIVE",
};

/** Whether Next may leave this step (the screen disables Next otherwise). */
export function canLeaveCampaignStep(step: WizardStepIndex, values: CampaignWizardValues): boolean {
  if (step === 0) return values.objective !== null && campaignObjectives.includes(values.objective);
  if (step === 1) return values.name.trim().length > 0;
  if (step === 2) return toMinorUnits(values.budget) >= 100;
  return true;
}

const dayStart = (date: string) => (date ? new Date(`${date}T00:00:00.000Z`).toISOString() : undefined);

/** The wizard's values as createCampaign's input: only the chosen budget type, in minor units. */
export function toCreateCampaignInput(values: CampaignWizardValues): CreateCampaignInput {
  const startTime = dayStart(values.startDate);
  const endTime = values.budgetType === "lifetime" ? dayStart(values.endDate) : undefined;
  return {
    name: values.name.trim(),
    objective: values.objective ?? DEFAULT_OBJECTIVE,
    budgetType: values.budgetType,
    budget: toMinorUnits(values.budget),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(values.status === "PAUSED" ? { status: "PAUSED" as const } : {}),
  };
}

const notProvided = () => async (): Promise<never> => {
  throw new Error("createCampaign was not provided to the campaign wizard");
};

export const campaignWizardMachine = setup({
  types: {
    context: {} as CampaignWizardContext,
    events: {} as CampaignWizardEvent,
    input: {} as { values?: Partial<CampaignWizardValues> } | undefined,
    output: {} as { campaign: unknown },
  },
  actors: {
    createCampaign: fromPromise<unknown, CreateCampaignInput>(notProvided()),
  },
  guards: {
    canLeaveStep: ({ context }) =>
      context.step < LAST_STEP && canLeaveCampaignStep(context.step, context.values),
    canGoBack: ({ context }) => context.step > 0,
  },
}).createMachine({
  id: "campaignWizard",
  context: ({ input }) => ({
    step: 0,
    values: { ...initialCampaignValues, ...input?.values },
    error: null,
    created: null,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        NEXT: {
          guard: "canLeaveStep",
          actions: assign({ step: ({ context }) => (context.step + 1) as WizardStepIndex }),
        },
        PREVIOUS: {
          guard: "canGoBack",
          actions: assign({ step: ({ context }) => (context.step - 1) as WizardStepIndex, error: null }),
        },
        SET_OBJECTIVE: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, objective: event.objective }),
          }),
        },
        SET_FIELD: {
          actions: assign({
            values: ({ context, event }) => {
              const values = { ...context.values, [event.field]: event.value };
              // The end date belongs to a lifetime budget only.
              if (event.field === "budgetType" && event.value !== "lifetime") values.endDate = "";
              return values as CampaignWizardValues;
            },
          }),
        },
        CREATE: {
          guard: ({ context }) =>
            context.step === LAST_STEP &&
            [0, 1, 2].every((step) => canLeaveCampaignStep(step as WizardStepIndex, context.values)),
          target: "creating",
        },
      },
    },
    creating: {
      entry: assign({ error: null }),
      invoke: {
        src: "createCampaign",
        input: ({ context }) => toCreateCampaignInput(context.values),
        onDone: { target: "created", actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: "editing",
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : "Failed to create campaign",
          }),
        },
      },
    },
    created: {
      type: "final",
    },
  },
  output: ({ context }) => ({ campaign: context.created }),
});
