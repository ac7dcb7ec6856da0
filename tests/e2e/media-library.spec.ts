import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";
import { holdRequests } from "./hold-requests";
import { expectCleanLayout } from "./layout-check";

/*
 * The media library (issue 32) end to end on an in-process server: images uploaded through the page and
 * over the image route are listed, found by their alt text, described (kept after a reload), deleted when
 * nothing needs them and refused while a scheduled post uses one; and a carousel post's cards say so.
 */

/** A small real PNG (the server reads the content, not the name). */
const png = (colour: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads an image into the signed-in user's active brand over the image route; returns its media id. */
async function uploadImage(
  page: Page,
  server: InProcessServer,
  name: string,
  colour: string,
): Promise<string> {
  const response = await page.request.post("/api/media", {
    headers: { Origin: server.url },
    multipart: { file: { name, mimeType: "image/png", buffer: await png(colour) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

const grid = (page: Page) => page.getByTestId("library-grid");
/** A file's tile by its exact name. */
const tile = (page: Page, name: string) =>
  grid(page)
    .getByTestId("library-item")
    .filter({ has: page.getByTestId("library-item-name").getByText(name, { exact: true }) });

async function openFile(page: Page, name: string) {
  await tile(page, name).click();
  const dialog = page.getByTestId("library-details-dialog");
  await expect(dialog.getByTestId("library-details-title")).toHaveText(name);
  return dialog;
}

/** A 2-second MP4 made with the ffmpeg the server probes videos with (no binary fixture is committed). */
async function makeClip(path: string): Promise<string> {
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  await promisify(execFile)(
    ffmpeg,
    [
      ...["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "2"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path],
    ],
    { timeout: 60_000 },
  );
  return path;
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

const IN_USE = "This file is used by a scheduled post. Change that post first, then delete the file.";

serverTest(
  "lists uploads, finds one by its alt text, keeps edited alt text, deletes an unused image, refuses one a scheduled post uses",
  async ({ page, server }) => {
    serverTest.setTimeout(120_000);
    const email = await createServerUser(page, server, { prefix: "library", brand: "Library Cafe" });
    await signInBySession(page, email);

    // Empty at first: the spec's words and the way to fill it.
    await page.goto("/media");
    await expect(page.getByTestId("library-empty")).toContainText("No media yet", { timeout: 30_000 });
    await expect(page.getByTestId("library-empty")).toContainText(
      "Upload images or videos, or generate a post.",
    );

    // One image through the page's Upload button: its row shows the upload, then the tile appears.
    await page.getByTestId("library-upload-input").setInputFiles({
      name: "beans.png",
      mimeType: "image/png",
      buffer: await png("#7c2d12"),
    });
    const row = page.getByTestId("library-upload-row").filter({ hasText: "beans.png" });
    await expect(row).toHaveAttribute("data-status", "done");
    await expect(tile(page, "beans.png")).toBeVisible();

    // Two more over the image route; the page lists all three, newest first.
    const latteId = await uploadImage(page, server, "latte.png", "#d6a76c");
    await uploadImage(page, server, "croissant.png", "#f59e0b");
    await page.reload();
    await expect(grid(page).getByTestId("library-item")).toHaveCount(3);
    await expect(grid(page).getByTestId("library-item-name")).toHaveText([
      "croissant.png",
      "latte.png",
      "beans.png",
    ]);
    await expect(tile(page, "latte.png").getByTestId("library-item-no-alt")).toBeVisible();

    // Describe the croissant: the counter follows the text; saved, it survives a reload.
    const altText = "A golden croissant on a marble counter";
    let dialog = await openFile(page, "croissant.png");
    await expect(dialog.getByTestId("library-details-image")).toBeVisible();
    await expect(dialog.getByTestId("library-fact-dimensions")).toHaveText("120 × 80");
    await expect(dialog.getByTestId("library-used-in-none")).toBeVisible();
    await expect(dialog.getByTestId("library-save")).toBeDisabled();
    await dialog.getByTestId("library-alt-input").fill(altText);
    await expect(dialog.getByTestId("library-alt-count")).toHaveText(`${altText.length} / 1,000`);
    await dialog.getByTestId("library-save").click();
    await expect(toast(page, "Changes saved")).toBeVisible();
    await expect(dialog.getByTestId("library-save")).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.reload();
    dialog = await openFile(page, "croissant.png");
    await expect(dialog.getByTestId("library-alt-input")).toHaveValue(altText);
    await page.keyboard.press("Escape");

    // Search finds it by words of its alt text (debounced), and only it.
    await page.getByTestId("library-search").fill("marble");
    await expect(grid(page).getByTestId("library-item")).toHaveCount(1);
    await expect(tile(page, "croissant.png")).toBeVisible();
    await page.getByTestId("library-search").fill("zzz-nothing");
    await expect(page.getByTestId("library-no-match")).toBeVisible();
    await page.getByTestId("library-search").fill("");
    await expect(grid(page).getByTestId("library-item")).toHaveCount(3);

    // Missing alt text: the two images still without it.
    await page.getByTestId("library-missing-alt").click();
    await expect(grid(page).getByTestId("library-item-name")).toHaveText(["latte.png", "beans.png"]);
    await page.getByTestId("library-missing-alt").click();
    await expect(grid(page).getByTestId("library-item")).toHaveCount(3);

    // Deleting an image no post uses: confirmed, it leaves the library.
    dialog = await openFile(page, "beans.png");
    await dialog.getByTestId("library-delete").click();
    const confirm = page.getByTestId("library-delete-dialog");
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByTestId("library-delete-confirm").click();
    await expect(toast(page, "Deleted beans.png")).toBeVisible();
    await expect(page.getByTestId("library-details-dialog")).toBeHidden();
    await expect(grid(page).getByTestId("library-item")).toHaveCount(2);
    await expect(tile(page, "beans.png")).toHaveCount(0);

    // A scheduled post uses the latte: the library says so, and deleting it is refused in the server's words.
    const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const [postId] = await server.seedPosts(email, [
      {
        content: "Latte Friday is back.",
        platform: "facebook",
        status: "approved",
        scheduledDate: inThreeDays,
        imageMediaId: latteId,
        aiGenerated: false,
        source: "manual",
      },
    ]);
    await page.reload();
    dialog = await openFile(page, "latte.png");
    const use = dialog.getByTestId("library-use");
    await expect(use).toHaveCount(1);
    await expect(use).toHaveAttribute("data-post-id", postId as string);
    await expect(use).toHaveAttribute("data-state", "scheduled");
    await expect(use).toContainText("Scheduled");
    await dialog.getByTestId("library-delete").click();
    await expect(confirm).toContainText("A scheduled post uses this file");
    await confirm.getByTestId("library-delete-confirm").click();
    await expect(confirm.getByTestId("library-delete-error")).toContainText(IN_USE);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(tile(page, "latte.png")).toBeVisible();

    // The post opens from "Used in".
    dialog = await openFile(page, "latte.png");
    await dialog.getByTestId("library-use").click();
    const postDialog = page.getByTestId("library-post-dialog");
    await expect(postDialog.getByTestId("post-text")).toHaveText("Latte Friday is back.");
    await page.keyboard.press("Escape");
    await expect(postDialog).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // "Use in a new post" opens the generator with the image as its custom image.
    await openFile(page, "croissant.png");
    await page.getByTestId("library-use-in-post").click();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByTestId("custom-image-selected")).toHaveAttribute("data-status", "uploaded");
  },
);

serverTest("a carousel post's cards say Carousel · 3 and its slides move", async ({ page, server }) => {
  serverTest.setTimeout(120_000);
  const email = await createServerUser(page, server, { prefix: "carousel", brand: "Carousel Cafe" });
  const [postId, approvedId] = await server.seedPosts(email, [
    {
      content: "Three mugs for the new season.",
      platform: "facebook",
      status: "pending",
      aiGenerated: false,
      source: "manual",
    },
    {
      content: "Two cups, one table.",
      platform: "facebook",
      status: "approved",
      aiGenerated: false,
      source: "manual",
    },
  ]);
  await signInBySession(page, email);
  const images: string[] = [];
  for (const [index, colour] of ["#2563eb", "#16a34a", "#dc2626"].entries())
    images.push(await uploadImage(page, server, `mug-${index + 1}.png`, colour));
  for (const [id, items] of [
    [postId, images],
    [approvedId, images.slice(0, 2)],
  ] as const) {
    const set = await page.request.post("/api/tools/setPostMedia", {
      headers: { Origin: server.url },
      data: { postId: id, format: "carousel", media: items.map((mediaId) => ({ mediaId })) },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }

  // The dashboard's pending row names the format and counts the items.
  await page.goto("/dashboard");
  const row = page.locator(`[data-testid="pending-post"][data-post-id="${postId}"]`);
  // The first load of the dashboard can be slow on a busy machine.
  await expect(row.getByTestId("post-format-badge")).toHaveText("Carousel · 3", { timeout: 30_000 });

  // Its full card shows the slides: the first, then the next by the arrow button or the arrow keys.
  await row.getByTestId("pending-post-open").click();
  const details = page.getByTestId("post-details-dialog");
  await expect(details.getByTestId("post-format-badge")).toHaveText("Carousel · 3");
  const carousel = details.getByTestId("post-media-carousel");
  await expect(carousel).toHaveAttribute("data-count", "3");
  await expect(carousel.getByTestId("post-media-counter")).toHaveText("1 / 3");
  await expect(carousel.getByTestId("post-image")).toBeVisible();
  await expect(carousel.getByTestId("post-media-prev")).toBeDisabled();
  await expectCleanLayout(page, "carousel-post-details");
  await carousel.getByTestId("post-media-next").click();
  await expect(carousel.getByTestId("post-media-counter")).toHaveText("2 / 3");
  await carousel.getByTestId("post-media-strip").focus();
  await page.keyboard.press("ArrowRight");
  await expect(carousel.getByTestId("post-media-counter")).toHaveText("3 / 3");
  await expect(carousel.getByTestId("post-media-next")).toBeDisabled();
  await page.keyboard.press("Escape");

  // The swipe review's card: the badge and the slides, whose arrows move them without deciding the card.
  await page.goto("/dashboard/swipe");
  const card = page.getByTestId("swipe-card");
  await expect(card.getByTestId("post-format-badge")).toHaveText("Carousel · 3", { timeout: 30_000 });
  await card.getByTestId("post-media-next").click();
  await expect(card.getByTestId("post-media-counter")).toHaveText("2 / 3");
  await expect(card).toHaveAttribute("data-post-id", postId as string);
  await expect(card).not.toHaveAttribute("data-exiting", /.+/);

  // The calendar's Approved Content list marks the approved carousel.
  await page.goto("/calendar");
  const approved = page.locator(`[data-testid="sidebar-post"][data-post-id="${approvedId}"]`);
  await expect(approved.getByTestId("post-format-badge")).toHaveText("Carousel · 2", { timeout: 30_000 });

  // The library knows which post uses each image.
  await page.goto("/media");
  await expect(grid(page).getByTestId("library-item")).toHaveCount(3);
  await tile(page, "mug-3.png").click();
  await expect(page.getByTestId("library-use")).toHaveAttribute("data-post-id", postId as string);
  await expect(page.getByTestId("library-use")).toHaveAttribute("data-state", "draft");
  await page.keyboard.press("Escape");
  await tile(page, "mug-1.png").click();
  await expect(page.getByTestId("library-use")).toHaveCount(2);
});

serverTest(
  "a video goes up over tus with its progress, plays in the library, and an upload can be cancelled",
  async ({ page, server }, testInfo) => {
    serverTest.setTimeout(120_000);
    const clip = await makeClip(testInfo.outputPath("harbour.mp4"));
    const email = await createServerUser(page, server, { prefix: "video", brand: "Video Cafe" });
    await signInBySession(page, email);
    await page.goto("/media");
    await expect(page.getByTestId("library-empty")).toBeVisible({ timeout: 30_000 });

    // The Upload button takes a video through the resumable endpoint; its row ends as uploaded.
    await page.getByTestId("library-upload-input").setInputFiles(clip);
    const row = page.getByTestId("library-upload-row").filter({ hasText: "harbour.mp4" });
    await expect(row).toHaveAttribute("data-kind", "video");
    await expect(row).toHaveAttribute("data-status", "done", { timeout: 60_000 });

    // The tile is the poster with a play badge and the length; the details play it.
    const video = tile(page, "harbour.mp4");
    await expect(video).toHaveAttribute("data-type", "video");
    await expect(video.getByTestId("library-item-duration")).toHaveText("0:02");
    const dialog = await openFile(page, "harbour.mp4");
    await expect(dialog.getByTestId("library-details-video")).toBeVisible();
    await expect(dialog.getByTestId("library-fact-duration")).toHaveText("0:02");
    await expect(dialog.getByTestId("library-fact-dimensions")).toHaveText("320 × 240");
    // Videos take no alt text.
    await expect(dialog.getByTestId("library-alt-input")).toHaveCount(0);
    await page.keyboard.press("Escape");

    // Another upload, held on its way: the row shows its progress bar and percent, and Cancel stops it.
    await holdRequests(page, "**/api/uploads/*");
    await page.getByTestId("library-upload-input").setInputFiles({
      name: "second-take.mp4",
      mimeType: "video/mp4",
      buffer: await readFile(clip),
    });
    const held = page.getByTestId("library-upload-row").filter({ hasText: "second-take.mp4" });
    await expect(held).toHaveAttribute("data-status", "uploading");
    await expect(held.getByTestId("library-upload-progress")).toBeVisible();
    await expect(held.getByTestId("library-upload-status")).toContainText(/Uploading \d+%/);
    await held.getByTestId("library-upload-cancel").click();
    await expect(held).toHaveAttribute("data-status", "cancelled");
    await page.reload();
    await expect(grid(page).getByTestId("library-item")).toHaveCount(1);
  },
);

serverTest("the library works by keyboard, passes axe, and fits a phone", async ({ page, server }) => {
  serverTest.setTimeout(120_000);
  const email = await createServerUser(page, server, { prefix: "library-a11y", brand: "Keyboard Cafe" });
  await signInBySession(page, email);
  for (const [name, colour] of [
    ["one.png", "#0ea5e9"],
    ["two.png", "#a855f7"],
    ["three.png", "#f43f5e"],
  ] as const)
    await uploadImage(page, server, name, colour);
  await page.goto("/media");
  await expect(grid(page).getByTestId("library-item")).toHaveCount(3, { timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await expectCleanLayout(page, "media-library-desktop");

  // Arrow keys move between tiles; Enter opens one; in the dialog the arrows go to the next file.
  await tile(page, "three.png").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tile(page, "two.png")).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("library-details-dialog");
  await expect(dialog.getByTestId("library-details-title")).toHaveText("two.png");
  await expect(dialog.getByTestId("library-alt-count")).toHaveText("0 / 1,000");
  expect(await axeViolations(page)).toEqual([]);
  await expectCleanLayout(page, "media-library-details-desktop");
  await dialog.getByTestId("library-details-next").focus();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByTestId("library-details-title")).toHaveText("one.png");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByTestId("library-details-title")).toHaveText("two.png");
  // Typing in the alt text keeps the arrows for the caret.
  await dialog.getByTestId("library-alt-input").fill("abc");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByTestId("library-details-title")).toHaveText("two.png");
  // "Write alt text" (the server offers writeAltText): the AI's draft fills the field and is saved.
  await dialog.getByTestId("library-write-alt").click();
  await expect(toast(page, "Alt text written")).toBeVisible();
  await expect(dialog.getByTestId("library-alt-input")).not.toHaveValue("abc");
  await expect(dialog.getByTestId("library-alt-input")).toHaveValue(/\S{4,}/);
  await expect(dialog.getByTestId("library-save")).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(tile(page, "two.png").getByTestId("library-item-no-alt")).toHaveCount(0);

  // A phone: two columns of tiles, the toolbar wrapping, the details full screen; nothing covered or cut.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(grid(page).getByTestId("library-item")).toHaveCount(3, { timeout: 30_000 });
  await expectCleanLayout(page, "media-library-phone");
  await tile(page, "one.png").click();
  await expect(dialog).toBeVisible();
  // The dialog zooms in from 95% of its size: measured once it has settled.
  await expect.poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(370);
  await expectCleanLayout(page, "media-library-details-phone");
});
