import { deleteAccount, deleteAccountInput, deleteAccountOutput } from "@smm/domain/account";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, errors, jsonAnswer, jsonBody } from "../lib/http";

const route = declareRoutes("Account");
const routes = {
  delete: route(
    "post",
    "/delete",
    "Delete the account and all its data, confirmed by the account's password (reason password_required or password_wrong otherwise; nothing is deleted then). An account without a password is mailed the deletion link instead (outcome link_sent).",
    { body: jsonBody(deleteAccountInput) },
    {
      200: jsonAnswer(
        deleteAccountOutput,
        "deleted: everything of the account is gone; link_sent: nothing is deleted until the mailed link is opened.",
      ),
      ...errors("400", "502"),
    },
  ),
};

/** /api/account: the signed-in user's own account (deleting it and all its data). */
export function createAccountRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.delete, async (c) =>
    c.json(await deleteAccount(userContext(c, deps), c.req.valid("json")), 200),
  );
}
