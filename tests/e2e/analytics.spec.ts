import { expect } from "@playwright/test";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession, signInThroughUi } from "./helpers";

/*
 * The analytics dashboard on the sandbox network (issue 19): a brand publishes a dozen posts through the
 * real publish path (Post now), then /analytics shows the page's cards, the chart, the breakdown, the post
 * table with View All Posts, and follows the range and platform filters.
 */

serverTest(
  "published posts show up on /analytics with cards, chart, breakdown and table",
  async ({ page, server }) => {
    serverTest.slow();
    const email = await createServerUser(page, server, { prefix: "analytics", brand: "Bean There" });
    await signInThroughUi(page, email);

    const later = new Date(Date.now() + 3 * 86_400_000);
    const ids = await server.seedPosts(
      email,
      Array.from({ length: 12 }, (_, index) => ({
        content: `Post number ${index + 1}: our autumn blend, roasted this week and ready for your cup.`,
        platform: index < 3 ? ("instagram" as const) : ("facebook" as const),
        status: "approved" as const,
        scheduledDate: later,
      })),
    );
    for (const postId of ids) {
      const published = await page.request.post("/api/tools/publishPostNow", {
        headers: { Origin: server.url },
        data: { postId },
      });
      expect(published.ok(), await published.text()).toBe(true);
    }

    await page.goto("/analytics");
    await expect(page.getByTestId("tab-analytics")).toHaveAttribute("aria-current", "page");
    // No page connected: the warning leads to Settings; the numbers come from the sandbox.
    await expect(
      page.getByTestId("analytics-no-page").getByRole("link", { name: "Go to Settings" }),
    ).toBeVisible();
    await expect(page.getByTestId("range-30d")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("analytics-source")).toContainText("Sandbox network");

    for (const card of ["metric-reach", "metric-engagement", "metric-fans"]) {
      await expect(page.getByTestId(`${card}-value`)).toHaveText(/^\d+(\.\d)?[KM]?$/);
    }
    await expect(page.getByTestId("metric-rate-value")).toHaveText(/^\d+\.\d{2}%$/);
    await expect(page.getByTestId("analytics-chart").locator("svg.recharts-surface")).toBeVisible();
    await expect(page.getByTestId("breakdown-likes")).toContainText("% of engagement");
    await expect(page.getByTestId("audience-insights")).toContainText("Age distribution");
    await expect(page.getByTestId("audience-locations").locator("li")).toHaveCount(5);
    await page.getByRole("button", { name: "Show More" }).click();
    await expect(page.getByTestId("audience-locations").locator("li")).toHaveCount(10);
    await page.getByRole("button", { name: "Show Less" }).click();

    await expect(page.getByTestId("best-post")).toContainText("Post number");
    await expect(page.getByTestId("post-table").getByTestId("post-row")).toHaveCount(10);
    await page.getByTestId("view-all-posts").click();
    await expect(page.getByRole("dialog").getByTestId("post-row")).toHaveCount(12);
    await page.keyboard.press("Escape");

    const download = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    expect((await download).suggestedFilename()).toBe("post-performance-30d-all.csv");

    // Range and platform: 7 days still has every post (all went out today); Instagram has three.
    await page.getByTestId("range-7d").click();
    await expect(page.getByTestId("range-7d")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("view-all-posts")).toHaveText("View All Posts (12)");
    await page.getByTestId("platform-instagram").click();
    await expect(page.getByTestId("post-table").getByTestId("post-row")).toHaveCount(3);
    await expect(page.getByTestId("view-all-posts")).toBeHidden();

    // The Posts view lists them as a table; Refresh reads the network again.
    await page.getByTestId("view-posts").click();
    await expect(page.getByTestId("posts-view-table").getByTestId("post-row")).toHaveCount(3);
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/analytics"));
    await page.getByTestId("analytics-refresh").click();
    expect(((await (await refreshed).json()) as { fromCache: boolean }).fromCache).toBe(false);

    // The assistant answers the same question in the chat with a summary card.
    await page.goto("/dashboard");
    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    await panel.getByTestId("assistant-input").fill("how did my posts do this month?");
    await panel.getByTestId("assistant-input").press("Enter");
    const summary = panel.getByTestId("analytics-summary-card");
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary).toContainText("Last 30 days: 12 posts");
    await expect(summary).toContainText("Engagement Rate");
    await expect(panel.getByTestId("assistant-messages")).toContainText(
      "In the last 30 days you published 12 posts",
    );
    await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');
  },
);

serverTest(
  "on a phone the dashboard of a brand without posts fits the width; a refusal shows the error banner",
  async ({ page, server }) => {
    serverTest.slow();
    await page.setViewportSize({ width: 375, height: 800 });
    const email = await createServerUser(page, server, { prefix: "analytics-phone" });
    await signInBySession(page, email);
    await page.goto("/analytics");
    // The sandbox page has a little organic reach of its own, but no posts in the period.
    await expect(page.getByTestId("metric-rate-value")).toHaveText(/%$/);
    await expect(page.getByText("No post data available for this time period")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // When the network refuses, the banner says so in the server's words and the last numbers stay.
    await page.route("**/api/analytics", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "upstream_failed", message: "Failed to fetch Facebook insights" },
        }),
      }),
    );
    await page.getByTestId("analytics-refresh").click();
    const banner = page.getByTestId("analytics-error");
    await expect(banner).toContainText("Error Loading Analytics");
    await expect(banner).toContainText("Failed to fetch Facebook insights");
    await expect(page.getByTestId("metric-reach")).toBeVisible();
  },
);
