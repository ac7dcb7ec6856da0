import { listFavourites } from "@smm/domain/templates/list-favourites";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listFavouritesTool = (ctx: ToolContext) =>
  tool({
    description: "The community templates the user has marked as favourites, most recent first.",
    inputSchema: noInput,
    execute: () => listFavourites(ctx.user),
  });
