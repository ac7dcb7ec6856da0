import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import type { BrandContext } from "../context";
import { type OauthState, oauthStates } from "../db/schema";

/** The sealed tokens an exchange left for the user's pick: the user token and each page's token. */
export interface SealedChoiceTokens {
  user: string;
  pages: Record<string, string>;
}

/** A pick must follow its exchange within this long; after that the user connects again. */
const PICK_WINDOW_MS = 60 * 60_000;

/** The brand's latest finished exchange of this flow whose choice is still open. */
export async function readPendingChoices(
  ctx: BrandContext,
  provider: "facebook" | "facebook_ads",
): Promise<{ row: OauthState; tokens: SealedChoiceTokens } | null> {
  const [row] = await ctx.db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.userId, ctx.userId),
        eq(oauthStates.brandId, ctx.brandId),
        eq(oauthStates.provider, provider),
        isNotNull(oauthStates.encryptedTokens),
        gt(oauthStates.consumedAt, new Date(ctx.now().getTime() - PICK_WINDOW_MS)),
      ),
    )
    .orderBy(desc(oauthStates.consumedAt))
    .limit(1);
  if (!row?.encryptedTokens) return null;
  return { row, tokens: JSON.parse(row.encryptedTokens) as SealedChoiceTokens };
}

/** Tokens are dropped from the round trip once the choice is stored with the brand. */
export async function closePendingChoices(ctx: BrandContext, row: OauthState) {
  await ctx.db.update(oauthStates).set({ encryptedTokens: null }).where(eq(oauthStates.id, row.id));
}
