import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import {
  createServerUser,
  type InProcessServer,
  type SeedPost,
  serverTest,
} from "./fixtures/in-process-server";
import { signInBySession, signInThroughUi } from "./helpers";

/*
 * The dashboard's post lists end to end on a seeded brand: the stat cards against the rows, the All Posts
 * modal's filters, search and keyset pages, the Pending Approval modal's card actions, a change from a
 * second browser arriving live, accessibility and the phone layout. The posts are written straight into
 * the database of an in-process server (no generation needed), so every number here is known up front.
 */

type Kind = "pending" | "approved" | "scheduled" | "published" | "denied";
const KINDS: Kind[] = ["pending", "approved", "scheduled", "published", "denied"];
const TOPICS = ["coffee", "bakery", "summer", "launch", "yoga", "garden"];
const HOUR = 3_600_000;

interface Seed {
  kind: Kind;
  platform: "facebook" | "instagram";
  ai: boolean;
  content: string;
  row: SeedPost;
}

/** 30 posts: five states in turn, platforms and sources mixed, an hour apart, two mention 'zebra'. */
function seedRows(count = 30): Seed[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const kind = KINDS[index % KINDS.length] as Kind;
    const platform = index % 3 === 0 ? "instagram" : "facebook";
    const ai = index % 4 !== 0;
    const topic = TOPICS[index % TOPICS.length];
    const content = `Seeded post ${index + 1} about ${topic}${index === 7 || index === 19 ? " with a zebra" : ""}.`;
    const row: SeedPost = {
      content,
      platform,
      aiGenerated: ai,
      source: ai ? "prompt" : "manual",
      generationStatus: ai ? "completed" : null,
      status: kind === "pending" ? "pending" : kind === "denied" ? "denied" : "approved",
      feedback: kind === "denied" ? "Too formal" : null,
      scheduledDate:
        kind === "scheduled"
          ? new Date(now + (index + 24) * HOUR)
          : kind === "published"
            ? new Date(now - (index + 1) * HOUR)
            : null,
      postedAt: kind === "published" ? new Date(now - (index + 1) * HOUR) : null,
      createdAt: new Date(now - (index + 1) * HOUR),
      updatedAt: new Date(now - (index + 1) * HOUR),
    };
    return { kind, platform, ai, content, row };
  });
}

function expectedStats(seeds: Seed[]) {
  return {
    total: seeds.length,
    approved: seeds.filter((seed) => seed.row.status === "approved").length,
    facebook: seeds.filter((seed) => seed.platform === "facebook").length,
    instagram: seeds.filter((seed) => seed.platform === "instagram").length,
    aiGenerated: seeds.filter((seed) => seed.ai).length,
    pending: seeds.filter((seed) => seed.kind === "pending").length,
    denied: seeds.filter((seed) => seed.kind === "denied").length,
  };
}

/** A confirmed user with a brand, the 30 posts, signed in on `page`, on the dashboard. */
async function seededDashboard(page: Page, server: InProcessServer) {
  const email = await createServerUser(page, server, { prefix: "posts", brand: "Seeded Brand" });
  const seeds = seedRows();
  const ids = await server.seedPosts(
    email,
    seeds.map((seed) => seed.row),
  );
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("view-title")).toHaveText("Dashboard");
  return { email, seeds, ids, expected: expectedStats(seeds) };
}

const stat = (page: Page, testId: string) => page.getByTestId(testId).getByTestId("stat-value");

async function choose(page: Page, scope: Locator, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Scrolls the modal's list to its bottom until the end message shows (no Load More clicks). */
async function scrollToEnd(dialog: Locator) {
  const scroller = dialog.getByTestId("posts-scroll");
  await expect(async () => {
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.dispatchEvent(new Event("scroll"));
    });
    await expect(dialog.getByTestId("posts-list-end")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

function seriousViolations(results: Awaited<ReturnType<AxeBuilder["analyze"]>>) {
  return results.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""));
}

serverTest("the stat cards count the seeded posts like the list endpoint does", async ({ page, server }) => {
  serverTest.setTimeout(90_000);
  const { expected } = await seededDashboard(page, server);
  await expect(stat(page, "stat-total")).toHaveText(String(expected.total));
  await expect(stat(page, "stat-approved")).toHaveText(String(expected.approved));
  await expect(stat(page, "stat-facebook")).toHaveText(String(expected.facebook));
  await expect(stat(page, "stat-instagram")).toHaveText(String(expected.instagram));
  await expect(stat(page, "stat-ai-generated")).toHaveText(String(expected.aiGenerated));

  const total = async (query: string) =>
    ((await (await page.request.get(`/api/posts?${query}`)).json()) as { total: number }).total;
  expect(await total("limit=1")).toBe(expected.total);
  expect(await total("status=approved&limit=1")).toBe(expected.approved);
  expect(await total("platform=facebook&limit=1")).toBe(expected.facebook);
  expect(await total("platform=instagram&limit=1")).toBe(expected.instagram);
  expect(await total("source=ai&limit=1")).toBe(expected.aiGenerated);

  // The pending card: the first 3, a way to all of them, and Swipe Mode.
  const pendingCard = page.getByTestId("pending-card");
  await expect(pendingCard.getByTestId("pending-post")).toHaveCount(3);
  await expect(page.getByTestId("review-all-pending")).toHaveText(
    `Review all ${expected.pending} pending posts`,
  );
  await expect(page.getByTestId("swipe-mode")).toHaveAttribute("href", "/dashboard/swipe");

  // Recent Activity: the 5 newest; Enter on one opens its details.
  const recent = page.getByTestId("recent-card").getByTestId("recent-post");
  await expect(recent).toHaveCount(5);
  await expect(recent.first().getByTestId("post-preview-text")).toHaveText("Seeded post 1 about coffee.");
  await recent.first().getByTestId("recent-post-open").focus();
  await page.keyboard.press("Enter");
  const details = page.getByTestId("post-details-dialog");
  await expect(details.getByTestId("post-card")).toHaveAttribute("data-variant", "full");
  await expect(details.getByTestId("post-text")).toHaveText("Seeded post 1 about coffee.");
  await expect(details.getByTestId("post-approve")).toBeVisible();
  await expect(details.getByTestId("post-deny")).toBeVisible();
});

serverTest(
  "All Posts: filters and search narrow the list; scrolling loads every page",
  async ({ page, server }) => {
    serverTest.setTimeout(120_000);
    const { seeds, expected } = await seededDashboard(page, server);
    await page.getByTestId("view-all-posts").click();
    const dialog = page.getByTestId("all-posts-dialog");
    const count = dialog.getByTestId("posts-count");
    const cards = dialog.getByTestId("post-card");
    await expect(count).toHaveText(`${expected.total} posts found`);
    await expect(cards).toHaveCount(8);
    await expect(cards.first().getByTestId("post-source")).toHaveText(/AI|Manual/);

    // Pages of 8 come in as the list scrolls, down to the end message.
    await scrollToEnd(dialog);
    await expect(cards).toHaveCount(expected.total);
    await expect(dialog.getByTestId("posts-list-end")).toHaveText("You've reached the end of the list");
    await expect(dialog.getByTestId("load-more-posts")).toHaveCount(0);

    // Filters: each narrows the list and counts on the Filters button.
    await dialog.getByTestId("posts-filters-toggle").click();
    await choose(page, dialog, "filter-status", "Denied");
    await expect(count).toHaveText(`${expected.denied} posts found`);
    await expect(dialog.getByTestId("posts-filter-count")).toContainText("1");
    await expect(cards).toHaveCount(expected.denied);
    for (const card of await cards.all()) await expect(card).toHaveAttribute("data-state", "denied");

    await choose(page, dialog, "filter-platform", "Instagram");
    const deniedInstagram = seeds.filter(
      (seed) => seed.kind === "denied" && seed.platform === "instagram",
    ).length;
    await expect(count).toHaveText(deniedInstagram === 1 ? "1 post found" : `${deniedInstagram} posts found`);
    await expect(dialog.getByTestId("posts-filter-count")).toContainText("2");

    await dialog.getByTestId("posts-clear").click();
    await expect(count).toHaveText(`${expected.total} posts found`);
    await expect(dialog.getByTestId("posts-filter-count")).toHaveCount(0);

    await choose(page, dialog, "filter-source", "Manual");
    const manual = seeds.filter((seed) => !seed.ai).length;
    await expect(count).toHaveText(`${manual} posts found`);
    await choose(page, dialog, "filter-sort", "Oldest First");
    await expect(cards.first().getByTestId("post-text")).toHaveText(
      seeds.filter((seed) => !seed.ai).at(-1)?.content ?? "",
    );
    await dialog.getByTestId("posts-clear").click();

    // Server-side search, debounced.
    await dialog.getByPlaceholder("Search posts...").fill("zebra");
    await expect(count).toHaveText("2 posts found");
    await expect(cards).toHaveCount(2);
    await dialog.getByPlaceholder("Search posts...").fill("no-such-word");
    await expect(dialog.getByTestId("posts-list-empty-title")).toHaveText("No posts found");
    await expect(count).toHaveText("0 posts found");

    // Accessibility of the open modal.
    await dialog.getByTestId("posts-clear").click();
    await expect(count).toHaveText(`${expected.total} posts found`);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(seriousViolations(results), JSON.stringify(seriousViolations(results), null, 2)).toEqual([]);
  },
);

serverTest(
  "Pending Approval: deny, approve, edit and copy from the cards",
  async ({ page, server, context }) => {
    serverTest.setTimeout(120_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { expected } = await seededDashboard(page, server);
    await page.getByTestId("review-all-pending").click();
    const dialog = page.getByTestId("pending-posts-dialog");
    const count = dialog.getByTestId("posts-count");
    await expect(count).toHaveText(`${expected.pending} pending posts awaiting review`);
    await expect(dialog.getByTestId("posts-filter-count")).toHaveCount(0);
    await scrollToEnd(dialog);
    await expect(dialog.getByTestId("posts-list-end")).toHaveText("You've reviewed all pending posts");

    // Copy shows its confirmation and fills the clipboard.
    const first = dialog.getByTestId("post-card").first();
    const firstText = (await first.getByTestId("post-text").textContent()) ?? "";
    await first.getByTestId("post-copy").click();
    await expect(first.getByTestId("post-action-flash")).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstText);

    // Edit with empty text cannot be saved: Save stays disabled until there is text.
    await first.getByTestId("post-edit").click();
    const edit = page.getByTestId("edit-post-dialog");
    await edit.getByTestId("edit-post-text").fill("   ");
    await expect(edit.getByTestId("edit-post-save")).toBeDisabled();
    await edit.getByTestId("edit-post-text").fill(`${firstText} Edited.`);
    await edit.getByTestId("edit-post-save").click();
    await expect(edit).toHaveCount(0);
    await expect(first.getByTestId("post-text")).toHaveText(`${firstText} Edited.`);

    // Deny with feedback: the post leaves the pending list.
    const denied = dialog.getByTestId("post-card").first();
    const deniedId = await denied.getAttribute("data-post-id");
    await denied.getByTestId("post-deny").click();
    const deny = page.getByTestId("deny-dialog");
    await expect(deny.getByTestId("deny-confirm")).toBeDisabled();
    await deny.getByTestId("deny-feedback").fill("  ");
    await expect(deny.getByTestId("deny-confirm")).toBeDisabled();
    await deny.getByTestId("deny-feedback").fill("Wrong product");
    await deny.getByTestId("deny-confirm").click();
    await expect(count).toHaveText(`${expected.pending - 1} pending posts awaiting review`);
    await expect(dialog.locator(`[data-post-id="${deniedId}"]`)).toHaveCount(0);

    // Approve through the date picker (no AI optimal time on these): approved count goes up.
    const approved = dialog.getByTestId("post-card").first();
    await approved.getByTestId("post-approve").click();
    await page.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(count).toHaveText(`${expected.pending - 2} pending posts awaiting review`);
    await expect(stat(page, "stat-approved")).toHaveText(String(expected.approved + 1));

    const check = await page.request.get(`/api/posts/${deniedId}`);
    expect(((await check.json()) as { state: string; feedback: string }).feedback).toBe("Wrong product");
  },
);

async function secondBrowserApproves(browser: Browser, baseURL: string, email: string, postId: string) {
  const other = await browser.newContext({ baseURL });
  try {
    const page = await other.newPage();
    await signInThroughUi(page, email);
    const response = await page.request.post(`/api/posts/${postId}/approve`, {
      headers: { Origin: baseURL },
      data: {},
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await other.close();
  }
}

serverTest(
  "a change made in another browser shows up without a reload",
  async ({ page, server, browser }) => {
    serverTest.setTimeout(90_000);
    const { email, seeds, ids, expected } = await seededDashboard(page, server);
    await expect(stat(page, "stat-approved")).toHaveText(String(expected.approved));
    const pendingIndex = seeds.findIndex((seed) => seed.kind === "pending");
    const postId = ids[pendingIndex] as string;
    await expect(page.getByTestId("pending-card").locator(`[data-post-id="${postId}"]`)).toBeVisible();

    await secondBrowserApproves(browser, server.url, email, postId);

    await expect(stat(page, "stat-approved")).toHaveText(String(expected.approved + 1));
    await expect(page.getByTestId("pending-card").locator(`[data-post-id="${postId}"]`)).toHaveCount(0);
    await expect(page.getByTestId("review-all-pending")).toHaveText(
      `Review all ${expected.pending - 1} pending posts`,
    );
  },
);

serverTest("the dashboard is accessible and fits 1280 and 375 px", async ({ page, server }, testInfo) => {
  serverTest.setTimeout(90_000);
  const { expected } = await seededDashboard(page, server);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(stat(page, "stat-total")).toHaveText(String(expected.total));
  await expect(page.getByTestId("recent-post")).toHaveCount(5);

  const dashboard = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(seriousViolations(dashboard), JSON.stringify(seriousViolations(dashboard), null, 2)).toEqual([]);

  const wide = "test-results/screenshots/dashboard-1280.png";
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach("dashboard-1280", { path: wide, contentType: "image/png" });

  // Post Details is accessible too.
  await page.getByTestId("recent-post-open").first().click();
  const details = page.getByTestId("post-details-dialog");
  await expect(details.getByTestId("post-card")).toBeVisible();
  const detailsScan = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(seriousViolations(detailsScan), JSON.stringify(seriousViolations(detailsScan), null, 2)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("view-all-posts")).toBeVisible();
  const narrow = "test-results/screenshots/dashboard-375.png";
  await page.screenshot({ path: narrow, fullPage: true });
  await testInfo.attach("dashboard-375", { path: narrow, contentType: "image/png" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // On a phone the All Posts modal scrolls inside and its filters fit.
  await page.getByTestId("view-all-posts").click();
  const dialog = page.getByTestId("all-posts-dialog");
  await expect(dialog.getByTestId("posts-count")).toHaveText(`${expected.total} posts found`);
  await dialog.getByTestId("posts-filters-toggle").click();
  await expect(dialog.getByTestId("filter-sort")).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  const panel = await dialog.getByTestId("posts-filter-panel").boundingBox();
  expect(panel && panel.x >= 0 && panel.x + panel.width <= 375).toBe(true);
  const scrolls = await dialog
    .getByTestId("posts-scroll")
    .evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(scrolls).toBe(true);
  const modal = "test-results/screenshots/all-posts-375.png";
  await page.screenshot({ path: modal });
  await testInfo.attach("all-posts-375", { path: modal, contentType: "image/png" });
});
