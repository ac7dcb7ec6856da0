import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "../../../../apps/server/src/adapters/offline-ai";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { agentSettings, postSuggestions, posts, stripeUserSubscriptions, userPostUsage } from "../db/schema";
import type { AiProvider } from "../ports";
import { analyzeCalendar } from "./analyze-calendar";
import { createCampaignPlan } from "./create-campaign-plan";
import { dismissSuggestion } from "./dismiss-suggestion";
import { generateContentIdea } from "./generate-content-idea";
import { generateFromSuggestion } from "./generate-from-suggestion";
import { listSuggestions } from "./list-suggestions";
import { planCampaignSlots } from "./plan-campaign-slots";
import { SUGGESTION_ALREADY_GENERATED } from "./schemas";
import { writeSocialPost } from "./write-social-post";

// Monday 23 November 2026, 15:00 UTC.
const NOW = new Date("2026-11-23T15:00:00.000Z");

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.set(NOW);
});

/** A new user with a brand profile the models can write from. */
async function brandOwner(profile: Parameters<typeof updateCompanyProfile>[1] = {}): Promise<BrandContext> {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  const ctx = await resolveBrand(t.as(userId));
  await updateCompanyProfile(ctx, {
    industry: "Specialty coffee",
    targetAudience: "Young professionals",
    keyMessages: ["Roasted fresh every morning"],
    ...profile,
  });
  return ctx;
}

const savedFor = (ctx: BrandContext) =>
  t.database.db.select().from(postSuggestions).where(eq(postSuggestions.brandId, ctx.brandId));

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** The offline model with one task swapped for a scripted answer. */
function withAi(ctx: BrandContext, overrides: Partial<AiProvider>): BrandContext {
  return { ...ctx, ai: { ...createOfflineAiProvider(), kind: "openai", ...overrides } };
}

describe("createCampaignPlan", () => {
  it("plans 4 weeks of 5 posts on the spec's best days and times, alternating platforms, and saves them", async () => {
    const ctx = await brandOwner();
    const plan = await createCampaignPlan(ctx, { goal: "our spring launch" });
    expect(plan).toMatchObject({
      goal: "our spring launch",
      weeks: 4,
      postsPerWeek: 5,
      platforms: ["facebook", "instagram"],
      model: "offline",
    });
    expect(plan.suggestions).toHaveLength(20);
    const dates = plan.suggestions.map((s) => new Date(s.scheduledDate ?? ""));
    // Soonest first, all in the future, starting tomorrow at noon.
    expect(dates.every((date) => date > NOW)).toBe(true);
    expect([...dates].sort((a, b) => a.getTime() - b.getTime())).toEqual(dates);
    expect(plan.suggestions[0]?.scheduledDate).toBe("2026-11-24T12:00:00.000Z");
    expect(plan.suggestions.slice(0, 5).map((s) => s.scheduledDate)).toEqual([
      "2026-11-24T12:00:00.000Z",
      "2026-11-25T12:00:00.000Z",
      "2026-11-25T17:00:00.000Z",
      "2026-11-26T12:00:00.000Z",
      "2026-11-26T17:00:00.000Z",
    ]);
    // Best days Wednesday, Thursday, Tuesday; best times 12:00 and 17:00 for five a week.
    expect(new Set(dates.map((date) => date.getUTCDay()))).toEqual(new Set([2, 3, 4]));
    expect(new Set(dates.map((date) => date.getUTCHours()))).toEqual(new Set([12, 17]));
    expect(plan.suggestions.map((s) => s.platform).slice(0, 4)).toEqual([
      "facebook",
      "instagram",
      "facebook",
      "instagram",
    ]);
    for (const suggestion of plan.suggestions) {
      expect(suggestion).toMatchObject({ type: "generate_new", isUsed: false, postId: null, post: null });
      expect(suggestion.contentSuggestion).toBeTruthy();
      expect(suggestion.reason).toBeTruthy();
      expect(suggestion.engagementScore).toBeGreaterThan(0);
    }
    expect(plan.suggestions[0]?.contentSuggestion).toContain("our spring launch");
    // The audience is named mid-sentence as a common noun ("for young professionals").
    expect(plan.suggestions.some((s) => s.contentSuggestion?.includes("young professionals"))).toBe(true);
    expect(await savedFor(ctx)).toHaveLength(20);
  });

  it("takes the user's posts per week from the agent settings, and the caller's weeks and platforms", async () => {
    const ctx = await brandOwner();
    await t.database.db.insert(agentSettings).values({ userId: ctx.userId, postsPerWeek: 3 });
    const plan = await createCampaignPlan(ctx, { goal: "Black Friday", weeks: 2, platforms: ["instagram"] });
    expect(plan.postsPerWeek).toBe(3);
    expect(plan.suggestions).toHaveLength(6);
    expect(new Set(plan.suggestions.map((s) => s.platform))).toEqual(new Set(["instagram"]));
    // Three a week: noon on the three best days.
    expect(plan.suggestions.map((s) => s.scheduledDate?.slice(11, 16))).toEqual(Array(6).fill("12:00"));
  });

  it("puts the times on the user's clock when given the UTC offset", async () => {
    const ctx = await brandOwner();
    const plan = await createCampaignPlan(ctx, {
      goal: "x",
      weeks: 1,
      postsPerWeek: 1,
      utcOffsetMinutes: 60,
    });
    // Noon on Wednesday in UTC+1.
    expect(plan.suggestions.map((s) => s.scheduledDate)).toEqual(["2026-11-25T11:00:00.000Z"]);
  });

  it("holds up to 30 posts a week on distinct future slots", async () => {
    const slots = planCampaignSlots({
      now: NOW,
      weeks: 12,
      postsPerWeek: 30,
      platforms: ["facebook", "instagram"],
      utcOffsetMinutes: -300,
    });
    expect(slots).toHaveLength(360);
    expect(new Set(slots.map((s) => s.scheduledDate)).size).toBe(360);
    expect(slots.every((s) => new Date(s.scheduledDate) > NOW)).toBe(true);
    for (let week = 1; week <= 12; week++) expect(slots.filter((s) => s.week === week)).toHaveLength(30);
  });

  it.each([
    [{ goal: "" }, "Please describe the campaign's goal"],
    [{ goal: "x", weeks: 0 }, "Weeks must be at least 1"],
    [{ goal: "x", weeks: 13 }, "Weeks must be at most 12"],
    [{ goal: "x", weeks: 2.5 }, "Weeks must be a whole number"],
    [{ goal: "x", postsPerWeek: 31 }, "Posts per week must be at most 30"],
    [{ goal: "x", postsPerWeek: 0 }, "Posts per week must be at least 1"],
    [{ goal: "x", platforms: [] }, "Choose at least one platform"],
    [{ goal: "x", platforms: ["facebook", "facebook"] }, "Each platform may be listed once"],
    [
      { goal: "x", platforms: ["tiktok"] },
      "Platform must be facebook, instagram, bluesky, mastodon, telegram, discord, linkedin or threads",
    ],
  ])("refuses %j with '%s' and saves nothing", async (input, message) => {
    const ctx = await brandOwner();
    expect(await rejection(createCampaignPlan(ctx, input as never))).toMatchObject({
      code: "invalid_input",
      message,
    });
    expect(await savedFor(ctx)).toHaveLength(0);
  });

  it("saves nothing when the model fails or leaves slots out", async () => {
    const ctx = await brandOwner();
    const failing = withAi(ctx, {
      planCampaign: async () => {
        throw new Error("socket hang up");
      },
    });
    expect(await rejection(createCampaignPlan(failing, { goal: "x" }))).toMatchObject({
      code: "upstream_failed",
      message: "Failed to create campaign plan",
    });
    const short = withAi(ctx, { planCampaign: async () => [{ contentSuggestion: "Only one", reason: "" }] });
    expect(await rejection(createCampaignPlan(short, { goal: "x", weeks: 1 }))).toMatchObject({
      code: "upstream_failed",
    });
    expect(await savedFor(ctx)).toHaveLength(0);
  });

  it("keeps the brand's do-not-mention list whatever the model writes", async () => {
    const ctx = await brandOwner({ doNotMention: ["Starbucks"] });
    const careless = withAi(ctx, {
      planCampaign: async (request) =>
        request.slots.map(() => ({
          contentSuggestion: "Compare us with Starbucks. Show the roastery at dawn.",
          reason: "Better than STARBUCKS. Peak time.",
        })),
    });
    const plan = await createCampaignPlan(careless, { goal: "launch", weeks: 1, postsPerWeek: 2 });
    expect(plan.model).toBe("openai");
    expect(plan.suggestions.map((s) => [s.contentSuggestion, s.reason])).toEqual([
      ["Show the roastery at dawn.", "Peak time."],
      ["Show the roastery at dawn.", "Peak time."],
    ]);
    // The offline model leaves the banned term out by itself, even when the profile names it.
    const offline = await brandOwner({ doNotMention: ["young professionals"] });
    const offlinePlan = await createCampaignPlan(offline, { goal: "launch", weeks: 2 });
    for (const s of offlinePlan.suggestions)
      expect(`${s.contentSuggestion} ${s.reason}`.toLowerCase()).not.toContain("young professionals");
  });
});

describe("listSuggestions and dismissSuggestion", () => {
  it("lists the brand's unused future suggestions soonest first; dismissing one removes it", async () => {
    const ctx = await brandOwner();
    const plan = await createCampaignPlan(ctx, { goal: "launch", weeks: 1, postsPerWeek: 3 });
    // Another brand's suggestions and a past one stay out.
    const other = await brandOwner();
    await createCampaignPlan(other, { goal: "other", weeks: 1, postsPerWeek: 2 });
    await t.database.db.insert(postSuggestions).values({
      brandId: ctx.brandId,
      type: "other",
      platform: "facebook",
      scheduledDate: new Date("2026-11-20T12:00:00.000Z"),
      contentSuggestion: "Past",
    });

    const listed = await listSuggestions(ctx);
    expect(listed.suggestions.map((s) => s.id)).toEqual(plan.suggestions.map((s) => s.id));

    const [first, second] = plan.suggestions;
    const dismissed = await dismissSuggestion(ctx, { suggestionId: first?.id ?? "" });
    expect(dismissed).toMatchObject({ id: first?.id, isUsed: true });
    // Dismissing twice changes nothing more.
    expect(await dismissSuggestion(ctx, { suggestionId: first?.id ?? "" })).toMatchObject({ isUsed: true });
    expect((await listSuggestions(ctx)).suggestions.map((s) => s.id)).toEqual(
      plan.suggestions.slice(1).map((s) => s.id),
    );

    // Once a suggestion's date has passed it is no longer listed.
    t.clock.set(new Date(new Date(second?.scheduledDate ?? "").getTime() + 1));
    expect((await listSuggestions(ctx)).suggestions.map((s) => s.id)).toEqual(
      plan.suggestions.slice(2).map((s) => s.id),
    );
  });

  it("answers not found for another user's or brand's suggestion and for malformed ids", async () => {
    const owner = await brandOwner();
    const [suggestion] = (await createCampaignPlan(owner, { goal: "x", weeks: 1, postsPerWeek: 1 }))
      .suggestions;
    const id = suggestion?.id ?? "";
    const stranger = await brandOwner();
    // The owner's second brand.
    const second = await createBrand(t.as(owner.userId), { name: "Second" });
    const secondCtx = await resolveBrand(t.as(owner.userId), { brandId: second.id });
    for (const [ctx, suggestionId] of [
      [stranger, id],
      [secondCtx, id],
      [owner, "not-a-uuid"],
      [owner, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect(await rejection(dismissSuggestion(ctx, { suggestionId }))).toMatchObject({
        code: "not_found",
        message: "Suggestion not found",
      });
    }
    expect(await rejection(dismissSuggestion(owner, { suggestionId: " " }))).toMatchObject({
      code: "invalid_input",
    });
    const [row] = await savedFor(owner);
    expect(row?.isUsed).toBe(false);
  });
});

describe("generateContentIdea", () => {
  it("offers a few brand-aware ideas about the topic, or about the brand, and saves nothing", async () => {
    const ctx = await brandOwner({ doNotMention: ["Starbucks"] });
    const result = await generateContentIdea(ctx, { topic: "autumn blends" });
    expect(result.topic).toBe("autumn blends");
    expect(result.model).toBe("offline");
    expect(result.ideas).toHaveLength(3);
    for (const idea of result.ideas) {
      expect(idea.title.toLowerCase()).toContain("autumn blends");
      expect(idea.angle).toBeTruthy();
      expect(["facebook", "instagram"]).toContain(idea.platform);
    }
    expect(new Set(result.ideas.map((idea) => idea.title)).size).toBe(3);
    const general = await generateContentIdea(ctx);
    expect(general.topic).toBeNull();
    expect(general.ideas.map((idea) => idea.title).join(" ")).toContain("roasted fresh every morning");
    // Same request, same ideas: the offline model is deterministic.
    expect(await generateContentIdea(ctx, { topic: "autumn blends" })).toEqual(result);
    expect(await savedFor(ctx)).toHaveLength(0);
  });

  it("drops what names a banned term and refuses when nothing usable is left", async () => {
    const ctx = await brandOwner({ doNotMention: ["Starbucks"] });
    const careless = withAi(ctx, {
      suggestContentIdeas: async () => [
        { title: "Beat Starbucks", angle: "Compare prices with Starbucks.", platform: "facebook" },
        { title: "Latte art", angle: "Film the barista at work.", platform: "instagram" },
      ],
    });
    expect((await generateContentIdea(careless, {})).ideas).toEqual([
      { title: "Latte art", angle: "Film the barista at work.", platform: "instagram" },
    ]);
    const useless = withAi(ctx, {
      suggestContentIdeas: async () => [{ title: "Starbucks", angle: "Starbucks", platform: "facebook" }],
    });
    expect(await rejection(generateContentIdea(useless, {}))).toMatchObject({
      code: "upstream_failed",
      message: "Failed to generate content ideas",
    });
    expect(await rejection(generateContentIdea(ctx, { topic: 42 } as never))).toMatchObject({
      code: "invalid_input",
    });
  });
});

describe("writeSocialPost", () => {
  it("writes a caption for the brand and platform without saving a post", async () => {
    const ctx = await brandOwner({ tone: "friendly", doNotMention: ["Starbucks"] });
    const written = await writeSocialPost(ctx, { topic: "our new oat latte", platform: "instagram" });
    expect(written).toMatchObject({
      topic: "our new oat latte",
      platform: "instagram",
      maxCaptionLength: 2200,
      model: "offline",
    });
    expect(written.caption).toContain("our new oat latte");
    // The audience reads mid-sentence: "Perfect for young professionals ..."
    expect(written.caption).toMatch(/ young professionals/);
    expect(written.caption).toContain("#BeanThere");
    expect(written.hashtags).toContain("#BeanThere");
    expect(written.characterCount).toBe([...written.caption].length);
    const { posts } = await import("../db/schema");
    expect(await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId))).toHaveLength(0);
  });

  it("keeps the do-not-mention list and Instagram's limits whatever the model writes", async () => {
    const ctx = await brandOwner({ doNotMention: ["Starbucks"] });
    const tags = Array.from({ length: 40 }, (_, i) => `#tag${i}`);
    const careless = withAi(ctx, {
      writePost: async () => ({
        caption: `Better than Starbucks! ${"Fresh coffee every day. ".repeat(120)}\n\n#Starbucks ${tags.join(" ")}`,
        hashtags: ["#Starbucks", ...tags],
        imagePrompt: "",
      }),
    });
    const written = await writeSocialPost(careless, { topic: "coffee", platform: "instagram" });
    expect(written.caption.toLowerCase()).not.toContain("starbucks");
    expect([...written.caption].length).toBeLessThanOrEqual(2200);
    expect(written.caption.startsWith("Fresh coffee every day.")).toBe(true);
    expect(written.hashtags.length).toBeLessThanOrEqual(30);
    expect(written.model).toBe("openai");
  });

  it("refuses a missing topic or an unknown platform", async () => {
    const ctx = await brandOwner();
    expect(await rejection(writeSocialPost(ctx, { topic: " ", platform: "facebook" }))).toMatchObject({
      code: "invalid_input",
      message: "Please say what the post should be about",
    });
    expect(await rejection(writeSocialPost(ctx, { topic: "x", platform: "tiktok" } as never))).toMatchObject({
      code: "invalid_input",
      message:
        "Platform must be facebook, instagram, bluesky, mastodon, telegram, discord, linkedin or threads",
    });
  });
});

describe("generateFromSuggestion", () => {
  it("generates a post from the idea and platform, links it, and offers Generate again only after a deny", async () => {
    const ctx = await brandOwner();
    const [suggestion] = (await createCampaignPlan(ctx, { goal: "winter menu", weeks: 1, postsPerWeek: 2 }))
      .suggestions;
    const suggestionId = suggestion?.id ?? "";

    const first = await generateFromSuggestion(ctx, { suggestionId });
    expect(first.post).toMatchObject({ platform: suggestion?.platform, state: "generating" });
    expect(first.suggestion).toMatchObject({
      id: suggestionId,
      isUsed: false,
      postId: first.post.id,
      post: { id: first.post.id, status: "pending" },
    });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, first.post.id));
    expect(row?.generationRequest?.userPrompt).toBe(suggestion?.contentSuggestion);
    expect(row?.brandId).toBe(ctx.brandId);
    // The agent page shows it as Post Pending.
    const listed = (await listSuggestions(ctx)).suggestions.find((s) => s.id === suggestionId);
    expect(listed?.post).toMatchObject({ id: first.post.id, status: "pending" });

    // Pending (or scheduled): refused, nothing generated.
    expect(await rejection(generateFromSuggestion(ctx, { suggestionId }))).toMatchObject({
      code: "conflict",
      message: SUGGESTION_ALREADY_GENERATED,
    });
    // Denied: Generate again (the next day: the free plan makes one post a day).
    await t.database.db.update(posts).set({ status: "denied" }).where(eq(posts.id, first.post.id));
    t.clock.set(new Date(NOW.getTime() + 86_400_000));
    const second = await generateFromSuggestion(ctx, { suggestionId });
    expect(second.post.id).not.toBe(first.post.id);
    expect(second.suggestion.postId).toBe(second.post.id);
    expect(await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId))).toHaveLength(2);
  });

  it("makes one post when asked twice at once (a second tab): the other is refused and counts nothing", async () => {
    const ctx = await brandOwner();
    // Pro, so the plan's daily limit is not what stops the second request.
    await t.database.db.insert(stripeUserSubscriptions).values({
      userId: ctx.userId,
      customerId: `cus_${ctx.userId}`,
      subscriptionId: `sub_${ctx.userId}`,
      subscriptionStatus: "active",
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(NOW.getTime() + 20 * 86_400_000),
    });
    const [suggestion] = (await createCampaignPlan(ctx, { goal: "x", weeks: 1, postsPerWeek: 1 }))
      .suggestions;
    const suggestionId = suggestion?.id ?? "";
    const results = await Promise.allSettled([
      generateFromSuggestion(ctx, { suggestionId }),
      generateFromSuggestion(ctx, { suggestionId }),
    ]);
    const made = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(made).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ code: "conflict" })]);
    const rows = await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId));
    expect(rows.map((row) => row.id)).toEqual([made[0]?.post.id]);
    const [usage] = await t.database.db
      .select()
      .from(userPostUsage)
      .where(eq(userPostUsage.userId, ctx.userId));
    expect(usage?.postsUsed).toBe(1);
    const [linked] = await savedFor(ctx);
    expect(linked?.postId).toBe(made[0]?.post.id);
  });

  it("refuses a dismissed, another brand's or a malformed suggestion, and the plan's limit, generating nothing", async () => {
    const owner = await brandOwner();
    const [kept, dismissed] = (await createCampaignPlan(owner, { goal: "x", weeks: 1, postsPerWeek: 2 }))
      .suggestions;
    await dismissSuggestion(owner, { suggestionId: dismissed?.id ?? "" });
    const stranger = await brandOwner();
    for (const [ctx, suggestionId] of [
      [owner, dismissed?.id ?? ""],
      [stranger, kept?.id ?? ""],
      [owner, "not-a-uuid"],
    ] as const) {
      expect(await rejection(generateFromSuggestion(ctx, { suggestionId }))).toMatchObject({
        code: "not_found",
        message: "Suggestion not found",
      });
    }
    // The generation allowance is checked first: a free user's second post of the day is refused.
    await t.database.db.insert(posts).values({ userId: owner.userId, brandId: owner.brandId, content: "x" });
    await generateFromSuggestion(owner, { suggestionId: kept?.id ?? "" }).catch(() => null);
    const other = (await createCampaignPlan(owner, { goal: "y", weeks: 1, postsPerWeek: 1 })).suggestions[0];
    expect(await rejection(generateFromSuggestion(owner, { suggestionId: other?.id ?? "" }))).toMatchObject({
      code: "quota_exceeded",
    });
    const [row] = await t.database.db
      .select()
      .from(postSuggestions)
      .where(eq(postSuggestions.id, other?.id ?? ""));
    expect(row?.postId).toBeNull();
  });
});

describe("analyzeCalendar", () => {
  // NOW is Monday 23 November 2026, 15:00 UTC: the week runs from Sunday 22 November.
  const at = (iso: string) => new Date(iso);

  it("counts this week's approved posts against the weekly target, the pending ones and the range", async () => {
    const ctx = await brandOwner();
    await t.database.db.insert(agentSettings).values({ userId: ctx.userId, postsPerWeek: 3 });
    const base = { userId: ctx.userId, brandId: ctx.brandId, content: "A post about our winter menu" };
    const [next] = await t.database.db
      .insert(posts)
      .values([
        // This week: one to go (Wednesday noon) and one already out (Sunday).
        { ...base, status: "approved", scheduledDate: at("2026-11-25T12:00:00Z") },
        {
          ...base,
          status: "approved",
          scheduledDate: at("2026-11-22T10:00:00Z"),
          postedAt: at("2026-11-22T10:00:00Z"),
        },
        // Last Wednesday (in the 7-day range, not this week), and Sunday 1 November (30-day range only).
        {
          ...base,
          status: "approved",
          scheduledDate: at("2026-11-18T12:00:00Z"),
          postedAt: at("2026-11-18T12:00:00Z"),
        },
        {
          ...base,
          status: "approved",
          scheduledDate: at("2026-11-01T12:00:00Z"),
          postedAt: at("2026-11-01T12:00:00Z"),
        },
        // Saturday 21 November, 20:00 UTC: last week in UTC, this Sunday morning at UTC+10.
        {
          ...base,
          status: "approved",
          scheduledDate: at("2026-11-21T20:00:00Z"),
          postedAt: at("2026-11-21T20:00:00Z"),
        },
        // Next week, a pending post, a denied one this week: none count towards this week.
        { ...base, status: "approved", scheduledDate: at("2026-12-02T12:00:00Z") },
        { ...base, status: "pending" },
        { ...base, status: "denied", scheduledDate: at("2026-11-24T12:00:00Z") },
      ])
      .returning();
    await createCampaignPlan(ctx, { goal: "winter menu", weeks: 1, postsPerWeek: 2 });

    const week = await analyzeCalendar(ctx, { range: "7d" });
    expect(week).toMatchObject({
      range: "7d",
      scheduledPostsCount: 2,
      pendingPostsCount: 1,
      weeklyTarget: 3,
      contentGap: 1,
      targetMet: false,
      nextScheduledPost: { id: next?.id, scheduledDate: "2026-11-25T12:00:00.000Z", platform: "facebook" },
      nextOptimalPostTime: "Tomorrow at 12:00 PM",
      engagementData: {
        bestDays: ["Wednesday", "Thursday", "Tuesday"],
        bestTimes: ["12:00 PM", "5:00 PM", "10:00 AM"],
      },
      // Sunday 22, Wednesday 18, Saturday 21 (5.5, 8, 6): the curve's estimate, not measured engagement.
      weeklyPerformance: {
        totalPosts: 3,
        averageEngagement: 6.5,
        topPerformingDay: "Wednesday",
        topPerformingTime: "12:00 PM",
      },
      activeSuggestionCount: 2,
    });
    expect(week.engagementData.dayOfWeek).toHaveLength(7);
    expect(week.suggestions).toHaveLength(2);

    expect((await analyzeCalendar(ctx, { range: "30d" })).weeklyPerformance.totalPosts).toBe(4);
    // At UTC+10 the Saturday-evening post is this Sunday morning: the target is met.
    expect(await analyzeCalendar(ctx, { range: "7d", utcOffsetMinutes: 600 })).toMatchObject({
      scheduledPostsCount: 3,
      contentGap: 0,
      targetMet: true,
    });
  });

  it("counts a post scheduled or published after the cached analysis at once (the dashboard's weekly target)", async () => {
    const ctx = await brandOwner();
    await t.database.db.insert(agentSettings).values({ userId: ctx.userId, postsPerWeek: 3 });
    const base = { userId: ctx.userId, brandId: ctx.brandId, content: "A post about our winter menu" };
    await t.database.db.insert(posts).values({
      ...base,
      status: "approved",
      scheduledDate: at("2026-11-22T10:00:00Z"),
      postedAt: at("2026-11-22T10:00:00Z"),
    });
    const first = await analyzeCalendar(ctx, { range: "7d", freshFor: "dashboard" });
    expect(first).toMatchObject({ scheduledPostsCount: 1, contentGap: 2, nextScheduledPost: null });

    // One scheduled for Thursday and one published just now, within the cache's 6 hours.
    const [thursday] = await t.database.db
      .insert(posts)
      .values([
        { ...base, status: "approved", scheduledDate: at("2026-11-26T12:00:00Z") },
        { ...base, status: "approved", scheduledDate: at("2026-11-23T14:00:00Z"), postedAt: NOW },
      ])
      .returning();
    const second = await analyzeCalendar(ctx, { range: "7d", freshFor: "dashboard" });
    // Still the cached analysis (same time), but this week's count and the next post are read live.
    expect(second.analyzedAt).toBe(first.analyzedAt);
    expect(second).toMatchObject({
      scheduledPostsCount: 3,
      weeklyTarget: 3,
      contentGap: 0,
      targetMet: true,
      nextScheduledPost: { id: thursday?.id, scheduledDate: "2026-11-26T12:00:00.000Z" },
    });
  });

  it("starts empty with the default target, and refuses an unknown range", async () => {
    const ctx = await brandOwner();
    expect(await analyzeCalendar(ctx)).toMatchObject({
      range: "7d",
      scheduledPostsCount: 0,
      pendingPostsCount: 0,
      weeklyTarget: 5,
      contentGap: 5,
      targetMet: false,
      nextScheduledPost: null,
      weeklyPerformance: { totalPosts: 0, topPerformingDay: "Wednesday" },
      suggestions: [],
      activeSuggestionCount: 0,
    });
    expect(await rejection(analyzeCalendar(ctx, { range: "90d" as never }))).toMatchObject({
      code: "invalid_input",
    });
  });
});
