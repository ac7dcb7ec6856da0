import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { makeVideo } from "../support/video-fixtures";
import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * The composer's media editor and first comment (issue 32) end to end, on an in-process server: a pending
 * Facebook post is seeded, three images are uploaded into the brand's library over the image route, and
 * the post is edited from its details like a user would: the format picked from what Facebook declares,
 * the images added from the library picker, reordered by keyboard, described, a first comment written,
 * saved, and read back after a reload.
 */

const COLOURS = ["#2563eb", "#16a34a", "#dc2626"];

/** A small real PNG (the server reads the content, not the name). */
const png = (colour: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads an image into the signed-in user's active brand; returns its media id. */
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

/** A signed-in user with a pending Facebook post and three library images (ids in upload order). */
async function seeded(page: Page, server: InProcessServer) {
  const email = await createServerUser(page, server, { prefix: "composer", brand: "Composer Cafe" });
  const [postId] = await server.seedPosts(email, [
    {
      content: "Three mugs for the new season.",
      platform: "facebook",
      aiGenerated: false,
      source: "manual",
      status: "pending",
    },
  ]);
  await signInBySession(page, email);
  const images: string[] = [];
  for (const [index, colour] of COLOURS.entries())
    images.push(await uploadImage(page, server, `mug-${index + 1}.png`, colour));
  return { postId: postId as string, images };
}

/** Opens the post's editor from the dashboard's pending list, through Post Details. */
async function openEditor(page: Page, postId: string): Promise<Locator> {
  await page.goto("/dashboard");
  await page
    .locator(`[data-testid="pending-post"][data-post-id="${postId}"]`)
    .getByTestId("pending-post-open")
    .click();
  const details = page.getByTestId("post-details-dialog");
  await expect(details).toBeVisible();
  await details.getByTestId("post-edit").click();
  const editor = page.getByTestId("edit-post-dialog");
  await expect(editor.getByTestId("media-editor")).toBeVisible();
  return editor;
}

const itemIds = (editor: Locator) =>
  editor
    .getByTestId("media-item")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-media-id")));

serverTest(
  "three library images become a Facebook carousel, reordered by keyboard, described, with a first comment",
  async ({ page, server }) => {
    serverTest.setTimeout(120_000);
    const { postId, images } = await seeded(page, server);
    const [first, second, third] = images as [string, string, string];
    const editor = await openEditor(page, postId);
    const media = editor.getByTestId("media-editor");

    // Only the formats Facebook declares are offered, each with its limits; the post is a plain post.
    await expect(media.getByTestId("media-empty")).toBeVisible();
    for (const format of ["feed", "carousel", "reel", "story"])
      await expect(media.getByTestId(`format-option-${format}`)).toBeVisible();
    await expect(media.getByTestId("format-option-feed")).toHaveAttribute("aria-checked", "true");
    await expect(media.getByTestId("format-option-carousel")).toContainText("2–10 images");

    // Add the three images from the library, in upload order (the picker lists newest first).
    await media.getByTestId("media-add-library").click();
    const picker = page.getByTestId("media-picker");
    await expect(picker.getByTestId("media-picker-item")).toHaveCount(3);
    for (const id of images)
      await picker.locator(`[data-testid="media-picker-item"][data-media-id="${id}"]`).click();
    await expect(picker.getByTestId("media-picker-add")).toHaveText("Add 3 items");
    await picker.getByTestId("media-picker-add").click();
    await expect(picker).toHaveCount(0);
    expect(await itemIds(editor)).toEqual([first, second, third]);

    // A Facebook post carries one item: said inline before anything is sent, with the way out.
    await expect(media.getByTestId("media-fit-error")).toContainText(
      "A Facebook post carries one image or video; this one has 3.",
    );
    await media.getByTestId("format-suggestion").click();
    await expect(media.getByTestId("format-option-carousel")).toHaveAttribute("aria-checked", "true");
    await expect(media.getByTestId("media-fit-error")).toHaveCount(0);
    await expect(media.getByTestId("media-count")).toHaveText("3 of 10");

    // Reorder by keyboard: focus the first item and press Alt+ArrowRight twice, then Alt+Home on the new last.
    await media.getByTestId("media-item").nth(0).getByTestId("media-item-handle").focus();
    await page.keyboard.press("Alt+ArrowRight");
    expect(await itemIds(editor)).toEqual([second, first, third]);
    // The moved item keeps the focus, so the next press moves it again.
    await page.keyboard.press("Alt+ArrowRight");
    expect(await itemIds(editor)).toEqual([second, third, first]);
    await expect(media.getByTestId("media-announcement")).toContainText("moved to position 3 of 3");
    // And the buttons: the middle one moves left.
    await media.getByTestId("media-item").nth(1).getByTestId("media-move-left").click();
    const order = [third, second, first];
    expect(await itemIds(editor)).toEqual(order);

    // Alt text: the count says how many images still need it.
    await expect(media.getByTestId("alt-text-needed")).toHaveText("3 images need alt text");
    const altTexts = ["A red mug on a wooden table", "A green mug by the window", "A blue mug with steam"];
    const details = media.getByTestId("media-item-details");
    await details
      .nth(0)
      .getByTestId("alt-text-input")
      .fill(altTexts[0] as string);
    await expect(media.getByTestId("alt-text-needed")).toHaveText("2 images need alt text");
    await details
      .nth(1)
      .getByTestId("alt-text-input")
      .fill(altTexts[1] as string);
    await details
      .nth(2)
      .getByTestId("alt-text-input")
      .fill(altTexts[2] as string);
    await expect(media.getByTestId("alt-text-needed")).toHaveCount(0);

    // The first comment: Facebook posts it as a comment.
    await expect(editor.getByTestId("first-comment-field")).toContainText("First comment");
    await editor.getByTestId("first-comment-input").fill("#mugs #autumn");

    await editor.getByTestId("edit-post-save").click();
    await expect(editor).toHaveCount(0);

    // Post Details says the comment waits for the post to go out.
    const status = page.getByTestId("post-details-dialog").getByTestId("first-comment-status");
    await expect(status).toHaveAttribute("data-status", "waiting");
    await expect(status.getByTestId("first-comment-text")).toHaveText("#mugs #autumn");

    // The server has it all.
    const saved = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
      format: string;
      media: { mediaId: string; altText: string | null }[];
      firstComment: { text: string; status: string | null } | null;
    };
    expect(saved.format).toBe("carousel");
    expect(saved.media.map((item) => item.mediaId)).toEqual(order);
    expect(saved.media.map((item) => item.altText)).toEqual(altTexts);
    expect(saved.firstComment).toMatchObject({ text: "#mugs #autumn", status: null });

    // After a reload the editor opens on the saved order, alt texts, format and comment.
    await page.reload();
    const again = await openEditor(page, postId);
    expect(await itemIds(again)).toEqual(order);
    await expect(again.getByTestId("format-option-carousel")).toHaveAttribute("aria-checked", "true");
    const reloaded = again.getByTestId("media-item-details");
    for (const [index, text] of altTexts.entries())
      await expect(reloaded.nth(index).getByTestId("alt-text-input")).toHaveValue(text);
    await expect(again.getByTestId("first-comment-input")).toHaveValue("#mugs #autumn");

    const results = await new AxeBuilder({ page })
      .include('[data-testid="edit-post-dialog"]')
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    const serious = results.violations.filter((violation) =>
      ["serious", "critical"].includes(violation.impact ?? ""),
    );
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  },
);

serverTest(
  "a refusal from the server is shown inline and nothing typed is lost",
  async ({ page, server }) => {
    serverTest.setTimeout(90_000);
    const { postId, images } = await seeded(page, server);
    const editor = await openEditor(page, postId);
    await editor.getByTestId("media-add-library").click();
    const picker = page.getByTestId("media-picker");
    await picker.locator(`[data-testid="media-picker-item"][data-media-id="${images[0]}"]`).click();
    await picker.getByTestId("media-picker-add").click();
    await editor.getByTestId("alt-text-input").fill("A blue mug");
    await editor.getByTestId("first-comment-input").fill("#mugs");
    await editor.getByTestId("edit-post-text").fill("Three mugs, one picture.");

    // The network changed its mind between the page's check and the save: the server's words are shown.
    await page.route("**/api/tools/setPostMedia", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "invalid_input",
            reason: "media_not_fitting",
            message: "Item 1: the image is too small for Facebook.",
          },
        }),
      }),
    );
    await editor.getByTestId("edit-post-save").click();
    await expect(editor.getByTestId("media-server-error")).toHaveText(
      "Item 1: the image is too small for Facebook.",
    );
    await expect(editor).toBeVisible();
    await expect(editor.getByTestId("alt-text-input")).toHaveValue("A blue mug");
    await expect(editor.getByTestId("first-comment-input")).toHaveValue("#mugs");
    await expect(editor.getByTestId("edit-post-text")).toHaveValue("Three mugs, one picture.");
    await expect(editor.getByTestId("media-item")).toHaveCount(1);

    // Without the refusal the same Save goes through.
    await page.unroute("**/api/tools/setPostMedia");
    await editor.getByTestId("edit-post-save").click();
    await expect(editor).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
      content: string;
      media: { mediaId: string }[];
    };
    expect(saved.content).toBe("Three mugs, one picture.");
    expect(saved.media.map((item) => item.mediaId)).toEqual([images[0]]);
  },
);

serverTest("the editor works on a phone", async ({ page, server }) => {
  serverTest.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const { postId, images } = await seeded(page, server);
  const editor = await openEditor(page, postId);
  await editor.getByTestId("format-option-carousel").click();
  await editor.getByTestId("media-add-library").click();
  const picker = page.getByTestId("media-picker");
  for (const id of images.slice(0, 2))
    await picker.locator(`[data-testid="media-picker-item"][data-media-id="${id}"]`).click();
  await picker.getByTestId("media-picker-add").click();
  await expect(editor.getByTestId("media-item")).toHaveCount(2);
  // Nothing wider than the screen but the row of items, which scrolls on its own.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const save = editor.getByTestId("edit-post-save");
  await save.scrollIntoViewIfNeeded();
  const box = await save.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
});

serverTest(
  "a video uploaded from the editor (resumable, with progress) becomes a Reel with a chosen cover and crop",
  async ({ page, server }, testInfo) => {
    serverTest.setTimeout(120_000);
    const { postId } = await seeded(page, server);
    const path = await makeVideo(testInfo.outputPath("clip.mp4"), { seconds: 4, width: 320, height: 240 });
    const editor = await openEditor(page, postId);

    // Each tus request is held a moment, so the progress is seen as a user on a slower line would.
    const tusRequests: string[] = [];
    await page.route("**/api/uploads**", async (route) => {
      tusRequests.push(route.request().method());
      await new Promise((done) => setTimeout(done, 700));
      await route.continue();
    });
    await editor.getByTestId("media-upload-input").setInputFiles(path);
    const progress = editor.getByTestId("upload-progress");
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("progressbar")).toBeVisible();
    await expect(progress.getByTestId("upload-cancel")).toBeVisible();
    const video = editor.locator('[data-testid="media-item"][data-type="video"]');
    await expect(video).toHaveCount(1, { timeout: 30_000 });
    await expect(progress).toHaveCount(0);
    expect(tusRequests).toEqual(expect.arrayContaining(["POST", "PATCH"]));
    await expect(video).toContainText("0:04");

    // A Reel takes it; the item is shown in a 9:16 frame, centred until moved.
    await editor.getByTestId("format-option-reel").click();
    await expect(editor.getByTestId("media-fit-error")).toHaveCount(0);
    const frame = editor.getByTestId("crop-frame");
    await expect(frame).toHaveAttribute("data-crop", "centre");
    await frame.focus();
    await page.keyboard.press("Shift+ArrowLeft");
    await expect(frame).not.toHaveAttribute("data-crop", "centre");

    // The cover: the slider over the video's length, the preview seeked to it.
    const slider = editor.getByTestId("cover-slider");
    await expect(slider).toHaveAttribute("max", "4000");
    await slider.fill("2500");
    await expect(editor.getByTestId("media-item-details")).toContainText("Cover at 0:02");

    await editor.getByTestId("edit-post-save").click();
    await expect(editor).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
      format: string;
      media: { type: string; coverMs: number | null; crop: { x: number; width: number } | null }[];
    };
    expect(saved.format).toBe("reel");
    expect(saved.media).toHaveLength(1);
    expect(saved.media[0]).toMatchObject({ type: "video", coverMs: 2500 });
    expect(saved.media[0]?.crop?.x).toBeLessThan(0.3);
  },
);
