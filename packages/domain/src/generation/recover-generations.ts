import { and, eq, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Deps } from "../context";
import { posts } from "../db/schema";
import { type InstanceLiveness, instanceIsGone } from "../instances/liveness";
import { createNotification } from "../notifications/create-notification";
import { publishPostChanged } from "../posts/post";
import { releasePostQuota } from "../usage/release-post-quota";
import { GENERATION_FAILED_PREFIX, INTERRUPTED_REASON } from "./schemas";

/**
 * A run writes a heartbeat at every step; one silent this long was cut off. The fallback for runs with no
 * known owner (and owners that live but are stuck): a run whose server instance is gone is taken over at
 * once.
 */
export const STALLED_AFTER_MS = 3 * 60_000;
/** Runs restarted for one post before it is failed with a message instead. */
export const MAX_GENERATION_ATTEMPTS = 3;

/**
 * No post stays generating forever: a post whose pipeline was cut off - its server instance is gone, or it
 * went silent - is queued again, and after a few attempts it is denied with 'Generation failed: ...' and
 * the user is told. Runs at boot, every minute, and as soon as an instance sees another one gone.
 */
export async function recoverStalledGenerations(
  deps: Deps,
  options: InstanceLiveness = {},
): Promise<{ requeued: number; failed: number }> {
  const cutoff = new Date(deps.now().getTime() - STALLED_AFTER_MS);
  const cutOff: SQL = or(
    lt(posts.updatedAt, cutoff),
    and(
      eq(posts.generationStatus, "generating"),
      isNotNull(posts.generationOwner),
      instanceIsGone(posts.generationOwner, options),
    ),
  ) as SQL;
  const stalled = await deps.db
    .select({ id: posts.id, userId: posts.userId, brandId: posts.brandId, request: posts.generationRequest })
    .from(posts)
    .where(
      and(eq(posts.status, "pending"), inArray(posts.generationStatus, ["queued", "generating"]), cutOff),
    )
    .limit(500);

  let requeued = 0;
  let failed = 0;
  for (const post of stalled) {
    const attempts = (post.request?.attempts ?? 0) + 1;
    const giveUp = attempts > MAX_GENERATION_ATTEMPTS;
    // Claimed with a conditional write, so two instances sweeping at once handle each post once.
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set(
          giveUp
            ? {
                status: "denied",
                feedback: `${GENERATION_FAILED_PREFIX}${INTERRUPTED_REASON}`,
                generationStatus: "failed",
                generationError: INTERRUPTED_REASON,
                generationOwner: null,
                updatedAt: deps.now(),
              }
            : {
                generationStatus: "queued",
                generationOwner: null,
                generationRequest: sql`coalesce(${posts.generationRequest}, '{}'::jsonb) || ${JSON.stringify({ attempts })}::jsonb`,
                updatedAt: deps.now(),
              },
        )
        .where(
          and(
            eq(posts.id, post.id),
            inArray(posts.generationStatus, ["queued", "generating"]),
            // Still cut off: a post taken over meanwhile is queued without owner, or run by a live one.
            cutOff,
          ),
        )
        .returning({ id: posts.id });
      // Failed for good: what generatePost counted goes back to the plan, once, with the transition.
      if (row && giveUp) await releasePostQuota(tx, post.userId, post.request?.quota, deps.now());
      return row;
    });
    if (!claimed) continue;
    const ctx = { ...deps, userId: post.userId, brandId: post.brandId };
    if (giveUp) {
      failed++;
      await publishPostChanged(ctx, post.id, "updated");
      await createNotification(ctx, {
        message: `Post generation failed: ${INTERRUPTED_REASON}`,
        type: "error",
      }).catch(() => {});
    } else {
      requeued++;
      await deps.jobs.enqueuePostGeneration(post.id);
    }
  }
  return { requeued, failed };
}
