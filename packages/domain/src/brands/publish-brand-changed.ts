import type { UserContext } from "../context";

/** Every open page of the user refetches its brands; called after the change is committed. */
export async function publishBrandChanged(ctx: UserContext, brandId: string): Promise<void> {
  await ctx.events.publish(ctx.userId, { type: "brand.changed", brandId });
}
