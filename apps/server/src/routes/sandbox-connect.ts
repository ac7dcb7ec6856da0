import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { SANDBOX_AD_ACCOUNT, SANDBOX_PAGE } from "../networks/sandbox/sandbox-connector";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sandbox's stand-in for Meta's login dialog, opened in the same popup: it lists what the sandbox
 * offers ('Sandbox page' or the sandbox ad account) and sends the user back to the app's callback with a
 * code signed for this state, or with access_denied, as Meta's dialog does.
 */
export function createSandboxConnectRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get("/sandbox/dialog", (c) => {
    const connectors = deps.connectors;
    const flow = c.req.query("flow") === "ads" ? "ads" : "page";
    const state = c.req.query("state") ?? "";
    const redirect = c.req.query("redirect_uri") ?? "";
    // Only our own callback: the dialog must not become an open redirect.
    if (!connectors || !state || redirect !== connectors.redirectUri(flow)) {
      return c.text("Invalid sandbox dialog request", 400);
    }
    const allow = new URL(redirect);
    allow.searchParams.set("code", connectors.sandbox.issueCode(state, flow));
    allow.searchParams.set("state", state);
    const deny = new URL(redirect);
    deny.searchParams.set("error", "access_denied");
    deny.searchParams.set("error_description", "Permissions error");
    deny.searchParams.set("state", state);
    const offered =
      flow === "ads"
        ? `${escapeHtml(SANDBOX_AD_ACCOUNT.name)} (${SANDBOX_AD_ACCOUNT.currency})`
        : escapeHtml(SANDBOX_PAGE.name);
    // What happens to what the user sends there: posts for a page, campaigns and ad sets for an ad account.
    const kept =
      flow === "ads"
        ? "Campaigns and ad sets created there are kept in the app: no ad runs anywhere and nothing is charged."
        : "Posts sent there are kept in the app, not published anywhere.";
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox: connect</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:24px 12px;color:#18181b}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:13px;font-weight:600}
a{display:block;text-align:center;padding:12px;border-radius:8px;margin-top:12px;text-decoration:none}
#allow{background:#2563eb;color:#fff}#deny{background:#e4e4e7;color:#18181b}</style></head>
<body><main><p class="badge" data-testid="sandbox-dialog-label">Sandbox</p>
<h1>Connect to the sandbox network</h1>
<p>No Meta app is configured, so this sandbox stands in for Facebook. It offers: <strong>${offered}</strong>. <span data-testid="sandbox-dialog-kept">${kept}</span></p>
<a id="allow" href="${escapeHtml(allow.toString())}">Continue</a>
<a id="deny" href="${escapeHtml(deny.toString())}">Cancel</a></main></body></html>`);
  });
  return app;
}
