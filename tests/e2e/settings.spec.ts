import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { createConfirmedUser, signInBySession } from "./helpers";
import { holdRequests } from "./hold-requests";

type ActiveBrand = {
  brand: {
    name: string;
    settings: Record<string, unknown>;
    companyProfile: { tone: string; keyMessages: string[]; doNotMention: string[] };
  };
};

/** What the server holds, read with the page's own session (the form could show unsaved values). */
async function storedBrand(page: Page) {
  const response = await page.request.get("/api/brands/active");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ActiveBrand).brand;
}

async function openSettings(page: Page, request: Parameters<typeof createConfirmedUser>[0], baseURL: string) {
  const { email } = await createConfirmedUser(request, baseURL);
  await signInBySession(page, email);
  await page.goto("/settings");
  await expect(page.getByTestId("brand-name")).toHaveValue("Test Brand");
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations, `${label}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

test("an invalid colour shows the spec's message inline and is never saved", async ({
  page,
  request,
  baseURL,
}) => {
  await openSettings(page, request, baseURL!);
  const save = page.getByTestId("brand-settings-save");
  await expect(save).toBeDisabled();

  const colours = [
    { field: "brand-primary-color", message: "Primary color must be a valid hex color" },
    { field: "brand-secondary-color", message: "Secondary color must be a valid hex color" },
    { field: "brand-accent-color", message: "Accent color must be a valid hex color" },
  ];
  for (const { field, message } of colours) {
    await page.getByTestId(field).fill("zzz");
    await expect(page.getByTestId(`${field}-error`)).toHaveText(message);
    await expect(page.getByTestId(field)).toHaveAttribute("aria-invalid", "true");
  }

  // Save is offered (there are changes) but refuses: the first wrong field gets the focus, nothing is sent.
  let patches = 0;
  page.on("request", (sent) => {
    if (sent.method() === "PATCH" && sent.url().includes("/settings")) patches += 1;
  });
  await save.click();
  await expect(page.getByTestId("brand-primary-color")).toBeFocused();
  await expect(page.getByTestId("brand-primary-color")).toHaveValue("zzz");
  expect(patches).toBe(0);
  const stored = await storedBrand(page);
  expect(stored.settings.primaryColor).toBe("#3B82F6");
  expect(stored.settings.secondaryColor).toBe("#8B5CF6");
  expect(stored.settings.accentColor).toBe("#10B981");

  // Unsaved edits survive a visit to another tab.
  await page.getByTestId("settings-tab-company").click();
  await expect(page.getByTestId("company-profile-form")).toBeVisible();
  await page.getByTestId("settings-tab-brand").click();
  await expect(page.getByTestId("brand-accent-color")).toHaveValue("zzz");

  // Fixing one colour clears just its message; Discard brings the saved colours back.
  await page.getByTestId("brand-primary-color").fill("#abc");
  await expect(page.getByTestId("brand-primary-color-error")).toHaveCount(0);
  await expect(page.getByTestId("brand-secondary-color-error")).toBeVisible();
  await expectNoAxeViolations(page, "brand settings with errors");
  await page.getByTestId("brand-settings-discard").click();
  await expect(page.getByTestId("brand-primary-color")).toHaveValue("#3B82F6");
  await expect(page.getByTestId("brand-secondary-color-error")).toHaveCount(0);
  await expect(save).toBeDisabled();
});

test("brand settings save (with a visible pending state) and survive a reload", async ({
  page,
  request,
  baseURL,
}) => {
  await openSettings(page, request, baseURL!);

  await page.getByTestId("brand-name").fill("Sunrise Bakery");
  await expect(page.getByTestId("brand-preview-name")).toHaveText("Sunrise Bakery");
  await page.getByTestId("brand-primary-color").fill("#123456");
  await expect(page.getByTestId("brand-primary-color-picker")).toHaveValue("#123456");
  await expect(page.getByTestId("brand-preview-primary")).toHaveCSS("background-color", "rgb(18, 52, 86)");
  await page.getByTestId("brand-default-language").click();
  // The settings list offers the seven interface languages, by name.
  await expect(page.getByRole("option")).toHaveText([
    "English",
    "Spanish",
    "French",
    "German",
    "Italian",
    "Portuguese",
    "Dutch",
  ]);
  await page.getByRole("option", { name: "Spanish" }).click();
  await page.getByTestId("brand-image-style-cartoon").click();
  await page.getByTestId("brand-watermark-enabled").click();
  await page.getByTestId("brand-post-prompt").fill("Always end with a question.");

  // The request is held until the pending state has been seen.
  const saving = await holdRequests(page, "**/api/brands/*/settings");
  const save = page.getByTestId("brand-settings-save");
  await save.click();
  await expect(save).toHaveText("Saving...");
  await expect(save).toBeDisabled();
  saving.release();
  await expect(page.getByText("Brand settings saved")).toBeVisible();
  await expect(save).toHaveText("Save");
  await expect(save).toBeDisabled();
  await expect(page.getByTestId("brand-settings-status")).toHaveText("No unsaved changes");

  await page.reload();
  await expect(page.getByTestId("brand-name")).toHaveValue("Sunrise Bakery");
  await expect(page.getByTestId("brand-primary-color")).toHaveValue("#123456");
  await expect(page.getByTestId("brand-default-language")).toHaveText("Spanish");
  await expect(page.getByTestId("brand-image-style-cartoon")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("brand-watermark-enabled")).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("brand-post-prompt")).toHaveValue("Always end with a question.");

  const stored = await storedBrand(page);
  expect(stored.name).toBe("Sunrise Bakery");
  expect(stored.settings).toMatchObject({
    primaryColor: "#123456",
    defaultLanguage: "es",
    imageStyle: "cartoon",
    watermarkEnabled: false,
  });
});

test("a refused save keeps what was typed and puts the server's message on the field and in a toast", async ({
  page,
  request,
  baseURL,
}) => {
  await openSettings(page, request, baseURL!);
  await page.route("**/api/brands/*/settings", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "invalid_input",
          message: "Logo must be at most 2000 characters",
          issues: [{ path: "logo", message: "Logo must be at most 2000 characters" }],
        },
      }),
    }),
  );
  await page.getByTestId("brand-name").fill("Kept Name");
  await page.getByTestId("brand-logo").fill("https://example.com/logo.png");
  await page.getByTestId("brand-settings-save").click();

  await expect(
    page.locator("[data-sonner-toast]").getByText("Logo must be at most 2000 characters"),
  ).toBeVisible();
  await expect(page.getByTestId("brand-logo-error")).toHaveText("Logo must be at most 2000 characters");
  await expect(page.getByTestId("brand-name")).toHaveValue("Kept Name");
  await expect(page.getByTestId("brand-logo")).toHaveValue("https://example.com/logo.png");
  await expect(page.getByTestId("brand-settings-save")).toBeEnabled();

  // Editing the field clears the server's message; with the server back, the same edits save.
  await page.unroute("**/api/brands/*/settings");
  await page.getByTestId("brand-logo").fill("");
  await expect(page.getByTestId("brand-logo-error")).toHaveCount(0);
  await page.getByTestId("brand-settings-save").click();
  await expect(page.getByText("Brand settings saved")).toBeVisible();
  expect((await storedBrand(page)).name).toBe("Kept Name");
});

test("company profile: tone and key-message chips save and survive a reload", async ({
  page,
  request,
  baseURL,
}) => {
  await openSettings(page, request, baseURL!);
  await page.getByTestId("settings-tab-company").click();
  await expect(page).toHaveURL(/\/settings\?tab=company$/);
  const save = page.getByTestId("company-profile-save");
  await expect(save).toBeDisabled();

  await page.getByTestId("company-tone").click();
  await page.getByRole("option", { name: "Friendly" }).click();
  await expect(page.getByTestId("company-tone")).toHaveText("Friendly");
  await page.getByTestId("company-industry").fill("Bakery");

  const keyMessages = page.getByTestId("company-key-messages");
  const input = page.getByTestId("company-key-messages-input");
  const chips = keyMessages.getByTestId("company-key-messages-item");
  await expect(keyMessages.getByTestId("company-key-messages-empty")).toBeVisible();

  await input.fill("Fresh bread every morning");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await input.fill("   ");
  await input.press("Enter");
  await expect(chips).toHaveCount(1);
  await input.fill("Family owned since 1952");
  await input.press("Enter");
  await input.fill("  fresh bread EVERY morning ");
  await expect(page.getByTestId("company-key-messages-add")).toBeDisabled();
  await expect(keyMessages.getByText("is already in the list")).toBeVisible();
  await input.press("Enter");
  await expect(chips).toHaveText(["Fresh bread every morning", "Family owned since 1952"]);
  await input.fill("Organic flour");
  await page.getByTestId("company-key-messages-add").click();
  await expect(chips).toHaveCount(3);

  await page.getByRole("button", { name: "Remove key message: Fresh bread every morning" }).click();
  await expect(chips).toHaveText(["Family owned since 1952", "Organic flour"]);

  const avoid = page.getByTestId("company-do-not-mention-input");
  await avoid.fill("Supermarket prices");
  await avoid.press("Enter");
  await expect(page.getByTestId("company-do-not-mention-item")).toHaveText(["Supermarket prices"]);
  await expectNoAxeViolations(page, "company profile with chips");

  // Enter in a list never submitted the form: the profile is still unsaved.
  expect((await storedBrand(page)).companyProfile.keyMessages).toEqual([]);
  await save.click();
  await expect(page.getByText("Company profile saved")).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId("company-tone")).toHaveText("Friendly");
  await expect(page.getByTestId("company-industry")).toHaveValue("Bakery");
  await expect(page.getByTestId("company-key-messages-item")).toHaveText([
    "Family owned since 1952",
    "Organic flour",
  ]);
  await expect(page.getByTestId("company-do-not-mention-item")).toHaveText(["Supermarket prices"]);
  const stored = await storedBrand(page);
  expect(stored.companyProfile).toMatchObject({
    tone: "friendly",
    keyMessages: ["Family owned since 1952", "Organic flour"],
    doNotMention: ["Supermarket prices"],
  });
});

test("a user without a brand is sent to the setup wizard instead of an empty form", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createConfirmedUser(request, baseURL!, { brand: false });
  await signInBySession(page, email);
  await page.goto("/settings");
  // The wizard opens on its own; once dismissed, the tab says what is missing and how to get it.
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  // Both brand tabs stay mounted (so unsaved edits survive a tab change); only the shown one counts.
  const noBrand = page.getByTestId("settings-no-brand").filter({ visible: true });
  await expect(noBrand).toContainText("Create your brand");
  await expect(page.getByTestId("brand-settings-form")).toHaveCount(0);
  await page.getByTestId("settings-tab-company").click();
  await expect(noBrand).toHaveCount(1);
  await expect(page.getByTestId("company-profile-form")).toHaveCount(0);
  // Reopened in place by the shared openSetupWizard(), without a reload.
  await noBrand.getByTestId("no-brand-open-wizard").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page).toHaveURL(/\/settings/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("both forms fit 375 px and keep Save within reach", async ({ page, request, baseURL }) => {
    await openSettings(page, request, baseURL!);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    expect(await fits()).toBe(true);
    await page.getByTestId("brand-name").fill("Phone Brand");
    // The save bar sticks to the bottom of the screen while the top of the form is in view.
    await expect(page.getByTestId("brand-settings-save")).toBeInViewport();
    await page.getByTestId("brand-settings-save").tap();
    await expect(page.getByText("Brand settings saved")).toBeVisible();

    await page.getByTestId("settings-tab-company").tap();
    await expect(page.getByTestId("company-profile-form")).toBeVisible();
    expect(await fits()).toBe(true);
    await expect(page.getByTestId("company-profile-save")).toBeInViewport();
  });
});
