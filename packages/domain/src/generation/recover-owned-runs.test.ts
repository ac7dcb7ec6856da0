import {
  openInstanceConnection,
  registerServerInstance,
  removeServerInstance,
} from "@smm/infra/server-instances";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { posts, userPostUsage } from "../db/schema";
import { getPost } from "../posts/get-post";
import { generatePost } from "./generate-post";
import { MAX_GENERATION_ATTEMPTS, recoverStalledGenerations } from "./recover-generations";
import { runPostGeneration } from "./run-post-generation";

/*
 * Runs record the server instance running them; when that instance is gone, its runs are handed over at
 * once (no 3 minutes of silence), with the same claim, attempt count and give-up as before.
 */

let t: DomainTestContext;
let connection: ReturnType<typeof openInstanceConnection>;
beforeAll(async () => {
  t = await createDomainTestContext();
  connection = openInstanceConnection(t.database.connectionString);
});
afterAll(async () => {
  await connection?.close();
  await t?.close();
});

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  return { ...t.as(userId), brandId: brand.id };
}

/** A post whose run started on `owner` and got as far as the caption. */
async function runCutOffOn(ctx: BrandContext, owner: number) {
  const post = await generatePost(ctx, {});
  t.jobs.discardQueued();
  await t.database.db
    .update(posts)
    .set({ generationStatus: "generating", generationOwner: owner, content: "Written before the crash" })
    .where(eq(posts.id, post.id));
  return post;
}

describe("a run whose server instance is gone", () => {
  it("is queued again at once, counted as an attempt, and completes from where it stopped", async () => {
    const ctx = await brandContext();
    const dead = await registerServerInstance(connection.db);
    const post = await runCutOffOn(ctx, dead);
    const live = await registerServerInstance(connection.db);
    const otherCtx = await brandContext();
    const other = await runCutOffOn(otherCtx, live);
    await removeServerInstance(connection.db, dead);

    // No clock moved: the owner being gone is enough.
    expect(await recoverStalledGenerations(t.deps)).toEqual({ requeued: 1, failed: 0 });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ generationStatus: "queued", generationOwner: null });
    expect(row?.generationRequest?.attempts).toBe(1);
    // Claimed once: a second sweep (another instance) finds nothing.
    expect(await recoverStalledGenerations(t.deps)).toEqual({ requeued: 0, failed: 0 });

    await t.jobs.runQueued();
    const after = await getPost(ctx, { postId: post.id });
    expect(after.generation.status).toBe("completed");
    expect(after.content).toBe("Written before the crash");
    // The live instance's run was not touched.
    expect((await getPost(otherCtx, { postId: other.id })).generation.status).toBe("generating");
    await t.database.db.delete(posts).where(eq(posts.id, other.id));
    await removeServerInstance(connection.db, live);
  });

  it("records the instance that runs it", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    t.jobs.discardQueued();
    let seen: number | null = null;
    const watching = {
      ...t.deps,
      ai: {
        ...t.deps.ai,
        writePost: async (request: Parameters<typeof t.deps.ai.writePost>[0]) => {
          const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
          seen = row?.generationOwner ?? null;
          return t.deps.ai.writePost(request);
        },
      },
    };
    expect(await runPostGeneration(watching, post.id, { owner: 4242 })).toBe("completed");
    expect(seen).toBe(4242);
  });

  it("after the last attempt is denied at once and gives its count back", async () => {
    const ctx = await brandContext();
    const dead = await registerServerInstance(connection.db);
    const post = await runCutOffOn(ctx, dead);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    await t.database.db
      .update(posts)
      .set({ generationRequest: { ...row?.generationRequest, attempts: MAX_GENERATION_ATTEMPTS } })
      .where(eq(posts.id, post.id));
    await removeServerInstance(connection.db, dead);

    expect(await recoverStalledGenerations(t.deps)).toEqual({ requeued: 0, failed: 1 });
    expect((await getPost(ctx, { postId: post.id })).state).toBe("denied");
    const [usage] = await t.database.db
      .select()
      .from(userPostUsage)
      .where(eq(userPostUsage.userId, ctx.userId));
    expect(usage?.postsUsed).toBe(0);
  });
});
