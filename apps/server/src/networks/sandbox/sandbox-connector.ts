import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import type { ConnectionFlow, SocialConnector } from "@smm/domain/ports";
import type { TokenVault } from "../../adapters/token-vault";

export const SANDBOX_PAGE = { id: "sandbox-page", name: "Sandbox page", category: "Sandbox" } as const;
export const SANDBOX_AD_ACCOUNT = {
  id: "act_sandbox",
  accountId: "sandbox",
  name: "Sandbox ad account",
  currency: "EUR",
  accountStatus: 1,
  balance: "0",
  amountSpent: "0",
  businessName: "Sandbox",
} as const;
const CODE_TTL_MS = 10 * 60_000;

/**
 * The embedded network's side of connecting: the same popup and callback as Meta's, on a local consent page
 * (GET /connect/sandbox/dialog) whose "Allow" sends a code signed for the state it was given.
 */
export type SandboxConnector = SocialConnector & { issueCode(state: string, flow: ConnectionFlow): string };

export function createSandboxConnector(options: {
  publicUrl: string;
  secret: string;
  vault: TokenVault;
  now?: () => Date;
}): SandboxConnector {
  const now = options.now ?? (() => new Date());
  const sign = (payload: string) =>
    createHmac("sha256", `sandbox-connector:${options.secret}`).update(payload).digest("base64url");
  return {
    kind: "sandbox",
    dialogUrl({ flow, state, redirectUri }) {
      const url = new URL(`${options.publicUrl}/connect/sandbox/dialog`);
      url.searchParams.set("flow", flow);
      url.searchParams.set("state", state);
      url.searchParams.set("redirect_uri", redirectUri);
      return url.toString();
    },
    issueCode(state, flow) {
      const payload = `${flow}.${now().getTime() + CODE_TTL_MS}.${state}`;
      return `${payload}.${sign(payload)}`;
    },
    async exchange({ flow, code }) {
      const cut = code.lastIndexOf(".");
      const payload = code.slice(0, cut);
      const given = Buffer.from(code.slice(cut + 1));
      const expected = Buffer.from(sign(payload));
      const [codeFlow, expires] = payload.split(".");
      if (
        cut < 0 ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        codeFlow !== flow
      ) {
        throw new AppError("upstream_failed", "Token exchange failed");
      }
      if (Number(expires) <= now().getTime()) {
        throw new AppError("upstream_failed", "The authorization has expired. Please try connecting again.");
      }
      return {
        profile: { id: "sandbox-user", name: "Sandbox user" },
        pages:
          flow === "page"
            ? [
                {
                  ...SANDBOX_PAGE,
                  pictureUrl: null,
                  canManagePosts: true,
                  sealedToken: options.vault.seal("sandbox"),
                },
              ]
            : [],
        adAccounts: flow === "ads" ? [{ ...SANDBOX_AD_ACCOUNT }] : [],
        sealedUserToken: options.vault.seal("sandbox"),
      };
    },
    async readInstagramAccount() {
      // The sandbox page has an Instagram account of its own, so the Instagram path is testable offline.
      return "sandbox-instagram";
    },
  };
}
