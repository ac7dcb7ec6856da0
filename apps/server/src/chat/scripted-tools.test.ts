import { randomUUID } from "node:crypto";
import { requestAccountDeletion } from "@smm/domain/account";
import { getAgentSettings } from "@smm/domain/agent";
import { createBrand, getBrand } from "@smm/domain/brands";
import { createCampaign, listCampaigns } from "@smm/domain/campaigns";
import { connectChannel, listChannels } from "@smm/domain/channels";
import { getConversation, saveConversation } from "@smm/domain/chat";
import {
  connectFacebookPage,
  exchangeFacebookCode,
  getConnections,
  selectAdAccount,
  startFacebookConnection,
} from "@smm/domain/connections";
import type { BrandContext, UserContext } from "@smm/domain/context";
import {
  inboxItems,
  media,
  type NewPost,
  notifications,
  planWelcomes,
  postMedia,
  postSuggestions,
  posts,
  sandboxComments,
  sitePages,
  socialConnections,
  stripeUserSubscriptions,
  user,
  userBrands,
  userDailyPostUsage,
  userPostUsage,
} from "@smm/domain/db/schema";
import { CUSTOM_PROMPT_REQUIRED, listImageStyles } from "@smm/domain/generation";
import { recordIncomingComments, sendReply } from "@smm/domain/inbox";
import { uploadImage } from "@smm/domain/media";
import { createNotification, listNotifications } from "@smm/domain/notifications";
import type { PlanType } from "@smm/domain/plans";
import { getPlan } from "@smm/domain/plans";
import type { IncomingComment, WebFetcher } from "@smm/domain/ports";
import {
  approvePost,
  getDashboardStats,
  getPost,
  type ListCalendarPostsInput,
  listCalendarPosts,
  listPosts,
  POST_CANCELLED_FEEDBACK,
} from "@smm/domain/posts";
import { listSuggestions } from "@smm/domain/suggestions";
import {
  createTemplate,
  favouriteTemplate,
  getTemplate,
  listFavourites,
  listTemplates,
} from "@smm/domain/templates";
import { getWatermark, saveWatermark, uploadWatermarkImage } from "@smm/domain/watermark";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { getToolName, isToolUIPart } from "ai";
import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMastodonServer, startMastodonServer } from "../../../../tests/fakes/mastodon-server";
import { BRAND_HEADER } from "../lib/domain-context";
import {
  assembleUIMessage,
  createScriptedChatModel,
  parseUIMessageStream,
  scriptedAnswer,
} from "./scripted-model";

/**
 * Issue 6: every tool of the registry, called by a (scripted) model through POST /api/chat. Each case says
 * what to set up, what the model sends, and what must then be true: the tool part is in the UI message
 * stream with its output, and the use case's effect is in the database. A tool without a case fails the
 * guard at the end.
 */

const FIXTURE_URL = "https://harbour-bikes.example/";
const FIXTURE_HTML = `<html><head><title>Harbour Bikes</title>
  <meta name="description" content="Harbour Bikes repairs and rents bicycles for commuters.">
  <meta property="og:site_name" content="Harbour Bikes"></head>
  <body><main><h1>Repairs while you wait</h1><p>Tandem rentals by the hour on the waterfront.</p></main></body></html>`;

/** The web as analyzeWebsite sees it here: one fixture page at any address. */
const fixtureWeb: WebFetcher = {
  fetchPage: async (url) => ({ url, status: 200, contentType: "text/html", body: FIXTURE_HTML }),
};

const scripted = createScriptedChatModel();
let ctx: TestContext;
let cookie: string;
let userId: string;
/** A Mastodon instance for the channel tools, reached through the SSRF guard's test-only allowance. */
let mastodon: FakeMastodonServer;

beforeAll(async () => {
  mastodon = await startMastodonServer();
  const port = Number(new URL(mastodon.url).port);
  ctx = await createTestContext({
    chatModel: scripted.model,
    web: fixtureWeb,
    channelTesting: { allowAddress: (address, p) => address === "127.0.0.1" && p === port },
  });
  ({ cookie } = await signUpVerifiedUser(ctx));
  userId = await userIdOf(ctx, cookie);
});
afterAll(async () => {
  await ctx?.close();
  await mastodon?.close();
});

/** One case's world: the shared user with a brand of its own, which the chat is told to act on. */
interface Scene {
  brandId: string;
  /** The use cases' context on that brand, for setting up and reading back. */
  brand: BrandContext;
}

const asUser = (): UserContext => ({ ...ctx.deps, userId });

async function newScene(toolName: string): Promise<Scene> {
  const { id } = await createBrand(asUser(), { name: `Scripted ${toolName}` });
  return { brandId: id, brand: { ...asUser(), brandId: id } };
}

/** A user of the case's own, signed in, with a brand: for the cases that end the account. */
async function newOwnScene(toolName: string): Promise<{ scene: Scene; cookie: string; userId: string }> {
  const signedUp = await signUpVerifiedUser(ctx);
  const ownId = await userIdOf(ctx, signedUp.cookie);
  const own: UserContext = { ...ctx.deps, userId: ownId };
  const { id } = await createBrand(own, { name: `Scripted ${toolName}` });
  return { scene: { brandId: id, brand: { ...own, brandId: id } }, cookie: signedUp.cookie, userId: ownId };
}

// ---- set-up and read-back helpers ----

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** What the stream carries for a domain value: its JSON form. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

async function insertPost(scene: Scene, values: Partial<NewPost> = {}) {
  const [row] = await ctx.database.db
    .insert(posts)
    .values({ userId, brandId: scene.brandId, content: "Fresh bread every morning", ...values })
    .returning();
  if (!row) throw new Error("post not inserted");
  return row;
}

async function scheduledPost(scene: Scene) {
  const post = await insertPost(scene);
  await approvePost(scene.brand, { postId: post.id, scheduledDate: inDays(3) });
  return post;
}

async function approvedPost(scene: Scene) {
  const post = await insertPost(scene);
  await approvePost(scene.brand, { postId: post.id });
  return post;
}

/**
 * The free plan makes one post a day and five a month: each case that generates one starts the day and the
 * month afresh, whichever cases (the scheduling agent fills a week on a lent plan) ran before it.
 */
async function freshDay() {
  await ctx.database.db.delete(userDailyPostUsage).where(eq(userDailyPostUsage.userId, userId));
  await ctx.database.db.delete(userPostUsage).where(eq(userPostUsage.userId, userId));
}

async function insertSuggestion(scene: Scene, values: { daysAhead: number; isUsed?: boolean }) {
  const [row] = await ctx.database.db
    .insert(postSuggestions)
    .values({
      brandId: scene.brandId,
      type: "generate_new",
      scheduledDate: new Date(inDays(values.daysAhead)),
      contentSuggestion: "Show the morning bake",
      engagementScore: 80,
      isUsed: values.isUsed ?? false,
    })
    .returning();
  if (!row) throw new Error("suggestion not inserted");
  return row;
}

const suggestionRows = (scene: Scene) =>
  ctx.database.db.select().from(postSuggestions).where(eq(postSuggestions.brandId, scene.brandId));

const postRows = (scene: Scene) =>
  ctx.database.db.select().from(posts).where(eq(posts.brandId, scene.brandId));

async function postRow(id: string) {
  const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, id));
  return row;
}

async function brandRow(id: string) {
  const [row] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, id));
  return row;
}

async function png(color = "#ff0000"): Promise<Uint8Array> {
  const image = sharp({ create: { width: 64, height: 64, channels: 4, background: color } });
  return new Uint8Array(await image.png().toBuffer());
}

async function watermarkImage(scene: Scene) {
  return uploadWatermarkImage(scene.brand, { bytes: await png(), name: "mark.png" });
}

const placement = {
  position: { x: 30, y: 70 },
  size: 40,
  opacity: 0.6,
  rotation: 45,
  flipHorizontal: false,
  flipVertical: true,
};

// ---- plans and connections for the billing and Facebook cases ----

const planOf = async (): Promise<PlanType> => (await getPlan(asUser())).type;
/** Puts the plan back as the run had it: free in the chat's run, Enterprise in the scripts' run. */
const restorePlan = (previous: PlanType) => setPlan(ctx, userId, previous === "free" ? null : previous);

/** A paying Enterprise subscription the billing provider knows (API keys stay valid on it). */
async function payingSubscription(cancelAtPeriodEnd: boolean): Promise<PlanType> {
  const previous = await planOf();
  await setPlan(ctx, userId, "enterprise");
  await ctx.database.db
    .update(stripeUserSubscriptions)
    .set({ subscriptionId: `sub_local_${userId}`, cancelAtPeriodEnd })
    .where(eq(stripeUserSubscriptions.userId, userId));
  return previous;
}

async function subscriptionRow() {
  const [row] = await ctx.database.db
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.userId, userId));
  return row;
}

/** Follows "Allow" on the sandbox's consent page, as the user's browser would. */
async function approveSandboxDialog(url: string): Promise<{ code: string; state: string }> {
  const html = await (await ctx.app.request(url)).text();
  const allow = /id="allow" href="([^"]+)"/
    .exec(html)?.[1]
    ?.replaceAll("&amp;", "&")
    .replaceAll("&#38;", "&");
  if (!allow) throw new Error(`no allow link in ${html}`);
  const back = new URL(allow);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

async function sandboxRound(scene: Scene, flow: "page" | "ads") {
  const { url } = await startFacebookConnection(scene.brand, { flow });
  return approveSandboxDialog(url);
}

async function connectSandboxPage(scene: Scene) {
  await exchangeFacebookCode(asUser(), await sandboxRound(scene, "page"));
  await connectFacebookPage(scene.brand, { pageId: "sandbox-page" });
}

/** The sandbox's offline account on a network (Settings > Channels' "Use a sandbox account"). */
async function connectSandboxChannel(scene: Scene, platform: "bluesky" | "mastodon") {
  await connectChannel(scene.brand, { platform, mode: "sandbox" });
}

/**
 * A post published on the brand's sandbox page with comments from others under it (the sandbox network holds
 * them, and the inbox has them as polling records them): the inbox tools' world.
 */
async function sandboxConversation(scene: Scene, texts = ["Are you open on Friday?"]) {
  await connectSandboxPage(scene);
  const postId = randomUUID();
  const content = "Crispy waffles every Sunday morning";
  const { externalId } = await ctx.deps.social.publish({
    userId,
    brandId: scene.brandId,
    postId,
    platform: "facebook",
    content,
    imageUrl: null,
  });
  await ctx.database.db.insert(posts).values({
    id: postId,
    userId,
    brandId: scene.brandId,
    content,
    platform: "facebook",
    status: "approved",
    externalPostId: externalId,
    publishedVia: "sandbox",
    postedAt: new Date(Date.now() - 3_600_000),
  });
  const comments: IncomingComment[] = [];
  for (const [index, text] of texts.entries()) {
    const id = `${externalId}_scripted${index}`;
    const writtenAt = new Date(Date.now() - (texts.length - index) * 60_000);
    await ctx.database.db.insert(sandboxComments).values({
      id,
      userId,
      brandId: scene.brandId,
      sandboxPostId: externalId,
      authorName: "Anna Berg",
      authorHandle: "anna.berg",
      text,
      writtenAt,
    });
    comments.push({
      externalId: id,
      postExternalId: externalId,
      parentExternalId: null,
      authorExternalId: "anna.berg",
      authorName: "Anna Berg",
      authorHandle: "anna.berg",
      authorAvatarUrl: null,
      text,
      writtenAt,
      own: false,
    });
  }
  await recordIncomingComments(ctx.deps, {
    userId,
    brandId: scene.brandId,
    platform: "facebook",
    network: "sandbox",
    comments,
    complete: [],
  });
  const items = await ctx.database.db
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.postId, postId))
    .orderBy(asc(inboxItems.writtenAt));
  return { postId, externalId, items };
}

async function inboxItemRow(id: string) {
  const [row] = await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.id, id));
  return row;
}

async function channelRows(scene: Scene, platform: "bluesky" | "mastodon") {
  return ctx.database.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.brandId, scene.brandId), eq(socialConnections.provider, platform)));
}

async function connectSandboxAdAccount(scene: Scene) {
  await connectSandboxPage(scene);
  await exchangeFacebookCode(asUser(), await sandboxRound(scene, "ads"));
  await selectAdAccount(scene.brand, { adAccountId: "act_sandbox" });
}

// ---- the cases ----

interface Arranged {
  /** The input the model sends with its tool call. */
  input: Record<string, unknown>;
}

interface ToolCase<A extends Arranged = Arranged> {
  /** Client tools run in the browser: the stream carries the call, and the server gives no output. */
  client?: true;
  /** The case acts as a user of its own (deleteAccount would otherwise end every later case). */
  ownUser?: true;
  /**
   * What the scripts' door answers instead of 200, where the product refuses the call to every API key
   * holder by design (API keys are Enterprise's, and an Enterprise user has no plan left to buy).
   */
  byKey?: { status: number; code: string };
  /** The input as the tool's schema normalises it, where that differs from what the model sent. */
  parsedInput?: Record<string, unknown>;
  /** Prepares what the call needs; returns the model's input and whatever `verify` needs. */
  arrange(scene: Scene): Promise<A>;
  /** Checks the tool's output (as streamed) and its effect in the database. */
  verify(scene: Scene, arranged: A, output: unknown): Promise<void>;
}

const toolCase = <A extends Arranged>(definition: ToolCase<A>): ToolCase => definition as ToolCase;

const cases: Record<string, ToolCase> = {
  analyzeWebsite: toolCase({
    arrange: async () => ({ input: { url: FIXTURE_URL } }),
    async verify(scene, _, output) {
      expect(output).toMatchObject({ url: FIXTURE_URL, title: "Harbour Bikes" });
      const pages = await ctx.database.db
        .select()
        .from(sitePages)
        .where(eq(sitePages.brandId, scene.brandId));
      expect(pages).toEqual([expect.objectContaining({ url: FIXTURE_URL, title: "Harbour Bikes" })]);
      expect(pages[0]?.content).toMatch(/Tandem rentals/);
    },
  }),

  approvePost: toolCase({
    async arrange(scene) {
      const post = await insertPost(scene);
      return { input: { postId: post.id, scheduledDate: inDays(2) } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.postId, status: "approved", state: "scheduled" });
      const row = await postRow(input.postId as string);
      expect(row?.status).toBe("approved");
      expect(row?.scheduledDate?.toISOString()).toBe(input.scheduledDate);
      expect(row?.externalPostId).toBeTruthy();
    },
  }),

  cancelPost: toolCase({
    arrange: async (scene) => ({ input: { postId: (await scheduledPost(scene)).id } }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ post: { id: input.postId, status: "denied" }, warning: null });
      const row = await postRow(input.postId as string);
      expect(row).toMatchObject({ status: "denied", feedback: POST_CANCELLED_FEEDBACK, scheduledDate: null });
    },
  }),

  captionFromImage: toolCase({
    async arrange(scene) {
      const image = await uploadImage(scene.brand, { bytes: await png("#f28c28"), name: "terrace.png" });
      return { input: { imageId: image.id, platform: "instagram", context: "our sunny terrace" } };
    },
    async verify(scene, { input }, output) {
      const { post, model } = output as { post: { id: string; content: string }; model: string };
      expect(model).toBe("offline");
      expect(post.content).toContain("our sunny terrace");
      const [row] = await postRows(scene);
      expect(row).toMatchObject({
        id: post.id,
        status: "pending",
        platform: "instagram",
        source: "image_caption",
        imageMediaId: input.imageId,
      });
    },
  }),

  clearConversation: toolCase({
    async arrange(scene) {
      const old = {
        id: "old-1",
        role: "user" as const,
        parts: [{ type: "text" as const, text: "old talk" }],
      };
      await saveConversation(scene.brand, [old]);
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toEqual({ cleared: true });
      // The old talk is gone, and the turn that cleared it is not saved after it either.
      const { messages } = await getConversation(scene.brand);
      expect(messages).toEqual([]);
    },
  }),

  analyzeCalendar: toolCase({
    arrange: async (scene) => {
      await scheduledPost(scene);
      await insertPost(scene);
      await insertSuggestion(scene, { daysAhead: 2 });
      return { input: { range: "30d" } };
    },
    async verify(_, __, output) {
      expect(output).toMatchObject({
        range: "30d",
        pendingPostsCount: 1,
        weeklyTarget: 5,
        nextScheduledPost: { scheduledDate: expect.any(String) },
        activeSuggestionCount: 1,
      });
    },
  }),

  createCampaignPlan: toolCase({
    arrange: async () => ({
      input: {
        goal: "Launch our sourdough subscription",
        weeks: 1,
        postsPerWeek: 3,
        platforms: ["instagram", "facebook"],
      },
    }),
    async verify(scene, _, output) {
      const { suggestions } = output as {
        suggestions: { id: string; platform: string; scheduledDate: string }[];
      };
      expect(output).toMatchObject({ weeks: 1, postsPerWeek: 3, platforms: ["instagram", "facebook"] });
      expect(suggestions).toHaveLength(3);
      // Saved as the brand's open post suggestions, dated in the future.
      const rows = await suggestionRows(scene);
      expect(rows.map((row) => row.id).sort()).toEqual(suggestions.map((suggestion) => suggestion.id).sort());
      for (const row of rows) {
        expect(row.isUsed).toBe(false);
        expect(row.scheduledDate?.getTime()).toBeGreaterThan(Date.now());
      }
      expect(new Set(rows.map((row) => row.platform))).toEqual(new Set(["instagram", "facebook"]));
    },
  }),

  createBrand: toolCase({
    arrange: async (scene) => ({ input: { name: `Made for ${scene.brandId.slice(0, 8)}` } }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ name: input.name, isActive: true });
      const rows = await ctx.database.db
        .select()
        .from(userBrands)
        .where(and(eq(userBrands.userId, userId), eq(userBrands.name, input.name as string)));
      expect(rows).toEqual([expect.objectContaining({ id: (output as { id: string }).id, isActive: true })]);
    },
  }),

  deleteBrand: toolCase({
    async arrange() {
      const doomed = await createBrand(asUser(), { name: "Doomed Brand" });
      return { input: { brandId: doomed.id } };
    },
    async verify(_, { input }) {
      expect(await brandRow(input.brandId as string)).toBeUndefined();
      const active = await ctx.database.db
        .select()
        .from(userBrands)
        .where(and(eq(userBrands.userId, userId), eq(userBrands.isActive, true)));
      expect(active).toHaveLength(1);
    },
  }),

  deleteNotification: toolCase({
    async arrange() {
      const notification = await createNotification(asUser(), { message: "Delete me" });
      return { input: { notificationId: notification.id } };
    },
    async verify(_, { input }) {
      const rows = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, input.notificationId as string));
      expect(rows).toEqual([]);
    },
  }),

  deletePost: toolCase({
    arrange: async (scene) => ({ input: { postId: (await insertPost(scene)).id } }),
    async verify(_, { input }, output) {
      expect(output).toEqual({ deleted: true });
      expect(await postRow(input.postId as string)).toBeUndefined();
    },
  }),

  denyPost: toolCase({
    arrange: async (scene) => ({ input: { postId: (await insertPost(scene)).id, feedback: "Too salesy" } }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.postId, status: "denied", feedback: "Too salesy" });
      expect(await postRow(input.postId as string)).toMatchObject({
        status: "denied",
        feedback: "Too salesy",
      });
    },
  }),

  getAgentSettings: toolCase({
    arrange: async () => ({ input: {} }),
    async verify(_, __, output) {
      expect(output).toEqual(json(await getAgentSettings(asUser())));
      expect(output).toMatchObject({ bestPostTime: expect.any(String), postsPerWeek: expect.any(Number) });
    },
  }),

  updateAgentSettings: toolCase({
    arrange: async () => ({ input: { field: "bestPostTime", value: "10:30" } }),
    async verify(_, __, output) {
      expect(output).toMatchObject({ bestPostTime: "10:30" });
      expect(await getAgentSettings(asUser())).toMatchObject({ bestPostTime: "10:30" });
    },
  }),

  runSchedulingAgent: toolCase({
    async arrange() {
      // The agent is Enterprise's: the chat's pass runs on free, so the case lends the plan and gives it back.
      const lent = (await getPlan(asUser())).type !== "enterprise";
      if (lent) await setPlan(ctx, userId, "enterprise");
      return { input: {}, lent };
    },
    async verify(scene, { lent }, output) {
      if (lent) await setPlan(ctx, userId, null);
      const { postsPerWeek } = await getAgentSettings(asUser());
      expect(output).toMatchObject({ ran: true, gap: postsPerWeek, postsCreated: postsPerWeek });
      const made = await postRows(scene);
      expect(made).toHaveLength(postsPerWeek);
      expect(made.every((post) => post.status === "pending")).toBe(true);
      expect(await suggestionRows(scene)).toHaveLength(postsPerWeek);
    },
  }),

  dismissSuggestion: toolCase({
    arrange: async (scene) => ({
      input: { suggestionId: (await insertSuggestion(scene, { daysAhead: 2 })).id },
    }),
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ id: input.suggestionId, isUsed: true });
      expect(await suggestionRows(scene)).toEqual([
        expect.objectContaining({ id: input.suggestionId, isUsed: true }),
      ]);
    },
  }),

  editPost: toolCase({
    arrange: async (scene) => ({
      input: { postId: (await insertPost(scene)).id, content: "Warm croissants from 7am" },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ post: { id: input.postId, content: "Warm croissants from 7am" } });
      expect((await postRow(input.postId as string))?.content).toBe("Warm croissants from 7am");
    },
  }),

  enhanceContent: toolCase({
    arrange: async () => ({ input: { fieldName: "description", currentValue: "we sell bread" } }),
    async verify(scene, _, output) {
      const { enhancedContent } = output as { enhancedContent: string };
      expect(enhancedContent.trim().length).toBeGreaterThan(0);
      // A suggestion only: the brand keeps its description until the user saves one.
      expect((await brandRow(scene.brandId))?.companyProfile.description ?? "").not.toBe(enhancedContent);
    },
  }),

  generateContentIdea: toolCase({
    arrange: async () => ({ input: { topic: "sourdough" } }),
    async verify(scene, _, output) {
      const { ideas } = output as { ideas: { title: string; angle: string; platform: string }[] };
      expect(output).toMatchObject({ topic: "sourdough" });
      expect(ideas).toHaveLength(3);
      for (const idea of ideas) expect(idea.title.length).toBeGreaterThan(0);
      // Ideas only: nothing is saved.
      expect(await suggestionRows(scene)).toEqual([]);
      expect(await postRows(scene)).toEqual([]);
    },
  }),

  generateFromSuggestion: toolCase({
    arrange: async (scene) => {
      await freshDay();
      return { input: { suggestionId: (await insertSuggestion(scene, { daysAhead: 2 })).id } };
    },
    async verify(scene, { input }, output) {
      const { post } = output as { post: { id: string } };
      expect(output).toMatchObject({
        post: { brandId: scene.brandId, state: "generating" },
        suggestion: { id: input.suggestionId, postId: post.id, isUsed: false },
      });
      await ctx.jobs.settled();
      expect(await postRow(post.id)).toMatchObject({ brandId: scene.brandId, generationStatus: "completed" });
      expect(await suggestionRows(scene)).toEqual([
        expect.objectContaining({ id: input.suggestionId, postId: post.id }),
      ]);
    },
  }),

  generatePost: toolCase({
    arrange: async () => {
      await freshDay();
      return { input: { prompt: "our summer sale", platform: "instagram" } };
    },
    async verify(scene, _, output) {
      const { id } = output as { id: string };
      expect(output).toMatchObject({ brandId: scene.brandId, status: "pending", platform: "instagram" });
      await ctx.jobs.settled();
      const row = await postRow(id);
      expect(row).toMatchObject({ brandId: scene.brandId, status: "pending", generationStatus: "completed" });
      expect(row?.content).toMatch(/summer sale/i);
    },
  }),

  getBrand: toolCase({
    arrange: async () => ({ input: {} }),
    async verify(scene, _, output) {
      expect(output).toEqual(json(await getBrand(scene.brand)));
      expect(output).toMatchObject({ id: scene.brandId, name: "Scripted getBrand" });
    },
  }),

  getDashboardStats: toolCase({
    async arrange(scene) {
      await insertPost(scene);
      await insertPost(scene, { platform: "instagram", aiGenerated: true });
      await approvedPost(scene);
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toEqual(json(await getDashboardStats(scene.brand)));
      expect(output).toMatchObject({ total: 3, pending: 2, approved: 1, instagram: 1, aiGenerated: 1 });
    },
  }),

  getAnalytics: toolCase({
    async arrange(scene) {
      // Two posts the sandbox network published (it reports their insights) and one still pending.
      for (const content of ["Fresh bread every morning", "Sourdough Saturday is back"]) {
        const post = await insertPost(scene, { content });
        const { externalId } = await ctx.deps.social.publish({
          userId,
          brandId: scene.brandId,
          postId: post.id,
          platform: "facebook",
          content,
          imageUrl: null,
        });
        await ctx.database.db
          .update(posts)
          .set({
            status: "approved",
            externalPostId: externalId,
            publishedVia: "sandbox",
            postedAt: new Date(),
          })
          .where(eq(posts.id, post.id));
      }
      await insertPost(scene);
      return { input: { range: "7d", platform: "all" } };
    },
    async verify(_, __, output) {
      expect(output).toMatchObject({
        range: "7d",
        platform: "all",
        network: "sandbox",
        totalPosts: 2,
        bestPost: { engagement: expect.any(Number) },
      });
      const view = output as { posts: { reach: number }[]; daily: unknown[] };
      expect(view.posts).toHaveLength(2);
      expect(view.posts.every((post) => post.reach > 0)).toBe(true);
      expect(view.daily).toHaveLength(7);
    },
  }),

  getPlan: toolCase({
    arrange: async () => ({ input: {} }),
    async verify(_, __, output) {
      expect(output).toEqual(json(await getPlan(asUser())));
    },
  }),

  getPost: toolCase({
    arrange: async (scene) => ({ input: { postId: (await insertPost(scene, { content: "Read me" })).id } }),
    async verify(scene, { input }, output) {
      expect(output).toEqual(json(await getPost(scene.brand, { postId: input.postId as string })));
      expect(output).toMatchObject({ id: input.postId, content: "Read me", status: "pending" });
    },
  }),

  getWatermark: toolCase({
    async arrange(scene) {
      const image = await watermarkImage(scene);
      await saveWatermark(scene.brand, { imageMediaId: image.mediaId, ...placement });
      return { input: {} };
    },
    async verify(scene, _, output) {
      const stored = await getWatermark(scene.brand);
      expect(output).toMatchObject({ enabled: true, settings: json(stored.settings) });
      expect((output as { imageUrl: string | null }).imageUrl).toBeTruthy();
    },
  }),

  listBrands: toolCase({
    arrange: async () => ({ input: {} }),
    async verify(_, __, output) {
      const rows = await ctx.database.db.select().from(userBrands).where(eq(userBrands.userId, userId));
      const listed = (output as { brands: { id: string; isActive: boolean }[] }).brands;
      expect(listed.map((brand) => brand.id).sort()).toEqual(rows.map((row) => row.id).sort());
      expect(listed.filter((brand) => brand.isActive).map((brand) => brand.id)).toEqual(
        rows.filter((row) => row.isActive).map((row) => row.id),
      );
    },
  }),

  listCalendarPosts: toolCase({
    async arrange(scene) {
      const scheduled = await scheduledPost(scene);
      await insertPost(scene); // pending: not on the calendar
      return { input: { from: inDays(0), to: inDays(30) }, scheduledId: scheduled.id };
    },
    async verify(scene, { input, scheduledId }, output) {
      expect(output).toEqual(json(await listCalendarPosts(scene.brand, input as ListCalendarPostsInput)));
      expect((output as { posts: { id: string }[] }).posts.map((post) => post.id)).toEqual([scheduledId]);
      expect(output).toMatchObject({ posts: [{ state: "scheduled" }] });
    },
  }),

  listImageStyles: toolCase({
    arrange: async () => ({ input: {} }),
    async verify(_, __, output) {
      expect(output).toEqual(json(await listImageStyles(asUser())));
    },
  }),

  listImages: toolCase({
    async arrange(scene) {
      await uploadImage(scene.brand, { bytes: await png("#00ff00"), name: "storefront.png" });
      await uploadImage(scene.brand, { bytes: await png("#0000ff"), name: "team.png" });
      return { input: {} };
    },
    async verify(scene, _, output) {
      const rows = await ctx.database.db.select().from(media).where(eq(media.brandId, scene.brandId));
      const images = (output as { images: { id: string; name: string }[] }).images;
      expect(images.map((image) => image.id).sort()).toEqual(rows.map((row) => row.id).sort());
      expect(images.map((image) => image.name).sort()).toEqual(["storefront.png", "team.png"]);
    },
  }),

  listNotifications: toolCase({
    async arrange() {
      const notification = await createNotification(asUser(), {
        message: "Your post went out",
        type: "success",
      });
      return { input: {}, notificationId: notification.id };
    },
    async verify(_, { notificationId }, output) {
      expect(output).toEqual(json(await listNotifications(asUser())));
      expect(output).toMatchObject({
        notifications: expect.arrayContaining([
          expect.objectContaining({ id: notificationId, message: "Your post went out" }),
        ]),
      });
    },
  }),

  listPosts: toolCase({
    async arrange(scene) {
      const pending = await insertPost(scene, { content: "Pending one" });
      await insertPost(scene, { status: "denied", feedback: "No" });
      return { input: { status: "pending" }, pendingId: pending.id };
    },
    async verify(scene, { pendingId }, output) {
      expect(output).toEqual(json(await listPosts(scene.brand, { status: "pending" })));
      expect(output).toMatchObject({ total: 1, posts: [{ id: pendingId, content: "Pending one" }] });
    },
  }),

  listSuggestions: toolCase({
    async arrange(scene) {
      const later = await insertSuggestion(scene, { daysAhead: 5 });
      const sooner = await insertSuggestion(scene, { daysAhead: 1 });
      await insertSuggestion(scene, { daysAhead: 3, isUsed: true }); // dismissed
      await insertSuggestion(scene, { daysAhead: -1 }); // past
      return { input: {}, expected: [sooner.id, later.id] };
    },
    async verify(scene, { expected }, output) {
      expect(output).toEqual(json(await listSuggestions(scene.brand)));
      const listed = (output as { suggestions: { id: string }[] }).suggestions;
      expect(listed.map((suggestion) => suggestion.id)).toEqual(expected);
    },
  }),

  markNotificationsRead: toolCase({
    async arrange() {
      const notification = await createNotification(asUser(), { message: "Read me" });
      return { input: { ids: [notification.id] } };
    },
    async verify(_, { input }) {
      const [id] = input.ids as string[];
      const [row] = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, id as string));
      expect(row?.read).toBe(true);
    },
  }),

  navigateTo: toolCase({
    client: true,
    arrange: async () => ({ input: { path: "/calendar" } }),
    async verify(scene) {
      // The call is kept with the conversation, waiting for the browser; nothing else changes.
      const { messages } = await getConversation(scene.brand);
      expect(messages.at(-1)?.parts).toContainEqual(
        expect.objectContaining({
          type: "tool-navigateTo",
          state: "input-available",
          input: { path: "/calendar" },
        }),
      );
    },
  }),

  publishPostNow: toolCase({
    arrange: async (scene) => ({ input: { postId: (await approvedPost(scene)).id } }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.postId, state: "published" });
      const row = await postRow(input.postId as string);
      expect(row?.status).toBe("approved");
      expect(row?.postedAt).toBeInstanceOf(Date);
      expect(row?.externalPostId).toBeTruthy();
    },
  }),

  removeWatermark: toolCase({
    async arrange(scene) {
      const image = await watermarkImage(scene);
      await saveWatermark(scene.brand, { imageMediaId: image.mediaId, ...placement });
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ enabled: false, imageUrl: null });
      expect((await brandRow(scene.brandId))?.brandSettings.watermarkEnabled).toBe(false);
      const marks = await ctx.database.db
        .select()
        .from(media)
        .where(and(eq(media.brandId, scene.brandId), eq(media.kind, "watermark")));
      expect(marks).toEqual([]);
    },
  }),

  removeWatermarkBackground: toolCase({
    arrange: async (scene) => ({ input: { mediaId: (await watermarkImage(scene)).mediaId, threshold: 30 } }),
    async verify(scene, { input }, output) {
      const { mediaId } = output as { mediaId: string };
      expect(mediaId).not.toBe(input.mediaId);
      const [row] = await ctx.database.db.select().from(media).where(eq(media.id, mediaId));
      expect(row).toMatchObject({ brandId: scene.brandId, kind: "watermark", mimeType: "image/png" });
      expect(row?.name).toBe("mark-no-background.png");
    },
  }),

  reschedulePost: toolCase({
    arrange: async (scene) => ({
      input: { postId: (await scheduledPost(scene)).id, scheduledDate: inDays(9) },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({
        id: input.postId,
        state: "scheduled",
        scheduledDate: input.scheduledDate,
      });
      expect((await postRow(input.postId as string))?.scheduledDate?.toISOString()).toBe(input.scheduledDate);
    },
  }),

  saveWatermark: toolCase({
    async arrange(scene) {
      const image = await watermarkImage(scene);
      return { input: { imageMediaId: image.mediaId, ...placement } };
    },
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ enabled: true, settings: { size: 40, rotation: 45 } });
      const settings = (await brandRow(scene.brandId))?.brandSettings;
      expect(settings?.watermarkEnabled).toBe(true);
      expect(settings?.watermarkSettings).toMatchObject({
        imageMediaId: input.imageMediaId,
        position: { x: 30, y: 70 },
        opacity: 0.6,
        flipVertical: true,
      });
    },
  }),

  schedulePost: toolCase({
    arrange: async (scene) => ({
      input: { postId: (await approvedPost(scene)).id, scheduledDate: inDays(4) },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.postId, state: "scheduled" });
      const row = await postRow(input.postId as string);
      expect(row?.scheduledDate?.toISOString()).toBe(input.scheduledDate);
      expect(row?.externalPostId).toBeTruthy();
    },
  }),

  searchSite: toolCase({
    async arrange(scene) {
      await ctx.database.db.insert(sitePages).values([
        {
          brandId: scene.brandId,
          url: FIXTURE_URL,
          title: "Harbour Bikes",
          content: "Tandem rentals by the hour",
        },
        {
          brandId: scene.brandId,
          url: `${FIXTURE_URL}about`,
          title: "About",
          content: "Family owned since 1990",
        },
      ]);
      return { input: { query: "tandem" } };
    },
    async verify(_, __, output) {
      const { hits } = output as { hits: { snippet: string }[] };
      expect(hits).toEqual([expect.objectContaining({ url: FIXTURE_URL, title: "Harbour Bikes" })]);
      expect(hits[0]?.snippet).toMatch(/\*\*Tandem\*\*/i);
    },
  }),

  showImage: toolCase({
    async arrange(scene) {
      const image = await uploadImage(scene.brand, { bytes: await png("#00ff00"), name: "storefront.png" });
      await uploadImage(scene.brand, { bytes: await png("#0000ff"), name: "team.png" });
      return { input: { name: "storefront.png" }, imageId: image.id };
    },
    async verify(_, { imageId }, output) {
      expect(output).toMatchObject({ id: imageId, name: "storefront.png", kind: "upload" });
      expect((output as { url: string }).url).toBeTruthy();
    },
  }),

  switchBrand: toolCase({
    async arrange(scene) {
      const other = await createBrand(asUser(), { name: "Other Brand" }); // now the active one
      return { input: { brandId: scene.brandId }, otherId: other.id };
    },
    async verify(scene, { otherId }, output) {
      expect(output).toMatchObject({ id: scene.brandId, isActive: true });
      expect((await brandRow(scene.brandId))?.isActive).toBe(true);
      expect((await brandRow(otherId))?.isActive).toBe(false);
    },
  }),

  updateBrandField: toolCase({
    arrange: async () => ({ input: { field: "tone", value: "humorous" } }),
    async verify(scene, _, output) {
      expect(output).toMatchObject({ id: scene.brandId, companyProfile: { tone: "humorous" } });
      expect((await brandRow(scene.brandId))?.companyProfile.tone).toBe("humorous");
    },
  }),

  updateBrandSettings: toolCase({
    arrange: async () => ({ input: { primaryColor: "112233", imageStyle: "cartoon" } }),
    parsedInput: { primaryColor: "#112233", imageStyle: "cartoon" },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ settings: { primaryColor: "#112233", imageStyle: "cartoon" } });
      expect((await brandRow(scene.brandId))?.brandSettings).toMatchObject({
        primaryColor: "#112233",
        imageStyle: "cartoon",
      });
    },
  }),

  updateCompanyProfile: toolCase({
    arrange: async () => ({
      input: { industry: "Bakery", keyMessages: ["Fresh daily", " Fresh daily ", "Local"] },
    }),
    parsedInput: { industry: "Bakery", keyMessages: ["Fresh daily", "Local"] },
    async verify(scene, _, output) {
      const profile = { industry: "Bakery", keyMessages: ["Fresh daily", "Local"] };
      expect(output).toMatchObject({ companyProfile: profile });
      expect((await brandRow(scene.brandId))?.companyProfile).toMatchObject(profile);
    },
  }),

  // ---- templates (issue 17) ----
  applyTemplate: toolCase({
    arrange: async (scene) => {
      const template = await createTemplate(scene.brand, {
        name: "Hello",
        promptTemplate: "Hello from {brandName}",
      });
      return { input: { templateId: template.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ prompt: "Hello from Scripted applyTemplate", imagePrompt: null });
      expect((await getTemplate(asUser(), { templateId: input.templateId as string })).usageCount).toBe(1);
    },
  }),

  copyCommunityTemplate: toolCase({
    arrange: async (scene) => {
      const template = await createTemplate(scene.brand, { name: "Shared loaf", isPublic: true });
      return { input: { templateId: template.id } };
    },
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ name: "Shared loaf", isPublic: false, isOwn: true });
      expect((output as { id: string }).id).not.toBe(input.templateId);
      expect((await listTemplates(scene.brand)).templates).toHaveLength(2);
    },
  }),

  createTemplate: toolCase({
    arrange: async () => ({ input: { name: "Weekly bake", promptTemplate: "This week at {brandName}" } }),
    async verify(scene, _, output) {
      expect(output).toMatchObject({ name: "Weekly bake", category: "general", isPublic: false });
      expect((await listTemplates(scene.brand)).templates.map((t) => t.name)).toEqual(["Weekly bake"]);
    },
  }),

  deleteTemplate: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Gone" })).id },
    }),
    async verify(scene, { input }, output) {
      expect(output).toEqual({ templateId: input.templateId, deleted: true });
      expect((await listTemplates(scene.brand)).templates).toEqual([]);
    },
  }),

  duplicateTemplate: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Rye" })).id },
    }),
    async verify(scene, _, output) {
      expect(output).toMatchObject({ name: "Rye (Copy)", isPublic: false });
      // Unsaved: the library still holds one.
      expect((await listTemplates(scene.brand)).templates).toHaveLength(1);
    },
  }),

  favouriteTemplate: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Loved", isPublic: true })).id },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.templateId, isFavourite: true });
      expect((await listFavourites(asUser())).templates.map((t) => t.id)).toContain(input.templateId);
    },
  }),

  getTemplate: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Read me" })).id },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.templateId, name: "Read me", isOwn: true });
    },
  }),

  listFavourites: toolCase({
    arrange: async (scene) => {
      const template = await createTemplate(scene.brand, { name: "Favourite list", isPublic: true });
      await favouriteTemplate(asUser(), { templateId: template.id });
      return { input: {}, expected: template.id };
    },
    async verify(_, { expected }, output) {
      expect((output as { templates: { id: string }[] }).templates.map((t) => t.id)).toContain(expected);
    },
  }),

  listTemplates: toolCase({
    arrange: async (scene) => ({
      input: {},
      expected: (await createTemplate(scene.brand, { name: "Listed" })).id,
    }),
    async verify(_, { expected }, output) {
      expect((output as { templates: { id: string }[] }).templates.map((t) => t.id)).toEqual([expected]);
    },
  }),

  searchCommunityTemplates: toolCase({
    arrange: async (scene) => {
      const word = `crumb${scene.brandId.slice(0, 8)}`;
      const template = await createTemplate(scene.brand, { name: `Sourdough ${word}`, isPublic: true });
      return { input: { search: word, sort: "popular" }, expected: template.id };
    },
    async verify(_, { expected }, output) {
      expect(output).toMatchObject({ nextCursor: null });
      expect((output as { templates: { id: string }[] }).templates.map((t) => t.id)).toEqual([expected]);
    },
  }),

  setTemplateVisibility: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Share me" })).id, isPublic: true },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.templateId, isPublic: true });
      expect((output as { creatorName: string }).creatorName).not.toContain("@");
    },
  }),

  unfavouriteTemplate: toolCase({
    arrange: async (scene) => {
      const template = await createTemplate(scene.brand, { name: "Unloved", isPublic: true });
      await favouriteTemplate(asUser(), { templateId: template.id });
      return { input: { templateId: template.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toEqual({ templateId: input.templateId, isFavourite: false });
      expect((await listFavourites(asUser())).templates.map((t) => t.id)).not.toContain(input.templateId);
    },
  }),

  updateTemplate: toolCase({
    arrange: async (scene) => ({
      input: { templateId: (await createTemplate(scene.brand, { name: "Old name" })).id, name: "New name" },
    }),
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.templateId, name: "New name" });
    },
  }),

  startCheckout: toolCase({
    byKey: { status: 409, code: "conflict" },
    arrange: async () => ({ input: { plan: "pro", interval: "year" } }),
    async verify(_, __, output) {
      // The local checkout (no Stripe key here): the plan changes only when its signed event arrives.
      expect(output).toMatchObject({ provider: "local", url: expect.stringContaining("/billing/checkout") });
      expect(await planOf()).toBe("free");
    },
  }),

  cancelSubscription: toolCase({
    arrange: async () => ({ input: {}, previous: await payingSubscription(false) }),
    async verify(_, { previous }, output) {
      expect(output).toMatchObject({ plan: "enterprise", cancelAtPeriodEnd: true });
      // The provider's event came back through the webhook and moved the read model.
      expect((await subscriptionRow())?.cancelAtPeriodEnd).toBe(true);
      await restorePlan(previous);
    },
  }),

  reactivateSubscription: toolCase({
    arrange: async () => ({ input: {}, previous: await payingSubscription(true) }),
    async verify(_, { previous }, output) {
      expect(output).toMatchObject({ plan: "enterprise", cancelAtPeriodEnd: false });
      expect((await subscriptionRow())?.cancelAtPeriodEnd).toBe(false);
      await restorePlan(previous);
    },
  }),

  openBillingPortal: toolCase({
    arrange: async () => ({ input: {}, previous: await payingSubscription(false) }),
    async verify(_, { previous }, output) {
      // Without Stripe: the embedded billing's own portal page (plan, no invoices, labelled offline).
      expect(output).toEqual({ url: expect.stringContaining("/billing/portal?session=") });
      await restorePlan(previous);
    },
  }),

  acknowledgePlanWelcome: toolCase({
    arrange: async () => ({ input: {}, previous: await payingSubscription(false) }),
    async verify(_, { previous }, output) {
      expect(output).toEqual({ plan: "enterprise", welcomePending: false });
      const seen = await ctx.database.db.select().from(planWelcomes).where(eq(planWelcomes.userId, userId));
      expect(seen).toEqual([expect.objectContaining({ plan: "enterprise" })]);
      expect(await getPlan(asUser())).toMatchObject({ welcomePending: false });
      await restorePlan(previous);
    },
  }),

  deleteAccount: toolCase({
    ownUser: true,
    async arrange(scene) {
      const [account] = await ctx.database.db.select().from(user).where(eq(user.id, scene.brand.userId));
      return { input: { email: account?.email ?? "" }, owner: scene.brand.userId };
    },
    async verify(scene, { owner }, output) {
      // A password never goes through the chat: the deletion link is mailed, and nothing is deleted yet.
      expect(output).toEqual({ outcome: "link_sent" });
      const [account] = await ctx.database.db.select().from(user).where(eq(user.id, owner));
      expect(account).toBeDefined();
      expect(await brandRow(scene.brandId)).toBeDefined();
      const mail = ctx.mailer.sent.filter((message) => message.to === account?.email).at(-1);
      expect(new URL(mail?.link ?? "http://x/").pathname).toBe("/delete");
      // Another address is not the confirmation.
      await expect(
        requestAccountDeletion({ ...scene.brand }, { email: "gone@example.com" }),
      ).rejects.toMatchObject({ reason: "invalid_input" });
    },
  }),

  listChannels: toolCase({
    async arrange(scene) {
      await connectSandboxChannel(scene, "bluesky");
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toEqual(json(await listChannels(scene.brand)));
      expect(output).toMatchObject({
        channels: [
          { platform: "bluesky", sandbox: true, state: "connected", limits: { text: { maxLength: 300 } } },
        ],
      });
      // Sessions and secrets never leave the server.
      expect(JSON.stringify(output)).not.toMatch(/jwt|accessToken|encrypted/i);
    },
  }),

  connectChannel: toolCase({
    arrange: async () => ({ input: { platform: "mastodon", mode: "sandbox" } }),
    parsedInput: { platform: "mastodon", mode: "sandbox" },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ status: "connected", channel: { platform: "mastodon", sandbox: true } });
      expect(await channelRows(scene, "mastodon")).toHaveLength(1);
    },
  }),

  completeChannelConnection: toolCase({
    async arrange(scene) {
      const started = await connectChannel(scene.brand, { platform: "mastodon", instance: mastodon.host });
      if (started.status !== "redirect") throw new Error(`expected a redirect, got ${started.status}`);
      // The instance's consent page approves at once and sends the browser back with a code.
      const consent = await fetch(started.url, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      return {
        input: {
          platform: "mastodon",
          code: back.searchParams.get("code") ?? "",
          state: back.searchParams.get("state") ?? "",
        },
      };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({
        status: "connected",
        channel: {
          platform: "mastodon",
          network: "mastodon",
          sandbox: false,
          handle: `@alice@${mastodon.host}`,
        },
      });
      const [row] = await channelRows(scene, "mastodon");
      expect(row?.network).toBe("mastodon");
      // The access token is stored sealed, never as it came.
      expect(row?.encryptedToken.startsWith("v1.")).toBe(true);
      for (const token of mastodon.state.tokens.keys()) expect(row?.encryptedToken).not.toContain(token);
    },
  }),

  disconnectChannel: toolCase({
    async arrange(scene) {
      await connectSandboxChannel(scene, "bluesky");
      return { input: { platform: "bluesky" } };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ channels: [] });
      expect(await channelRows(scene, "bluesky")).toHaveLength(0);
    },
  }),

  approvePostGroup: toolCase({
    async arrange(scene) {
      await connectSandboxChannel(scene, "bluesky");
      const groupId = randomUUID();
      const facebook = await insertPost(scene, { platform: "facebook", groupId, content: "Autumn is here." });
      const bluesky = await insertPost(scene, { platform: "bluesky", groupId, content: "Autumn is here 🍂" });
      return { input: { groupId, scheduledDate: inDays(2) }, ids: [facebook.id, bluesky.id] };
    },
    async verify(scene, arranged, output) {
      const { ids } = arranged as unknown as { ids: string[] };
      expect((output as { posts: { status: string }[] }).posts.map((post) => post.status)).toEqual([
        "approved",
        "approved",
      ]);
      const rows = await ctx.database.db.select().from(posts).where(eq(posts.brandId, scene.brandId));
      for (const id of ids) expect(rows.find((row) => row.id === id)?.status).toBe("approved");
    },
  }),

  getConnections: toolCase({
    async arrange(scene) {
      await connectSandboxPage(scene);
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toEqual(json(await getConnections(scene.brand)));
      expect(output).toMatchObject({ page: { id: "sandbox-page", network: "sandbox", status: "connected" } });
      // Tokens never leave the server.
      expect(JSON.stringify(output)).not.toMatch(/token/i);
    },
  }),

  startFacebookConnection: toolCase({
    arrange: async () => ({ input: { flow: "page" } }),
    async verify(_, __, output) {
      expect(output).toMatchObject({
        network: "sandbox",
        url: expect.stringContaining("/connect/sandbox/dialog"),
      });
      // The dialog it names works: its Allow leads back with a code and the state.
      const round = await approveSandboxDialog((output as { url: string }).url);
      expect(round.code).not.toBe("");
      expect(round.state).not.toBe("");
    },
  }),

  exchangeFacebookCode: toolCase({
    arrange: async (scene) => ({ input: await sandboxRound(scene, "page") }),
    async verify(_, __, output) {
      expect(output).toMatchObject({
        pages: [expect.objectContaining({ id: "sandbox-page", canManagePosts: true })],
      });
    },
  }),

  connectFacebookPage: toolCase({
    async arrange(scene) {
      await exchangeFacebookCode(asUser(), await sandboxRound(scene, "page"));
      return { input: { pageId: "sandbox-page" } };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ page: { id: "sandbox-page", status: "connected" } });
      expect(await getConnections(scene.brand)).toMatchObject({ page: { id: "sandbox-page" } });
    },
  }),

  selectAdAccount: toolCase({
    async arrange(scene) {
      await connectSandboxPage(scene);
      await exchangeFacebookCode(asUser(), await sandboxRound(scene, "ads"));
      return { input: { adAccountId: "act_sandbox" } };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ adAccount: { id: "act_sandbox", name: "Sandbox ad account" } });
      expect(await getConnections(scene.brand)).toMatchObject({ adAccount: { id: "act_sandbox" } });
    },
  }),

  disconnectFacebook: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ page: null, adAccount: null });
      expect(await getConnections(scene.brand)).toMatchObject({ page: null, adAccount: null });
    },
  }),

  listAdAccounts: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      return { input: {} };
    },
    async verify(_, __, output) {
      expect(output).toMatchObject({
        accounts: [{ id: "act_sandbox", name: "Sandbox ad account", currency: "EUR", statusText: "Active" }],
        selectedId: "act_sandbox",
      });
    },
  }),

  listCampaigns: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      await createCampaign(scene.brand, { name: "Winter coffee" });
      await createCampaign(scene.brand, { name: "Summer tea", status: "PAUSED" });
      return { input: { status: "paused", search: "tea" } };
    },
    parsedInput: { status: "paused", search: "tea", range: "30d" },
    async verify(_, __, output) {
      expect(output).toMatchObject({
        source: "network",
        account: { id: "act_sandbox", currency: "EUR" },
        campaigns: [{ name: "Summer tea", status: "PAUSED" }],
      });
      expect((output as { campaigns: unknown[] }).campaigns).toHaveLength(1);
    },
  }),

  createCampaign: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      return { input: { name: "Spring launch", objective: "OUTCOME_AWARENESS", budget: 2500 } };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({
        name: "Spring launch",
        objective: "OUTCOME_AWARENESS",
        status: "ACTIVE",
        dailyBudget: 2500,
        unconfirmed: false,
      });
      const listed = await listCampaigns(scene.brand);
      expect(listed.campaigns.map((campaign) => campaign.name)).toEqual(["Spring launch"]);
    },
  }),

  updateCampaign: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      const campaign = await createCampaign(scene.brand, { name: "Pause me" });
      return { input: { campaignId: campaign.id, status: "PAUSED" } };
    },
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ id: input.campaignId, status: "PAUSED" });
      expect((await listCampaigns(scene.brand)).campaigns[0]).toMatchObject({ status: "PAUSED" });
    },
  }),

  deleteCampaign: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      const campaign = await createCampaign(scene.brand, { name: "Delete me" });
      return { input: { campaignId: campaign.id } };
    },
    async verify(scene, { input }, output) {
      expect(output).toEqual({ deleted: true, campaignId: input.campaignId, name: "Delete me" });
      expect((await listCampaigns(scene.brand)).campaigns).toEqual([]);
    },
  }),

  createAdSet: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      const campaign = await createCampaign(scene.brand, { name: "With an ad set" });
      return { input: { campaignId: campaign.id, name: "Women in France", genders: [2], countries: ["FR"] } };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({
        name: "Women in France",
        optimizationGoal: "LINK_CLICKS",
        billingEvent: "CLICKS",
        targeting: { age_min: 18, age_max: 65, genders: [2], geo_locations: { countries: ["FR"] } },
      });
      const [campaign] = (await listCampaigns(scene.brand)).campaigns;
      expect(campaign?.adSets.map((set) => set.name)).toEqual(["Women in France"]);
    },
  }),

  disconnectAdAccount: toolCase({
    async arrange(scene) {
      await connectSandboxAdAccount(scene);
      return { input: {} };
    },
    async verify(scene, _, output) {
      expect(output).toMatchObject({ adAccount: null, page: { id: "sandbox-page" } });
      expect(await getConnections(scene.brand)).toMatchObject({
        adAccount: null,
        page: { id: "sandbox-page" },
      });
    },
  }),

  writeSocialPost: toolCase({
    arrange: async () => ({ input: { topic: "our new rye loaf", platform: "instagram" } }),
    async verify(scene, _, output) {
      const written = output as { caption: string; characterCount: number; maxCaptionLength: number };
      expect(output).toMatchObject({
        topic: "our new rye loaf",
        platform: "instagram",
        maxCaptionLength: 2200,
      });
      expect(written.caption.length).toBeGreaterThan(0);
      expect(written.characterCount).toBeLessThanOrEqual(written.maxCaptionLength);
      // The text only: no post is created.
      expect(await postRows(scene)).toEqual([]);
    },
  }),

  // ---- rich posts and the media library (issue 32) ----

  setPostMedia: toolCase({
    async arrange(scene) {
      const post = await insertPost(scene);
      const first = await uploadImage(scene.brand, { bytes: await png("#aa0000"), name: "loaves.png" });
      const second = await uploadImage(scene.brand, { bytes: await png("#00aa00"), name: "crumb.png" });
      return {
        input: {
          postId: post.id,
          format: "carousel",
          media: [{ mediaId: second.id }, { mediaId: first.id }],
          firstComment: "#bread #bakery",
        },
      };
    },
    async verify(_, { input }, output) {
      const ids = (input.media as { mediaId: string }[]).map((item) => item.mediaId);
      expect(output).toMatchObject({
        id: input.postId,
        format: "carousel",
        imageId: ids[0],
        firstComment: { text: "#bread #bakery", status: null, error: null },
      });
      expect((output as { media: { mediaId: string }[] }).media.map((item) => item.mediaId)).toEqual(ids);
      const postId = input.postId as string;
      expect(await postRow(postId)).toMatchObject({
        format: "carousel",
        imageMediaId: ids[0],
        firstComment: "#bread #bakery",
      });
      const listed = await ctx.database.db
        .select({ mediaId: postMedia.mediaId })
        .from(postMedia)
        .where(eq(postMedia.postId, postId))
        .orderBy(asc(postMedia.position));
      expect(listed.map((row) => row.mediaId)).toEqual(ids);
    },
  }),

  retryFirstComment: toolCase({
    async arrange(scene) {
      // Published with its first comment, which the network refused.
      const post = await insertPost(scene, { firstComment: "#bread" });
      await approvePost(scene.brand, { postId: post.id, scheduledDate: new Date().toISOString() });
      await ctx.database.db
        .update(posts)
        .set({
          firstCommentStatus: "failed",
          firstCommentError: "The network did not take the first comment.",
        })
        .where(eq(posts.id, post.id));
      return { input: { postId: post.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({
        id: input.postId,
        state: "published",
        firstComment: { text: "#bread", status: "posted", error: null },
      });
      expect(await postRow(input.postId as string)).toMatchObject({
        firstCommentStatus: "posted",
        firstCommentError: null,
      });
    },
  }),

  listMedia: toolCase({
    async arrange(scene) {
      await uploadImage(scene.brand, { bytes: await png("#00ff00"), name: "storefront.png" });
      await uploadImage(scene.brand, { bytes: await png("#0000ff"), name: "team photo.png" });
      return { input: { query: "team", type: "image" } };
    },
    async verify(_, __, output) {
      const page = output as {
        items: { name: string; type: string; usedBy: unknown[] }[];
        nextBefore: unknown;
      };
      expect(page.items).toEqual([
        expect.objectContaining({ name: "team photo.png", type: "image", usedBy: [] }),
      ]);
      expect(page.nextBefore).toBeNull();
    },
  }),

  updateMedia: toolCase({
    async arrange(scene) {
      const image = await uploadImage(scene.brand, { bytes: await png("#ffaa00"), name: "IMG_0042.png" });
      return { input: { mediaId: image.id, name: "Morning bake", altText: "Loaves cooling on a rack." } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({
        id: input.mediaId,
        name: "Morning bake",
        altText: "Loaves cooling on a rack.",
      });
      const [row] = await ctx.database.db
        .select()
        .from(media)
        .where(eq(media.id, input.mediaId as string));
      expect(row).toMatchObject({ name: "Morning bake", altText: "Loaves cooling on a rack." });
    },
  }),

  deleteMedia: toolCase({
    async arrange(scene) {
      const image = await uploadImage(scene.brand, { bytes: await png("#999999"), name: "old-flyer.png" });
      return { input: { mediaId: image.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toEqual({ deleted: true });
      expect(
        await ctx.database.db
          .select()
          .from(media)
          .where(eq(media.id, input.mediaId as string)),
      ).toEqual([]);
    },
  }),

  listInboxItems: toolCase({
    async arrange(scene) {
      await sandboxConversation(scene, ["Are you open on Friday?", "Love these waffles"]);
      return { input: { status: "all" } };
    },
    async verify(_, __, output) {
      const page = output as { threads: { items: { text: string; question: boolean }[] }[]; unread: number };
      expect(page.threads).toHaveLength(1);
      expect(page.threads[0]?.items.map((item) => item.text).sort()).toEqual([
        "Are you open on Friday?",
        "Love these waffles",
      ]);
      expect(page.unread).toBe(2);
    },
  }),

  getInboxCounts: toolCase({
    async arrange(scene) {
      await sandboxConversation(scene, ["Are you open on Friday?"]);
      return { input: {} };
    },
    async verify(_, __, output) {
      expect(output).toEqual({ unread: 1, needsReply: 1 });
    },
  }),

  getInboxThread: toolCase({
    async arrange(scene) {
      const { postId } = await sandboxConversation(scene, ["First!", "Is it vegan?"]);
      return { input: { postId } };
    },
    async verify(_, { input }, output) {
      const thread = output as { post: { id: string }; items: { text: string }[] };
      expect(thread.post.id).toBe(input.postId);
      expect(thread.items.map((item) => item.text)).toEqual(["First!", "Is it vegan?"]);
    },
  }),

  draftReply: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene);
      return { input: { itemId: items[0]?.id, instructions: "thank her and mention Friday" } };
    },
    async verify(_, { input }, output) {
      const draft = output as { itemId: string; text: string; model: string };
      expect(draft).toMatchObject({ itemId: input.itemId, model: "offline" });
      expect(draft.text).toMatch(/Friday/);
      // A draft sends nothing.
      const replies = await ctx.database.db
        .select()
        .from(inboxItems)
        .where(eq(inboxItems.replyToId, draft.itemId));
      expect(replies).toEqual([]);
    },
  }),

  sendReply: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene);
      return { input: { itemId: items[0]?.id, text: "Yes, from 8 until 6!" } };
    },
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ own: true, delivery: "sent", text: "Yes, from 8 until 6!" });
      const sent = await ctx.database.db
        .select()
        .from(sandboxComments)
        .where(and(eq(sandboxComments.brandId, scene.brandId), eq(sandboxComments.own, true)));
      expect(sent).toHaveLength(1);
      expect((await inboxItemRow(input.itemId as string))?.status).toBe("done");
    },
  }),

  retryReply: toolCase({
    async arrange(scene) {
      const { items, postId } = await sandboxConversation(scene);
      const target = items[0];
      if (!target) throw new Error("no comment");
      // A reply the network refused before: failed, with its attempt recorded.
      const [failed] = await ctx.database.db
        .insert(inboxItems)
        .values({
          userId,
          brandId: scene.brandId,
          postId,
          platform: "facebook",
          network: "sandbox",
          parentExternalId: target.externalId,
          replyToId: target.id,
          text: "Thanks Anna!",
          own: true,
          status: "done",
          writtenAt: new Date(),
          delivery: "failed",
          deliveryMarker: randomUUID(),
          deliveryAttemptAt: new Date(),
          deliveryError: "The network was busy",
          deliveryReason: "reply_failed",
        })
        .returning();
      return { input: { replyId: failed?.id } };
    },
    async verify(scene, { input }, output) {
      expect(output).toMatchObject({ id: input.replyId, delivery: "sent" });
      const sent = await ctx.database.db
        .select()
        .from(sandboxComments)
        .where(and(eq(sandboxComments.brandId, scene.brandId), eq(sandboxComments.own, true)));
      expect(sent).toHaveLength(1);
    },
  }),

  hideComment: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene, ["Cheap followers at spam.example"]);
      return { input: { itemId: items[0]?.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.itemId, hidden: true });
      expect((await inboxItemRow(input.itemId as string))?.hidden).toBe(true);
      const [onNetwork] = await ctx.database.db
        .select()
        .from(sandboxComments)
        .where(eq(sandboxComments.id, (await inboxItemRow(input.itemId as string))?.externalId ?? ""));
      expect(onNetwork?.hidden).toBe(true);
    },
  }),

  deleteComment: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene, ["Rude words here"]);
      return { input: { itemId: items[0]?.id } };
    },
    async verify(_, { input }, output) {
      const row = await inboxItemRow(input.itemId as string);
      expect(output).toMatchObject({ id: input.itemId });
      expect(row?.removedAt).toBeTruthy();
      const [onNetwork] = await ctx.database.db
        .select()
        .from(sandboxComments)
        .where(eq(sandboxComments.id, row?.externalId ?? ""));
      expect(onNetwork?.deletedAt).toBeTruthy();
    },
  }),

  likeComment: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene, ["Best waffles in town"]);
      return { input: { itemId: items[0]?.id } };
    },
    async verify(_, { input }, output) {
      expect(output).toMatchObject({ id: input.itemId, liked: true });
      const row = await inboxItemRow(input.itemId as string);
      const [onNetwork] = await ctx.database.db
        .select()
        .from(sandboxComments)
        .where(eq(sandboxComments.id, row?.externalId ?? ""));
      expect(onNetwork?.liked).toBe(true);
    },
  }),

  markInboxItemsDone: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene, ["Nice", "Great"]);
      return { input: { itemIds: items.map((item) => item.id) } };
    },
    async verify(_, { input }, output) {
      expect(output).toEqual({ updated: 2 });
      for (const id of input.itemIds as string[]) expect((await inboxItemRow(id))?.status).toBe("done");
    },
  }),

  markInboxRead: toolCase({
    async arrange(scene) {
      const { postId } = await sandboxConversation(scene, ["Nice", "Is it open Friday?"]);
      return { input: { postId } };
    },
    async verify(scene, __, output) {
      expect(output).toMatchObject({ unread: 0 });
      const unread = await ctx.database.db
        .select()
        .from(inboxItems)
        .where(and(eq(inboxItems.brandId, scene.brandId), isNull(inboxItems.readAt)));
      expect(unread).toEqual([]);
    },
  }),

  getResponseStats: toolCase({
    async arrange(scene) {
      const { items } = await sandboxConversation(scene);
      await sendReply(scene.brand, { itemId: items[0]?.id ?? "", text: "Yes we are!" });
      return { input: { weeks: 2 } };
    },
    async verify(_, __, output) {
      const stats = output as { weeks: unknown[]; replies: number; medianFirstReplyMinutes: number | null };
      expect(stats.weeks).toHaveLength(2);
      expect(stats.replies).toBe(1);
      expect(stats.medianFirstReplyMinutes).not.toBeNull();
    },
  }),

  writeAltText: toolCase({
    async arrange(scene) {
      const image = await uploadImage(scene.brand, { bytes: await png("#1d4ed8"), name: "harbour.png" });
      return { input: { mediaIds: [image.id] } };
    },
    async verify(_, { input }, output) {
      const [mediaId] = input.mediaIds as string[];
      const drafts = output as {
        items: { mediaId: string; altText: string; written: boolean }[];
        model: string;
      };
      expect(drafts.model).toBe("offline");
      expect(drafts.items).toEqual([
        expect.objectContaining({ mediaId, name: "harbour.png", written: true }),
      ]);
      const [row] = await ctx.database.db
        .select()
        .from(media)
        .where(eq(media.id, mediaId ?? ""));
      expect(row?.altText).toBeTruthy();
      expect(row?.altText).toBe(drafts.items[0]?.altText);
    },
  }),
};

// ---- the runs ----

/** Sends one user message to /api/chat on the scene's brand and reads the stream as the browser does. */
async function chatTurn(scene: Scene, text: string, as = cookie) {
  const response = await jsonRequest(ctx, "/api/chat", {
    body: { messages: [{ id: `u-${scene.brandId}`, role: "user", parts: [{ type: "text", text }] }] },
    cookie: as,
    headers: { [BRAND_HEADER]: scene.brandId },
  });
  expect(response.status).toBe(200);
  const chunks = parseUIMessageStream(await response.text());
  const message = await assembleUIMessage(chunks);
  return { chunks, message };
}

describe("/api/chat with a scripted model: every tool", () => {
  it.each(toolNames)(
    "%s: the model calls it, the stream carries it, the database shows it",
    async (toolName) => {
      const definition = cases[toolName];
      if (!definition)
        throw new Error(`no scripted case for the tool ${toolName}: add one to the cases table`);
      const own = definition.ownUser ? await newOwnScene(toolName) : null;
      const scene = own?.scene ?? (await newScene(toolName));
      const arranged = await definition.arrange(scene);
      scripted.script({ toolName, input: arranged.input });

      const { chunks, message } = await chatTurn(scene, `please run ${toolName}`, own?.cookie);

      expect(chunks.filter((chunk) => chunk.type === "error" || chunk.type === "tool-output-error")).toEqual(
        [],
      );
      const part = message?.parts.find((p) => isToolUIPart(p) && getToolName(p) === toolName);
      expect(part, `no ${toolName} part in ${JSON.stringify(chunks)}`).toBeDefined();
      if (!part || !isToolUIPart(part)) return;
      // The model's input as it streamed, and as the tool ran it (parsed by the tool's own schema).
      const streamed = chunks.flatMap((chunk) =>
        chunk.type === "tool-input-delta" ? [chunk.inputTextDelta] : [],
      );
      expect(JSON.parse(streamed.join(""))).toEqual(arranged.input);
      expect(part.input).toMatchObject(definition.parsedInput ?? arranged.input);

      if (definition.client) {
        // The browser performs it: the call is there, with no server output, and the model is not asked again.
        expect(part.state).toBe("input-available");
        expect(chunks.some((chunk) => chunk.type === "tool-output-available")).toBe(false);
        expect(scripted.steps).toHaveLength(1);
        await definition.verify(scene, arranged, undefined);
        return;
      }

      expect(part.state, JSON.stringify(part)).toBe("output-available");
      const output = part.state === "output-available" ? part.output : undefined;
      // The model's second step got the very result the stream shows, and its answer follows the tool part.
      expect(scripted.steps).toHaveLength(2);
      expect(scripted.steps[1]?.at(-1)).toMatchObject({
        role: "tool",
        content: [{ type: "tool-result", toolName, output: { type: "json", value: output } }],
      });
      expect(message?.parts.findLast((p) => p.type === "text")).toMatchObject({
        text: scriptedAnswer(toolName),
      });

      await definition.verify(scene, arranged, output);
    },
  );

  it("has a scripted case for every tool of the registry, and none for a tool that is gone", () => {
    expect(Object.keys(cases).sort()).toEqual([...toolNames].sort());
  });
});

/*
 * The same table through the scripts' door (API.md): POST /api/tools/{name} with an API key answers
 * {result}, and the use case's effect is the one the chat produced.
 */
describe("POST /api/tools/{name} with an API key: every tool", () => {
  let key: string;
  beforeAll(async () => {
    await setPlan(ctx, userId, "enterprise");
    const created = await jsonRequest(ctx, "/api/auth/api-key/create", {
      body: { name: "every tool" },
      cookie,
    });
    expect(created.status, await created.clone().text()).toBe(200);
    ({ key } = (await created.json()) as { key: string });
  });

  /** An API key of a case's own user (Enterprise, as keys need). */
  async function ownKey(own: { cookie: string; userId: string }) {
    await setPlan(ctx, own.userId, "enterprise");
    const created = await jsonRequest(ctx, "/api/auth/api-key/create", {
      body: { name: "own user" },
      cookie: own.cookie,
    });
    return ((await created.json()) as { key: string }).key;
  }

  it.each(toolNames)("%s: valid input answers 200 with the use case's result", async (toolName) => {
    const definition = cases[toolName];
    if (!definition) throw new Error(`no case for the tool ${toolName}: add one to the cases table`);
    const own = definition.ownUser ? await newOwnScene(toolName) : null;
    const scene = own?.scene ?? (await newScene(toolName));
    const arranged = await definition.arrange(scene);
    const response = await ctx.app.request(`/api/tools/${toolName}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${own ? await ownKey(own) : key}`,
        [BRAND_HEADER]: scene.brandId,
      },
      body: JSON.stringify(arranged.input),
    });
    const text = await response.text();
    if (definition.byKey) {
      expect(response.status, text).toBe(definition.byKey.status);
      expect(JSON.parse(text)).toMatchObject({ error: { code: definition.byKey.code } });
      return;
    }
    expect(response.status, text).toBe(200);
    const { result } = JSON.parse(text) as { result: unknown };
    // A client tool answers with its checked input (the browser performs it); the others did their work.
    if (definition.client) expect(result).toEqual(arranged.input);
    else await definition.verify(scene, arranged, result);
  });
});

/*
 * A rule of the input schema holds at the chat's door as at the others: the model's call is refused with the
 * generator form's words, on the tool's card, and nothing is made.
 */
describe("/api/chat with a scripted model: a refused input", () => {
  it("refuses generatePost with a custom image style and no brief, in the generator form's words", async () => {
    const scene = await newScene("custom style without a brief");
    await freshDay();
    scripted.script({ toolName: "generatePost", input: { imageStyle: "custom" } });

    const { chunks, message } = await chatTurn(scene, "a custom image, please");

    expect(chunks).toContainEqual(
      expect.objectContaining({ type: "tool-output-error", errorText: CUSTOM_PROMPT_REQUIRED }),
    );
    expect(chunks.some((chunk) => chunk.type === "error")).toBe(false);
    const part = message?.parts.find((p) => isToolUIPart(p) && getToolName(p) === "generatePost");
    expect(part).toMatchObject({ state: "output-error", errorText: CUSTOM_PROMPT_REQUIRED });
    expect(await postRows(scene)).toEqual([]);
  });
});
