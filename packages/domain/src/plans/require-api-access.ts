import type { UserContext } from "../context";
import { AppError } from "../errors";
import { getPlan } from "./get-plan";

export const API_ACCESS_REQUIRES_ENTERPRISE =
  "API keys are available on the Enterprise plan. Upgrade on the Subscription page to use the API.";

/** Scripts (API keys, MCP) are an Enterprise feature: creating a key and every call made with one check it. */
export async function requireApiAccess(ctx: UserContext): Promise<void> {
  const plan = await getPlan(ctx);
  if (plan.type !== "enterprise") throw new AppError("forbidden", API_ACCESS_REQUIRES_ENTERPRISE);
}
