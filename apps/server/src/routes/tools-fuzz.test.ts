import {
  media,
  notifications,
  postSuggestions,
  posts,
  userBrands,
  userPostUsage,
} from "@smm/domain/db/schema";
import { hasUnsafeText } from "@smm/domain/text";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolCatalogue } from "./tools";

/*
 * Property: whatever a script sends to a tool endpoint, the answer is never a 5xx, and a 4xx changes
 * nothing the user owns. Bodies are drawn from each tool's own JSON Schema (its property names, with
 * values of every JSON type, the user's real ids among them) plus arbitrary JSON. Strings include the
 * characters PostgreSQL cannot store (NUL, lone UTF-16 surrogates), which the shared schemas refuse.
 */
let ctx: TestContext;
let key: string;
let userId: string;
const realIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const { cookie } = await signUpVerifiedUser(ctx);
  userId = await userIdOf(ctx, cookie);
  await setPlan(ctx, userId, "enterprise");
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Fuzzed Brand" }, cookie });
  realIds.push(((await brand.json()) as { id: string }).id);
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "fuzz" }, cookie });
  key = ((await created.json()) as { key: string }).key;
  const post = await callTool("generatePost", { prompt: "fuzzing" });
  realIds.push(((await post.json()) as { result: { id: string } }).result.id);
  await ctx.jobs.settled();
  // A suggestion of the user's, so dismissSuggestion and friends also meet a real id.
  const plan = await callTool("createCampaignPlan", { goal: "fuzzing", weeks: 1, postsPerWeek: 1 });
  realIds.push(
    ((await plan.json()) as { result: { suggestions: { id: string }[] } }).result.suggestions[0]!.id,
  );
});
afterAll(async () => {
  await ctx?.close();
});

function callTool(name: string, body: unknown) {
  return ctx.app.request(`/api/tools/${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Everything of the user's a tool could change. */
async function snapshot() {
  const { db } = ctx.database;
  return JSON.stringify([
    await db.select().from(userBrands).where(eq(userBrands.userId, userId)).orderBy(asc(userBrands.id)),
    await db.select().from(posts).where(eq(posts.userId, userId)).orderBy(asc(posts.id)),
    await db.select().from(media).where(eq(media.userId, userId)).orderBy(asc(media.id)),
    await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)),
    await db.select().from(userPostUsage).where(eq(userPostUsage.userId, userId)),
    await db
      .select()
      .from(postSuggestions)
      .where(
        inArray(
          postSuggestions.brandId,
          db.select({ id: userBrands.id }).from(userBrands).where(eq(userBrands.userId, userId)),
        ),
      )
      .orderBy(asc(postSuggestions.id)),
  ]);
}

/** One character of text: mostly ordinary, sometimes NUL or half of a surrogate pair. */
const hostileUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff") },
);
const hostileString = (maxLength: number) => fc.string({ unit: hostileUnit, maxLength });

/** Text that would pass every other rule, but for one unstorable character before, in or after it. */
const plausibleButUnsafe = fc
  .tuple(
    fc.constantFrom("Tea", "autumn sale", "casual", "https://example.com/a.png", "Harbour Bikes"),
    fc.constantFrom("\u0000", "\ud800", "\udfff"),
    fc.nat(),
  )
  .map(([text, bad, at]) => {
    const cut = at % (text.length + 1);
    return `${text.slice(0, cut)}${bad}${text.slice(cut)}`;
  });

const jsonValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  hostileString(40),
  { weight: 4, arbitrary: plausibleButUnsafe },
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(...["", " ", "#123456", "facebook", "instagram", "pending", "casual", "/calendar"]),
  fc.constant("__real_id__"),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  fc.array(hostileString(10), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.jsonValue({ maxDepth: 2, stringUnit: hostileUnit }),
);

function bodyFor(tool: (typeof toolCatalogue)[number]) {
  const properties = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  const variants = (tool.inputSchema.oneOf as { properties?: Record<string, unknown> }[] | undefined) ?? [];
  const names = [
    ...new Set([...properties, ...variants.flatMap((v) => Object.keys(v.properties ?? {})), "x"]),
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...names), jsonValue, { maxKeys: names.length }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: hostileUnit }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );
}

const countReplacements = (text: string): number => text.split("\ufffd").length - 1;

const withRealIds = (value: unknown, pick: number): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null).replaceAll('"__real_id__"', JSON.stringify(realIds[pick % realIds.length])),
  );

describe("every tool endpoint under arbitrary input", () => {
  it.each(toolNames.map((name) => [name]))(
    "%s: never a 5xx; a 4xx changes nothing",
    async (name) => {
      const tool = toolCatalogue.find((t) => t.name === name);
      if (!tool) throw new Error(`no catalogue entry for ${name}`);
      await fc.assert(
        fc.asyncProperty(bodyFor(tool), fc.nat(), async (raw, pick) => {
          const body = typeof raw === "string" ? raw : withRealIds(raw, pick);
          const before = await snapshot();
          const response = await callTool(name, body);
          const text = await response.text();
          expect(response.status, `${name} ${JSON.stringify(body)} -> ${text}`).toBeLessThan(500);
          if (response.status < 400) {
            // Accepted input never carries unstorable text into the user's data: not as it was sent, and
            // not as the U+FFFD a text column silently puts in place of a lone surrogate.
            const after = await snapshot();
            expect(
              hasUnsafeText(JSON.parse(after)),
              `${name} ${JSON.stringify(body)} stored unsafe text`,
            ).toBe(false);
            if (!JSON.stringify(body).includes("\ufffd"))
              expect(countReplacements(after), `${name} ${JSON.stringify(body)} stored U+FFFD`).toBe(
                countReplacements(before),
              );
          }
          if (response.status >= 400) {
            expect(JSON.parse(text), text).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
            expect(
              await snapshot(),
              `${name} ${JSON.stringify(body)} changed data on ${response.status}`,
            ).toBe(before);
          }
          await ctx.jobs.settled();
        }),
        { numRuns: 15 },
      );
    },
    120_000,
  );
});
