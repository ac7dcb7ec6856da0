import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBrand } from "@smm/domain/brands";
import type { BrandContext } from "@smm/domain/context";
import { posts, socialConnections } from "@smm/domain/db/schema";
import { approvePost, publishDuePosts, publishPostNow } from "@smm/domain/posts";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { createTestSocialSetup, TEST_TOKEN_KEY } from "@smm/test-support/meta-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";
import { createTokenVault } from "../adapters/token-vault";

/*
 * Which network a post went to is the network that took it (the brand's connection), not the network new
 * connections are made with: a sandbox brand's post is "sandbox" while Meta is configured, and a Meta
 * brand's post is "meta" after the app settings are removed.
 */

const KEY = TEST_TOKEN_KEY;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
  t = await createDomainTestContext();
  dataDir = mkdtempSync(join(tmpdir(), "routed-network-"));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function useNetwork(metaConfigured: boolean) {
  const setup = await createTestSocialSetup({
    fake,
    db: t.database.db,
    events: t.events,
    now: t.clock.now,
    dataDir,
    metaConfigured,
  });
  expect(setup.social.kind).toBe(metaConfigured ? "meta" : "sandbox");
  t.deps.social = setup.social;
}

async function connectedBrand(network: "sandbox" | "meta"): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: `Brand on ${network}` });
  const page = [...fake.pages.values()][0];
  if (!page) throw new Error("fake has no page");
  const vault = createTokenVault(Buffer.from(KEY, "hex"));
  await t.database.db.insert(socialConnections).values({
    userId,
    brandId: brand.id,
    provider: "facebook",
    externalAccountId: network === "meta" ? page.id : "sandbox-page-1",
    name: network === "meta" ? page.name : "Sandbox page",
    encryptedToken: vault.seal(network === "meta" ? page.token : "sandbox-token"),
    network,
  });
  return { ...t.as(userId), brandId: brand.id };
}

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
