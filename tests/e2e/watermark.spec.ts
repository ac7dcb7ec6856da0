import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { createConfirmedUser, signInThroughUi } from "./helpers";

/*
 * The watermark editor end to end: what the user places in Settings > Watermark is what the generation
 * pipeline stamps on the post's image, and Remove stops it.
 *
 * The free plan allows one post a day, and this story needs two posts of one user (one with the mark, one
 * after removing it). So it runs on its own copy of the production server in the worker (as the live
 * notification tests do), where the test can play the billing provider and put the user on Pro between
 * the two posts.
 */
const GENERATION_TIMEOUT = 45_000;

const SAVED = "Watermark settings saved successfully";
const REMOVED = "Watermark removed successfully";

function redPng(side = 200): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 4, background: "#ff0000" } })
    .png()
    .toBuffer();
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function openWatermarkTab(page: Page) {
  await page.goto("/settings");
  await page.getByTestId("settings-tab-watermark").click();
  await expect(page).toHaveURL(/[?&]tab=watermark/);
  await expect(page.getByTestId("watermark-editor")).toBeVisible();
}

type PostBody = { id: string; imageUrl: string | null; generation: { status: string; error: string | null } };

/** Generates a post through the API with the page's session and waits for the pipeline to finish. */
async function generatePost(page: Page, prompt: string): Promise<PostBody> {
  const created = await page.request.post("/api/posts/generate", {
    // The page is on the app; a write with its cookie must say it comes from there.
    headers: { Origin: new URL(page.url()).origin },
    data: { platform: "facebook", prompt },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as PostBody;
  let post: PostBody | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/posts/${id}`);
        post = (await response.json()) as PostBody;
        return post.generation.status;
      },
      { timeout: GENERATION_TIMEOUT, intervals: [250, 500, 1000] },
    )
    .toBe("completed");
  if (!post) throw new Error("no post");
  return post;
}

/** The colour of the post image's pixel at a position given in percent of its width and height. */
async function pixelOfPostImage(page: Page, post: PostBody, at: { x: number; y: number }) {
  expect(post.imageUrl).toBeTruthy();
  const response = await page.request.get(post.imageUrl as string);
  expect(response.ok()).toBe(true);
  const image = sharp(await response.body());
  const { width = 0, height = 0 } = await image.metadata();
  const left = Math.round((width * at.x) / 100);
  const top = Math.round((height * at.y) / 100);
  const data = await image.ensureAlpha().extract({ left, top, width: 1, height: 1 }).raw().toBuffer();
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

const isRed = (pixel: { r: number; g: number; b: number }) => pixel.r > 200 && pixel.g < 60 && pixel.b < 60;

serverTest(
  "a saved watermark is stamped on generated images; after Remove it no longer is",
  async ({ page, server }) => {
    serverTest.setTimeout(150_000);
    const email = await createServerUser(page, server, { prefix: "watermark" });
    await signInThroughUi(page, email);
    await openWatermarkTab(page);

    const save = page.getByTestId("watermark-save");
    await expect(save).toBeDisabled();
    await expect(page.getByTestId("watermark-status")).toHaveText("Upload an image to set up your watermark");

    // Upload a solid red mark: it shows on the preview as an unsaved change.
    await page.getByTestId("watermark-file-input").setInputFiles({
      name: "mark.png",
      mimeType: "image/png",
      buffer: await redPng(),
    });
    await expect(page.getByTestId("watermark-preview-image")).toBeVisible();
    await expect(page.getByTestId("watermark-preview-image")).toHaveJSProperty("complete", true);
    await expect(page.getByTestId("watermark-status")).toHaveText("You have unsaved changes");

    // Place it: a click on the preview moves the mark's centre there; +, + and End on the opacity slider.
    const preview = page.getByTestId("watermark-preview");
    const box = await preview.boundingBox();
    if (!box) throw new Error("no preview box");
    await preview.click({ position: { x: box.width * 0.25, y: box.height * 0.25 } });
    await expect(page.getByTestId("watermark-x-value")).toHaveText("25%");
    await expect(page.getByTestId("watermark-y-value")).toHaveText("25%");
    await page.getByTestId("watermark-size-increase").click();
    await page.getByTestId("watermark-size-increase").click();
    await expect(page.getByTestId("watermark-size-value")).toHaveText("40%");
    await page.getByTestId("watermark-opacity-thumb").focus();
    await page.keyboard.press("End");
    await expect(page.getByTestId("watermark-opacity-value")).toHaveText("100%");
    // The arrow keys move the focused mark too (and back).
    await page.getByTestId("watermark-preview-mark").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("watermark-x-value")).toHaveText("26%");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("watermark-x-value")).toHaveText("25%");

    const axe = await new AxeBuilder({ page })
      .include("[data-testid=watermark-editor]")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);

    await save.click();
    await expect(toast(page, SAVED)).toBeVisible();
    await expect(page.getByTestId("watermark-status")).toHaveText("No unsaved changes");
    await expect(page.getByTestId("watermark-enabled-badge")).toHaveText("On");

    // Persisted: a reload shows the saved mark where it was put.
    await page.reload();
    await expect(page.getByTestId("watermark-preview-image")).toBeVisible();
    await expect(page.getByTestId("watermark-x-value")).toHaveText("25%");
    await expect(page.getByTestId("watermark-y-value")).toHaveText("25%");
    await expect(page.getByTestId("watermark-size-value")).toHaveText("40%");
    await expect(page.getByTestId("watermark-opacity-value")).toHaveText("100%");
    await expect(page.getByTestId("watermark-enabled-badge")).toHaveText("On");
    await expect(page.getByTestId("watermark-status")).toHaveText("No unsaved changes");

    // A post generated now carries the red mark at 25% / 25%; far from it the image is the brand's own.
    const marked = await generatePost(page, "watermark check");
    expect(isRed(await pixelOfPostImage(page, marked, { x: 25, y: 25 }))).toBe(true);
    expect(isRed(await pixelOfPostImage(page, marked, { x: 75, y: 75 }))).toBe(false);

    // Remove asks first, then deletes the mark and turns the watermark off.
    const markUrl = await page.getByTestId("watermark-preview-image").getAttribute("src");
    expect((await page.request.get(markUrl as string)).ok()).toBe(true);
    await page.getByTestId("watermark-remove").click();
    const dialog = page.getByTestId("watermark-remove-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("watermark-preview-image")).toBeVisible();
    await page.getByTestId("watermark-remove").click();
    await page.getByTestId("watermark-remove-confirm").click();
    await expect(toast(page, REMOVED)).toBeVisible();
    await expect(page.getByTestId("watermark-preview-image")).toHaveCount(0);
    await expect(page.getByTestId("watermark-enabled-badge")).toHaveText("Off");
    await expect(page.getByTestId("watermark-x-value")).toHaveText("50%");
    // The mark's file is gone (its link leads nowhere); the post keeps the image it was given.
    expect((await page.request.get(markUrl as string)).status()).toBe(404);
    expect((await page.request.get(marked.imageUrl as string)).ok()).toBe(true);

    // The second post of the day needs Pro (the free plan allows one a day).
    await server.setSubscription(email, {
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    const plain = await generatePost(page, "watermark check");
    expect(isRed(await pixelOfPostImage(page, plain, { x: 25, y: 25 }))).toBe(false);
  },
);

test("a file that is not an image is refused before upload, and the editor fits a phone", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  await openWatermarkTab(page);

  let uploads = 0;
  page.on("request", (sent) => {
    if (sent.url().includes("/api/watermark/image")) uploads += 1;
  });
  await page.getByTestId("watermark-file-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(page.getByTestId("watermark-upload-error")).toHaveText(
    "Only image files (JPG, PNG, SVG, WEBP) are allowed",
  );
  // Too big is refused the same way, before anything is sent.
  await page.getByTestId("watermark-file-input").setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByTestId("watermark-upload-error")).toHaveText(
    "Image file size must be less than 5MB",
  );
  expect(uploads).toBe(0);
  await expect(page.getByTestId("watermark-save")).toBeDisabled();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const upload = await page.getByTestId("watermark-upload").boundingBox();
  expect(upload?.height ?? 0).toBeGreaterThanOrEqual(40);
});
