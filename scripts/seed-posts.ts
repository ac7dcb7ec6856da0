// Seeds many posts into one brand, for benchmarks and for trying the screens at scale:
//   node --import tsx scripts/seed-posts.ts [--database-url URL] [--count 100000] [--email seed@example.com]
//     [--password seed-password-1]
// The database is migrated first. The user is reused when the email exists (else created with that
// password, so it can sign in) and posts go to their active brand (else a new brand, made by createBrand).
// The posts are one INSERT ... SELECT generate_series, a few seconds for 100k, followed by VACUUM ANALYZE,
// the state autovacuum leaves a table in. The mix (all deterministic in the row number):
//   created_at spread evenly over the last two years (newest last), facebook 60% / instagram 40%,
//   ai_generated 70% (source prompt / suggestion / image_caption, generation completed) else manual,
//   pending 40%, denied 20%, approved 40%: of all posts 5% published (posted_at in the past, ~7 a day, so a
//   calendar month shows a few hundred), 1% scheduled over the next 90 days, the rest approved undated.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { createBrand, findActiveBrand } from "@smm/domain/brands";
import type { UserContext } from "@smm/domain/context";
import { account, user } from "@smm/domain/db/schema";
import { openDatabase } from "@smm/infra/database";
import { migrateDatabase } from "@smm/infra/migrate";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";

export interface SeedPostsOptions {
  databaseUrl: string;
  count?: number;
  /** Seed this user's active brand (skips the user lookup); else the user with `email`. */
  userId?: string;
  email?: string;
  /** Used only when the user is created. */
  password?: string;
  /** Run the migrations first (a fresh database); the bench's server has already done it. */
  migrate?: boolean;
}

export interface SeedPostsResult {
  userId: string;
  brandId: string;
  count: number;
  /** Insert plus vacuum/analyze time. */
  ms: number;
}

const DEFAULT_EMAIL = "seed@example.com";
const DEFAULT_PASSWORD = "seed-password-1";

export async function seedPosts(options: SeedPostsOptions): Promise<SeedPostsResult> {
  const count = options.count ?? 100_000;
  const database = await openDatabase({ url: options.databaseUrl, maxConnections: 2 });
  try {
    if (options.migrate) await migrateDatabase(database);
    const { db } = database;
    const userId = options.userId ?? (await findOrCreateUser(db, options));
    const noEvents = {
      publish: async () => {},
      subscribe: async () => async () => {},
      close: async () => {},
    };
    // createBrand only touches the database and the event bus.
    const ctx = { db, userId, events: noEvents, now: () => new Date() } as unknown as UserContext;
    const brand = (await findActiveBrand(db, userId)) ?? (await createBrand(ctx, { name: "Seed Brand" }));

    const started = performance.now();
    await db.execute(insertPosts(userId, brand.id, count));
    await database.sql.unsafe("vacuum (analyze) posts");
    return { userId, brandId: brand.id, count, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

async function findOrCreateUser(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  options: SeedPostsOptions,
): Promise<string> {
  const email = (options.email ?? DEFAULT_EMAIL).toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return existing.id;
  const id = randomUUID().replaceAll("-", "");
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: "Seed", email, emailVerified: true });
    // The row better-auth's email+password sign-up writes, so the seeded user can sign in.
    await tx.insert(account).values({
      id: randomUUID().replaceAll("-", ""),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await hashPassword(options.password ?? DEFAULT_PASSWORD),
      updatedAt: new Date(),
    });
  });
  return id;
}

const subjects = [
  "espresso",
  "cold brew",
  "oat latte",
  "single origin",
  "pour over",
  "croissant",
  "seasonal blend",
  "decaf",
  "matcha",
  "flat white",
  "barista workshop",
  "loyalty card",
];
const openers = [
  "Start your morning with",
  "Nothing beats",
  "Weekend plans? Try",
  "Say hello to",
  "Our team's favourite:",
  "Back by popular demand:",
  "Treat yourself to",
  "Have you tried",
];
const closers = [
  "Come by and taste the difference.",
  "Tag a friend who needs this today.",
  "Available at all our locations.",
  "Limited time only, while stocks last.",
  "Freshly roasted every single week.",
  "Tell us your favourite in the comments.",
  "Made with beans from small farms we know by name.",
];
const tags = ["#coffee", "#coffeetime", "#barista", "#latteart", "#localcafe", "#morningvibes", "#roastery"];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);
/** The element of `values` picked by a multiplier of the row number g, deterministic per row. */
const pick = (values: string[], multiplier: number) =>
  sql`(${textArray(values)})[1 + ((g * ${sql.raw(String(multiplier))}) % ${sql.raw(String(values.length))})]`;

/** A second subject, never the same as pick(subjects, 5). */
const otherSubject = sql`(${textArray(subjects)})[1 + ((g * 5 + 1 + (g / 12) % ${sql.raw(String(subjects.length - 1))}) % ${sql.raw(String(subjects.length))})]`;

/**
 * One INSERT ... SELECT over generate_series. `r` in [0, 1000) drives status and lifecycle, `h` the rest;
 * both are cheap deterministic scrambles of the row number.
 */
function insertPosts(userId: string, brandId: string, count: number) {
  const n = sql.raw(String(Math.max(0, Math.floor(count))));
  return sql`
    with s as (
      select g,
        (g * 7919) % 1000 as r,
        (g * 104729) % 1009 as h,
        now() - interval '730 days' + (interval '730 days' * g / ${n}) - make_interval(mins => ((g * 37) % 240)::int) as created
      from generate_series(1::bigint, ${n}) as g
    ),
    l as (
      select s.*,
        case
          when r < 400 then 'pending'
          when r < 600 then 'denied'
          when r < 650 then 'published'
          when r < 660 then 'scheduled'
          else 'approved'
        end as lifecycle,
        h % 10 < 7 as ai
      from s
    )
    insert into posts (
      user_id, brand_id, content, platform, status, scheduled_date, feedback, language, ai_generated,
      ai_suggestions, source, generation_status, generation_stage, generation_progress,
      external_post_id, published_via, posted_at, created_at, updated_at
    )
    select
      ${userId}, ${brandId}::uuid,
      ${pick(openers, 3)} || ' our ' || ${pick(subjects, 5)} || ' and ' || ${otherSubject} || '. '
        || ${pick(closers, 13)} || ' ' || ${pick(tags, 17)} || ' ' || ${pick(tags, 19)} || ' #' || (g % 97),
      (case when (g * 31) % 5 < 3 then 'facebook' else 'instagram' end),
      (case lifecycle when 'pending' then 'pending' when 'denied' then 'denied' else 'approved' end)::post_status,
      case lifecycle
        when 'scheduled' then now() + interval '1 hour' + make_interval(mins => ((g * 7877) % (90 * 24 * 60))::int)
        when 'published' then case when h % 2 = 0 then least(created + interval '1 day', now() - interval '1 minute') end
      end,
      case when lifecycle = 'denied' then 'Not on brand: ' || ${pick(closers, 23)} end,
      'en',
      ai,
      case when ai then jsonb_build_object(
        'optimal_time', 'Tomorrow at 12:00 PM',
        'reasoning', 'Lunch-time posts reach the most followers.',
        'engagement_prediction', 40 + h % 60,
        'audience_match', 50 + h % 50,
        'trend_score', 30 + h % 70
      ) end,
      (case when not ai then 'manual' when h % 3 = 0 then 'suggestion' when h % 7 = 0 then 'image_caption' else 'prompt' end)::post_source,
      (case when ai then 'completed' end)::generation_status,
      (case when ai then 'complete' end)::generation_stage,
      case when ai then 100 end,
      case when lifecycle = 'published' then 'sandbox_' || g end,
      (case when lifecycle = 'published' then 'sandbox' end)::text,
      case when lifecycle = 'published' then least(created + interval '1 day', now() - interval '1 minute') end,
      created,
      case when lifecycle = 'published' then least(created + interval '1 day', now() - interval '1 minute') else created end
    from l`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      count: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
    },
  });
  const databaseUrl =
    values["database-url"] ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const result = await seedPosts({
    databaseUrl,
    count: values.count ? Number(values.count) : undefined,
    email: values.email,
    password: values.password,
    migrate: true,
  });
  console.log(
    `seeded ${result.count} posts in ${result.ms} ms (user ${result.userId}, brand ${result.brandId}; sign in as ${values.email ?? DEFAULT_EMAIL})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
