import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { CreateAdSetInput, CreateCampaignInput } from "../campaigns/schemas";
import { adSetWizardMachine, ageLabel, toggleCountry, toggleGender } from "./ad-set-wizard";
import { budgetHint, campaignWizardMachine, toMinorUnits } from "./campaign-wizard";

/** The user's today in these tests (the wizard takes it at opening; the browser gives its own). */
const TODAY = "2026-11-23";
/** A day's first moment where the test runs, as the wizard sends it. */
const midnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();

function startCampaignWizard(fail?: string) {
  const sent: CreateCampaignInput[] = [];
  const machine = campaignWizardMachine.provide({
    actors: {
      createCampaign: fromPromise<unknown, CreateCampaignInput>(async ({ input }) => {
        sent.push(input);
        if (fail) throw new Error(fail);
        return { id: "c1", name: input.name };
      }),
    },
  });
  const actor = createActor(machine, { input: { today: TODAY } }).start();
  return { actor, sent, step: () => actor.getSnapshot().context.step };
}

function startAdSetWizard(fail?: string) {
  const sent: CreateAdSetInput[] = [];
  const machine = adSetWizardMachine.provide({
    actors: {
      createAdSet: fromPromise<unknown, CreateAdSetInput>(async ({ input }) => {
        sent.push(input);
        if (fail) throw new Error(fail);
        return { id: "s1" };
      }),
    },
  });
  const actor = createActor(machine, { input: { campaignId: "camp-1", today: TODAY } }).start();
  return { actor, sent, values: () => actor.getSnapshot().context.values };
}

describe("the campaign wizard", () => {
  it("starts on Campaign Objective with the spec's defaults", () => {
    const { actor } = startCampaignWizard();
    expect(actor.getSnapshot().context).toMatchObject({
      step: 0,
      values: {
        objective: "OUTCOME_TRAFFIC",
        name: "",
        budgetType: "daily",
        budget: "10.00",
        startDate: "",
        endDate: "",
      },
      error: null,
    });
    expect(budgetHint("daily", "USD", "en-US")).toBe("Minimum $1.00 per day");
    expect(budgetHint("lifetime", "USD", "en-US")).toBe("$1.00 total");
  });

  it("says the minimum in the ad account's currency, like the budget's label", () => {
    expect(budgetHint("daily", "EUR", "en-US")).toBe("Minimum €1.00 per day");
    expect(budgetHint("lifetime", "EUR", "en-US")).toBe("€1.00 total");
    expect(budgetHint("daily", "GBP", "en-GB")).toBe("Minimum £1.00 per day");
    expect(budgetHint("lifetime", "EUR", "de-DE")).toBe("1,00\u00a0€ total");
    for (const type of ["daily", "lifetime"] as const) expect(budgetHint(type, "EUR")).not.toContain("$");
  });

  it("refuses a start date before today by the field, keeping everything typed", async () => {
    const { actor, sent, step } = startCampaignWizard();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Last year" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "budget", value: "25" });
    // Eleven months before today, as the newcomer typed it.
    actor.send({ type: "SET_FIELD", field: "startDate", value: "2025-12-23" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(2);
    expect(actor.getSnapshot().context.values).toMatchObject({
      name: "Last year",
      budget: "25",
      startDate: "2025-12-23",
    });
    actor.send({ type: "SET_FIELD", field: "startDate", value: "2026-11-22" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(2);
    // Today starts now (no start sent); a later day starts at its midnight where the user is.
    actor.send({ type: "SET_FIELD", field: "startDate", value: TODAY });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(3);
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent[0]).not.toHaveProperty("startTime");
  });

  it("takes the user back to the start date when the server refuses it, with what was typed", async () => {
    const refusal = Object.assign(
      new Error("The start date can't be in the past. Choose today or a later date."),
      {
        reason: "start_in_past",
      },
    );
    const machine = campaignWizardMachine.provide({
      actors: {
        createCampaign: fromPromise<unknown, CreateCampaignInput>(async () => {
          throw refusal;
        }),
      },
    });
    const actor = createActor(machine, { input: { today: TODAY } }).start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Kept" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "startDate", value: "2026-11-24" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({
      step: 2,
      error: refusal.message,
      values: { name: "Kept", startDate: "2026-11-24" },
    });
    actor.send({ type: "SET_FIELD", field: "startDate", value: "2026-11-25" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("guards each step: a name on step 2, a budget on step 3; Previous goes back", () => {
    const { actor, step } = startCampaignWizard();
    actor.send({ type: "NEXT" });
    expect(step()).toBe(1);
    actor.send({ type: "NEXT" });
    expect(step()).toBe(1);
    actor.send({ type: "SET_FIELD", field: "name", value: "   " });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(1);
    actor.send({ type: "SET_FIELD", field: "name", value: "Spring launch" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(2);
    actor.send({ type: "SET_FIELD", field: "budget", value: "0" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(2);
    actor.send({ type: "SET_FIELD", field: "budget", value: "0.50" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(2);
    actor.send({ type: "SET_FIELD", field: "budget", value: "25.5" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe(3);
    actor.send({ type: "NEXT" });
    expect(step()).toBe(3);
    actor.send({ type: "PREVIOUS" });
    expect(step()).toBe(2);
  });

  it("creates with the budget in minor units and only the chosen budget type", async () => {
    const { actor, sent } = startCampaignWizard();
    actor.send({ type: "SET_OBJECTIVE", objective: "OUTCOME_SALES" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: " Black Friday " });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "budgetType", value: "lifetime" });
    actor.send({ type: "SET_FIELD", field: "budget", value: "150.25" });
    actor.send({ type: "SET_FIELD", field: "startDate", value: "2026-11-27" });
    actor.send({ type: "SET_FIELD", field: "endDate", value: "2026-11-30" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    expect(actor.getSnapshot().value).toBe("creating");
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent).toEqual([
      {
        name: "Black Friday",
        objective: "OUTCOME_SALES",
        budgetType: "lifetime",
        budget: 15025,
        startTime: midnight("2026-11-27"),
        endTime: midnight("2026-11-30"),
      },
    ]);
    expect(actor.getSnapshot().output).toEqual({ campaign: { id: "c1", name: "Black Friday" } });
  });

  it("drops the end date with a daily budget, and CREATE works only on the review step", async () => {
    const { actor, sent } = startCampaignWizard();
    actor.send({ type: "CREATE" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Daily" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "budgetType", value: "lifetime" });
    actor.send({ type: "SET_FIELD", field: "endDate", value: "2026-12-01" });
    actor.send({ type: "SET_FIELD", field: "budgetType", value: "daily" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent[0]).toEqual({
      name: "Daily",
      objective: "OUTCOME_TRAFFIC",
      budgetType: "daily",
      budget: 1000,
    });
  });

  it("shows a failure in the review step's error box and lets the user try again", async () => {
    const { actor } = startCampaignWizard("Failed to create campaign");
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Broken" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ step: 3, error: "Failed to create campaign" });
    actor.send({ type: "PREVIOUS" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("creates a duplicate PAUSED", async () => {
    const sent: CreateCampaignInput[] = [];
    const machine = campaignWizardMachine.provide({
      actors: {
        createCampaign: fromPromise<unknown, CreateCampaignInput>(async ({ input }) => {
          sent.push(input);
          return {};
        }),
      },
    });
    const actor = createActor(machine, {
      input: { values: { name: "Spring (Copy)", status: "PAUSED" } },
    }).start();
    for (let i = 0; i < 3; i++) actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent[0]).toMatchObject({ name: "Spring (Copy)", status: "PAUSED" });
  });

  it("turns typed amounts into minor units", () => {
    expect(toMinorUnits("10")).toBe(1000);
    expect(toMinorUnits("10,5")).toBe(1050);
    expect(toMinorUnits("0.01")).toBe(1);
    expect(toMinorUnits("19.999")).toBe(2000);
    expect(toMinorUnits("abc")).toBe(0);
    expect(toMinorUnits("-5")).toBe(0);
  });
});

describe("the ad set wizard", () => {
  it("starts with the spec's defaults and never blocks Next", () => {
    const { actor, values } = startAdSetWizard();
    expect(values()).toMatchObject({
      name: "",
      optimizationGoal: "LINK_CLICKS",
      billingEvent: "CLICKS",
      ageMin: 18,
      ageMax: 65,
      genders: [1, 2],
      countries: ["US"],
      budgetType: "daily",
      budget: "10.00",
    });
    for (const expected of [1, 2, 3, 3]) {
      actor.send({ type: "NEXT" });
      expect(actor.getSnapshot().context.step).toBe(expected);
    }
    expect(ageLabel(65)).toBe("65+");
    expect(ageLabel(30)).toBe("30");
  });

  it("toggles genders and countries, keeps the age range in order", () => {
    expect(toggleGender([1, 2], 1)).toEqual([1]);
    expect(toggleGender([1], 1)).toEqual([1, 2]);
    expect(toggleGender([1], 2)).toEqual([2]);
    expect(toggleGender([2], "all")).toEqual([1, 2]);
    expect(toggleCountry(["US"], "FR")).toEqual(["US", "FR"]);
    expect(toggleCountry(["US", "FR"], "US")).toEqual(["FR"]);
    expect(toggleCountry(["FR"], "FR")).toEqual(["FR"]);
    const { actor, values } = startAdSetWizard();
    actor.send({ type: "SET_AGE", bound: "min", value: 40 });
    actor.send({ type: "SET_AGE", bound: "max", value: 30 });
    expect(values()).toMatchObject({ ageMin: 30, ageMax: 30 });
    actor.send({ type: "SET_AGE", bound: "max", value: 99 });
    expect(values().ageMax).toBe(65);
  });

  it("creates for its campaign with the audience and budget in minor units", async () => {
    const { actor, sent } = startAdSetWizard();
    actor.send({ type: "SET_FIELD", field: "name", value: "Women in Europe" });
    actor.send({ type: "SET_OPTIMIZATION_GOAL", value: "REACH" });
    actor.send({ type: "TOGGLE_GENDER", gender: 2 });
    actor.send({ type: "TOGGLE_COUNTRY", country: "FR" });
    actor.send({ type: "TOGGLE_COUNTRY", country: "US" });
    actor.send({ type: "SET_AGE", bound: "min", value: 25 });
    actor.send({ type: "SET_FIELD", field: "budget", value: "7.5" });
    for (let i = 0; i < 3; i++) actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent).toEqual([
      {
        campaignId: "camp-1",
        name: "Women in Europe",
        optimizationGoal: "REACH",
        billingEvent: "CLICKS",
        budgetType: "daily",
        budget: 750,
        ageMin: 25,
        ageMax: 65,
        genders: [2],
        countries: ["FR"],
      },
    ]);
    expect(actor.getSnapshot().output).toEqual({ adSet: { id: "s1" } });
  });

  it("keeps the user on the review step with the error", async () => {
    const { actor } = startAdSetWizard("Failed to create ad set");
    for (let i = 0; i < 3; i++) actor.send({ type: "NEXT" });
    actor.send({ type: "CREATE" });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ step: 3, error: "Failed to create ad set" });
  });
});
