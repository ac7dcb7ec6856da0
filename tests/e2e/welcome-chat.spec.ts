import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The welcome hub's chat panel against the offline assistant: the first message opens it, a post is
 * generated and approved for tomorrow at 12:00 (then found on the calendar), Close Chat folds it away
 * with the conversation kept, Clear Chat empties it.
 */
const GENERATION_TIMEOUT = 45_000;
const SCREENSHOT_DIR = "test-results/screenshots";

const pad = (n: number) => String(n).padStart(2, "0");
const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

async function openHub(page: Page, request: Parameters<typeof createConfirmedUser>[0], baseURL: string) {
  const { email } = await createConfirmedUser(request, baseURL);
  await signInThroughUi(page, email);
  await page.goto("/welcome");
  await expect(page.getByTestId("welcome-greeting")).toBeVisible();
  await expect(page.getByTestId("assistant-input")).toBeEnabled();
}

test("the hub chat generates and schedules a post; Close Chat and Clear Chat work", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openHub(page, request, baseURL!);
  const hub = page.getByTestId("welcome-chat");
  // Closed: only the input, with the tiles, the brand's quick stats and platforms below.
  await expect(page.getByTestId("welcome-chat-panel")).toHaveCount(0);
  const stats = page.getByTestId("quick-stats");
  await expect(stats).toContainText("Posts0");
  await expect(page.getByTestId("tile-organic")).toBeVisible();
  await expect(page.getByTestId("platform-meta")).toBeVisible();
  await expect(page.getByText("The chat assistant arrives soon")).toHaveCount(0);
  await expect(page.getByTestId("assistant-toggle")).toHaveCount(0);

  const input = hub.getByTestId("assistant-input");
  await input.fill("Create a post about our summer sale");
  await input.press("Enter");
  const panel = page.getByTestId("welcome-chat-panel");
  await expect(panel).toBeVisible();
  await expect(input).toHaveValue("");
  await expect(panel.getByTestId("assistant-message").first()).toContainText(
    "Create a post about our summer sale",
  );

  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  // The generation progress card, then the finished post.
  await expect(card.getByTestId("generation-percent")).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
  await expect(card.getByTestId("generation-percent")).toHaveText("100%");
  await expect(card.getByTestId("assistant-post-image")).toBeVisible();
  await expect(card.getByTestId("assistant-post-caption")).not.toBeEmpty();
  await expect(card.getByRole("button", { name: "Deny" })).toBeVisible();

  await card.getByRole("button", { name: "Approve & Schedule" }).click();
  await expect(card.getByText("Post Approved & Scheduled!")).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "scheduled");
  // The quick stats follow the post (post.changed), without a reload.
  await expect(stats).toContainText("Posts1");
  await expect(stats).toContainText("Approved1");

  // Close Chat: back to greeting + tiles; the conversation is kept.
  await panel.getByTestId("welcome-chat-close").click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("tile-analytics")).toBeVisible();
  await expect(page.getByTestId("welcome-chat-open")).toBeVisible();
  const stored = async () =>
    ((await (await page.request.get("/api/chat")).json()) as { messages: unknown[] }).messages.length;
  await expect.poll(stored).toBeGreaterThanOrEqual(2);
  await page.getByTestId("welcome-chat-open").click();
  await expect(panel.getByTestId("assistant-post-card")).toContainText("Post Approved & Scheduled!");

  // The post is on the calendar tomorrow at 12:00.
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(12, 0, 0, 0);
  await page.goto("/calendar");
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
  const key = dayKey(tomorrow);
  const cell = () => page.locator(`[data-testid="calendar-day"][data-date="${key}"]`);
  if ((await cell().count()) === 0) {
    const title = await page.getByTestId("calendar-month-title").textContent();
    await page.getByTestId("calendar-next").click();
    await expect(page.getByTestId("calendar-month-title")).not.toHaveText(title ?? "");
    await expect(page.getByTestId("calendar-grid")).toBeVisible();
  }
  await expect(cell().getByTestId("calendar-post")).toHaveCount(1);
  await expect(cell().getByTestId("calendar-post")).toContainText("12:00");

  // Clear Chat empties the stored conversation.
  await page.goto("/welcome");
  await page.getByTestId("welcome-chat-open").click();
  await expect(panel).toBeVisible();
  await panel.getByTestId("welcome-chat-clear").click();
  await expect(panel.getByTestId("assistant-message")).toHaveCount(0);
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);
  await expect.poll(stored).toBe(0);
  await panel.getByTestId("welcome-chat-close").click();
  await expect(page.getByTestId("welcome-chat-open")).toHaveCount(0);
});

test("navigateTo works from the hub", async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  await openHub(page, request, baseURL!);
  const input = page.getByTestId("welcome-chat").getByTestId("assistant-input");
  await input.fill("go to calendar");
  await input.press("Enter");
  await expect(page.getByTestId("welcome-chat-panel")).toBeVisible();
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 20_000 });
  // The same conversation goes on in the floating assistant.
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel.getByTestId("assistant-message").last()).toContainText("go to calendar");
  await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/calendar$/);
});

test("the open hub chat is accessible and fits 1280 and 375 px", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openHub(page, request, baseURL!);
  const input = page.getByTestId("welcome-chat").getByTestId("assistant-input");
  await input.fill("Show my images");
  await input.press("Enter");
  const panel = page.getByTestId("welcome-chat-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("assistant-message")).toHaveCount(2, { timeout: 20_000 });
  await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 20_000 });

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/welcome-chat-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const phone = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    phone.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical"),
  ).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/welcome-chat-375.png`, fullPage: true });
});
