import { assign, fromPromise, setup } from "xstate";
import { formatMoney, MIN_BUDGET_MINOR } from "../campaigns/money";
import {
  type CampaignObjective,
  type CreateCampaignInput,
  campaignObjectives,
  DEFAULT_DAILY_BUDGET,
  DEFAULT_OBJECTIVE,
  START_IN_PAST,
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
/**
 * The budget input's hint, in the ad account's currency like the input's label ('Minimum $1.00 per day' or
 * '$1.00 total' for a USD account, 'Minimum €1.00 per day' for a EUR one).
 */
export function budgetHint(budgetType: "daily" | "lifetime", currency: string, locale?: string): string {
  const minimum = formatMoney(MIN_BUDGET_MINOR, currency, locale);
  return budgetType === "daily" ? `Minimum ${minimum} per day` : `${minimum} total`;
}

/** A day as the date input writes it (yyyy-mm-dd), in the user's own time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start date's problem, said by the field: a day before today (the server refuses it too). */
export const startDateProblem = (startDate: string, today: string): string | null =>
  startDate && startDate < today ? START_IN_PAST : null;

/**
 * A chosen day as the start the network gets: none for today (it starts now) and the day's local midnight
 * otherwise, so the server's "not in the past" never refuses a day the form offers (an earlier day is sent
 * as it is, for the server to refuse).
 */
export const toStartTime = (startDate: string, today: string): string | undefined =>
  startDate && startDate !== today ? localMidnight(startDate) : undefined;

/** The day's first moment where the user is (a date-time without an offset is local time). */
export const localMidnight = (date: string) => new Date(`${date}T00:00:00`).toISOString();

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
  /** The user's today (yyyy-mm-dd) when the wizard opened: the earliest start date it offers. */
  today: string;
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
export function canLeaveCampaignStep(
  step: WizardStepIndex,
  values: CampaignWizardValues,
  today: string,
): boolean {
  if (step === 0) return values.objective !== null && campaignObjectives.includes(values.objective);
  if (step === 1) return values.name.trim().length > 0;
  if (step === 2)
    return toMinorUnits(values.budget) >= MIN_BUDGET_MINOR && !startDateProblem(values.startDate, today);
  return true;
}

/** The wizard's values as createCampaign's input: only the chosen budget type, in minor units. */
export function toCreateCampaignInput(values: CampaignWizardValues, today: string): CreateCampaignInput {
  const startTime = toStartTime(values.startDate, today);
  const endTime =
    values.budgetType === "lifetime" && values.endDate ? localMidnight(values.endDate) : undefined;
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

/** The server's refusal of a past start (its reason, never its wording). */
export const refusedStart = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { reason?: unknown }).reason === "start_in_past";

const notProvided = () => async (): Promise<never> => {
  throw new Error("createCampaign was not provided to the campaign wizard");
};

export const campaignWizardMachine = setup({
  types: {
    context: {} as CampaignWizardContext,
    events: {} as CampaignWizardEvent,
    input: {} as { values?: Partial<CampaignWizardValues>; today?: string } | undefined,
    output: {} as { campaign: unknown },
  },
  actors: {
    createCampaign: fromPromise<unknown, CreateCampaignInput>(notProvided()),
  },
  guards: {
    canLeaveStep: ({ context }) =>
      context.step < LAST_STEP && canLeaveCampaignStep(context.step, context.values, context.today),
    canGoBack: ({ context }) => context.step > 0,
  },
}).createMachine({
  id: "campaignWizard",
  context: ({ input }) => ({
    step: 0,
    today: input?.today ?? localDay(new Date()),
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
          actions: assign({ step: ({ context }) => (context.step + 1) as WizardStepIndex, error: null }),
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
            // A changed field answers the error it was shown for.
            error: null,
          }),
        },
        CREATE: {
          guard: ({ context }) =>
            context.step === LAST_STEP &&
            [0, 1, 2].every((step) =>
              canLeaveCampaignStep(step as WizardStepIndex, context.values, context.today),
            ),
          target: "creating",
        },
      },
    },
    creating: {
      entry: assign({ error: null }),
      invoke: {
        src: "createCampaign",
        input: ({ context }) => toCreateCampaignInput(context.values, context.today),
        onDone: { target: "created", actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: "editing",
          // Everything typed stays; a refused start date takes the user back to the step that has it.
          actions: assign({
            step: ({ context, event }) => (refusedStart(event.error) ? 2 : context.step),
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
