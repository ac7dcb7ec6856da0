import type { UserContext } from "../context";
import { API_ACCESS_REQUIRES_ENTERPRISE, requirePlanCapability } from "./require-capability";

export { API_ACCESS_REQUIRES_ENTERPRISE };

/** Scripts (API keys, MCP) need the plan's API access (Enterprise): creating a key and every call made with one check it. */
export const requireApiAccess = (ctx: UserContext): Promise<void> => requirePlanCapability(ctx, "apiAccess");
