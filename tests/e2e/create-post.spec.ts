import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { createConfirmedUser, signInBySession } from "./helpers";

// The spec's texts, verbatim (core spec section 8).
const DAILY_LIMIT =
  "You have reached your daily limit of 1 post. Please try again tomorrow or upgrade to Pro for unlimited daily posts.";
const IMAGE_TOO_LARGE = "Image too large. Please select an image under 5MB.";
const INVALID_IMAGE = "Please upload a valid image file (JPEG, PNG, GIF, WebP)";

/** A real 1x1 PNG, small enough to upload in no time. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Generation runs in the background; the offline generator is quick, a real one is not. */
const GENERATION_TIMEOUT = 45_000;

async function openCreatePage(
  page: Page,
  request: Parameters<typeof createConfirmedUser>[0],
  baseURL: string,
) {
  const { email } = await createConfirmedUser(request, baseURL);
  await signInBySession(page, email);
  await page.goto("/create");
  await expect(page.getByTestId("generator-form")).toBeVisible();
  // Styles and the plan have loaded once the picker and the usage line are there.
  await expect(page.getByTestId("image-style-picker")).toBeVisible();
  await expect(page.getByTestId("plan-usage")).toBeVisible();
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations, `${label}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

test("a prompt becomes a post with a caption and an image, followed to 100%, then scheduled", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await openCreatePage(page, request, baseURL!);

  // The defaults: the generator tab, Facebook, the brand's language, the watermark on, a free plan's usage.
  await expect(page.getByTestId("create-tab-post")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("generator-platform-facebook")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("generator-language")).toHaveText("English");
  await expect(page.getByTestId("include-watermark")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("plan-usage")).toHaveText("5 of 5 posts left this month · 1 of 1 today");
  await expect(page.getByTestId("image-style-professional")).toHaveAttribute("aria-checked", "true");
  // The premium style is shown but locked for a free user, with the way to upgrade.
  await expect(page.getByTestId("image-style-card-custom")).toContainText("Upgrade Required");
  await expect(page.getByTestId("image-style-custom")).toBeDisabled();
  await expect(page.getByTestId("image-style-upgrade-custom")).toHaveAttribute("href", "/subscription");
  if (!process.env.OPENAI_API_KEY) await expect(page.getByTestId("model-badge")).toHaveText("Offline model");
  await expect(page.getByTestId("generator-result-empty")).toBeVisible();
  await expectNoAxeViolations(page, "generator form");

  const prompt = "Our autumn blend is back for three weeks: warm, spicy and roasted in town";
  await page.getByTestId("generator-prompt").fill(prompt);
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/api/posts/generate") && response.request().method() === "POST",
  );
  await page.getByTestId("generate-button").click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id: postId } = (await response.json()) as { id: string };

  const card = page.getByTestId("generated-post");
  await expect(card).toHaveAttribute("data-post-id", postId);
  const bar = card.getByRole("progressbar", { name: "Post generation progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: GENERATION_TIMEOUT });
  await expect(card.getByTestId("generation-percent")).toHaveText("100%");
  await expect(card.getByTestId("generation-stage")).toHaveText("Post ready for review");
  await expect(card.getByTestId("post-state")).toHaveText("Pending review");

  // The finished post: a caption, the AI badge, the platform, and an image the browser really decoded.
  // Brand-specific, about what was asked, and reading mid-sentence ("about our autumn blend").
  await expect(card.getByTestId("generated-post-caption")).toContainText("Test Brand");
  await expect(card.getByTestId("generated-post-caption")).toContainText("our autumn blend");
  await expect(card.getByTestId("generated-post-ai-badge")).toBeVisible();
  await expect(card.getByTestId("generated-post-platform")).toHaveText("Facebook");
  await expect(card.getByTestId("generated-post-optimal-time")).toBeVisible();
  const image = card.getByTestId("generated-post-image");
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);

  // The form is reset for the next post (the spec); the post holds what was typed.
  await expect(page.getByTestId("generator-prompt")).toHaveValue("");
  // The plan on screen counts the post.
  await expect(page.getByTestId("plan-usage")).toHaveText("4 of 5 posts left this month · 0 of 1 today");
  await expectNoAxeViolations(page, "finished post");

  // The AI's time is in the future, so Approve schedules there at once and the button says when.
  const optimal = await page.evaluate(async (id) => {
    const response = await fetch(`/api/posts/${id}`);
    const body = (await response.json()) as { aiSuggestions: { optimal_time: string } };
    return body.aiSuggestions.optimal_time;
  }, postId);
  const optimalShown = await page.evaluate(
    (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
    optimal,
  );
  await expect(card.getByTestId("generated-post-approve")).toHaveText(
    `Approve & Schedule for ${optimalShown}`,
  );
  await card.getByTestId("generated-post-approve").click();
  await expect(page.getByTestId("approve-dialog")).toHaveCount(0);

  await expect(card.getByTestId("post-state")).toHaveText("Scheduled");
  await expect(card.getByTestId("generated-post-scheduled")).toHaveText(optimalShown);
  // The embedded network is labelled: nothing went to a real page.
  await expect(card.getByTestId("sandbox-note")).toContainText("Sandbox");

  // The server agrees, and a reload comes back to the same post.
  const stored = await page.request.get(`/api/posts/${postId}`);
  expect(stored.ok()).toBe(true);
  const post = (await stored.json()) as { state: string; scheduledDate: string };
  expect(post.state).toBe("scheduled");
  expect(new Date(post.scheduledDate).getTime()).toBe(new Date(optimal).getTime());
  await page.reload();
  await expect(page.getByTestId("generated-post")).toHaveAttribute("data-post-id", postId);
  await expect(page.getByTestId("generated-post-scheduled")).toHaveText(optimalShown);

  // 'Generate another' clears the result but keeps the form.
  await page.getByTestId("generate-another").click();
  await expect(page.getByTestId("generator-result-empty")).toBeVisible();
  await expect(page.getByTestId("session-generation")).toHaveCount(1);
});

test("the free plan's daily limit disables Generate with the spec's message after one post", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await openCreatePage(page, request, baseURL!);
  await expect(page.getByTestId("plan-limit")).toHaveCount(0);

  await page.getByTestId("generator-platform-instagram").click();
  await page.getByTestId("generator-prompt").fill("A short hello from our team");
  await page.getByTestId("generate-button").click();
  await expect(page.getByTestId("generated-post")).toBeVisible();

  const generate = page.getByTestId("generate-button");
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId("plan-limit-message")).toHaveText(DAILY_LIMIT);
  await expect(page.getByTestId("plan-limit-upgrade")).toHaveAttribute("href", "/subscription");
  await expect(page.getByTestId("plan-usage")).toHaveText("4 of 5 posts left this month · 0 of 1 today");
  // The generation that started reset the form (the spec); the limit is what stops the next one.
  await expect(page.getByTestId("generator-prompt")).toHaveValue("");

  // The server says the same to anyone who asks anyway.
  const refused = await page.request.post("/api/posts/generate", {
    headers: { Origin: baseURL! },
    data: { platform: "facebook" },
  });
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(DAILY_LIMIT);

  // The post still finishes, as an Instagram square.
  const card = page.getByTestId("generated-post");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", {
    timeout: GENERATION_TIMEOUT,
  });
  await expect(card.getByTestId("generated-post-preview")).toHaveAttribute("data-platform", "instagram");

  // The limit survives a reload (it comes from the plan, not from memory).
  await page.reload();
  await expect(page.getByTestId("plan-limit-message")).toHaveText(DAILY_LIMIT);
  await expect(page.getByTestId("generate-button")).toBeDisabled();
});

test("custom images are checked before upload and refused by the server when they are not images", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await openCreatePage(page, request, baseURL!);
  let uploads = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/media") uploads += 1;
  });
  const input = page.getByTestId("custom-image-input");

  // Over 5 MB: refused in the browser, nothing is sent.
  await input.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
  });
  await expect(page.getByTestId("custom-image-error")).toHaveText(IMAGE_TOO_LARGE);
  // Not an image type at all: refused in the browser too.
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("custom-image-error")).toHaveText(INVALID_IMAGE);
  expect(uploads).toBe(0);

  // A text file renamed .png passes the browser's check; the server reads the bytes and refuses it.
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/media");
  await input.setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("just some text"),
  });
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId("custom-image-error")).toHaveText(INVALID_IMAGE);
  // The selection is cleared: the picker is offered again.
  await expect(page.getByTestId("custom-image-selected")).toHaveCount(0);
  await expect(input).toBeAttached();

  // A real PNG uploads: thumbnail, 'Uploaded', and a remove button.
  await input.setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
  const selected = page.getByTestId("custom-image-selected");
  await expect(selected.getByTestId("custom-image-uploaded")).toHaveText("Uploaded");
  await expect(page.getByTestId("custom-image-error")).toHaveCount(0);
  await expect
    .poll(() =>
      selected
        .getByTestId("custom-image-preview")
        .evaluate((element) => (element as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page, "uploaded custom image");
  await selected.getByTestId("custom-image-remove").click();
  await expect(page.getByTestId("custom-image-selected")).toHaveCount(0);
  expect(uploads).toBe(2);
});

test("the tab lives in the URL, and switching tabs keeps what was typed", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await openCreatePage(page, request, baseURL!);
  await page.getByTestId("generator-prompt").fill("Kept while I look at the other tab");
  await page.getByTestId("create-tab-captions").click();
  await expect(page).toHaveURL(/\/create\?tab=image-captions$/);
  await expect(page.getByTestId("image-captions")).toBeVisible();
  await page.getByTestId("create-tab-post").click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByTestId("generator-prompt")).toHaveValue("Kept while I look at the other tab");

  await page.goto("/create?tab=image-captions");
  await expect(page.getByTestId("create-tab-captions")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("captions-empty")).toBeVisible();
  await expectNoAxeViolations(page, "captions tab");
  await page.getByTestId("create-tab-post").click();
  await expect(page.getByTestId("generator-form")).toBeVisible();

  // At phone width everything stays reachable, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("generate-button")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
