import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { AdAccountChoice, ExchangeResult, PageChoice } from "../connections/schemas";
import {
  type ConnectChoiceInput,
  type ConnectionFlow,
  ERROR_REDIRECT_MS,
  type ExchangeCodeInput,
  type FacebookConnectionInput,
  facebookConnectionMachine,
  POPUP_CHECK_MS,
  type PopupMessage,
} from "./facebook-connection";

const page = (id: string, name: string): PageChoice => ({
  id,
  name,
  category: "Cafe",
  pictureUrl: null,
  canManagePosts: true,
});
const adAccount: AdAccountChoice = {
  id: "act_1",
  accountId: "1",
  name: "Coffee Ads",
  currency: "EUR",
  accountStatus: 1,
  statusText: "Active",
  balance: "0",
  amountSpent: "0",
  businessName: null,
};
const exchangeResult = (pages: PageChoice[], flow: ConnectionFlow = "page"): ExchangeResult => ({
  success: true,
  flow,
  network: "sandbox",
  profile: { id: "u1", name: null },
  pages,
  adAccounts: flow === "ads" ? [adAccount] : [],
  message: `Facebook connected! Found ${pages.length} page(s). Please select a page to connect.`,
});

/** A machine whose calls and browser actions are recorded; the popup's closed flag is the test's. */
function start(
  input: FacebookConnectionInput,
  options: {
    startFails?: string;
    exchange?: () => Promise<ExchangeResult>;
    connectFails?: string;
    opener?: boolean;
  } = {},
) {
  const calls = {
    start: [] as ConnectionFlow[],
    exchange: [] as ExchangeCodeInput[],
    connect: [] as ConnectChoiceInput[],
    opened: 0,
    dialogs: [] as string[],
    closed: 0,
    told: [] as PopupMessage[],
  };
  const popup = { closed: false };
  const clock = new SimulatedClock();
  const machine = facebookConnectionMachine.provide({
    actors: {
      startConnection: fromPromise(async ({ input }) => {
        calls.start.push(input.flow);
        if (options.startFails) throw new Error(options.startFails);
        return { url: `https://dialog.test/${input.flow}` };
      }),
      exchangeCode: fromPromise(async ({ input }) => {
        calls.exchange.push(input);
        return (options.exchange ?? (async () => exchangeResult([page("p1", "Coffee")])))();
      }),
      connectChoice: fromPromise(async ({ input }) => {
        calls.connect.push(input);
        if (options.connectFails !== undefined) throw new Error(options.connectFails);
        return { message: `Successfully connected to Facebook page: ${input.id}` };
      }),
    },
    guards: {
      popupClosed: () => popup.closed,
      hasOpener: () => options.opener ?? false,
    },
    actions: {
      openPopup: () => {
        calls.opened += 1;
      },
      showDialog: (_, params) => {
        calls.dialogs.push(params.url);
      },
      closePopup: () => {
        calls.closed += 1;
      },
      tellOpener: (_, message) => {
        calls.told.push(message);
      },
    },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  return { actor, calls, popup, clock };
}

const settled = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag("busy") || snapshot.matches("waiting"));

describe("facebook connection machine: the popup (Settings, /facebook-connect, wizard)", () => {
  it("opens the popup in the click, points it at the dialog, and shows the picker the popup sends", async () => {
    const { actor, calls } = start({ flow: "page", surface: "settings" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "CONNECT" });
    // Opened synchronously, before the start call answers: a popup opened later is blocked by browsers.
    expect(calls.opened).toBe(1);
    await waitFor(actor, (s) => s.matches("waiting"));
    expect(calls.dialogs).toEqual(["https://dialog.test/page"]);

    const pages = [page("p1", "Coffee"), page("p2", "Bakery")];
    actor.send({ type: "AUTH_SUCCESS", ...exchangeResult(pages) });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("choosing");
    expect(snapshot.context.notice).toBe(
      "Facebook connected! Found 2 page(s). Please select a page to connect.",
    );
    expect(snapshot.context.selected).toBe("p1");

    actor.send({ type: "SELECT", id: "p2" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("connected"));
    expect(calls.connect).toEqual([{ flow: "page", id: "p2" }]);
    expect(actor.getSnapshot().context.connectedMessage).toBe("Successfully connected to Facebook page: p2");
  });

  it("connects a single page at once when the screen asks for it", async () => {
    const { actor, calls } = start({ flow: "page", surface: "settings", connectSingleChoice: true });
    actor.send({ type: "CONNECT" });
    await waitFor(actor, (s) => s.matches("waiting"));
    actor.send({ type: "AUTH_SUCCESS", ...exchangeResult([page("p1", "Coffee")]) });
    await waitFor(actor, (s) => s.matches("connected"));
    expect(calls.connect).toEqual([{ flow: "page", id: "p1" }]);
  });

  it("checks every second whether the popup was closed and then says the connection was not completed", async () => {
    const { actor, popup, clock } = start({ flow: "page", surface: "settings" });
    actor.send({ type: "CONNECT" });
    await waitFor(actor, (s) => s.matches("waiting"));
    clock.increment(POPUP_CHECK_MS);
    clock.increment(POPUP_CHECK_MS);
    expect(actor.getSnapshot().matches("waiting")).toBe(true);
    popup.closed = true;
    clock.increment(POPUP_CHECK_MS);
    // Seen closed: an answer the popup sent just before closing may still be on its way.
    expect(actor.getSnapshot().matches("waiting")).toBe(true);
    clock.increment(POPUP_CHECK_MS - 1);
    expect(actor.getSnapshot().matches("waiting")).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.error).toBe(
      "Facebook connection was not completed. Please try again.",
    );
    // The error stays on Settings (no redirect there) and Connect tries again.
    clock.increment(ERROR_REDIRECT_MS * 2);
    expect(actor.getSnapshot().value).toBe("error");
    actor.send({ type: "CONNECT" });
    expect(actor.getSnapshot().value).toBe("opening");
  });

  it("takes the popup's answer when its closing was seen before its message", async () => {
    const { actor, popup, clock } = start({ flow: "page", surface: "settings" });
    actor.send({ type: "CONNECT" });
    await waitFor(actor, (s) => s.matches("waiting"));
    popup.closed = true;
    clock.increment(POPUP_CHECK_MS);
    actor.send({ type: "AUTH_SUCCESS", ...exchangeResult([page("p1", "Coffee")]) });
    expect(actor.getSnapshot().value).toBe("choosing");
    // The grace timer of the closed popup left with its state: nothing turns the picker into an error.
    clock.increment(POPUP_CHECK_MS * 3);
    expect(actor.getSnapshot().value).toBe("choosing");
  });

  it("uses the ad-account texts for the marketing flow", async () => {
    const { actor, popup, clock } = start({ flow: "ads", surface: "settings" });
    actor.send({ type: "CONNECT" });
    await waitFor(actor, (s) => s.matches("waiting"));
    popup.closed = true;
    clock.increment(POPUP_CHECK_MS);
    clock.increment(POPUP_CHECK_MS);
    expect(actor.getSnapshot().context.error).toBe(
      "Facebook ad account connection was not completed. Please try again.",
    );

    actor.send({ type: "CONNECT" });
    popup.closed = false;
    await waitFor(actor, (s) => s.matches("waiting"));
    actor.send({ type: "AUTH_SUCCESS", ...exchangeResult([], "ads"), adAccounts: [adAccount] });
    actor.send({ type: "SELECT", id: "act_missing" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().context.pickError).toBe("Selected ad account not found");
  });

  it("shows the popup's error, the start's refusal, and the connect call's refusal", async () => {
    const failing = start({ flow: "page", surface: "settings" });
    failing.actor.send({ type: "CONNECT" });
    await waitFor(failing.actor, (s) => s.matches("waiting"));
    failing.actor.send({
      type: "AUTH_ERROR",
      error: "Facebook access was denied. Please try again and grant the necessary permissions.",
    });
    expect(failing.actor.getSnapshot().context.error).toMatch(/^Facebook access was denied/);
    failing.actor.send({ type: "CONNECT" });
    await waitFor(failing.actor, (s) => s.matches("waiting"));
    failing.actor.send({ type: "AUTH_ERROR", error: "" });
    expect(failing.actor.getSnapshot().context.error).toBe("Facebook authentication failed");

    const refused = start(
      { flow: "ads", surface: "settings" },
      { startFails: "Please connect your Facebook page first" },
    );
    refused.actor.send({ type: "CONNECT" });
    await waitFor(refused.actor, (s) => s.matches("error"));
    expect(refused.actor.getSnapshot().context.error).toBe("Please connect your Facebook page first");
    expect(refused.calls.closed).toBe(1);

    const notConnected = start({ flow: "page", surface: "settings" }, { connectFails: "" });
    notConnected.actor.send({ type: "CONNECT" });
    await waitFor(notConnected.actor, (s) => s.matches("waiting"));
    notConnected.actor.send({ type: "AUTH_SUCCESS", ...exchangeResult([page("p1", "A"), page("p2", "B")]) });
    notConnected.actor.send({ type: "CONFIRM" });
    await waitFor(notConnected.actor, (s) => s.matches("choosing") && s.context.pickError !== null);
    expect(notConnected.actor.getSnapshot().context.pickError).toBe("Failed to select Facebook page");
  });
});

describe("facebook connection machine: the callback screens", () => {
  it("exchanges the code once and shows the picker; Connect Selected Page connects", async () => {
    const { actor, calls } = start({ flow: "page", surface: "callback", params: { code: "c", state: "s" } });
    await waitFor(actor, (s) => s.matches("choosing"));
    expect(calls.exchange).toEqual([{ code: "c", state: "s" }]);
    expect(calls.opened).toBe(0);
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("connected"));
    expect(calls.connect).toEqual([{ flow: "page", id: "p1" }]);
  });

  it("in a popup, tells the opener the pages (or the error) and hands over", async () => {
    const { actor, calls } = start(
      { flow: "page", surface: "callback", params: { code: "c", state: "s" } },
      { opener: true },
    );
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("handedOver");
    expect(calls.told).toEqual([
      expect.objectContaining({
        type: "FACEBOOK_AUTH_SUCCESS",
        pages: [page("p1", "Coffee")],
        network: "sandbox",
      }),
    ]);

    const denied = start(
      { flow: "ads", surface: "callback", params: { error: "access_denied", state: "s" } },
      { opener: true },
    );
    expect(denied.actor.getSnapshot().value).toBe("handedOver");
    expect(denied.calls.told).toEqual([
      {
        type: "FACEBOOK_MARKETING_AUTH_ERROR",
        error:
          "Facebook access was denied. Please try again and grant the necessary permissions for ad account management.",
      },
    ]);
  });

  it("shows the spec's error texts and leaves for Settings after 4 seconds", async () => {
    const missing = start({ flow: "page", surface: "callback", params: { code: "c" } });
    expect(missing.actor.getSnapshot().context.error).toBe("Missing authorization code or state parameter");
    missing.clock.increment(ERROR_REDIRECT_MS - 1);
    expect(missing.actor.getSnapshot().value).toBe("error");
    missing.clock.increment(1);
    expect(missing.actor.getSnapshot().value).toBe("leaving");

    const other = start({
      flow: "page",
      surface: "callback",
      params: { error: "server_error", errorDescription: "Try later" },
    });
    expect(other.actor.getSnapshot().context.error).toBe("Facebook auth error: server_error - Try later");

    const used = start(
      { flow: "page", surface: "callback", params: { code: "c", state: "s" } },
      {
        exchange: async () => {
          throw new Error("This authorization has already been processed. Please try connecting again.");
        },
      },
    );
    await waitFor(used.actor, (s) => s.matches("error"));
    expect(used.actor.getSnapshot().context.error).toBe(
      "This authorization has already been processed. Please try connecting again.",
    );

    const silent = start(
      { flow: "page", surface: "callback", params: { code: "c", state: "s" } },
      { exchange: () => Promise.reject(new Error("")) },
    );
    await waitFor(silent.actor, (s) => s.matches("error"));
    expect(silent.actor.getSnapshot().context.error).toBe("Token exchange failed");
  });

  it("asks for a choice with the callback's texts, and Skip leaves", async () => {
    const { actor } = start(
      { flow: "ads", surface: "callback", params: { code: "c", state: "s" } },
      { exchange: async () => ({ ...exchangeResult([], "ads"), adAccounts: [] }) },
    );
    await settled(actor);
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.selected).toBeNull();
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().context.pickError).toBe("Please select a Facebook ad account");
    actor.send({ type: "SKIP" });
    expect(actor.getSnapshot().value).toBe("leaving");
  });
});
