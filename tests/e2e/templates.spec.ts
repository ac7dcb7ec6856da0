import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { createServerUser, type InProcessServer, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * Templates end to end: one user creates, edits, duplicates and shares a template; a second user finds it
 * in the community library under the creator's display name, hearts it and copies it to their own library.
 */

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function signIn(page: Page, server: InProcessServer, name: string) {
  const email = await createServerUser(page, server, { prefix: "templates", name });
  await signInBySession(page, email);
  return email;
}

/** A card by its exact name; `has` locators are built from the page, then scoped to each card. */
const card = (scope: Page | Locator, name: string) => {
  const page = "page" in scope && typeof scope.page === "function" ? scope.page() : (scope as Page);
  return scope.getByTestId("template-card").filter({ has: page.getByText(name, { exact: true }) });
};

serverTest(
  "create, edit, duplicate, share; another user finds, favourites and copies it",
  async ({ page, server }) => {
    // Two users and a dozen steps: more than the default 30 s on a busy machine.
    serverTest.slow();
    const word = `kiwi${Date.now().toString(36)}`;
    const name = `Spring launch ${word}`;
    await signIn(page, server, "Ada Maker");
    await page.goto("/templates");
    await expect(page.getByText("No templates created yet. Create your first template!")).toBeVisible();

    await page.getByTestId("template-new").click();
    const form = page.getByTestId("template-form");
    await expect(form.getByTestId("template-save")).toBeDisabled();
    await form.getByTestId("template-name").fill(name);
    await form.getByTestId("template-description").fill("Our spring offer, announced");
    const tag = form.getByTestId("template-tag-input");
    await tag.fill(" spring ");
    await tag.press("Enter");
    await tag.fill("spring");
    await tag.press("Enter");
    await expect(form.getByTestId("template-tags").getByText("spring")).toHaveCount(1);
    await form.getByTestId("template-prompt").fill("Announce the spring offer of {brandName}");
    await form.getByTestId("template-save").click();
    await expect(form).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    // Edit: the name changes on the card.
    await card(page, name).getByTestId("template-edit").click();
    await page.getByTestId("template-name").fill(`${name} v2`);
    await page.getByTestId("template-save").click();
    await expect(card(page, `${name} v2`)).toBeVisible();

    // Duplicate opens the form on an unsaved '(Copy)'; saving adds it.
    await card(page, `${name} v2`).getByTestId("template-duplicate").click();
    await expect(page.getByTestId("template-name")).toHaveValue(`${name} v2 (Copy)`);
    await page.getByTestId("template-save").click();
    await expect(card(page, `${name} v2 (Copy)`)).toBeVisible();
    await expect(page.getByTestId("template-card")).toHaveCount(2);

    // Share the original with the community.
    await card(page, `${name} v2`).getByTestId("template-visibility").click();
    await expect(card(page, `${name} v2`).getByTestId("template-visibility")).toHaveText("Public");

    // A second user.
    await page.context().clearCookies();
    await signIn(page, server, "Bo Reader");
    await page.goto("/community-templates");
    await expect(page.getByTestId("community-upgrade-banner")).toContainText("Unlock More Templates");
    await expect(page.getByText("My Favorites (0)")).toBeVisible();
    await page.getByTestId("community-search").fill(word);
    const shared = card(page.getByTestId("community-grid"), `${name} v2`);
    await expect(shared).toBeVisible();
    await expect(page.getByTestId("community-grid").getByTestId("template-card")).toHaveCount(1);
    await expect(shared).toContainText("by Ada Maker");
    await expect(shared).toContainText("Content Prompt");

    await shared.getByTestId("community-favourite").click();
    await expect(page.getByText("My Favorites (1)")).toBeVisible();
    await expect(page.getByTestId("community-grid").getByTestId("template-card-favorited")).toBeVisible();

    await shared.getByTestId("community-copy").click();
    await expect(toast(page, "copied to your templates")).toBeVisible();
    await page.goto("/templates");
    await expect(card(page, `${name} v2`)).toBeVisible();
    await expect(card(page, `${name} v2`).getByTestId("template-visibility")).toHaveText("Private");

    // Searching for nothing that exists shows the spec's empty text.
    await page.goto("/community-templates");
    await page.getByTestId("community-search").fill(`zzz${word}`);
    await expect(page.getByText("Try different search terms or adjust your filters.")).toBeVisible();
  },
);

serverTest(
  "generates a post from a community template with the brand's values in the prompt",
  async ({ page, server }) => {
    serverTest.slow();
    await signIn(page, server, "Cy Writer");
    await page.goto("/create");
    await page.getByTestId("generator-use-template").click();
    const selector = page.getByTestId("template-selector");
    await selector.getByRole("tab", { name: "Community" }).click();
    await selector.getByRole("searchbox", { name: "Search templates" }).fill("customer testimonial");
    const testimonial = selector.locator('[data-template-name="Customer Testimonial"]');
    await testimonial.getByTestId("selector-use").click();
    await expect(selector).toBeHidden();
    const prompt = page.getByTestId("generator-prompt");
    await expect(prompt).toHaveValue(/customer testimonial for Test Brand/);
    await expect(prompt).not.toHaveValue(/\{brandName\}/);

    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/posts/generate") && response.request().method() === "POST",
    );
    await page.getByTestId("generate-button").click();
    expect((await created).status()).toBe(201);
    await expect(page.getByTestId("generated-post")).toBeVisible();

    // Clear empties the prompt.
    await page.getByTestId("generator-clear-template").click();
    await expect(prompt).toHaveValue("");
  },
);

/** A small PNG of one colour, as a file the picker takes. */
async function pngFile(name: string, background: string) {
  const buffer = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

serverTest("reference images and Enhance in the template form", async ({ page, server }) => {
  serverTest.slow();
  await signIn(page, server, "Eve Designer");
  await page.goto("/templates");
  await page.getByTestId("template-new").click();
  const form = page.getByTestId("template-form");
  await form.getByTestId("template-name").fill("Moodboard launch");

  // Enhance: disabled on an empty prompt; the review's Cancel keeps the text, Apply Changes replaces it.
  const prompt = form.getByTestId("template-prompt");
  await expect(form.getByTestId("template-prompt-enhance")).toBeDisabled();
  const original = "announce our sale to {targetAudience}";
  await prompt.fill(original);
  await form.getByTestId("template-prompt-enhance").click();
  const review = page.getByTestId("enhance-review");
  await expect(review).toBeVisible();
  await expect(review.getByText("Offline model")).toBeVisible();
  await review.getByTestId("enhance-review-cancel").click();
  await expect(review).toBeHidden();
  await expect(form).toBeVisible();
  await expect(prompt).toHaveValue(original);

  await form.getByTestId("template-prompt-enhance").click();
  const enhanced = (await review.getByTestId("enhance-review-enhanced").textContent()) ?? "";
  expect(enhanced.trim().length).toBeGreaterThan(0);
  expect(enhanced).not.toBe(original);
  await review.getByRole("button", { name: "Apply Changes" }).click();
  await expect(review).toBeHidden();
  await expect(prompt).toHaveValue(enhanced);

  const imagePrompt = form.getByTestId("template-image-prompt");
  await imagePrompt.fill("a shop window with balloons");
  await form.getByTestId("template-image-prompt-enhance").click();
  await review.getByTestId("enhance-review-apply").click();
  await expect(imagePrompt).not.toHaveValue("a shop window with balloons");

  // Reference images: a renamed text file and a file over 5 MB are refused by name; the rest upload.
  const renamed = {
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("Shopping list: balloons, banners, ribbon."),
  };
  const oversize = { name: "poster.png", mimeType: "image/png", buffer: Buffer.alloc(5_242_881, 1) };
  await form
    .getByTestId("template-images-input")
    .setInputFiles([
      await pngFile("red.png", "#dc2626"),
      renamed,
      await pngFile("green.png", "#16a34a"),
      oversize,
      await pngFile("blue.png", "#2563eb"),
      await pngFile("amber.png", "#f59e0b"),
    ]);
  await expect(toast(page, "Invalid file: notes.png. Please use images under 5MB.")).toBeVisible();
  await expect(toast(page, "Invalid file: poster.png. Please use images under 5MB.")).toBeVisible();
  const thumbnails = form.getByTestId("template-image");
  await expect(thumbnails).toHaveCount(4);
  await expect(form.getByTestId("template-images-count")).toHaveText("4/10");
  // The thumbnails are served through their signed links.
  await expect
    .poll(() =>
      thumbnails
        .first()
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(32);

  // Remove one, add one: still four; save.
  await thumbnails.first().getByTestId("template-image-remove").click();
  await expect(thumbnails).toHaveCount(3);
  await form.getByTestId("template-images-input").setInputFiles([await pngFile("violet.png", "#7c3aed")]);
  await expect(thumbnails).toHaveCount(4);
  await form.getByTestId("template-save").click();
  await expect(form).toBeHidden();

  // The card shows three and '+1'; the form opens again on all four and the enhanced prompt.
  const saved = card(page, "Moodboard launch");
  await expect(saved.getByTestId("template-card-images").locator("img")).toHaveCount(3);
  await expect(saved.getByTestId("template-card-images")).toContainText("+1");
  await saved.getByTestId("template-edit").click();
  await expect(page.getByTestId("template-form").getByTestId("template-image")).toHaveCount(4);
  await expect(page.getByTestId("template-prompt")).toHaveValue(enhanced);
});

serverTest(
  "the custom image style: Apply Style is disabled while the prompt is blank; the applied prompt is generated with",
  async ({ page, server }) => {
    serverTest.slow();
    const email = await createServerUser(page, server, { prefix: "templates", name: "Pia Pro" });
    // Pro: the premium custom style is available (a free user sees 'Upgrade Required', create-post.spec).
    await page.addInitScript(() => localStorage.setItem("seen_upgrades", JSON.stringify(["pro"])));
    await server.setSubscription(email, {
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await signInBySession(page, email);
    await page.goto("/create");
    await expect(page.getByTestId("image-style-card-custom")).not.toContainText("Upgrade Required");
    await page.getByTestId("image-style-custom").click();

    const editor = page.getByTestId("custom-style-editor");
    const custom = editor.getByTestId("custom-image-prompt");
    await expect(custom).toHaveAttribute("rows", "8");
    const apply = editor.getByTestId("custom-style-apply");
    await expect(apply).toBeDisabled();
    await custom.fill("   ");
    await expect(apply).toBeDisabled();
    await custom.fill("A lighthouse at dusk in the brand's colours");
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(editor.getByTestId("custom-style-applied")).toBeVisible();
    await expect(apply).toBeDisabled();

    // The applied prompt goes with the generation request.
    await page.getByTestId("generator-prompt").fill("Lighthouse tours start this weekend");
    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/posts/generate") && response.request().method() === "POST",
    );
    await page.getByTestId("generate-button").click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      imageStyle: "custom",
      imagePromptOverride: "A lighthouse at dusk in the brand's colours",
    });
  },
);

serverTest(
  "a free user's template with an image prompt keeps the style the plan allows and still generates",
  async ({ page, server }) => {
    serverTest.slow();
    await signIn(page, server, "Fay Free");
    await page.goto("/create");
    await expect(page.getByTestId("image-style-custom")).toBeDisabled();
    await page.getByTestId("generator-use-template").click();
    const selector = page.getByTestId("template-selector");
    await selector.getByRole("tab", { name: "Community" }).click();
    await selector.getByRole("searchbox", { name: "Search templates" }).fill("product launch");
    await selector
      .locator('[data-template-name="Product Launch Announcement"]')
      .getByTestId("selector-use")
      .click();
    await expect(toast(page, "needs a Pro or Enterprise plan")).toBeVisible();
    await expect(page.getByTestId("generator-prompt")).toHaveValue(/new product from Test Brand/);
    await expect(page.getByTestId("image-style-professional")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("custom-style-editor")).toHaveCount(0);

    const created = page.waitForResponse(
      (response) => response.url().endsWith("/api/posts/generate") && response.request().method() === "POST",
    );
    await page.getByTestId("generate-button").click();
    expect((await created).status()).toBe(201);
  },
);
