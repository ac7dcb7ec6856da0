import { z } from "@hono/zod-openapi";
import { deleteAccount, deleteAccountInput } from "@smm/domain/account/delete-account";
import { account } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, errors, jsonAnswer, jsonBody } from "../lib/http";
import { headersWithClientIp } from "../middleware/session";

/** A session signed in this recently may delete the account without typing the password again. */
export const FRESH_SESSION_MS = 10 * 60_000;
export const PASSWORD_REQUIRED = "Please enter your password to confirm.";
export const WRONG_PASSWORD = "The password is not correct.";

const route = declareRoutes("Account");
const routes = {
  delete: route(
    "post",
    "/delete",
    "Delete the account and all its data now. A browser session confirms with the password unless it signed in within the last 10 minutes.",
    { body: jsonBody(deleteAccountInput) },
    {
      200: jsonAnswer(z.object({ deleted: z.literal(true) }), "Everything of the account is gone."),
      ...errors("400", "502"),
    },
  ),
};

/** The password check or a fresh session: only for browser sessions (an API key is already a deliberate act). */
async function requireConfirmation(c: Context<AppEnv>, deps: AppDeps, userId: string, password?: string) {
  if (c.get("authMethod") !== "session") return;
  if (password) {
    const [credential] = await deps.database.db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    const auth = await deps.auth.$context;
    if (!credential?.hash || !(await auth.password.verify({ hash: credential.hash, password })))
      throw new AppError("invalid_input", WRONG_PASSWORD);
    return;
  }
  const session = await deps.auth.api.getSession({ headers: headersWithClientIp(c, deps.trustProxy) });
  const signedInAt = session?.session.createdAt ? new Date(session.session.createdAt).getTime() : 0;
  const now = (deps.now ?? (() => new Date()))().getTime();
  if (now - signedInAt > FRESH_SESSION_MS) throw new AppError("invalid_input", PASSWORD_REQUIRED);
}

/** /api/account: the signed-in user's own account (deleting it and all its data). */
export function createAccountRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.delete, async (c) => {
    const ctx = userContext(c, deps);
    const input = c.req.valid("json");
    await requireConfirmation(c, deps, ctx.userId, input.password);
    return c.json(await deleteAccount(ctx, input), 200);
  });
}
