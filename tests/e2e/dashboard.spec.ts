import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInBySession, signInThroughUi } from "./helpers";

/** Generation runs in the background; the offline generator is quick, a real one is not. */
const GENERATION_TIMEOUT = 45_000;

test("the dashboard counts a generated post and follows its approval live", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);

  // page.request shares the page's session cookie.
  const generated = await page.request.post("/api/posts/generate", {
    headers: { Origin: baseURL! },
    data: {},
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { id: postId } = (await generated.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/posts/${postId}`);
        return ((await response.json()) as { generation: { status: string } }).generation.status;
      },
      { timeout: GENERATION_TIMEOUT, intervals: [500, 1_000] },
    )
    .toBe("completed");

  await page.goto("/dashboard");
  await expect(page.getByTestId("view-title")).toHaveText("Dashboard");
  const stat = (testId: string) => page.getByTestId(testId).getByTestId("stat-value");
  await expect(stat("stat-total")).toHaveText("1");
  await expect(stat("stat-ai-generated")).toHaveText("1");
  await expect(stat("stat-facebook")).toHaveText("1");
  await expect(stat("stat-instagram")).toHaveText("0");
  await expect(stat("stat-approved")).toHaveText("0");

  const pendingCard = page.getByTestId("pending-card");
  await expect(pendingCard.getByTestId("pending-post")).toHaveCount(1);
  await expect(pendingCard.locator(`[data-post-id="${postId}"]`)).toBeVisible();
  await expect(page.getByTestId("recent-card").getByTestId("recent-post")).toHaveCount(1);
  await expect(page.getByTestId("review-all-pending")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-create-post")).toHaveAttribute("href", "/create");
  await expect(page.getByTestId("dashboard-upgrade")).toHaveAttribute("href", "/subscription");

  // Approved elsewhere (another request, as a second tab or the chat would): the page follows without a reload.
  const approved = await page.request.post(`/api/posts/${postId}/approve`, {
    headers: { Origin: baseURL! },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect(stat("stat-approved")).toHaveText("1");
  await expect(pendingCard.getByTestId("pending-empty")).toHaveText("No pending posts");
  await expect(page.getByTestId("recent-card").getByTestId("post-state")).toHaveAttribute(
    "data-state",
    /approved|published/,
  );
});

test("the dashboard fits a phone and shows an empty pending card", async ({ page, request, baseURL }) => {
  const { email } = await createConfirmedUser(request, baseURL!);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-total").getByTestId("stat-value")).toHaveText("0");
  await expect(page.getByTestId("pending-empty")).toHaveText("No pending posts");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
