import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { createConfirmedUser, signInBySession } from "./helpers";

// The connections spec's texts, verbatim (section 5, Caption images), and the upload's by-content refusal.
const TOO_MANY = "Maximum 10 images allowed at once";
const INVALID_FILES = "Please select valid image files. Supported formats: PNG, JPEG, GIF, WebP";
const NOT_AN_IMAGE = "Please upload a valid image file (JPEG, PNG, GIF, WebP)";

const png = async (background: string, width = 320, height = 200) => ({
  name: `${background.slice(1)}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

test("a batch of 3 images, one a renamed text file: 2 pending posts, 1 error, the right counts", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/create?tab=image-captions");
  await expect(page.getByTestId("image-captions")).toBeVisible();
  await expect(page.getByTestId("captions-usage")).toHaveText(/25 of 25 captions left this month/);
  if (!process.env.OPENAI_API_KEY)
    await expect(page.getByTestId("captions-model-badge")).toHaveText("Offline model");
  await expect(page.getByTestId("captions-empty")).toBeVisible();

  const input = page.getByTestId("captions-file-input");
  // More than 10 at once, or a file that does not say it is an image: refused with the spec's texts.
  const orange = await png("#f28c28");
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => ({ ...orange, name: `photo-${i}.png` })));
  await expect(page.getByTestId("captions-selection-error")).toHaveText(TOO_MANY);
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("captions-selection-error")).toHaveText(INVALID_FILES);
  await expect(page.getByTestId("caption-item")).toHaveCount(0);

  // Two photos and a text file renamed .png: the browser believes its name, the server reads its content.
  await input.setInputFiles([
    { ...orange, name: "terrace.png" },
    { ...(await png("#1d4ed8", 200, 320)), name: "harbour.png" },
    { name: "renamed-notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a photo") },
  ]);
  await expect(page.getByTestId("captions-selection-error")).toHaveCount(0);
  const items = page.getByTestId("caption-item");
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId("captions-count-pending")).toHaveText("3");

  // Per item, while pending: the platform (Facebook by default) and the context.
  await expect(items.nth(0).getByTestId("caption-item-platform")).toHaveText("Facebook");
  await items.nth(0).getByTestId("caption-item-context").fill("our sunny terrace");
  await items.nth(1).getByTestId("caption-item-platform").click();
  await page.getByRole("option", { name: "Instagram" }).click();
  await expect(items.nth(1).getByTestId("caption-item-platform")).toHaveText("Instagram");

  await page.getByTestId("captions-process").click();
  await expect(page.getByTestId("captions-process")).toHaveText("Processing...");
  await expect(items.nth(0)).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(items.nth(1)).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(items.nth(2)).toHaveAttribute("data-status", "error", { timeout: 30_000 });
  await expect(items.nth(2).getByTestId("caption-item-error")).toHaveText(NOT_AN_IMAGE);
  await expect(page.getByTestId("captions-count-completed")).toHaveText("2");
  await expect(page.getByTestId("captions-count-failed")).toHaveText("1");
  await expect(page.getByTestId("captions-count-pending")).toHaveText("0");
  await expect(page.getByText("Failed to process some images. Please try again.")).toBeVisible();
  // Finished items can no longer be edited; their caption is shown with the way to review the post.
  await expect(items.nth(0).getByTestId("caption-item-context")).toHaveCount(0);
  await expect(items.nth(0).getByTestId("caption-item-result")).toContainText("our sunny terrace");
  await expect(items.nth(0).getByTestId("caption-item-review")).toHaveAttribute("href", "/dashboard/swipe");

  // The server holds exactly two new pending posts, each with its image, and counted two captions.
  const listed = await page.request.get("/api/posts?status=pending");
  const { posts } = (await listed.json()) as {
    posts: { source: string; platform: string; imageId: string | null; content: string }[];
  };
  expect(posts).toHaveLength(2);
  expect(posts.every((post) => post.source === "image_caption" && post.imageId !== null)).toBe(true);
  expect(posts.map((post) => post.platform).sort()).toEqual(["facebook", "instagram"]);
  await expect(page.getByTestId("captions-usage")).toHaveText(/23 of 25 captions left this month/);

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);

  // At phone width the list stays readable without sideways scrolling; Clear All empties it.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await items.nth(2).getByTestId("caption-item-remove").click();
  await expect(items).toHaveCount(2);
  await page.getByTestId("captions-clear-all").click();
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId("captions-empty")).toBeVisible();
});
