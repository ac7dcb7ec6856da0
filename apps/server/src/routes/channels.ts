import {
  completeChannelConnectionUseCase,
  connectChannelUseCase,
  disconnectChannelUseCase,
  listChannelsUseCase,
} from "@smm/domain/channels";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Channels");

const routes = {
  list: route(listChannelsUseCase, "get", "/", {
    summary:
      "The brand's connected accounts on every network (state, handle, limits; never a token) and the networks the app can connect.",
  }),
  connect: route(connectChannelUseCase, "post", "/connect", {
    summary:
      "Connect an account: the sandbox's offline one, with the fields its network declares (a Bluesky app password, a Telegram bot token, a Discord webhook URL), or by the consent URL it answers (Mastodon, LinkedIn, Threads).",
    errors: ["502"],
  }),
  complete: route(completeChannelConnectionUseCase, "post", "/complete", {
    summary:
      "The consent page's code and state (Mastodon, LinkedIn, Threads): connects the account to the brand the round trip began on.",
    errors: ["409", "502"],
  }),
  disconnect: route(disconnectChannelUseCase, "post", "/disconnect", {
    summary: "Disconnect the brand's account on a network.",
  }),
};

/** /api/channels: the brand's accounts on every network. */
export function createChannelRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.list, serveUseCase(deps, routes.list))
    .openapi(routes.connect, serveUseCase(deps, routes.connect))
    .openapi(routes.complete, serveUseCase(deps, routes.complete))
    .openapi(routes.disconnect, serveUseCase(deps, routes.disconnect));
}
