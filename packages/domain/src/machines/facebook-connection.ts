import { assign, fromPromise, setup } from "xstate";
import { AUTH_FAILED, MARKETING_AUTH_FAILED, MISSING_CODE_OR_STATE } from "../connections/messages";
import type { AdAccountChoice, ExchangeResult, PageChoice } from "../connections/schemas";

/**
 * Connecting a Facebook page or an ad account (connections.md sections 2, 4, 5 and 8) as ONE machine, run
 * by every screen that connects: the Settings tab, /facebook-connect and wizard step 3 (surface "settings":
 * a popup on the login dialog), and the two callback screens (surface "callback": the dialog's answer in the
 * URL). The machine owns the steps, the choice and the texts; the screen provides what only a browser can do
 * (open and watch the popup, talk to the opener) and the three calls, so it runs and is tested without
 * React or HTTP.
 *
 *   settings: idle -CONNECT-> opening -> waiting -AUTH_SUCCESS-> choosing -CONFIRM-> connecting -> connected
 *                                          |  \-AUTH_ERROR / popup closed and no answer 1 s later-> error
 *   callback: checking -> exchanging -> choosing ... -> connected | handedOver (a popup told its opener)
 *                           \-> error -(4 s)-> leaving
 */

export type ConnectionFlow = "page" | "ads";
export type ConnectionSurface = "settings" | "callback";

/** connections.md section 4: whether the popup was closed is checked every second. */
export const POPUP_CHECK_MS = 1000;
/** connections.md section 2: on error the callback screen sends the user to /settings after 4 seconds. */
export const ERROR_REDIRECT_MS = 4000;

/** The message types a callback popup posts to its opener (connections.md section 4). */
export const popupMessageTypes = {
  page: { success: "FACEBOOK_AUTH_SUCCESS", error: "FACEBOOK_AUTH_ERROR" },
  ads: { success: "FACEBOOK_MARKETING_AUTH_SUCCESS", error: "FACEBOOK_MARKETING_AUTH_ERROR" },
} as const;

export type PopupMessage =
  | {
      type: "FACEBOOK_AUTH_SUCCESS" | "FACEBOOK_MARKETING_AUTH_SUCCESS";
      pages: PageChoice[];
      adAccounts: AdAccountChoice[];
      message: string;
      network: "meta" | "sandbox";
    }
  | { type: "FACEBOOK_AUTH_ERROR" | "FACEBOOK_MARKETING_AUTH_ERROR"; error: string };

/** The texts of connections.md sections 5 and 8, per flow and, where the spec differs, per surface. */
export function connectionTexts(flow: ConnectionFlow, surface: ConnectionSurface) {
  const ads = flow === "ads";
  return {
    notCompleted: ads
      ? "Facebook ad account connection was not completed. Please try again."
      : "Facebook connection was not completed. Please try again.",
    startFailed: ads ? "Marketing authentication failed" : "Failed to start Facebook authentication",
    authFailed: ads ? MARKETING_AUTH_FAILED : AUTH_FAILED,
    exchangeFailed: "Token exchange failed",
    selectMissing: ads
      ? surface === "callback"
        ? "Please select a Facebook ad account"
        : "Please select an ad account"
      : "Please select a Facebook page",
    notFound: ads ? "Selected ad account not found" : "Selected page not found",
    selectFailed: ads
      ? surface === "callback"
        ? "Failed to select Facebook ad account"
        : "Failed to select ad account"
      : "Failed to select Facebook page",
  };
}

/** The callback's text for what the dialog sent back instead of a code (connections.md section 8). */
export function describeDialogError(flow: ConnectionFlow, error: string, description: string | null): string {
  if (error === "access_denied") {
    return flow === "ads"
      ? "Facebook access was denied. Please try again and grant the necessary permissions for ad account management."
      : "Facebook access was denied. Please try again and grant the necessary permissions.";
  }
  return `Facebook auth error: ${error} - ${description ?? "Unknown error"}`;
}

export interface FacebookConnectionInput {
  flow: ConnectionFlow;
  surface: ConnectionSurface;
  /** The callback's query parameters (code, state, error, error_description). */
  params?: {
    code?: string | null;
    state?: string | null;
    error?: string | null;
    errorDescription?: string | null;
  };
  /** Settings: a single page (or ad account) is connected without showing a picker of one. */
  connectSingleChoice?: boolean;
}

export interface FacebookConnectionContext {
  flow: ConnectionFlow;
  surface: ConnectionSurface;
  params: NonNullable<FacebookConnectionInput["params"]>;
  connectSingleChoice: boolean;
  pages: PageChoice[];
  adAccounts: AdAccountChoice[];
  network: "meta" | "sandbox" | null;
  /** The exchange's own line ('Facebook connected! Found N page(s)...'). */
  notice: string | null;
  selected: string | null;
  pickError: string | null;
  error: string | null;
  /** The connect call's success text, e.g. 'Successfully connected to Facebook page: {name}'. */
  connectedMessage: string | null;
}

export interface ExchangeCodeInput {
  code: string;
  state: string;
}
export interface ConnectChoiceInput {
  flow: ConnectionFlow;
  id: string;
}

type Choices = Pick<ExchangeResult, "pages" | "adAccounts" | "message" | "network">;

export type FacebookConnectionEvent =
  | { type: "CONNECT" }
  | ({ type: "AUTH_SUCCESS" } & Choices)
  | { type: "AUTH_ERROR"; error: string }
  | { type: "SELECT"; id: string }
  | { type: "CONFIRM" }
  | { type: "SKIP" }
  | { type: "RESET" };

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : typeof error === "string" && error ? error : null;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};

const choiceIds = (context: Pick<FacebookConnectionContext, "flow" | "pages" | "adAccounts">) =>
  context.flow === "ads" ? context.adAccounts.map((a) => a.id) : context.pages.map((p) => p.id);

/** What a successful exchange (in this window or in the popup) puts in the context: the choices, first picked. */
const takeChoices = (context: FacebookConnectionContext, choices: Choices) => {
  const next = { ...context, ...choices, notice: choices.message, pickError: null, error: null };
  return { ...next, selected: choiceIds(next)[0] ?? null };
};

export const facebookConnectionMachine = setup({
  types: {
    context: {} as FacebookConnectionContext,
    events: {} as FacebookConnectionEvent,
    input: {} as FacebookConnectionInput,
  },
  actors: {
    startConnection: fromPromise<{ url: string }, { flow: ConnectionFlow }>(notProvided("startConnection")),
    exchangeCode: fromPromise<ExchangeResult, ExchangeCodeInput>(notProvided("exchangeCode")),
    connectChoice: fromPromise<{ message?: string }, ConnectChoiceInput>(notProvided("connectChoice")),
  },
  guards: {
    /** The screen tells whether the popup it opened is gone; without a popup nothing is watched. */
    popupClosed: () => false,
    /** The callback screen runs inside a popup opened by our own page. */
    hasOpener: () => false,
    hasDialogError: ({ context }) => Boolean(context.params.error),
    hasCodeAndState: ({ context }) => Boolean(context.params.code && context.params.state),
    isCallback: ({ context }) => context.surface === "callback",
    // Read from the event: guards run before the transition's assign has stored the choices.
    connectsSingleChoice: ({ context, event }) =>
      event.type === "AUTH_SUCCESS" &&
      context.connectSingleChoice &&
      choiceIds({ flow: context.flow, pages: event.pages, adAccounts: event.adAccounts }).length === 1,
    hasSelection: ({ context }) => context.selected !== null,
    selectionExists: ({ context }) =>
      context.selected !== null && choiceIds(context).includes(context.selected),
  },
  actions: {
    /** Runs inside the click's own event, so the browser lets the popup open. */
    openPopup: () => {},
    /** Points the popup at the dialog; without a popup (blocked) the screen navigates this window. */
    showDialog: (_, _params: { url: string }) => {},
    closePopup: () => {},
    tellOpener: (_, _message: PopupMessage) => {},
  },
}).createMachine({
  id: "facebookConnection",
  context: ({ input }) => ({
    flow: input.flow,
    surface: input.surface,
    params: input.params ?? {},
    connectSingleChoice: input.connectSingleChoice ?? false,
    pages: [],
    adAccounts: [],
    network: null,
    notice: null,
    selected: null,
    pickError: null,
    error: null,
    connectedMessage: null,
  }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "isCallback", target: "readingCallback" }, { target: "idle" }],
    },
    idle: {
      on: { CONNECT: { target: "opening", actions: "openPopup" } },
    },
    opening: {
      tags: ["busy"],
      invoke: {
        src: "startConnection",
        input: ({ context }) => ({ flow: context.flow }),
        onDone: {
          target: "waiting",
          actions: { type: "showDialog", params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: "error",
          actions: [
            "closePopup",
            assign({
              error: ({ context, event }) =>
                messageOf(event.error) ?? connectionTexts(context.flow, context.surface).startFailed,
            }),
          ],
        },
      },
    },
    waiting: {
      tags: ["busy"],
      on: {
        AUTH_SUCCESS: [
          {
            guard: "connectsSingleChoice",
            target: "connecting",
            actions: assign(({ context, event }) => takeChoices(context, event)),
          },
          { target: "choosing", actions: assign(({ context, event }) => takeChoices(context, event)) },
        ],
        AUTH_ERROR: {
          target: "error",
          actions: assign({
            error: ({ context, event }) =>
              event.error || connectionTexts(context.flow, context.surface).authFailed,
          }),
        },
        // The user gave up on the popup: nothing is left waiting.
        RESET: { target: "idle", actions: "closePopup" },
      },
      initial: "popupOpen",
      states: {
        popupOpen: {
          after: {
            [POPUP_CHECK_MS]: [
              { guard: "popupClosed", target: "popupClosed" },
              { target: "popupOpen", reenter: true },
            ],
          },
        },
        /*
         * The callback page posts its answer and then closes itself. The browser queues that message and our
         * timer in different task queues, so on a busy page this check can see the window closed before the
         * message sent first is handled: a closed popup is "not completed" only when no answer arrives within
         * the next check's time.
         */
        popupClosed: {
          after: {
            [POPUP_CHECK_MS]: {
              target: "#facebookConnection.error",
              actions: assign({
                error: ({ context }) => connectionTexts(context.flow, context.surface).notCompleted,
              }),
            },
          },
        },
      },
    },
    readingCallback: {
      always: [
        {
          guard: "hasDialogError",
          target: "failing",
          actions: assign({
            error: ({ context }) =>
              describeDialogError(
                context.flow,
                context.params.error ?? "",
                context.params.errorDescription ?? null,
              ),
          }),
        },
        { guard: "hasCodeAndState", target: "exchanging" },
        { target: "failing", actions: assign({ error: MISSING_CODE_OR_STATE }) },
      ],
    },
    exchanging: {
      tags: ["busy"],
      invoke: {
        src: "exchangeCode",
        input: ({ context }) => ({ code: context.params.code ?? "", state: context.params.state ?? "" }),
        onDone: [
          {
            guard: "hasOpener",
            target: "handedOver",
            actions: [
              assign(({ context, event }) => takeChoices(context, event.output)),
              {
                type: "tellOpener",
                params: ({ context, event }) => ({
                  type: popupMessageTypes[context.flow].success,
                  pages: event.output.pages,
                  adAccounts: event.output.adAccounts,
                  message: event.output.message,
                  network: event.output.network,
                }),
              },
            ],
          },
          { target: "choosing", actions: assign(({ context, event }) => takeChoices(context, event.output)) },
        ],
        onError: {
          target: "failing",
          actions: assign({
            error: ({ context, event }) =>
              messageOf(event.error) ?? connectionTexts(context.flow, context.surface).exchangeFailed,
          }),
        },
      },
    },
    /** A callback's failure: told to the opener (which shows it) or shown here before leaving. */
    failing: {
      always: [
        {
          guard: "hasOpener",
          target: "handedOver",
          actions: {
            type: "tellOpener",
            params: ({ context }) => ({
              type: popupMessageTypes[context.flow].error,
              error: context.error ?? connectionTexts(context.flow, context.surface).authFailed,
            }),
          },
        },
        { target: "error" },
      ],
    },
    choosing: {
      on: {
        SELECT: { actions: assign({ selected: ({ event }) => event.id, pickError: null }) },
        CONFIRM: [
          { guard: "selectionExists", target: "connecting", actions: assign({ pickError: null }) },
          {
            guard: "hasSelection",
            actions: assign({
              pickError: ({ context }) => connectionTexts(context.flow, context.surface).notFound,
            }),
          },
          {
            actions: assign({
              pickError: ({ context }) => connectionTexts(context.flow, context.surface).selectMissing,
            }),
          },
        ],
        SKIP: [{ guard: "isCallback", target: "leaving" }, { target: "idle" }],
        CONNECT: { target: "opening", actions: "openPopup" },
      },
    },
    connecting: {
      tags: ["busy"],
      invoke: {
        src: "connectChoice",
        input: ({ context }) => ({ flow: context.flow, id: context.selected ?? "" }),
        onDone: {
          target: "connected",
          actions: assign({ connectedMessage: ({ event }) => event.output.message ?? null }),
        },
        onError: {
          target: "choosing",
          actions: assign({
            pickError: ({ context, event }) =>
              messageOf(event.error) ?? connectionTexts(context.flow, context.surface).selectFailed,
          }),
        },
      },
    },
    connected: {
      on: { CONNECT: { target: "opening", actions: "openPopup" }, RESET: "idle" },
    },
    error: {
      after: { [ERROR_REDIRECT_MS]: { guard: "isCallback", target: "leaving" } },
      on: { CONNECT: { target: "opening", actions: "openPopup" }, RESET: "idle" },
    },
    /** The callback screen goes back to /settings (Skip, or 4 s after an error). */
    leaving: { type: "final" },
    /** The callback ran in a popup and told its opener; the popup closes. */
    handedOver: { type: "final" },
  },
});

export type FacebookConnectionMachine = typeof facebookConnectionMachine;
