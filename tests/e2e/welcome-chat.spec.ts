import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import {
  CLOCK_ZONE,
  createServerUser,
  onDateSensitiveClocks,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { createConfirmedUser, signInBySession } from "./helpers";
import { createZonedDates } from "./zoned-dates";

/*
 * The welcome hub's chat panel against the offline assistant: the first message opens it, a post is
 * generated and approved, Close Chat folds it away with the conversation kept, Clear Chat empties it. The
 * approval's date (tomorrow at 12:00, then found on the calendar) is checked on set clocks, page and server
 * alike, on the days that broke date code before.
 */
const GENERATION_TIMEOUT = 45_000;
const SCREENSHOT_DIR = "test-results/screenshots";

async function openHub(page: Page, request: Parameters<typeof createConfirmedUser>[0], baseURL: string) {
  const { email } = await createConfirmedUser(request, baseURL);
  await signInBySession(page, email);
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

  // Clear Chat empties the stored conversation.
  await panel.getByTestId("welcome-chat-clear").click();
  await expect(panel.getByTestId("assistant-message")).toHaveCount(0);
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);
  await expect.poll(stored).toBe(0);
  await panel.getByTestId("welcome-chat-close").click();
  await expect(page.getByTestId("welcome-chat-open")).toHaveCount(0);
});

/*
 * The chat's approval date: tomorrow at 12:00 where the user is, said on the button, stored by the server
 * (which refuses a past date on its own clock) and shown on tomorrow's calendar cell, on a month's last days,
 * a year's end, a leap day and a DST change in a zone with DST.
 */
const zoned = createZonedDates(CLOCK_ZONE);

onDateSensitiveClocks(zoned, (day, start) => {
  serverTest(
    `the hub chat approves its post for tomorrow at 12:00, found on the calendar, on ${day}`,
    async ({ page, server }) => {
      serverTest.setTimeout(90_000);
      await startClockAt(page, server, start);
      const email = await createServerUser(page, server, { prefix: "hub-tomorrow" });
      await signInBySession(page, email);
      await page.goto("/welcome");
      const input = page.getByTestId("welcome-chat").getByTestId("assistant-input");
      await expect(input).toBeEnabled();
      await input.fill("Create a post about our winter menu");
      await input.press("Enter");
      const card = page.getByTestId("welcome-chat-panel").getByTestId("assistant-post-card");
      await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });

      const tomorrow = zoned.daysFrom(start, 1, 12);
      const shown = await page.evaluate(
        (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
        tomorrow.toISOString(),
      );
      const approve = card.getByTestId("assistant-post-approve");
      await expect(approve).toHaveText(`Approve & Schedule for ${shown}`);
      const approved = page.waitForResponse(
        (response) => /\/api\/posts\/[^/]+\/approve$/.test(response.url()) && response.ok(),
      );
      await approve.click();
      const post = (await (await approved).json()) as { id: string; scheduledDate: string };
      expect(post.scheduledDate).toBe(tomorrow.toISOString());
      await expect(card).toHaveAttribute("data-state", "scheduled");

      // On tomorrow's cell at 12:00 (the next month's grid when tomorrow is the 1st and not shown).
      await page.goto("/calendar");
      await expect(page.getByTestId("calendar-grid")).toBeVisible();
      const cell = page.locator(`[data-testid="calendar-day"][data-date="${zoned.dayKey(tomorrow)}"]`);
      if ((await cell.count()) === 0) {
        const title = await page.getByTestId("calendar-month-title").textContent();
        await page.getByTestId("calendar-next").click();
        await expect(page.getByTestId("calendar-month-title")).not.toHaveText(title ?? "");
        await expect(page.getByTestId("calendar-grid")).toBeVisible();
      }
      const chip = cell.locator(`[data-testid="calendar-post"][data-post-id="${post.id}"]`);
      await expect(chip).toHaveAttribute("data-state", "scheduled");
      await expect(chip).toContainText("12:00");
    },
  );
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
