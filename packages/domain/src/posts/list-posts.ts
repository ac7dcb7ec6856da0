import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { BrandContext } from "../context";
import { postCounts, posts } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type PostView, toPostViews } from "./post";
import { postPage } from "./post-view-schema";
import { type ListPostsInput, listPostsInput, postStateFilters, type postStatusFilters } from "./schemas";

type PostStateFilter = (typeof postStateFilters)[number];
type ParsedListPostsInput = ReturnType<typeof listPostsInput.parse>;

export { type ListPostsInput, listPostsInput };

export interface PostPage {
  posts: PostView[];
  /** Pass back as `cursor` for the next page; null at the end of the list. */
  nextCursor: string | null;
  /** How many posts match the filters (the lists' 'N posts found'). */
  total: number;
}

interface Cursor {
  /** The sort key of the last post shown: an ISO time, or "infinity" for undated posts by schedule. */
  k: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof parsed.k === "string" && typeof parsed.id === "string") return { k: parsed.k, id: parsed.id };
  } catch {
    // fall through
  }
  throw new AppError("invalid_input", "Invalid cursor", {
    issues: [{ path: "cursor", message: "Invalid cursor" }],
  });
}

/** Generation statuses during which the pipeline still owns a pending post (derivePostState's "generating"). */
const inFlight = ["queued", "generating"] as const;

/** The SQL twin of derivePostState (machines/post-lifecycle.ts): the rows that read as `state`. */
export function postStateCondition(state: (typeof postStateFilters)[number]): SQL {
  const condition = (() => {
    switch (state) {
      case "generating":
        return and(eq(posts.status, "pending"), inArray(posts.generationStatus, [...inFlight]));
      case "pending":
        return and(
          eq(posts.status, "pending"),
          or(isNull(posts.generationStatus), notInArray(posts.generationStatus, [...inFlight])),
        );
      case "denied":
        return eq(posts.status, "denied");
      case "published":
        return and(eq(posts.status, "approved"), isNotNull(posts.postedAt));
      case "scheduled":
        return and(eq(posts.status, "approved"), isNull(posts.postedAt), isNotNull(posts.scheduledDate));
      case "approved":
        return and(eq(posts.status, "approved"), isNull(posts.postedAt), isNull(posts.scheduledDate));
    }
  })();
  if (!condition) throw new Error(`unknown post state ${String(state)}`);
  return condition;
}

/** The lifecycle states each stored status reads as (derivePostState). */
const statesOfStatus: Record<(typeof postStatusFilters)[number], readonly PostStateFilter[]> = {
  pending: ["generating", "pending"],
  approved: ["approved", "scheduled", "published"],
  denied: ["denied"],
};

/**
 * How many posts match the filters, from post_counts (kept by triggers on posts) instead of counting the
 * posts: a few rows per brand whatever its size. Only for filters post_counts can answer (not a search).
 */
async function countFromPostCounts(
  ctx: BrandContext,
  filter: Pick<ParsedListPostsInput, "state" | "status" | "platform" | "source">,
): Promise<number> {
  const conditions: SQL[] = [eq(postCounts.brandId, ctx.brandId), eq(postCounts.userId, ctx.userId)];
  if (filter.state || filter.status) {
    const states = postStateFilters.filter(
      (s) =>
        (!filter.state || s === filter.state) &&
        (!filter.status || statesOfStatus[filter.status].includes(s)),
    );
    if (states.length === 0) return 0;
    conditions.push(inArray(postCounts.state, states));
  }
  if (filter.platform) conditions.push(eq(postCounts.platform, filter.platform));
  if (filter.source) conditions.push(eq(postCounts.aiGenerated, filter.source === "ai"));
  const [row] = await ctx.db
    .select({ total: sql<number>`cast(coalesce(sum(${postCounts.n}), 0) as integer)` })
    .from(postCounts)
    .where(and(...conditions));
  return row?.total ?? 0;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The brand's posts, filtered like the All Posts and Pending Approval lists, in pages that stay stable
 * while new posts arrive (keyset pagination on the sort key and the id).
 */
export async function listPosts(ctx: BrandContext, input: ListPostsInput = {}): Promise<PostPage> {
  const parsed = parseInput(listPostsInput, input);
  const { state, status, platform, source, search, sort, cursor, limit } = parsed;

  const filters: SQL[] = [eq(posts.brandId, ctx.brandId), eq(posts.userId, ctx.userId)];
  if (state) filters.push(postStateCondition(state));
  if (status) filters.push(eq(posts.status, status));
  if (platform) filters.push(eq(posts.platform, platform));
  if (source) filters.push(eq(posts.aiGenerated, source === "ai"));
  if (search) filters.push(ilike(posts.content, `%${escapeLike(search)}%`));

  // By schedule: dated posts first, soonest first; undated ones after them, oldest first by id.
  const scheduleKey = sql`coalesce(${posts.scheduledDate}, 'infinity'::timestamptz)`;
  const key = sort === "schedule" ? scheduleKey : sql`${posts.createdAt}`;
  const ascending = sort !== "newest";

  const pageFilters = [...filters];
  if (cursor) {
    const { k, id } = decodeCursor(cursor);
    if (k !== "infinity" && Number.isNaN(Date.parse(k)))
      throw new AppError("invalid_input", "Invalid cursor");
    pageFilters.push(
      ascending
        ? sql`(${key}, ${posts.id}) > (${k}::timestamptz, ${id}::uuid)`
        : sql`(${key}, ${posts.id}) < (${k}::timestamptz, ${id}::uuid)`,
    );
  }

  const order = ascending ? [asc(key), asc(posts.id)] : [desc(key), desc(posts.id)];
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(posts)
      .where(and(...pageFilters))
      .orderBy(...order)
      .limit(limit + 1),
    // A search has to look at the posts' text; any other filter is a sum over the counter rows.
    search
      ? ctx.db
          .select({ total: count() })
          .from(posts)
          .where(and(...filters))
          .then(([row]) => row?.total ?? 0)
      : countFromPostCounts(ctx, parsed),
  ]);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          k:
            sort === "schedule"
              ? (last.scheduledDate?.toISOString() ?? "infinity")
              : last.createdAt.toISOString(),
          id: last.id,
        })
      : null;
  return { posts: await toPostViews(ctx, page), nextCursor, total };
}

export const listPostsUseCase = declareUseCase({
  name: "listPosts",
  description:
    "List the active brand's posts with filters (status, platform, source, search), a sort and keyset pages.",
  scope: "brand",
  input: listPostsInput,
  output: postPage,
  run: listPosts,
});
