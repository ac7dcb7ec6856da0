import { assign, fromPromise, setup } from "xstate";
import { MIN_BUDGET_MINOR } from "../campaigns/money";
import {
  type AD_COUNTRIES,
  AGE_MAX,
  AGE_MIN,
  type BillingEvent,
  type CreateAdSetInput,
  DEFAULT_BILLING_EVENT,
  DEFAULT_COUNTRIES,
  DEFAULT_DAILY_BUDGET,
  DEFAULT_OPTIMIZATION_GOAL,
  type OptimizationGoal,
} from "../campaigns/schemas";
import {
  fromMinorUnits,
  localDay,
  localMidnight,
  toMinorUnits,
  toStartTime,
  type WizardStepIndex,
} from "./campaign-wizard";

/**
 * The Create Ad Set wizard (connections spec: Create Ad Set wizard, Wizards, Ad set wizard validation):
 * Ad Set Details, Audience, Budget & Bidding, Review & Create. Nothing blocks Next (the name may be empty);
 * ages 18 to 65 ('65+'), genders All/Male/Female toggling, countries multi-select (one at least), automatic
 * bidding only. Create runs the `createAdSet` actor the screen provides, for the campaign given as input.
 */

export const AD_SET_WIZARD_STEPS = [
  "Ad Set Details",
  "Audience",
  "Budget & Bidding",
  "Review & Create",
] as const;
const LAST_STEP: WizardStepIndex = 3;

/** The age selector's label: 65 is shown as '65+'. */
export const ageLabel = (age: number) => (age >= AGE_MAX ? `${AGE_MAX}+` : String(age));
export const AGE_OPTIONS = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, index) => AGE_MIN + index);

export type GenderChoice = "all" | 1 | 2;

export interface AdSetWizardValues {
  name: string;
  optimizationGoal: OptimizationGoal;
  billingEvent: BillingEvent;
  ageMin: number;
  ageMax: number;
  /** [1, 2] is everyone. */
  genders: (1 | 2)[];
  countries: (typeof AD_COUNTRIES)[number][];
  budgetType: "daily" | "lifetime";
  /** Currency units as typed. */
  budget: string;
  startDate: string;
  endDate: string;
}

export interface AdSetWizardContext {
  campaignId: string;
  /** The user's today (yyyy-mm-dd) when the wizard opened: a start on it means now. */
  today: string;
  step: WizardStepIndex;
  values: AdSetWizardValues;
  error: string | null;
  created: unknown;
}

export type AdSetWizardEvent =
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "CREATE" }
  | { type: "SET_FIELD"; field: "name" | "budget" | "startDate" | "endDate"; value: string }
  | { type: "SET_OPTIMIZATION_GOAL"; value: OptimizationGoal }
  | { type: "SET_BILLING_EVENT"; value: BillingEvent }
  | { type: "SET_BUDGET_TYPE"; value: "daily" | "lifetime" }
  | { type: "SET_AGE"; bound: "min" | "max"; value: number }
  | { type: "TOGGLE_GENDER"; gender: GenderChoice }
  | { type: "TOGGLE_COUNTRY"; country: (typeof AD_COUNTRIES)[number] };

export const initialAdSetValues: AdSetWizardValues = {
  name: "",
  optimizationGoal: DEFAULT_OPTIMIZATION_GOAL,
  billingEvent: DEFAULT_BILLING_EVENT,
  ageMin: AGE_MIN,
  ageMax: AGE_MAX,
  genders: [1, 2],
  countries: [...DEFAULT_COUNTRIES],
  budgetType: "daily",
  budget: fromMinorUnits(DEFAULT_DAILY_BUDGET),
  startDate: "",
  endDate: "",
};

/** All selects both; a single gender selects only it, and choosing it again goes back to both. */
export function toggleGender(current: (1 | 2)[], choice: GenderChoice): (1 | 2)[] {
  if (choice === "all") return [1, 2];
  return current.length === 1 && current[0] === choice ? [1, 2] : [choice];
}

/** Adds or removes a country; the last one stays (an ad set targets somewhere). */
export function toggleCountry<C extends string>(current: C[], country: C): C[] {
  if (!current.includes(country)) return [...current, country];
  return current.length === 1 ? current : current.filter((value) => value !== country);
}

export function toCreateAdSetInput(
  campaignId: string,
  values: AdSetWizardValues,
  today: string,
): CreateAdSetInput {
  const startTime = toStartTime(values.startDate, today);
  const endTime = values.endDate ? localMidnight(values.endDate) : undefined;
  return {
    campaignId,
    name: values.name.trim(),
    optimizationGoal: values.optimizationGoal,
    billingEvent: values.billingEvent,
    budgetType: values.budgetType,
    budget: Math.max(toMinorUnits(values.budget), MIN_BUDGET_MINOR),
    ageMin: values.ageMin,
    ageMax: values.ageMax,
    genders: values.genders,
    countries: values.countries,
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

const setValues = (
  change: (values: AdSetWizardValues, event: AdSetWizardEvent) => Partial<AdSetWizardValues>,
) =>
  assign<AdSetWizardContext, AdSetWizardEvent, undefined, AdSetWizardEvent, never>({
    values: ({ context, event }) => ({ ...context.values, ...change(context.values, event) }),
  });

export const adSetWizardMachine = setup({
  types: {
    context: {} as AdSetWizardContext,
    events: {} as AdSetWizardEvent,
    input: {} as { campaignId: string; values?: Partial<AdSetWizardValues>; today?: string },
    output: {} as { adSet: unknown },
  },
  actors: {
    createAdSet: fromPromise<unknown, CreateAdSetInput>(async () => {
      throw new Error("createAdSet was not provided to the ad set wizard");
    }),
  },
}).createMachine({
  id: "adSetWizard",
  context: ({ input }) => ({
    campaignId: input.campaignId,
    today: input.today ?? localDay(new Date()),
    step: 0,
    values: { ...initialAdSetValues, ...input.values },
    error: null,
    created: null,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        NEXT: {
          guard: ({ context }) => context.step < LAST_STEP,
          actions: assign({ step: ({ context }) => (context.step + 1) as WizardStepIndex }),
        },
        PREVIOUS: {
          guard: ({ context }) => context.step > 0,
          actions: assign({ step: ({ context }) => (context.step - 1) as WizardStepIndex, error: null }),
        },
        SET_FIELD: {
          actions: setValues((_, event) =>
            event.type === "SET_FIELD" ? { [event.field]: event.value } : {},
          ),
        },
        SET_OPTIMIZATION_GOAL: {
          actions: setValues((_, event) =>
            event.type === "SET_OPTIMIZATION_GOAL" ? { optimizationGoal: event.value } : {},
          ),
        },
        SET_BILLING_EVENT: {
          actions: setValues((_, event) =>
            event.type === "SET_BILLING_EVENT" ? { billingEvent: event.value } : {},
          ),
        },
        SET_BUDGET_TYPE: {
          actions: setValues((_, event) =>
            event.type === "SET_BUDGET_TYPE" ? { budgetType: event.value } : {},
          ),
        },
        SET_AGE: {
          actions: setValues((values, event) => {
            if (event.type !== "SET_AGE") return {};
            const age = Math.min(AGE_MAX, Math.max(AGE_MIN, Math.round(event.value)));
            // The other bound follows so the range never turns inside out.
            return event.bound === "min"
              ? { ageMin: age, ageMax: Math.max(age, values.ageMax) }
              : { ageMax: age, ageMin: Math.min(age, values.ageMin) };
          }),
        },
        TOGGLE_GENDER: {
          actions: setValues((values, event) =>
            event.type === "TOGGLE_GENDER" ? { genders: toggleGender(values.genders, event.gender) } : {},
          ),
        },
        TOGGLE_COUNTRY: {
          actions: setValues((values, event) =>
            event.type === "TOGGLE_COUNTRY"
              ? { countries: toggleCountry(values.countries, event.country) }
              : {},
          ),
        },
        CREATE: { guard: ({ context }) => context.step === LAST_STEP, target: "creating" },
      },
    },
    creating: {
      entry: assign({ error: null }),
      invoke: {
        src: "createAdSet",
        input: ({ context }) => toCreateAdSetInput(context.campaignId, context.values, context.today),
        onDone: { target: "created", actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: "editing",
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : "Failed to create ad set",
          }),
        },
      },
    },
    created: { type: "final" },
  },
  output: ({ context }) => ({ adSet: context.created }),
});
