import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { userBrands } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { lockUserBrands, toBrand } from "./brand";
import { defaultBrandSettings, defaultCompanyProfile } from "./constants";
import { publishBrandChanged } from "./publish-brand-changed";
import { type CreateBrandInput, createBrandInput } from "./schemas";
import type { Brand } from "./views";
import { brandView } from "./views";

export { type CreateBrandInput, createBrandInput };

/** A new brand with the spec's defaults; it becomes the active brand (the switcher and the wizard expect it). */
export async function createBrand(ctx: UserContext, input: CreateBrandInput): Promise<Brand> {
  const { name } = parseInput(createBrandInput, input);
  const row = await ctx.db.transaction(async (tx) => {
    await lockUserBrands(tx, ctx.userId);
    await tx
      .update(userBrands)
      .set({ isActive: false })
      .where(and(eq(userBrands.userId, ctx.userId), eq(userBrands.isActive, true)));
    const [inserted] = await tx
      .insert(userBrands)
      .values({
        userId: ctx.userId,
        name,
        brandSettings: { ...defaultBrandSettings, name },
        companyProfile: { ...defaultCompanyProfile },
        isActive: true,
      })
      .returning();
    if (!inserted) throw new Error("brand insert returned no row");
    return inserted;
  });
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}

export const createBrandUseCase = declareUseCase({
  name: "createBrand",
  description: "Create a new brand with a name and make it the active one.",
  scope: "user",
  input: createBrandInput,
  output: brandView,
  run: createBrand,
});
