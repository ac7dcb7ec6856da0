import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import {
  createServerUser,
  type InProcessServer,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { signInThroughUi } from "./helpers";
import { createZonedDates, dateSensitiveClocks } from "./zoned-dates";

/*
 * The content calendar end to end (core spec sections 2 and 4): approved posts dragged from the Approved
 * Content sidebar onto a future day are scheduled at local noon, dragged back they lose their date, and a
 * past day refuses the drop. Posts are seeded straight into the database of an in-process server (as
 * earlier generation and review would have left them), so this runs on its own copy of the server.
 */
const SCREENSHOT_DIR = "test-results/screenshots";

/*
 * The page runs in a zone with DST, on a clock the spec sets (page and server alike): the spec and the
 * calendar agree on "today" and "noon" on any day the suite runs, and the drag runs on the dates that broke
 * calendars before: a month's last days, a year's end, a leap day and a DST change.
 */
const ZONE = "America/New_York";
serverTest.use({ timezoneId: ZONE });
const zoned = createZonedDates(ZONE);
const dayKey = zoned.dayKey;
const CLOCKS = dateSensitiveClocks(zoned);

/** Sets the page's and the server's clock to `start`; days are then counted from that day, in the zone. */
async function startDay(page: Page, server: InProcessServer, start: Date) {
  await startClockAt(page, server, start);
  return (days: number, hour = 12) => zoned.daysFrom(start, days, hour);
}

type ApiPost = { id: string; state: string; scheduledDate: string | null; postedAt: string | null };

async function readPost(page: Page, id: string): Promise<ApiPost> {
  const response = await page.request.get(`/api/posts/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiPost;
}

const dayCell = (page: Page, key: string) => page.locator(`[data-testid="calendar-day"][data-date="${key}"]`);
const calendarPost = (page: Page, id: string) =>
  page.locator(`[data-testid="calendar-post"][data-post-id="${id}"]`);
const sidebarPost = (page: Page, id: string) =>
  page.locator(`[data-testid="sidebar-post"][data-post-id="${id}"]`);

/** Pages the grid (next or previous month) until the day's cell is on it. */
async function showDay(page: Page, key: string) {
  const today = dayKey(new Date(await page.evaluate(() => Date.now())));
  const direction = key >= today ? "calendar-next" : "calendar-prev";
  // The month's days render once its posts have loaded (a skeleton before).
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
  for (let step = 0; step < 3; step += 1) {
    if ((await dayCell(page, key).count()) > 0) return;
    const title = await page.getByTestId("calendar-month-title").textContent();
    await page.getByTestId(direction).click();
    await expect(page.getByTestId("calendar-month-title")).not.toHaveText(title ?? "");
    await expect(page.getByTestId("calendar-grid")).toBeVisible();
  }
  await expect(dayCell(page, key)).toHaveCount(1);
}

/** A mouse drag as dnd-kit needs it: press, several small moves past the activation distance, release. */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  if (!from) throw new Error("no source box");
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + 12, startY + 12, { steps: 4 });
  const to = await target.boundingBox();
  if (!to) throw new Error("no target box");
  const endX = to.x + to.width / 2;
  const endY = to.y + Math.min(to.height / 2, 30);
  await page.mouse.move(endX, endY, { steps: 15 });
  await page.mouse.move(endX + 2, endY + 2, { steps: 3 });
  await page.mouse.up();
}

/** A confirmed user with a brand on the in-process server (its mail outbox is not the shared one). */
async function createUser(page: Page, server: InProcessServer): Promise<string> {
  const email = await createServerUser(page, server, { prefix: "calendar" });
  return email;
}

async function openCalendar(page: Page) {
  await page.goto("/calendar");
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
  await expect(page.getByTestId("calendar-sidebar")).toBeVisible();
}

for (const [day, start] of Object.entries(CLOCKS))
  serverTest(
    `posts are scheduled, unscheduled and refused by dragging them on the calendar on ${day}`,
    async ({ page, server }) => {
      serverTest.setTimeout(120_000);
      const daysFromToday = await startDay(page, server, start);
      await page.setViewportSize({ width: 1280, height: 900 });
      const email = await createUser(page, server);
      const scheduledAt = daysFromToday(10);
      const publishedAt = daysFromToday(-1, 9);
      const [draggedId, latteId, , scheduledId, publishedId] = await server.seedPosts(email, [
        {
          content: "Autumn roast arrives Friday: come taste it first",
          status: "approved",
          platform: "facebook",
        },
        { content: "Latte art workshop, sign up at the counter", status: "approved", platform: "instagram" },
        {
          content: "Our baristas picked three beans for winter",
          status: "approved",
          platform: "facebook",
          aiGenerated: true,
        },
        { content: "Holiday opening hours are on the door", status: "approved", scheduledDate: scheduledAt },
        {
          content: "We just opened our second shop downtown, drop by and say hello to the team",
          status: "approved",
          scheduledDate: publishedAt,
          postedAt: publishedAt,
        },
        { content: "Still waiting for review", status: "pending" },
      ]);
      if (!draggedId || !latteId || !scheduledId || !publishedId) throw new Error("seeding failed");
      await signInThroughUi(page, email);
      await openCalendar(page);

      const sidebar = page.getByTestId("calendar-sidebar");
      await expect(sidebar.getByTestId("sidebar-post")).toHaveCount(3);
      await expect(sidebar.getByTestId("sidebar-count")).toHaveText("3");

      // The seeded scheduled and published posts sit on their days, blue and green, with their times.
      await showDay(page, dayKey(publishedAt));
      const published = calendarPost(page, publishedId);
      await expect(published).toHaveAttribute("data-state", "published");
      await expect(published).toContainText("09:00");
      // Truncated at 50 characters on the calendar.
      await expect(published).toContainText("We just opened our second shop downtown, drop by a…");
      await expect(published).not.toHaveAttribute("aria-roledescription", /.+/);

      // 1. Drag an approved post onto a future day: scheduled there at local noon.
      const future = dayKey(daysFromToday(2));
      await showDay(page, future);
      await dragWithMouse(page, sidebarPost(page, draggedId), dayCell(page, future));
      const chip = dayCell(page, future).locator(
        `[data-testid="calendar-post"][data-post-id="${draggedId}"]`,
      );
      await expect(chip).toHaveAttribute("data-state", "scheduled");
      await expect(chip).toContainText("12:00");
      await expect(sidebarPost(page, draggedId)).toHaveCount(0);
      await expect
        .poll(async () => (await readPost(page, draggedId)).scheduledDate)
        .toBe(daysFromToday(2).toISOString());
      expect((await readPost(page, draggedId)).state).toBe("scheduled");

      // Live: a post scheduled elsewhere (another tab, the chat) appears without a reload.
      const afternoon = new Date(daysFromToday(2).getTime() + 3 * 3_600_000);
      const elsewhere = await page.request.post(`/api/posts/${latteId}/schedule`, {
        headers: { Origin: server.url },
        data: { scheduledDate: afternoon.toISOString() },
      });
      expect(elsewhere.status(), await elsewhere.text()).toBe(200);
      await expect(dayCell(page, future).locator(`[data-post-id="${latteId}"]`)).toContainText("15:00");
      await expect(sidebarPost(page, latteId)).toHaveCount(0);

      // 2. Drag it back onto the sidebar: it leaves the calendar and loses its date.
      await dragWithMouse(page, chip, sidebar);
      await expect(calendarPost(page, draggedId)).toHaveCount(0);
      await expect(sidebarPost(page, draggedId)).toBeVisible();
      await expect.poll(async () => (await readPost(page, draggedId)).state).toBe("approved");
      expect((await readPost(page, draggedId)).scheduledDate).toBeNull();

      // 3. Drop it on a past day: refused with a toast, no request, nothing changes.
      const past = dayKey(daysFromToday(-3));
      await showDay(page, past);
      await expect(dayCell(page, past)).toHaveAttribute("data-past", "true");
      await dragWithMouse(page, sidebarPost(page, draggedId), dayCell(page, past));
      await expect(
        page.locator("[data-sonner-toast]").filter({ hasText: "Past dates cannot be scheduled" }),
      ).toBeVisible();
      await expect(calendarPost(page, draggedId)).toHaveCount(0);
      await expect(sidebarPost(page, draggedId)).toBeVisible();
      expect(await readPost(page, draggedId)).toMatchObject({ state: "approved", scheduledDate: null });

      // 4. The keyboard: Space picks the scheduled post up, an arrow moves it a week, Space drops it; a screen
      // reader hears each step.
      await page.setViewportSize({ width: 1280, height: 1400 });
      await page.getByTestId("calendar-today").click();
      await showDay(page, dayKey(scheduledAt));
      const cells = page.getByTestId("calendar-day");
      const dates = await cells.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-date")));
      const index = dates.indexOf(dayKey(scheduledAt));
      const [arrow, offset] = index < 35 ? (["ArrowDown", 7] as const) : (["ArrowUp", -7] as const);
      const target = daysFromToday(10 + offset);
      const scheduledChip = calendarPost(page, scheduledId);
      const announcer = page.locator('[id^="DndLiveRegion"]');
      await scheduledChip.focus();
      const spoken = zoned.spoken;
      await page.keyboard.press("Space");
      // Picked up, then over its own day.
      await expect(announcer).toContainText(`is over ${spoken(scheduledAt)}`);
      // dnd-kit's keyboard sensor starts listening for the moves on a timer after the pick-up: an arrow
      // pressed before it was dropped on a busy machine. Two frames later it listens.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await page.keyboard.press(arrow);
      await expect(announcer).toContainText(`is over ${spoken(target)}`);
      await page.keyboard.press("Space");
      await expect(announcer).toContainText(`was dropped on ${spoken(target)}`);
      await expect(dayCell(page, dayKey(target)).locator(`[data-post-id="${scheduledId}"]`)).toBeVisible();
      await expect
        .poll(async () => (await readPost(page, scheduledId)).scheduledDate)
        .toBe(target.toISOString());
    },
  );

serverTest(
  "the calendar has no serious accessibility problems and fits a phone",
  async ({ page, server }, testInfo) => {
    serverTest.setTimeout(120_000);
    const daysFromToday = await startDay(page, server, CLOCKS["2026-12-31"] as Date);
    const email = await createUser(page, server);
    const when = daysFromToday(3);
    const [, , publishedId] = await server.seedPosts(email, [
      { content: "Fresh beans every Monday morning", status: "approved", platform: "instagram" },
      { content: "Holiday opening hours are on the door", status: "approved", scheduledDate: when },
      {
        content: "We just opened our second shop downtown",
        status: "approved",
        scheduledDate: daysFromToday(0, 8),
        postedAt: daysFromToday(0, 8),
      },
    ]);
    if (!publishedId) throw new Error("seeding failed");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughUi(page, email);
    await openCalendar(page);
    await expect(page.getByTestId("calendar-day").first()).toBeVisible();
    await expect(page.getByTestId("sidebar-post")).toHaveCount(1);

    const seriousViolations = async (where: string) => {
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
    };
    await seriousViolations("/calendar");

    // The help legend names the spec's rules.
    const legend = page.getByTestId("calendar-legend");
    for (const text of [
      "Drag approved posts to any future date",
      "Drag scheduled posts back to the sidebar to unschedule",
      "Green posts are published",
      "Blue posts are scheduled",
      "Past dates cannot be scheduled",
      "Click posts for preview",
    ])
      await expect(legend).toContainText(text);

    // The preview modal.
    await calendarPost(page, publishedId).click();
    const dialog = page.getByTestId("post-preview-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Post Preview" })).toBeVisible();
    await expect(dialog.getByTestId("post-state")).toHaveAttribute("data-state", "published");
    await expect(dialog.getByTestId("post-preview-unschedule")).toHaveCount(0);
    await seriousViolations("post preview");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The preview of a scheduled post offers Unschedule: the post goes back to the sidebar.
    const [scheduledId] = await server.seedPosts(email, [
      { content: "Weekend brunch menu", status: "approved", scheduledDate: daysFromToday(5) },
    ]);
    if (!scheduledId) throw new Error("seeding failed");
    await page.reload();
    await openCalendar(page);
    await showDay(page, dayKey(daysFromToday(5)));
    await calendarPost(page, scheduledId).click();
    await expect(dialog.getByTestId("post-state")).toHaveAttribute("data-state", "scheduled");
    await expect(dialog.getByTestId("post-preview-when")).toContainText("12:00");
    await dialog.getByTestId("post-preview-unschedule").click();
    await expect(dialog).toBeHidden();
    await expect(calendarPost(page, scheduledId)).toHaveCount(0);
    await expect(sidebarPost(page, scheduledId)).toBeVisible();
    await expect.poll(async () => (await readPost(page, scheduledId)).scheduledDate).toBeNull();
    await page.getByTestId("calendar-today").click();

    // Hide and show the sidebar; the badge counts the approved posts.
    await page.getByTestId("calendar-sidebar-toggle").click();
    await expect(page.getByTestId("calendar-sidebar")).toHaveCount(0);
    await expect(page.getByTestId("calendar-sidebar-toggle")).toContainText("Show Content");
    await expect(page.getByTestId("calendar-approved-badge")).toContainText("2");
    await page.getByTestId("calendar-sidebar-toggle").click();
    await expect(page.getByTestId("calendar-sidebar")).toBeVisible();

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const wide = `${SCREENSHOT_DIR}/calendar-1280.png`;
    await page.screenshot({ path: wide, fullPage: true });
    await testInfo.attach("calendar-1280", { path: wide, contentType: "image/png" });

    // A phone: the grid stays usable (counts per day; a tap lists the day's posts) and nothing overflows.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/calendar");
    // On a phone the sidebar starts hidden, above the grid when shown.
    await expect(page.getByTestId("calendar-grid")).toBeVisible();
    await expect(page.getByTestId("calendar-sidebar")).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await showDay(page, dayKey(when));
    await dayCell(page, dayKey(when)).getByTestId("calendar-day-dots").click();
    await expect(page.getByTestId("day-posts-dialog").getByTestId("calendar-post")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await page.getByTestId("calendar-sidebar-toggle").click();
    await expect(page.getByTestId("calendar-sidebar")).toBeVisible();
    await seriousViolations("/calendar at 375 px");
    const phoneOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(phoneOverflow).toBeLessThanOrEqual(0);

    const narrow = `${SCREENSHOT_DIR}/calendar-375.png`;
    await page.screenshot({ path: narrow, fullPage: true });
    await testInfo.attach("calendar-375", { path: narrow, contentType: "image/png" });
  },
);
