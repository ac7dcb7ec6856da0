import { expect, type Page, test } from "@playwright/test";

import { createConfirmedUser, signInBySession, signInThroughUi } from "./helpers";

type ActiveBrand = {
  brand: {
    id: string;
    name: string;
    settings: { primaryColor: string; secondaryColor: string; accentColor: string };
    companyProfile: {
      description: string;
      industry: string;
      tone: string;
      targetAudience: string;
      keyMessages: string[];
      doNotMention: string[];
    };
  } | null;
};

async function readActiveBrand(page: Page): Promise<ActiveBrand["brand"]> {
  const response = await page.request.get("/api/brands/active");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ActiveBrand).brand;
}

async function countBrands(page: Page): Promise<number> {
  const response = await page.request.get("/api/brands");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { brands: unknown[] }).brands.length;
}

test("a new user sets up their brand in the wizard and everything typed is saved", async ({
  page,
  request,
  baseURL,
}) => {
  // Three steps of forms, typed in full, each saved and checked: longer than the default 30 s on a busy CI.
  test.setTimeout(60_000);
  const { email } = await createConfirmedUser(request, baseURL!, { brand: false });
  await signInThroughUi(page, email);

  const wizard = page.getByTestId("setup-wizard");
  const title = page.getByTestId("wizard-step-title");
  const next = page.getByTestId("wizard-next");
  await expect(wizard).toBeVisible();
  await expect(wizard).toHaveAttribute("role", "dialog");
  await expect(title).toHaveText("Welcome to Social Media Manager");
  await expect(page.getByTestId("wizard-step-count")).toHaveText("Step 1 of 5");
  await expect(page.getByTestId("wizard-progress-step-0")).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("wizard-previous")).toBeHidden();

  // Step 1: Next stays disabled while the name is blank (spaces count as blank).
  await next.click();
  await expect(title).toHaveText("Brand Settings");
  await expect(page.getByTestId("wizard-step-count")).toHaveText("Step 2 of 5");
  const name = page.getByTestId("brand-name-input");
  await expect(name).toBeFocused();
  await expect(next).toBeDisabled();
  await expect(page.getByTestId("enhance-name")).toBeDisabled();
  await name.fill("   ");
  await expect(next).toBeDisabled();
  await expect(page.getByTestId("brand-name-error")).toHaveText("Brand name is required");
  await name.fill("bean there");
  await expect(page.getByTestId("brand-name-error")).toBeHidden();
  await expect(next).toBeEnabled();

  // Enhance on the offline model tidies the name and says which model wrote it.
  await page.getByTestId("enhance-name").click();
  await expect(name).toHaveValue("Bean There");
  await expect(page.getByTestId("enhance-name-model")).toHaveText("Offline model");

  // Presets go to the selected slot: primary by default, the secondary once chosen.
  await expect(page.getByTestId("color-slot-primary")).toHaveAttribute("data-selected", "true");
  await page.getByTestId("color-slot-select-secondary").click();
  await expect(page.getByTestId("color-slot-secondary")).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("color-slot-primary")).toHaveAttribute("data-selected", "false");
  await expect(page.getByTestId("preset-target")).toHaveText("Presets apply to the secondary colour");
  await page.getByTestId("preset-swatch-amber").click();
  await expect(page.getByTestId("color-hex-secondary")).toHaveValue("#F59E0B");
  await expect(page.getByTestId("color-hex-primary")).toHaveValue("#3B82F6");
  await expect(page.getByTestId("preset-swatch-amber")).toHaveAttribute("aria-pressed", "true");

  // A typed hex is checked with the spec's message and tidied once valid.
  const accent = page.getByTestId("color-hex-accent");
  await accent.fill("#12");
  await expect(page.getByTestId("color-error-accent")).toHaveText("Accent color must be a valid hex color");
  await accent.fill("ec4899");
  await accent.press("Tab");
  await expect(accent).toHaveValue("#EC4899");
  await expect(page.getByTestId("color-error-accent")).toBeHidden();

  await next.click();
  await expect(title).toHaveText("Company Profile");

  // Step 2: Enhance buttons wait for text; Enhance All for any text.
  await expect(page.getByTestId("enhance-all")).toBeDisabled();
  await expect(page.getByTestId("enhance-description")).toBeDisabled();
  await page.getByTestId("profile-description").fill("We roast coffee in small batches");
  await page.getByTestId("profile-industry").fill("specialty coffee");
  await page.getByTestId("profile-tone").selectOption("friendly");
  await page.getByTestId("profile-target-audience").fill("Young professionals");
  await expect(page.getByTestId("enhance-all")).toBeEnabled();

  // A failing enhancer leaves the text alone and shows the spec's inline messages.
  await page.route("**/api/enhance-content", (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "upstream_failed", message: "Failed to enhance content" } }),
    }),
  );
  await page.getByTestId("enhance-industry").click();
  await expect(page.getByTestId("enhance-industry-error")).toHaveText("Failed to enhance content");
  await expect(page.getByTestId("profile-industry")).toHaveValue("specialty coffee");
  await page.getByTestId("enhance-all").click();
  await expect(page.getByTestId("enhance-all-error")).toHaveText("Failed to enhance all fields");
  await expect(page.getByTestId("profile-description")).toHaveValue("We roast coffee in small batches");
  await page.unroute("**/api/enhance-content");

  await page.getByTestId("enhance-industry").click();
  await expect(page.getByTestId("profile-industry")).toHaveValue("Specialty Coffee");
  await expect(page.getByTestId("enhance-industry-model")).toHaveText("Offline model");
  await expect(page.getByTestId("enhance-industry-error")).toBeHidden();

  // Key messages: Enter adds a trimmed entry, blanks are ignored, entries are removed one by one.
  const keyInput = page.getByTestId("key-message-input");
  await expect(page.getByTestId("key-message-add")).toBeDisabled();
  await keyInput.fill("  Roasted fresh every morning ");
  await keyInput.press("Enter");
  await expect(keyInput).toHaveValue("");
  await keyInput.fill("   ");
  await keyInput.press("Enter");
  await keyInput.fill("Free refills");
  await page.getByTestId("key-message-add").click();
  await expect(page.getByTestId("key-message-item")).toHaveText([
    "Roasted fresh every morning",
    "Free refills",
  ]);
  await page.getByRole("button", { name: "Remove key message: Free refills" }).click();
  await expect(page.getByTestId("key-message-item")).toHaveText(["Roasted fresh every morning"]);

  await page.getByTestId("do-not-mention-input").fill("Chain cafes");
  await page.getByTestId("do-not-mention-add").click();
  await expect(page.getByTestId("do-not-mention-item")).toHaveText(["Chain cafes"]);

  await next.click();

  // Step 3: the connect component of Settings; without a Meta app it is the sandbox, and the step can be
  // skipped. Skipping, coming back and connecting through the popup turns 'Skip for now' into Next.
  await expect(title).toHaveText("Connect Facebook");
  const connection = page.getByTestId("facebook-connection");
  await expect(connection).toContainText("No page connected");
  await expect(connection).toContainText("Sandbox");
  await expect(next).toHaveText("Skip for now");
  await next.click();
  await expect(title).toHaveText("Ready to Start");
  await expect(page.getByTestId("wizard-ready")).toContainText("Not connected");
  await page.getByTestId("wizard-previous").click();
  const popupOpened = page.waitForEvent("popup");
  await connection.getByRole("button", { name: "Connect Facebook page" }).click();
  const popup = await popupOpened;
  await popup.getByRole("link", { name: "Continue" }).click();
  await expect(connection).toContainText("Connected to Sandbox page");
  await expect(next).toHaveText("Next");
  await next.click();

  // Step 4: the summary, then Get Started saves everything and closes.
  await expect(title).toHaveText("Ready to Start");
  await expect(page.getByTestId("wizard-ready")).toContainText("Sandbox page");
  await expect(page.getByTestId("brand-preview")).toContainText("Bean There");
  await expect(page.getByTestId("wizard-progress-step-4")).toHaveAttribute("aria-current", "step");
  await page.getByTestId("wizard-get-started").click();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const brand = await readActiveBrand(page);
  expect(brand).not.toBeNull();
  expect(brand?.name).toBe("Bean There");
  expect(brand?.settings).toMatchObject({
    primaryColor: "#3B82F6",
    secondaryColor: "#F59E0B",
    accentColor: "#EC4899",
  });
  expect(brand?.companyProfile).toEqual({
    description: "We roast coffee in small batches",
    industry: "Specialty Coffee",
    tone: "friendly",
    targetAudience: "Young professionals",
    keyMessages: ["Roasted fresh every morning"],
    doNotMention: ["Chain cafes"],
  });
  expect(await countBrands(page)).toBe(1);

  // A user with a brand is not shown the wizard again, also once the brand query has answered.
  const activeBrandAnswered = page.waitForResponse((response) =>
    response.url().endsWith("/api/brands/active"),
  );
  await page.reload();
  await activeBrandAnswered;
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(wizard).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("Previous keeps what was typed, leaving step 1 saves the brand, and the dialog scrolls inside", async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createConfirmedUser(request, baseURL!, { brand: false });
    await signInBySession(page, email);
    // The wizard shows on any signed-in screen, the welcome hub included.
    await page.goto("/welcome");

    const title = page.getByTestId("wizard-step-title");
    const next = page.getByTestId("wizard-next");
    const previous = page.getByTestId("wizard-previous");
    await expect(title).toHaveText("Welcome to Social Media Manager");
    await next.click();

    await page.getByTestId("brand-name-input").fill("Keep Me");
    await page.getByTestId("preset-swatch-pink").click();
    await expect(page.getByTestId("color-hex-primary")).toHaveValue("#EC4899");

    await previous.click();
    await expect(title).toHaveText("Welcome to Social Media Manager");
    await expect(next).toBeFocused();
    await next.click();
    await expect(page.getByTestId("brand-name-input")).toHaveValue("Keep Me");
    await expect(page.getByTestId("color-hex-primary")).toHaveValue("#EC4899");

    // Leaving step 1 creates the brand (and makes it the active one).
    await next.click();
    await expect(title).toHaveText("Company Profile");
    await expect.poll(async () => (await readActiveBrand(page))?.name).toBe("Keep Me");

    await page.getByTestId("profile-description").fill("Hand-made ceramics");
    await page.getByTestId("profile-industry").fill("Crafts");
    await page.getByTestId("profile-tone").selectOption("casual");
    await page.getByTestId("key-message-input").fill("Made by hand");
    await page.getByTestId("key-message-input").press("Enter");
    await page.getByTestId("key-message-input").fill("Half-typed idea");

    // At 375 px the profile is taller than the dialog: the body scrolls while Next stays in view.
    const body = page.getByTestId("wizard-body");
    const scrolls = await body.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(scrolls).toBe(true);
    await expect(next).toBeInViewport();
    await expect(previous).toBeInViewport();
    const box = await page.getByTestId("setup-wizard").boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);

    await previous.click();
    await expect(title).toHaveText("Brand Settings");
    await expect(page.getByTestId("brand-name-input")).toHaveValue("Keep Me");
    // Keyboard: Enter in the name field is Next, and focus lands on Next rather than on the page.
    await page.getByTestId("brand-name-input").fill("Kept");
    await page.getByTestId("brand-name-input").press("Enter");
    await expect(title).toHaveText("Company Profile");
    await expect(next).toBeFocused();
    await expect(page.getByTestId("profile-description")).toHaveValue("Hand-made ceramics");
    await expect(page.getByTestId("profile-industry")).toHaveValue("Crafts");
    await expect(page.getByTestId("profile-tone")).toHaveValue("casual");
    await expect(page.getByTestId("key-message-item")).toHaveText(["Made by hand"]);
    await expect(page.getByTestId("key-message-input")).toHaveValue("Half-typed idea");

    // The second pass over step 1 updated the same brand instead of creating another.
    await expect.poll(async () => (await readActiveBrand(page))?.name).toBe("Kept");
    expect(await countBrands(page)).toBe(1);

    // Leaving step 2 saves the profile.
    await next.click();
    await expect(title).toHaveText("Connect Facebook");
    await expect
      .poll(async () => (await readActiveBrand(page))?.companyProfile)
      .toMatchObject({
        description: "Hand-made ceramics",
        industry: "Crafts",
        tone: "casual",
        keyMessages: ["Made by hand"],
      });

    // Escape postpones the setup; what was saved stays saved.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("setup-wizard")).toBeHidden();
    expect((await readActiveBrand(page))?.name).toBe("Kept");
  });
});

test("closing the wizard without a brand keeps it closed on later loads; the no-brand state still opens it", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createConfirmedUser(request, baseURL!, { brand: false });
  await signInThroughUi(page, email);
  const wizard = page.getByTestId("setup-wizard");
  await expect(wizard).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(wizard).toBeHidden();

  // A later load: the gate decides (its marker appears) and the wizard stays closed.
  await page.goto("/dashboard");
  await expect(page.getByTestId("setup-wizard-gate")).toHaveAttribute("data-phase", "done");
  await expect(wizard).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("setup-wizard-gate")).toHaveAttribute("data-phase", "done");
  await expect(wizard).toHaveCount(0);

  // The user can still choose to set up a brand.
  await page.getByTestId("no-brand-open-wizard").first().click();
  await expect(wizard).toBeVisible();
});
