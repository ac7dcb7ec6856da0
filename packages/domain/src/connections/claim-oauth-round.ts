import { and, eq, isNull } from "drizzle-orm";
import type { UserContext } from "../context";
import { type OauthState, oauthStates } from "../db/schema";
import { AppError } from "../errors";
import { ALREADY_PROCESSED, AUTHORIZATION_EXPIRED } from "./messages";

/**
 * Takes an OAuth round trip's state for this one request: refused when used already or past its 10
 * minutes, and claimed in one conditional write, so two tabs (or a reload) completing the same consent
 * page connect once and the other is told it was already processed.
 */
export async function claimOAuthRound(
  ctx: Pick<UserContext, "db" | "now">,
  round: OauthState,
): Promise<void> {
  if (round.consumedAt) throw new AppError("conflict", ALREADY_PROCESSED);
  if (round.expiresAt.getTime() <= ctx.now().getTime())
    throw new AppError("invalid_input", AUTHORIZATION_EXPIRED);
  const [claimed] = await ctx.db
    .update(oauthStates)
    .set({ consumedAt: ctx.now() })
    .where(and(eq(oauthStates.id, round.id), isNull(oauthStates.consumedAt)))
    .returning({ id: oauthStates.id });
  if (!claimed) throw new AppError("conflict", ALREADY_PROCESSED);
}
