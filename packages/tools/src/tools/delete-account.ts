import { deleteAccount, deleteAccountInput } from "@smm/domain/account/delete-account";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteAccountTool = (ctx: ToolContext) =>
  tool({
    description:
      "Delete the user's account and ALL their data now (brands, posts, images, connections, subscription). Irreversible: only after the user has explicitly confirmed, with the account's e-mail as confirmation.",
    inputSchema: deleteAccountInput.omit({ password: true }),
    execute: (input) => deleteAccount(ctx.user, input),
  });
