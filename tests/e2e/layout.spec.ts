import { expect, type Page } from "@playwright/test";
import { createServerUser, serverTest as test } from "./fixtures/in-process-server";
import { signInThroughUi } from "./helpers";
import { expectCleanLayout } from "./layout-check";

/*
 * Issue 20 item 3: on the signed-in screens of the app shell (all but the Facebook connect screen, whose
 * panel Settings > Facebook already shows, and /welcome, which has no floating assistant), at a laptop's 1366 px with the assistant
 * open and closed and at a phone's 390 px, no action is covered (the floating assistant button over the
 * sticky Save bar) and no title or label is cut short ("AI Gener...", "Content C..."). A user with a brand
 * and posts in every state, so the dashboard's lists and the calendar have something to lay out.
 * Screenshots of each screen are kept under test-results/screenshots/layout as evidence.
 */

interface Screen {
  name: string;
  path: string;
  /** Waits until the screen shows its content rather than its skeleton, and sets up what it should show. */
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: "dashboard",
    path: "/dashboard",
    ready: async (page) => {
      await expect(page.getByTestId("stat-total").getByTestId("stat-value")).toHaveText("4");
    },
  },
  {
    name: "settings",
    path: "/settings",
    ready: async (page) => {
      await expect(page.getByTestId("brand-name")).toHaveValue("Layout Coffee Roasters");
      // Edited, so the sticky bar shows all its actions (Discard beside an enabled Save).
      await page.getByTestId("brand-name").fill("Layout Coffee Roasters and Bakery");
      await expect(page.getByTestId("brand-settings-discard")).toBeVisible();
    },
  },
  {
    name: "settings-company",
    path: "/settings",
    ready: async (page) => {
      await page.getByTestId("settings-tab-company").click();
      await expect(page.getByTestId("company-profile-form")).toBeVisible();
    },
  },
  {
    name: "settings-watermark",
    path: "/settings",
    ready: async (page) => {
      await page.getByTestId("settings-tab-watermark").click();
      await expect(page.getByTestId("watermark-editor")).toBeVisible();
    },
  },
  {
    name: "calendar",
    path: "/calendar",
    ready: async (page) => {
      await expect(page.getByTestId("calendar-grid")).toBeVisible();
    },
  },
  {
    name: "create",
    path: "/create",
    ready: async (page) => {
      await expect(page.getByTestId("create-tab-post")).toBeVisible();
    },
  },
  {
    name: "templates",
    path: "/templates",
    ready: async (page) => {
      await expect(page.getByTestId("template-new")).toBeVisible();
    },
  },
  {
    name: "community-templates",
    path: "/community-templates",
    ready: async (page) => {
      await expect(page.getByTestId("community-search")).toBeVisible();
    },
  },
  {
    name: "swipe",
    path: "/dashboard/swipe",
    ready: async (page) => {
      await expect(page.getByTestId("swipe-card")).toBeVisible();
    },
  },
  {
    name: "subscription",
    path: "/subscription",
    ready: async (page) => {
      await expect(page.getByTestId("billing-interval")).toBeVisible();
    },
  },
  {
    name: "ai-agent",
    path: "/ai-agent",
    ready: async (page) => {
      await expect(page.getByTestId("suggestions-count")).toBeVisible();
    },
  },
  {
    name: "profile",
    path: "/profile",
    ready: async (page) => {
      await expect(page.getByTestId("account-email")).toBeVisible();
    },
  },
];

const VIEWS = [
  { name: "1366-assistant-open", width: 1366, height: 768, assistant: true },
  { name: "1366", width: 1366, height: 768, assistant: false },
  { name: "390", width: 390, height: 844, assistant: false },
] as const;

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

for (const view of VIEWS) {
  test(`signed-in screens at ${view.name}: no covered action, no cut label`, async ({ page, server }) => {
    test.setTimeout(240_000);
    const email = await createServerUser(page, server, {
      prefix: `layout-${view.width}`,
      brand: "Layout Coffee Roasters",
    });
    await server.seedPosts(email, [
      {
        content:
          "Our autumn roast arrives on Friday with notes of caramel, fig and toasted hazelnut: come taste it first",
        status: "pending",
        platform: "facebook",
        aiGenerated: true,
      },
      { content: "Latte art workshop, sign up at the counter", status: "approved", platform: "instagram" },
      {
        content: "Holiday opening hours are on the door",
        status: "approved",
        platform: "facebook",
        scheduledDate: daysFromNow(2),
      },
      {
        content: "We just opened our second shop downtown, drop by and say hello to the team",
        status: "approved",
        platform: "facebook",
        scheduledDate: daysFromNow(-1),
        postedAt: daysFromNow(-1),
        aiGenerated: true,
      },
    ]);
    await page.setViewportSize({ width: view.width, height: view.height });
    await signInThroughUi(page, email);

    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      if (view.assistant) {
        await page.getByTestId("assistant-toggle").click();
        await expect(page.getByTestId("assistant-input")).toBeEnabled();
      }
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      await expectCleanLayout(page, `${screen.name}-${view.name}`);
    }
  });
}
