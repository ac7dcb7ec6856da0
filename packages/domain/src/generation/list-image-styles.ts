import { asc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { brandStyles } from "../db/schema";
import { derivePlan } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";

export interface ImageStyleView {
  id: string;
  name: string;
  description: string | null;
  imageStyle: string;
  previewImageUrl: string | null;
  isPremium: boolean;
  /** Not premium, or the caller is on pro or enterprise (connections spec, image style). */
  available: boolean;
}

/** The style picker's catalogue, free styles first. */
export async function listImageStyles(ctx: UserContext): Promise<{ styles: ImageStyleView[] }> {
  const plan = derivePlan(await readSubscription(ctx.db, ctx.userId), ctx.plans, ctx.now()).type;
  const rows = await ctx.db
    .select()
    .from(brandStyles)
    .where(eq(brandStyles.category, "image_style"))
    .orderBy(asc(brandStyles.isPremium), asc(brandStyles.createdAt), asc(brandStyles.name));
  return {
    styles: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      imageStyle: row.imageStyle,
      previewImageUrl: row.previewImageUrl,
      isPremium: row.isPremium,
      available: !row.isPremium || plan !== "free",
    })),
  };
}
