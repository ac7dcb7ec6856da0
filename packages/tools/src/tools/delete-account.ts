import { requestAccountDeletion, requestAccountDeletionInput } from "@smm/domain/account/delete-account";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteAccountTool = (ctx: ToolContext) =>
  tool({
    description:
      "Start deleting the user's account and ALL their data (brands, posts, images, connections, subscription): only after the user has explicitly confirmed, with the account's e-mail as confirmation. A link is mailed to the account; nothing is deleted until the user opens it.",
    inputSchema: requestAccountDeletionInput,
    execute: (input) => requestAccountDeletion(ctx.user, input),
  });
