import { connectFacebookPage } from "@smm/domain/connections/connect-facebook-page";
import { disconnectAdAccount } from "@smm/domain/connections/disconnect-ad-account";
import { disconnectFacebook } from "@smm/domain/connections/disconnect-facebook";
import { exchangeFacebookCode } from "@smm/domain/connections/exchange-facebook-code";
import { getConnections } from "@smm/domain/connections/get-connections";
import {
  connectFacebookPageInput,
  exchangeFacebookCodeInput,
  selectAdAccountInput,
  startFacebookConnectionInput,
} from "@smm/domain/connections/schemas";
import { selectAdAccount } from "@smm/domain/connections/select-ad-account";
import { startFacebookConnection } from "@smm/domain/connections/start-facebook-connection";
import type { AppDeps } from "../context";
import { brandContext, userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, errors, jsonAnswer, jsonBody, resultOf } from "../lib/http";

const route = declareRoutes("Connections", { brand: true });
const routes = {
  list: route(
    "get",
    "/",
    "The brand's page (with its Instagram account) and ad account: state, names, picture and currency; never a token.",
    {},
    { 200: jsonAnswer(resultOf(getConnections, "Connections"), "The brand's connections."), ...errors() },
  ),
  start: route(
    "post",
    "/facebook/start",
    "Start connecting a page (flow page) or an ad account (flow ads): the login dialog URL to open in a popup, with a single-use state good for 10 minutes.",
    { body: jsonBody(startFacebookConnectionInput) },
    {
      200: jsonAnswer(resultOf(startFacebookConnection, "ConnectionStart"), "The dialog to open."),
      ...errors("409"),
    },
  ),
  exchange: route(
    "post",
    "/facebook/exchange",
    "The callback's step: exchange the dialog's code for the pages (or ad accounts) to pick from; runs once per state.",
    { body: jsonBody(exchangeFacebookCodeInput) },
    {
      200: jsonAnswer(resultOf(exchangeFacebookCode, "ConnectionExchange"), "What the user picks from."),
      ...errors("409", "502"),
    },
  ),
  page: route(
    "post",
    "/facebook/page",
    "Connect the picked page (after an exchange) to the brand, with its linked Instagram account.",
    { body: jsonBody(connectFacebookPageInput) },
    {
      200: jsonAnswer(resultOf(connectFacebookPage, "ConnectedPage"), "The brand's connections now."),
      ...errors("404", "502"),
    },
  ),
  disconnect: route(
    "post",
    "/facebook/disconnect",
    "Disconnect the brand's page, Instagram account and ad account.",
    {},
    {
      200: jsonAnswer(resultOf(disconnectFacebook, "Connections"), "The brand's connections now."),
      ...errors(),
    },
  ),
  adAccount: route(
    "post",
    "/ad-account",
    "Connect the picked ad account (after a marketing exchange); needs a connected page.",
    { body: jsonBody(selectAdAccountInput) },
    {
      200: jsonAnswer(resultOf(selectAdAccount, "Connections"), "The brand's connections now."),
      ...errors("404", "409"),
    },
  ),
  disconnectAdAccount: route(
    "post",
    "/ad-account/disconnect",
    "Disconnect the brand's ad account; the page stays.",
    {},
    {
      200: jsonAnswer(resultOf(disconnectAdAccount, "Connections"), "The brand's connections now."),
      ...errors(),
    },
  ),
};

/** /api/connections: the brand's Facebook page, Instagram account and ad account. */
export function createConnectionRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, async (c) => c.json(await getConnections(await brandContext(c, deps)), 200))
    .openapi(routes.start, async (c) =>
      c.json(await startFacebookConnection(await brandContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.exchange, async (c) =>
      c.json(await exchangeFacebookCode(userContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.page, async (c) =>
      c.json(await connectFacebookPage(await brandContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.disconnect, async (c) =>
      c.json(await disconnectFacebook(await brandContext(c, deps)), 200),
    )
    .openapi(routes.adAccount, async (c) =>
      c.json(await selectAdAccount(await brandContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.disconnectAdAccount, async (c) =>
      c.json(await disconnectAdAccount(await brandContext(c, deps)), 200),
    );
}
