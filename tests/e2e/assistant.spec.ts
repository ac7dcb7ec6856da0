import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import sharp from "sharp";

import {
  CLOCK_ZONE,
  createServerUser,
  onDateSensitiveClocks,
  serverTest,
  startClockAt,
} from "./fixtures/in-process-server";
import { createConfirmedUser, signInBySession, signInThroughUi } from "./helpers";
import { holdRequests } from "./hold-requests";
import { createZonedDates } from "./zoned-dates";

/*
 * The floating assistant end to end, against the offline assistant: it navigates (a client tool the
 * browser runs), generates a post followed live in the chat, approves it, keeps the conversation across a
 * reload and clears it. The dates it schedules at when asked ("tomorrow at 9") are checked on set clocks,
 * page and server alike.
 */
const GENERATION_TIMEOUT = 45_000;

test("the assistant navigates, generates and schedules a post, and keeps the conversation", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");

  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("assistant-offline-label")).toHaveText("Offline assistant");
  const input = panel.getByTestId("assistant-input");
  await expect(input).toBeFocused();
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);

  // A client tool: the browser opens the screen after the reply.
  await input.fill("go to calendar");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 20_000 });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 20_000 });

  await input.fill("Create a post about our summer sale");
  await input.press("Enter");
  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
  await expect(card.getByTestId("generation-percent")).toHaveText("100%");
  await expect(card.getByTestId("assistant-post-image")).toBeVisible();
  await expect(card.getByTestId("assistant-post-caption")).not.toBeEmpty();
  // Never raw JSON in the conversation.
  await expect(panel.getByTestId("assistant-messages")).not.toContainText('{"');

  await card.getByRole("button", { name: "Approve & Schedule" }).click();
  await expect(card.getByText("Post Approved & Scheduled!")).toBeVisible();
  await expect(card).toHaveAttribute("data-state", "scheduled");

  const postId = await page.evaluate(async () => {
    const response = await fetch("/api/chat");
    const { messages } = (await response.json()) as {
      messages: { parts: { type: string; output?: { id?: string } }[] }[];
    };
    for (const message of messages)
      for (const part of message.parts)
        if (part.type === "tool-generatePost" && part.output?.id) return part.output.id;
    return null;
  });
  expect(postId).not.toBeNull();
  // Scheduled (its date is the clocked test's business, below).
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/posts/${postId}`);
      return ((await response.json()) as { state: string }).state;
    })
    .toBe("scheduled");

  // The conversation is stored per brand: a reload shows it again, newest first.
  await page.reload();
  await page.getByTestId("assistant-toggle").click();
  const messages = panel.getByTestId("assistant-message");
  await expect(messages.first()).toBeVisible();
  expect(await messages.count()).toBeGreaterThanOrEqual(4);
  await expect(messages.last()).toHaveAttribute("data-role", "user");
  await expect(messages.last()).toContainText("go to calendar");
  await expect(panel.getByTestId("assistant-post-card")).toContainText("Post Approved & Scheduled!");
  // History is not replayed: the page stays where it is.
  await expect(page).toHaveURL(/\/calendar$/);
  // The reloaded conversation carries on: the next message goes with the stored history.
  const before = await messages.count();
  await input.fill("set my tone to friendly");
  await input.press("Enter");
  await expect(messages.first()).toContainText("I changed your tone to friendly", { timeout: 20_000 });
  await expect(messages).toHaveCount(before + 2);
  await expect(panel.getByTestId("assistant-error")).toHaveCount(0);

  await panel.getByTestId("assistant-clear").click();
  await expect(messages).toHaveCount(0);
  await expect(panel.getByTestId("assistant-suggestion")).toHaveCount(4);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/chat")).json()) as { messages: unknown[] }).messages.length,
    )
    .toBe(0);

  // Escape closes the panel.
  await input.focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByTestId("assistant-toggle")).toBeVisible();
});

/*
 * The dates the chat schedules at when asked, where the user is: "tomorrow at 9" and "today at 3pm" are read
 * on the server's clock with the browser's UTC offset, and the server refuses a past date on its clock. On a
 * month's last days, a year's end, a leap day and a DST change in a zone with DST. (The card's Approve &
 * Schedule, tomorrow at 12:00 on the browser's clock, is welcome-chat.spec.ts's clocked test.)
 */
const zoned = createZonedDates(CLOCK_ZONE);

onDateSensitiveClocks(zoned, (day, start) => {
  serverTest(
    `the assistant schedules its post for tomorrow at 9, then today at 3pm, when asked, on ${day}`,
    async ({ page, server }) => {
      serverTest.setTimeout(90_000);
      await startClockAt(page, server, start);
      const email = await createServerUser(page, server, { prefix: "assistant-tomorrow" });
      await signInBySession(page, email);
      await page.goto("/dashboard");
      await page.getByTestId("assistant-toggle").click();
      const panel = page.getByTestId("assistant-panel");
      const input = panel.getByTestId("assistant-input");
      await input.fill("Create a post about our winter menu");
      await input.press("Enter");
      const card = panel.getByTestId("assistant-post-card");
      await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
      const postId = await page.evaluate(async () => {
        const { messages } = (await (await fetch("/api/chat")).json()) as {
          messages: { parts: { type: string; output?: { id?: string } }[] }[];
        };
        for (const message of messages)
          for (const part of message.parts)
            if (part.type === "tool-generatePost" && part.output?.id) return part.output.id;
        return null;
      });
      const scheduledDate = async () =>
        (
          (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
            scheduledDate: string | null;
          }
        ).scheduledDate;
      const reply = panel.getByTestId("assistant-message").first();

      await input.fill("schedule it tomorrow at 9");
      await input.press("Enter");
      await expect(reply).toContainText("Done: the post is approved and scheduled for", {
        timeout: 20_000,
      });
      expect(await scheduledDate()).toBe(zoned.daysFrom(start, 1, 9).toISOString());
      await expect(card).toHaveAttribute("data-state", "scheduled");

      await input.fill("schedule it today at 3pm");
      await input.press("Enter");
      await expect.poll(scheduledDate, { timeout: 20_000 }).toBe(zoned.daysFrom(start, 0, 15).toISOString());
      await expect(reply).toContainText("Done: the post is approved and scheduled for");
    },
  );
});

test("the assistant is hidden on /welcome", async ({ page, request, baseURL }) => {
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("assistant-toggle")).toBeVisible();
  await page.goto("/welcome");
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("link", { name: "Go to the dashboard" }).first()).toBeVisible();
  await expect(page.getByTestId("assistant-toggle")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the panel takes the full width and tapping the backdrop closes it", async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createConfirmedUser(request, baseURL!);
    await signInBySession(page, email);
    await page.goto("/dashboard");
    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    await expect(panel).toBeVisible();
    // Measured once the conversation has loaded: the loading frame is replaced by the chat's own.
    await expect(panel.getByTestId("assistant-input")).toBeEnabled();
    const box = await panel.boundingBox();
    expect(box?.width).toBe(375);
    expect(box?.x).toBe(0);
    await expect(page.getByTestId("assistant-backdrop")).toBeVisible();
    // The backdrop lies under the full-width panel; a tap on it (as outside a narrower panel) closes it.
    await page.getByTestId("assistant-backdrop").dispatchEvent("click");
    await expect(panel).toBeHidden();
  });
});

test("the open assistant has no serious or critical accessibility violations", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  await expect(page.getByTestId("assistant-panel")).toBeVisible();
  await expect(page.getByTestId("assistant-suggestion").first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[data-testid="assistant-panel"]')
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
});

/** A small real PNG, drawn with sharp (the server checks the content, not the name). */
async function makePng(colour = "#2563eb", side = 64): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

test("an image uploaded in the assistant shows in the conversation and in 'show my images'", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  await expect(panel).toBeVisible();
  const fileInput = panel.getByTestId("assistant-upload-input");
  await expect(panel.getByRole("button", { name: "Upload an image" })).toBeEnabled();

  const uploads: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname.startsWith("/api/media"))
      uploads.push(req.url());
  });

  // The browser's quick checks: the spec's words, and nothing is sent.
  await fileInput.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(panel.getByTestId("assistant-error")).toHaveText(
    "Image too large. Please select an image under 5MB.",
  );
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(panel.getByTestId("assistant-error")).toHaveText(
    "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
  );
  expect(uploads).toEqual([]);
  // The server decides by content: a text file named .png is refused too, and nothing is stored.
  await fileInput.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a png"),
  });
  await expect(panel.getByTestId("assistant-error")).toHaveText(
    "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
  );
  await expect(panel.getByTestId("assistant-message")).toHaveCount(0);

  // A real PNG: progress while it is processed (the upload is held until the progress has been seen).
  const upload = await holdRequests(page, "**/api/media/chat");
  await fileInput.setInputFiles({ name: "Beach Day.png", mimeType: "image/png", buffer: await makePng() });
  const progress = panel.getByTestId("assistant-upload-progress");
  await expect(progress).toContainText("Processing image...");
  // A new brand has its watermark enabled but no mark saved: nothing to apply.
  await expect(progress).not.toContainText("(applying watermark)");
  await expect(panel.getByTestId("assistant-send")).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Upload an image" })).toBeDisabled();
  upload.release();
  await expect(progress).toBeHidden({ timeout: 15_000 });

  const uploaded = panel.getByTestId("assistant-uploaded-image");
  await expect(uploaded).toBeVisible();
  await expect(uploaded).toContainText("Beach Day.png");
  const image = uploaded.getByRole("img");
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(panel.getByTestId("assistant-message").first()).toHaveAttribute("data-role", "user");

  // The stored conversation keeps the media id, never the expiring link.
  const stored = await page.evaluate(async () => JSON.stringify(await (await fetch("/api/chat")).json()));
  expect(stored).toContain("data-uploaded-image");
  expect(stored).not.toContain("signature=");

  const input = panel.getByTestId("assistant-input");
  await input.fill("show my images");
  await input.press("Enter");
  const list = panel.getByTestId("assistant-image-list");
  await expect(list).toBeVisible({ timeout: 20_000 });
  await expect(list.getByTestId("assistant-image-list-item")).toHaveCount(1);
  await expect(list).toContainText("Beach Day.png");
  await expect(list.getByTestId("assistant-image-list-more")).toHaveCount(0);

  // Clicking one asks the assistant to show it.
  await list.getByRole("button", { name: "Show Beach Day.png" }).click();
  const shown = panel.getByTestId("assistant-shown-image");
  await expect(shown).toBeVisible({ timeout: 20_000 });
  await expect(shown).toContainText("Beach Day.png");

  // After a reload the image is shown from a fresh link.
  await page.reload();
  await page.getByTestId("assistant-toggle").click();
  await expect(panel.getByTestId("assistant-uploaded-image").getByRole("img")).toHaveJSProperty(
    "complete",
    true,
  );
});

test("with the brand's watermark on, a chat upload says it is applying the watermark", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  const mark = await page.request.post("/api/watermark/image", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "mark.png", mimeType: "image/png", buffer: await makePng("#ff0000", 40) } },
  });
  expect(mark.status()).toBe(201);
  const { mediaId } = (await mark.json()) as { mediaId: string };
  const saved = await page.request.put("/api/watermark", {
    headers: { Origin: baseURL! },
    data: {
      imageMediaId: mediaId,
      position: { x: 50, y: 50 },
      size: 30,
      opacity: 1,
      rotation: 0,
      flipHorizontal: false,
      flipVertical: false,
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  const upload = await holdRequests(page, "**/api/media/chat");
  await panel
    .getByTestId("assistant-upload-input")
    .setInputFiles({ name: "white.png", mimeType: "image/png", buffer: await makePng("#ffffff", 100) });
  await expect(panel.getByTestId("assistant-upload-progress")).toHaveText(
    "Processing image... (applying watermark)",
  );
  upload.release();
  const image = panel.getByTestId("assistant-uploaded-image").getByRole("img");
  await expect(image).toHaveJSProperty("complete", true);
  // The mark is in the middle of the stored image.
  const centre = await image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    context?.drawImage(img, 0, 0);
    return Array.from(context?.getImageData(50, 50, 1, 1).data ?? []);
  });
  expect(centre.slice(0, 3)).toEqual([255, 0, 0]);
});

test("the chat keeps what was typed: a draft across reloads, Shift+Enter, and the text back after an error", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");
  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  const input = panel.getByTestId("assistant-input");

  // Shift+Enter is a new line, not a send; the draft outlives a reload.
  await input.fill("First line");
  await input.press("Shift+Enter");
  await input.pressSequentially("second line");
  await expect(input).toHaveValue("First line\nsecond line");
  await expect(panel.getByTestId("assistant-message")).toHaveCount(0);
  await page.reload();
  await page.getByTestId("assistant-toggle").click();
  await expect(input).toHaveValue("First line\nsecond line");

  // The assistant fails: the spec's words in a banner that clears after 5 s, and the text is back.
  await page.route("**/api/chat", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal"}}' })
      : route.fallback(),
  );
  await input.fill("Create a post about our autumn menu");
  await input.press("Enter");
  const banner = panel.getByTestId("assistant-error");
  await expect(banner).toHaveText(
    "I'm experiencing some technical difficulties. Please try again in a moment.",
  );
  await expect(input).toHaveValue("Create a post about our autumn menu");
  await expect(banner).toBeHidden({ timeout: 8_000 });
  await page.unroute("**/api/chat");

  // Deny on a post made in the chat.
  await input.press("Enter");
  const card = panel.getByTestId("assistant-post-card");
  await expect(card).toHaveAttribute("data-state", "pending", { timeout: GENERATION_TIMEOUT });
  await card.getByTestId("assistant-post-deny").click();
  await expect(card.getByTestId("assistant-post-outcome")).toContainText("Post Denied");
  await expect(card).toHaveAttribute("data-state", "denied");
});
