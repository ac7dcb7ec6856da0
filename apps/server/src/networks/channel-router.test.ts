import type { BrandContext } from "@smm/domain/context";
import { posts } from "@smm/domain/db/schema";
import { approvePost, publishDuePosts, publishPostNow } from "@smm/domain/posts";
import type { DomainTestContext } from "@smm/test-support/domain";
import { connectPageBrand, type MetaTestWorld, startMetaTestWorld } from "@smm/test-support/meta-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMetaGraphServer } from "../../../../tests/fakes/meta-graph-server";

/*
 * Which network a post went to is the network that took it (the brand's connection), not the network new
 * connections are made with: a sandbox brand's post is "sandbox" while Meta is configured, and a Meta
 * brand's post is "meta" after the app settings are removed.
 */

let world: MetaTestWorld;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;

beforeAll(async () => {
  world = await startMetaTestWorld("routed-network", { wired: false });
  ({ fake, t } = world);
});
afterAll(async () => {
  await world?.close();
});

async function useNetwork(metaConfigured: boolean) {
  const setup = await world.wire(metaConfigured);
  expect(setup.social.kind).toBe(metaConfigured ? "meta" : "sandbox");
}

const connectedBrand = (network: "sandbox" | "meta") =>
  connectPageBrand(t, fake, network, `Brand on ${network}`);

async function pendingPost(ctx: BrandContext, content: string) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content, status: "pending" })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const labelOf = async (id: string) =>
  (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0]?.publishedVia;

describe.each([true, false])("with Meta configured: %s", (metaConfigured) => {
  it("labels a sandbox brand's posts sandbox and a Meta brand's posts meta", async () => {
    await useNetwork(metaConfigured);
    const sandboxBrand = await connectedBrand("sandbox");
    const metaBrand = await connectedBrand("meta");

    for (const [ctx, expected] of [
      [sandboxBrand, "sandbox"],
      [metaBrand, "meta"],
    ] as const) {
      const now = await pendingPost(ctx, `Now ${expected} ${metaConfigured} ${Math.random()}`);
      await approvePost(ctx, { postId: now.id });
      expect((await publishPostNow(ctx, { postId: now.id })).publishedVia).toBe(expected);

      // Handed to the network for later (Meta holds 11 minutes to 30 days ahead).
      const later = await pendingPost(ctx, `Later ${expected} ${metaConfigured} ${Math.random()}`);
      const at = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString();
      const scheduled = await approvePost(ctx, { postId: later.id, scheduledDate: at });
      expect(scheduled.publishedVia).toBe(expected);

      // Fired by the publish job.
      const due = await pendingPost(ctx, `Due ${expected} ${metaConfigured} ${Math.random()}`);
      await approvePost(ctx, { postId: due.id });
      await t.database.db
        .update(posts)
        .set({ scheduledDate: new Date(t.clock.now().getTime() - 60_000) })
        .where(eq(posts.id, due.id));
      await publishDuePosts(t.deps);
      expect(await labelOf(due.id)).toBe(expected);
    }
    expect(fake.posts.size).toBeGreaterThan(0);
  });
});
