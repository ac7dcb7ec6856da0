import { and, eq } from "drizzle-orm";
import { NO_ACTIVE_BRAND, toBrandSettingsView, toCompanyProfile } from "../brands/brand";
import type { LanguageCode } from "../brands/constants";
import type { BrandContext } from "../context";
import { type Post, type PostSuggestion, userBrands } from "../db/schema";
import { AppError } from "../errors";
import type { AiBrandContext } from "../ports";
import type { SuggestionView } from "./schemas";

/** The brand facts the models write from, and the brand's default language. */
export async function readAiBrand(
  ctx: Pick<BrandContext, "db" | "userId" | "brandId">,
): Promise<{ brand: AiBrandContext; language: LanguageCode }> {
  const [row] = await ctx.db
    .select()
    .from(userBrands)
    .where(and(eq(userBrands.id, ctx.brandId), eq(userBrands.userId, ctx.userId)));
  // The brand context was resolved from the user's brands; a brand deleted meanwhile is the spec's refusal.
  if (!row) throw new AppError("no_active_brand", NO_ACTIVE_BRAND);
  const settings = toBrandSettingsView({ ...row.brandSettings, name: row.name });
  const profile = toCompanyProfile(row.companyProfile);
  return {
    brand: {
      name: settings.name,
      description: profile.description,
      industry: profile.industry,
      tone: profile.tone,
      targetAudience: profile.targetAudience,
      keyMessages: profile.keyMessages,
      doNotMention: profile.doNotMention,
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      accentColor: settings.accentColor,
      imageStyle: settings.imageStyle,
    },
    language: settings.defaultLanguage,
  };
}

type LinkedPost = Pick<Post, "id" | "status" | "scheduledDate" | "postedAt">;

export function toSuggestionView(row: PostSuggestion, post: LinkedPost | null = null): SuggestionView {
  return {
    id: row.id,
    brandId: row.brandId,
    type: row.type,
    platform: row.platform,
    scheduledDate: row.scheduledDate?.toISOString() ?? null,
    reason: row.reason,
    contentSuggestion: row.contentSuggestion,
    engagementScore: row.engagementScore,
    isUsed: row.isUsed,
    postId: row.postId,
    post: post
      ? {
          id: post.id,
          status: post.status,
          scheduledDate: post.scheduledDate?.toISOString() ?? null,
          postedAt: post.postedAt?.toISOString() ?? null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}
