import { expect, type Page } from "@playwright/test";
import {
  CLOCK_ZONE,
  createServerUser,
  type InProcessServer,
  onDateSensitiveClocks,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";
import { createZonedDates } from "./zoned-dates";

/*
 * Issue 28 item 5 and 6: what the analytics page and the dashboard's weekly target show follows a publish
 * without Refresh or a reload (the server's event stream), the Posts view of an empty period says so, and
 * the breakdown explains the Total Engagement card.
 */

/** A post published through the real path (approve, Post now) from outside the page, as another tab would. */
async function publishElsewhere(page: Page, server: InProcessServer, email: string, content: string) {
  const [postId] = await server.seedPosts(email, [
    {
      content,
      platform: "facebook",
      status: "approved",
      scheduledDate: new Date(server.now().getTime() + 86_400_000),
    },
  ]);
  const published = await page.request.post("/api/tools/publishPostNow", {
    headers: { Origin: server.url },
    data: { postId },
  });
  expect(published.ok(), await published.text()).toBe(true);
}

/** Set before the change and read after it: still there means the page was not reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

serverTest(
  "a publish shows on /analytics without Refresh; the Posts view of an empty period has an empty state",
  async ({ page, server }) => {
    serverTest.slow();
    const email = await createServerUser(page, server, { prefix: "analytics-live", brand: "Bean There" });
    await signInBySession(page, email);
    await page.goto("/analytics");
    await expect(page.getByTestId("analytics-source")).toContainText("Sandbox network");

    // Nothing published: the Posts view says so instead of a bare header row.
    await page.getByTestId("view-posts").click();
    const empty = page.getByTestId("posts-view-empty");
    await expect(empty).toContainText("No post data available for this time period");
    await expect(empty.getByRole("link", { name: "Create a post" })).toBeVisible();
    await expect(page.locator("table")).toHaveCount(0);

    // The page's own engagement is explained as Other, never "0 of 48".
    await page.getByTestId("view-overview").click();
    const total = await page.getByTestId("metric-engagement-value").textContent();
    await expect(page.getByTestId("breakdown-total")).toContainText(`${total} engagements`);
    if (total !== "0")
      await expect(page.getByTestId("breakdown-other")).toContainText("100.0% of engagement");

    // Published elsewhere (the analytics were cached a moment ago): the page follows without Refresh.
    await page.getByTestId("view-posts").click();
    await markPage(page);
    await publishElsewhere(page, server, email, "Freshly roasted: our autumn blend is back this week.");
    await expect(page.getByTestId("posts-view-table").getByTestId("post-row")).toHaveCount(1);
    await expect(page.getByTestId("posts-view-table")).toContainText("Freshly roasted");
    expect(await stillSamePage(page)).toBe(true);

    // The post's reach never exceeds the page's, and the breakdown adds up to Total Engagement.
    await page.getByTestId("view-overview").click();
    await expect(page.getByTestId("best-post")).toContainText("Freshly roasted");
    const view = (await (
      await page.request.post("/api/analytics", {
        headers: { Origin: server.url },
        data: { range: "30d", platform: "all" },
      })
    ).json()) as {
      metrics: { totalReach: number; totalEngagement: number };
      posts: { reach: number }[];
      breakdown: Record<"likes" | "comments" | "shares" | "clicks" | "other" | "total", number>;
    };
    for (const post of view.posts) expect(post.reach).toBeLessThanOrEqual(view.metrics.totalReach);
    const { likes, comments, shares, clicks, other } = view.breakdown;
    expect(likes + comments + shares + clicks + other).toBe(view.metrics.totalEngagement);

    // The platform filter filters: Instagram has no posts and numbers of its own.
    const reachAll = await page.getByTestId("metric-reach-value").textContent();
    await page.getByTestId("platform-instagram").click();
    await expect(page.getByTestId("post-performance")).toContainText(
      "No post data available for this time period",
    );
    await expect(page.getByTestId("metric-reach-value")).not.toHaveText(reachAll ?? "");
  },
);

/*
 * This week (Sunday to Saturday where the user is) holds what went out today, and yesterday's post unless
 * today is a Sunday: on a month's last days, a year's end, a leap day and a DST change (a Sunday, the week's
 * first day), in a zone with DST, on clocks set on page and server alike.
 */
const zoned = createZonedDates(CLOCK_ZONE);

onDateSensitiveClocks(zoned, (day, start) => {
  serverTest(
    `the dashboard's weekly target follows a publish without Refresh on ${day}`,
    async ({ page, server }) => {
      serverTest.slow();
      await startClockAt(page, server, start);
      const email = await createServerUser(page, server, { prefix: "weekly-live", brand: "Bean There" });
      // Published yesterday at noon: this week's, unless today is a Sunday (then it was last week's).
      const yesterday = zoned.daysFrom(start, -1, 12);
      await server.seedPosts(email, [
        { content: "Yesterday's post", status: "approved", scheduledDate: yesterday, postedAt: yesterday },
      ]);
      const before = new Date(`${zoned.dayKey(start)}T12:00:00Z`).getUTCDay() === 0 ? 0 : 1;
      await signInBySession(page, email);
      await page.goto("/dashboard");
      const value = page.getByTestId("weekly-target-value");
      await expect(value).toHaveText(`${before} / 5`);
      await expect(page.getByTestId("weekly-target-status")).toHaveText(`${5 - before} to go`);

      await markPage(page);
      await publishElsewhere(page, server, email, "Our winter menu starts today: come and try it.");
      await expect(value).toHaveText(`${before + 1} / 5`);
      await expect(page.getByTestId("weekly-target-status")).toHaveText(`${4 - before} to go`);
      await publishElsewhere(page, server, email, "Hot chocolate season: three new recipes this week.");
      await expect(value).toHaveText(`${before + 2} / 5`);
      expect(await stillSamePage(page)).toBe(true);
    },
  );
});
