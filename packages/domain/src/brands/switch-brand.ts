import { and, eq, ne } from "drizzle-orm";
import type { UserContext } from "../context";
import { userBrands } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { lockUserBrands, requireUserBrand, toBrand } from "./brand";
import { publishBrandChanged } from "./publish-brand-changed";
import { type SwitchBrandInput, switchBrandInput } from "./schemas";
import type { Brand } from "./views";
import { brandView } from "./views";

export { type SwitchBrandInput, switchBrandInput };

/** Makes one of the caller's brands the active one; all others become inactive in the same transaction. */
export async function switchBrand(ctx: UserContext, input: SwitchBrandInput): Promise<Brand> {
  const { brandId } = parseInput(switchBrandInput, input);
  const row = await ctx.db.transaction(async (tx) => {
    await lockUserBrands(tx, ctx.userId);
    const target = await requireUserBrand(tx, ctx.userId, brandId);
    if (target.isActive) return target;
    // Deactivate first: the partial unique index allows only one active brand per user at any moment.
    await tx
      .update(userBrands)
      .set({ isActive: false })
      .where(
        and(eq(userBrands.userId, ctx.userId), eq(userBrands.isActive, true), ne(userBrands.id, brandId)),
      );
    const [updated] = await tx
      .update(userBrands)
      .set({ isActive: true })
      .where(and(eq(userBrands.id, brandId), eq(userBrands.userId, ctx.userId)))
      .returning();
    if (!updated) throw new Error("brand update returned no row");
    return updated;
  });
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}

export const switchBrandUseCase = declareUseCase({
  name: "switchBrand",
  description: "Make another of the user's brands the active one.",
  scope: "user",
  input: switchBrandInput,
  output: brandView,
  run: switchBrand,
});
