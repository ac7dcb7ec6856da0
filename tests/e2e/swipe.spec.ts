import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import {
  createServerUser,
  type InProcessServer,
  type SeedPost,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";
import { createZonedDates, dateSensitiveClocks } from "./zoned-dates";

/*
 * Swipe review (/dashboard/swipe) end to end: pending posts seeded into the user's brand are reviewed one at
 * a time by mouse drag, keyboard, buttons and touch, and each decision is checked on the server.
 * Runs on its own in-process server (as watermark.spec.ts does) so the test can seed posts directly.
 */
const SCREENSHOTS = "test-results/screenshots";

const IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#3b82f6"/><circle cx="200" cy="150" r="80" fill="#f59e0b"/></svg>',
)}`;

async function signedInUser(page: Page, server: InProcessServer, prefix: string): Promise<string> {
  const email = await createServerUser(page, server, { prefix, brand: "Swipe Brand" });
  await signInBySession(page, email);
  return email;
}

/*
 * An approval at the AI's optimal time depends on the day: the server offers the time while it is ahead on
 * its clock and the page shows it on its own. Those tests run in a zone with DST on clocks set on page and
 * server alike.
 */
const ZONE = "America/New_York";
serverTest.use({ timezoneId: ZONE });
const zoned = createZonedDates(ZONE);
const CLOCKS = dateSensitiveClocks(zoned);

/** Pending posts, oldest first (distinct creation times before `now` so the queue's order is known). */
function pendingPosts(rows: Partial<SeedPost>[], now = new Date()): SeedPost[] {
  const base = now.getTime() - rows.length * 60_000;
  return rows.map((row, index) => ({
    content: `Pending post number ${index + 1}`,
    status: "pending",
    platform: "facebook",
    aiGenerated: true,
    imageUrl: IMAGE,
    createdAt: new Date(base + index * 60_000),
    ...row,
  }));
}

type PostBody = {
  id: string;
  status: string;
  state: string;
  scheduledDate: string | null;
  feedback: string | null;
};

async function serverPost(page: Page, id: string): Promise<PostBody> {
  const response = await page.request.get(`/api/posts/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as PostBody;
}

/** Drags the card horizontally with the mouse: down in its centre, several moves, up. */
async function mouseDrag(page: Page, dx: number) {
  const box = await page.getByTestId("swipe-card").boundingBox();
  if (!box) throw new Error("no card");
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) await page.mouse.move(x + (dx * step) / 8, y + step);
  await page.mouse.up();
}

async function expectCard(page: Page, id: string) {
  const card = page.getByTestId("swipe-card");
  await expect(card).toHaveAttribute("data-post-id", id);
  await expect(card).not.toHaveAttribute("data-exiting", /.+/);
}

async function screenshot(page: Page, name: string, testInfo: import("@playwright/test").TestInfo) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}/${name}`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const [day, start] of Object.entries(CLOCKS))
  serverTest(
    `approves at the AI's time while it is ahead, without a date once it has passed, on ${day}`,
    async ({ page, server }) => {
      await startClockAt(page, server, start);
      const email = await signedInUser(page, server, "swipe-dates");
      const tomorrow = new Date(zoned.daysFrom(start, 1, 12).getTime() + 30 * 60_000);
      const yesterday = zoned.daysFrom(start, -1, 12);
      const ids = await server.seedPosts(
        email,
        pendingPosts(
          [tomorrow, yesterday].map((at) => ({
            aiSuggestions: {
              optimal_time: at.toISOString(),
              reasoning: "Lunch-time readers engage most with product news.",
              engagement_prediction: 91,
              audience_match: 88,
              trend_score: 64,
              hashtags: ["coffee"],
            },
          })),
          start,
        ),
      );
      await page.goto("/dashboard/swipe");
      await expectCard(page, ids[0]!);
      const shown = await page.evaluate(
        (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
        tomorrow.toISOString(),
      );
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("swipe-announcer")).toHaveText(`Approved, scheduled for ${shown}.`);
      await expectCard(page, ids[1]!);
      await expect.poll(async () => (await serverPost(page, ids[0]!)).state).toBe("scheduled");
      expect((await serverPost(page, ids[0]!)).scheduledDate).toBe(tomorrow.toISOString());

      // Yesterday's time has passed: approved without a date, for the calendar's Approved Content.
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("swipe-announcer")).toHaveText(
        "Approved. It is in the calendar's Approved Content.",
      );
      await expect(page.getByTestId("swipe-complete")).toBeVisible();
      await expect.poll(async () => (await serverPost(page, ids[1]!)).state).toBe("approved");
      expect((await serverPost(page, ids[1]!)).scheduledDate).toBeNull();
    },
  );

serverTest("reviews four pending posts by drag, keyboard and buttons", async ({ page, server }, testInfo) => {
  serverTest.setTimeout(90_000);
  const start = CLOCKS["2026-11-27"] as Date;
  await startClockAt(page, server, start);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signedInUser(page, server, "swipe");
  const tomorrow = new Date(zoned.daysFrom(start, 1, 12).getTime() + 30 * 60_000);
  const ids = await server.seedPosts(
    email,
    pendingPosts(
      [
        {
          aiSuggestions: {
            optimal_time: tomorrow.toISOString(),
            reasoning: "Lunch-time readers engage most with product news.",
            engagement_prediction: 91,
            audience_match: 88,
            trend_score: 64,
            hashtags: ["coffee", "#morning"],
          },
        },
        { platform: "instagram" },
        {},
        { aiGenerated: false, imageUrl: null },
      ],
      start,
    ),
  );

  await page.goto("/dashboard/swipe");
  await expect(page.getByRole("heading", { name: "Review Posts" })).toBeVisible();
  await expect(page.getByText("Swipe to approve or deny pending posts")).toBeVisible();
  await expect(page.getByTestId("swipe-exit")).toHaveText(/Exit Swipe Mode/);
  await expect(page.getByTestId("swipe-progress")).toHaveText("1 of 4");
  await expectCard(page, ids[0]!);

  // The AI insights: the post's own scores, hashtags, reasoning and time.
  await expect(page.getByTestId("swipe-insight-engagement")).toHaveText("91%");
  await expect(page.getByTestId("swipe-insight-audience")).toHaveText("88%");
  await expect(page.getByTestId("swipe-insight-trend")).toHaveText("64%");
  await expect(page.getByTestId("swipe-insight-hashtags")).toContainText("#coffee");
  await expect(page.getByTestId("swipe-insight-reasoning")).toHaveText(/Lunch-time readers/);

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  await screenshot(page, "swipe-1280.png", testInfo);

  // A short drag springs back without deciding.
  await mouseDrag(page, 60);
  await expectCard(page, ids[0]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("1 of 4");

  // Drag right past 100 px: approved at the AI's future optimal time.
  await mouseDrag(page, 220);
  await expect(page.getByTestId("swipe-announcer")).toHaveText(/Approved, scheduled for/);
  await expectCard(page, ids[1]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("2 of 4");
  await expect.poll(async () => (await serverPost(page, ids[0]!)).state).toBe("scheduled");
  expect(new Date((await serverPost(page, ids[0]!)).scheduledDate ?? 0).getTime()).toBe(tomorrow.getTime());

  // The defaults for a post without AI suggestions.
  await expect(page.getByTestId("swipe-insight-engagement")).toHaveText("85%");
  await expect(page.getByTestId("swipe-insight-audience")).toHaveText("80%");
  await expect(page.getByTestId("swipe-insight-trend")).toHaveText("75%");

  // Drag left: the feedback dialog; Cancel puts the card back.
  await mouseDrag(page, -220);
  const dialog = page.getByTestId("deny-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expectCard(page, ids[1]!);
  expect((await serverPost(page, ids[1]!)).state).toBe("pending");

  // Drag left again, and give the feedback (required).
  await mouseDrag(page, -220);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("deny-confirm")).toBeDisabled();
  await page.getByTestId("deny-feedback").fill("Too salesy for Instagram");
  await page.getByTestId("deny-confirm").click();
  await expectCard(page, ids[2]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("3 of 4");
  await expect.poll(async () => (await serverPost(page, ids[1]!)).state).toBe("denied");
  expect((await serverPost(page, ids[1]!)).feedback).toBe("Too salesy for Instagram");

  // ArrowRight approves; no optimal time, so without a date (the calendar's Approved Content).
  await page.keyboard.press("ArrowRight");
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Approved: find it in the calendar's Approved Content" }),
  ).toBeVisible();
  await expectCard(page, ids[3]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("4 of 4");
  const third = await serverPost(page, ids[2]!);
  expect(third.state).toBe("approved");
  expect(third.scheduledDate).toBeNull();

  // The red button denies (with feedback).
  await page.getByTestId("swipe-deny").click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("deny-feedback").fill("Needs an image");
  await page.getByTestId("deny-confirm").click();

  const complete = page.getByTestId("swipe-complete");
  await expect(complete).toBeVisible();
  await expect(complete.getByRole("heading", { name: "All done!" })).toBeVisible();
  await expect(page.getByTestId("swipe-complete-approved")).toHaveText("2");
  await expect(page.getByTestId("swipe-complete-denied")).toHaveText("2");
  await expect(page.getByTestId("swipe-complete-time-saved")).toHaveText("10 minutes");
  await expect.poll(async () => (await serverPost(page, ids[3]!)).state).toBe("denied");

  await page.getByTestId("swipe-complete-dashboard").click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

serverTest("on a phone: touch swipe, stacked layout, empty state", async ({ page, server }, testInfo) => {
  serverTest.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await signedInUser(page, server, "swipe-touch");

  // Nothing pending: an honest empty state with the way to create posts.
  await page.goto("/dashboard/swipe");
  await expect(page.getByTestId("swipe-empty")).toBeVisible();
  await expect(page.getByTestId("swipe-empty-create")).toHaveAttribute("href", "/create");

  // A seed raises no live event, so the screen is reloaded to see the posts.
  const ids = await server.seedPosts(email, pendingPosts([{}, {}, {}]));
  await page.reload();
  await expect(page.getByTestId("swipe-progress")).toHaveText("1 of 3");
  await expectCard(page, ids[0]!);

  // Approved elsewhere (another tab, the chat): it drops out of the queue live.
  const elsewhere = await page.request.post(`/api/posts/${ids[2]}/approve`, {
    headers: { Origin: server.url },
    data: {},
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  await expect(page.getByTestId("swipe-progress")).toHaveText("1 of 2");
  await expect(page.getByTestId("swipe-approve")).toBeInViewport();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "swipe-375.png", testInfo);

  // The server refuses: a toast with its words, and the card stays.
  await page.route(
    "**/api/posts/*/approve",
    (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "conflict", message: "This post changed meanwhile" } }),
      }),
    { times: 1 },
  );
  await page.getByTestId("swipe-approve").click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "This post changed meanwhile" }),
  ).toBeVisible();
  await expectCard(page, ids[0]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("1 of 2");
  expect((await serverPost(page, ids[0]!)).state).toBe("pending");

  // A touch swipe to the right: pointer events with pointerType 'touch'.
  await page.getByTestId("swipe-card").evaluate((card) => {
    const box = card.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + 100;
    const fire = (type: string, clientX: number) =>
      card.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 41,
          pointerType: "touch",
          isPrimary: true,
          clientX,
          clientY: y,
          bubbles: true,
          cancelable: true,
          button: type === "pointermove" ? -1 : 0,
        }),
      );
    fire("pointerdown", x);
    for (let step = 1; step <= 6; step += 1) fire("pointermove", x + step * 30);
    fire("pointerup", x + 180);
  });
  await expectCard(page, ids[1]!);
  await expect(page.getByTestId("swipe-progress")).toHaveText("2 of 2");
  await expect.poll(async () => (await serverPost(page, ids[0]!)).state).toBe("approved");

  await page.getByTestId("swipe-approve").click();
  await expect(page.getByTestId("swipe-complete-time-saved")).toHaveText("5 minutes");
  const after = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(after).toBeLessThanOrEqual(0);
});
