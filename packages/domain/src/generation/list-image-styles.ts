import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { UserContext } from "../context";
import { brandStyles } from "../db/schema";
import { noInput } from "../no-input";
import { derivePlan } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import { declareUseCase } from "../use-case";

export const imageStyleView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    imageStyle: z.string(),
    previewImageUrl: z.string().nullable(),
    isPremium: z.boolean(),
    available: z.boolean().meta({
      description: "Not premium, or the caller is on pro or enterprise (connections spec, image style).",
    }),
  })
  .meta({ id: "ImageStyle" });
export type ImageStyleView = z.infer<typeof imageStyleView>;

export const imageStylesView = z
  .object({ styles: z.array(imageStyleView).meta({ description: "Free styles first." }) })
  .meta({ id: "ImageStyles" });

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

export const listImageStylesUseCase = declareUseCase({
  name: "listImageStyles",
  description: "The image styles a post can be generated in, and which ones the user's plan allows.",
  scope: "user",
  input: noInput,
  output: imageStylesView,
  run: listImageStyles,
});
