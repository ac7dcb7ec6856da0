import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  PRESET_SWATCHES,
  type SaveAllInput,
  type SaveAllOutput,
  type SaveBrandInput,
  type SaveBrandOutput,
  type SaveProfileInput,
  setupWizardMachine,
  type WizardError,
} from "./setup-wizard";

/** A wizard whose savers record their inputs; each may be told to fail. */
function startWizard(options: { fail?: ("saveBrand" | "saveProfile" | "saveAll")[]; brandId?: string } = {}) {
  const calls = {
    saveBrand: [] as SaveBrandInput[],
    saveProfile: [] as SaveProfileInput[],
    saveAll: [] as SaveAllInput[],
  };
  const logged: WizardError[] = [];
  const fails = new Set(options.fail ?? []);
  const machine = setupWizardMachine.provide({
    actors: {
      saveBrand: fromPromise<SaveBrandOutput, SaveBrandInput>(async ({ input }) => {
        calls.saveBrand.push(input);
        if (fails.has("saveBrand")) throw new Error("brand save failed");
        return { brandId: input.brandId ?? "brand-1" };
      }),
      saveProfile: fromPromise<void, SaveProfileInput>(async ({ input }) => {
        calls.saveProfile.push(input);
        if (fails.has("saveProfile")) throw new Error("profile save failed");
      }),
      saveAll: fromPromise<SaveAllOutput, SaveAllInput>(async ({ input }) => {
        calls.saveAll.push(input);
        if (fails.has("saveAll")) throw new Error("network down");
        return { brandId: input.brandId ?? "brand-1" };
      }),
    },
    actions: { logError: (_, error) => logged.push(error) },
  });
  const actor = createActor(machine, { input: { brandId: options.brandId ?? null } });
  actor.start();
  return { actor, calls, logged };
}

const settle = (actor: ReturnType<typeof startWizard>["actor"]) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag("saving"));

describe("setup wizard", () => {
  it("offers 8 preset swatches, starting with the brand defaults", () => {
    expect(PRESET_SWATCHES).toHaveLength(8);
    expect(PRESET_SWATCHES.slice(0, 3).map((s) => s.color)).toEqual(["#3B82F6", "#8B5CF6", "#10B981"]);
    for (const swatch of PRESET_SWATCHES) expect(swatch.color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("walks steps 0 to 4 with Next and back with Previous", async () => {
    const { actor } = startWizard();
    expect(actor.getSnapshot().context.step).toBe(0);
    expect(actor.getSnapshot().can({ type: "PREVIOUS" })).toBe(false);
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: "PREVIOUS" });
    expect(actor.getSnapshot().context.step).toBe(0);
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(actor.getSnapshot().context.step).toBe(2);
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(actor.getSnapshot().context.step).toBe(3);
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.step).toBe(4);
    actor.send({ type: "PREVIOUS" });
    expect(actor.getSnapshot().context.step).toBe(3);
  });

  it("step 3 connects Facebook or skips it, and keeps what happened for the last step", async () => {
    const { actor } = startWizard({ brandId: "brand-1" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    actor.send({ type: "NEXT" });
    await settle(actor);
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe("connectFacebook");
    expect(actor.getSnapshot().context.facebook).toBeNull();

    // Skip moves on without a page.
    actor.send({ type: "SKIP" });
    expect(actor.getSnapshot().context).toMatchObject({ step: 4, facebook: { status: "skipped" } });

    // Back on step 3 the page gets connected; Next then keeps it.
    actor.send({ type: "PREVIOUS" });
    actor.send({ type: "FACEBOOK_CONNECTED", pageName: "Sandbox page" });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context).toMatchObject({
      step: 4,
      facebook: { status: "connected", pageName: "Sandbox page" },
    });

    // Disconnected again, Next counts as skipping; the event means nothing outside step 3.
    actor.send({ type: "PREVIOUS" });
    actor.send({ type: "FACEBOOK_DISCONNECTED" });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.facebook).toEqual({ status: "skipped" });
    expect(actor.getSnapshot().can({ type: "FACEBOOK_CONNECTED", pageName: "x" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "SKIP" })).toBe(false);
  });

  it("disables Next on step 1 while the brand name is blank", () => {
    const { actor, calls } = startWizard();
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    actor.send({ type: "SET_FIELD", field: "name", value: "   " });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(calls.saveBrand).toHaveLength(0);
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(true);
  });

  it("saves the brand when leaving step 1 and the profile when leaving step 2, then everything on Get Started", async () => {
    const { actor, calls } = startWizard();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "  Bean There " });
    actor.send({ type: "SET_FIELD", field: "primaryColor", value: "#F59E0B" });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().hasTag("saving")).toBe(true);
    await settle(actor);
    expect(calls.saveBrand).toEqual([
      {
        brandId: null,
        values: {
          name: "Bean There",
          primaryColor: "#F59E0B",
          secondaryColor: "#8B5CF6",
          accentColor: "#10B981",
        },
      },
    ]);
    expect(actor.getSnapshot().context.brandId).toBe("brand-1");

    actor.send({ type: "SET_FIELD", field: "industry", value: "Coffee" });
    actor.send({ type: "SET_FIELD", field: "tone", value: "friendly" });
    actor.send({ type: "SET_FIELD", field: "tone", value: "sarcastic" });
    actor.send({ type: "ADD_KEY_MESSAGE", value: "  Roasted daily " });
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(calls.saveProfile).toEqual([
      {
        brandId: "brand-1",
        values: {
          description: "",
          industry: "Coffee",
          tone: "friendly",
          targetAudience: "",
          keyMessages: ["Roasted daily"],
          doNotMention: [],
        },
      },
    ]);

    // Going back and forth over step 3 saves nothing.
    actor.send({ type: "NEXT" });
    actor.send({ type: "PREVIOUS" });
    actor.send({ type: "NEXT" });
    expect(calls.saveBrand).toHaveLength(1);
    expect(calls.saveProfile).toHaveLength(1);

    actor.send({ type: "GET_STARTED" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.saveAll).toHaveLength(1);
    expect(calls.saveAll[0]).toMatchObject({
      brandId: "brand-1",
      values: { name: "Bean There", industry: "Coffee" },
    });
    expect(actor.getSnapshot().output).toEqual({ brandId: "brand-1", errors: [] });
  });

  it("moves on when a save fails, records the error and logs it", async () => {
    const { actor, logged } = startWizard({ fail: ["saveBrand", "saveProfile"] });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(actor.getSnapshot().context.step).toBe(2);
    actor.send({ type: "NEXT" });
    await settle(actor);
    expect(actor.getSnapshot().context.step).toBe(3);
    expect(actor.getSnapshot().context.errors).toEqual([
      { action: "saveBrand", step: 1, message: "brand save failed" },
      { action: "saveProfile", step: 2, message: "profile save failed" },
    ]);
    expect(logged).toEqual(actor.getSnapshot().context.errors);
  });

  it("closes after Get Started even when the final save fails", async () => {
    const { actor } = startWizard({ fail: ["saveAll"], brandId: "existing" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    actor.send({ type: "NEXT" });
    await settle(actor);
    actor.send({ type: "NEXT" });
    await settle(actor);
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().output).toEqual({
      brandId: "existing",
      errors: [{ action: "saveAll", step: 4, message: "network down" }],
    });
  });

  it("adds key messages and do-not-mention entries only when non-blank and new, and removes them individually", () => {
    const { actor } = startWizard();
    for (const value of ["Fresh", "   ", "", "fresh", " Local  "])
      actor.send({ type: "ADD_KEY_MESSAGE", value });
    expect(actor.getSnapshot().context.values.keyMessages).toEqual(["Fresh", "Local"]);
    actor.send({ type: "REMOVE_KEY_MESSAGE", index: 0 });
    expect(actor.getSnapshot().context.values.keyMessages).toEqual(["Local"]);
    for (const value of ["Rivals", " ", "rivals", "Prices"])
      actor.send({ type: "ADD_DO_NOT_MENTION", value });
    expect(actor.getSnapshot().context.values.doNotMention).toEqual(["Rivals", "Prices"]);
    actor.send({ type: "REMOVE_DO_NOT_MENTION", index: 1 });
    expect(actor.getSnapshot().context.values.doNotMention).toEqual(["Rivals"]);
  });

  it("takes several values at once (Enhance All) and starts from given values", () => {
    const actor = createActor(setupWizardMachine, { input: { values: { name: "Preset", industry: "Tea" } } });
    actor.start();
    expect(actor.getSnapshot().context.values).toMatchObject({
      name: "Preset",
      industry: "Tea",
      tone: "professional",
    });
    actor.send({ type: "SET_VALUES", values: { description: "Better", keyMessages: [" a ", "A", ""] } });
    expect(actor.getSnapshot().context.values).toMatchObject({ description: "Better", keyMessages: ["a"] });
  });

  it("records a missing saver as an error instead of hanging", async () => {
    const actor = createActor(setupWizardMachine, { input: {} });
    actor.start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_FIELD", field: "name", value: "Acme" });
    actor.send({ type: "NEXT" });
    await waitFor(actor, (snapshot) => snapshot.context.step === 2);
    expect(actor.getSnapshot().context.errors[0]).toMatchObject({
      action: "saveBrand",
      message: "saveBrand is not provided",
    });
  });
});
