import {
  connectFacebookPageUseCase,
  disconnectAdAccountUseCase,
  disconnectFacebookUseCase,
  exchangeFacebookCodeUseCase,
  getConnectionsUseCase,
  selectAdAccountUseCase,
  startFacebookConnectionUseCase,
} from "@smm/domain/connections";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Connections");

const routes = {
  list: route(getConnectionsUseCase, "get", "/", {
    summary:
      "The brand's page (with its Instagram account) and ad account: state, names, picture and currency; never a token.",
  }),
  start: route(startFacebookConnectionUseCase, "post", "/facebook/start", {
    summary:
      "Start connecting a page (flow page) or an ad account (flow ads): the login dialog URL to open in a popup, with a single-use state good for 10 minutes.",
    errors: ["409"],
  }),
  exchange: route(exchangeFacebookCodeUseCase, "post", "/facebook/exchange", {
    summary:
      "The callback's step: exchange the dialog's code for the pages (or ad accounts) to pick from; runs once per state.",
    errors: ["409", "502"],
  }),
  page: route(connectFacebookPageUseCase, "post", "/facebook/page", {
    summary: "Connect the picked page (after an exchange) to the brand, with its linked Instagram account.",
    errors: ["404", "502"],
  }),
  disconnect: route(disconnectFacebookUseCase, "post", "/facebook/disconnect", {
    summary: "Disconnect the brand's page, Instagram account and ad account.",
  }),
  adAccount: route(selectAdAccountUseCase, "post", "/ad-account", {
    summary: "Connect the picked ad account (after a marketing exchange); needs a connected page.",
    errors: ["404", "409"],
  }),
  disconnectAdAccount: route(disconnectAdAccountUseCase, "post", "/ad-account/disconnect", {
    summary: "Disconnect the brand's ad account; the page stays.",
  }),
};

/** /api/connections: the brand's Facebook page, Instagram account and ad account. */
export function createConnectionRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, serveUseCase(deps, routes.list))
    .openapi(routes.start, serveUseCase(deps, routes.start))
    .openapi(routes.exchange, serveUseCase(deps, routes.exchange))
    .openapi(routes.page, serveUseCase(deps, routes.page))
    .openapi(routes.disconnect, serveUseCase(deps, routes.disconnect))
    .openapi(routes.adAccount, serveUseCase(deps, routes.adAccount))
    .openapi(routes.disconnectAdAccount, serveUseCase(deps, routes.disconnectAdAccount));
}
