import { expect } from "@playwright/test";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession, signInThroughUi } from "./helpers";

/*
 * Connecting through the callback screen against the sandbox (no Meta app configured): the dialog is the
 * sandbox's consent page, "Continue" lands on /auth/facebook/callback, which exchanges the code once, shows
 * the page picker, and connects the picked page; the same for an ad account on the marketing callback.
 */
serverTest(
  "connects the sandbox page and ad account through the callback screens",
  async ({ page, server }) => {
    serverTest.setTimeout(90_000);
    const email = await createServerUser(page, server, { prefix: "fbconnect" });
    await signInThroughUi(page, email);

    const start = async (flow: "page" | "ads") => {
      const response = await page.request.post("/api/connections/facebook/start", {
        data: { flow },
        headers: { origin: server.url },
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };

    await page.goto(await start("page"));
    await expect(page.getByTestId("sandbox-dialog-label")).toHaveText("Sandbox");
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/facebook\/callback\?/);
    const callbackUrl = page.url();
    await expect(
      page.getByText("Facebook connected! Found 1 page(s). Please select a page to connect."),
    ).toBeVisible();
    await expect(page.getByText("Can manage posts")).toBeVisible();
    await page.getByRole("button", { name: "Connect Selected Page" }).click();
    await expect(page).toHaveURL(/\/settings/);

    await page.goto(await start("ads"));
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/facebook\/marketing\/callback\?/);
    await expect(page.getByText("Sandbox ad account")).toBeVisible();
    await page.getByRole("button", { name: "Connect Selected Ad Account" }).click();
    await expect(page).toHaveURL(/\/campaigns/);

    const connections = (await (await page.request.get("/api/connections")).json()) as {
      page: { name: string; network: string } | null;
      adAccount: { name: string } | null;
    };
    expect(connections.page).toMatchObject({ name: "Sandbox page", network: "sandbox" });
    expect(connections.adAccount).toMatchObject({ name: "Sandbox ad account" });

    // A second visit to the same callback is told the authorization was already processed, then sent back.
    await page.goto(callbackUrl);
    await expect(page.getByTestId("facebook-callback-error")).toContainText(
      "This authorization has already been processed. Please try connecting again.",
    );
    await expect(page).toHaveURL(/\/settings/, { timeout: 8000 });
  },
);

serverTest("a denied dialog shows the spec's text and returns to Settings", async ({ page, server }) => {
  const email = await createServerUser(page, server, { prefix: "fbdenied" });
  await signInBySession(page, email);
  await page.goto("/auth/facebook/callback?error=access_denied&error_description=Permissions+error&state=x");
  await expect(page.getByTestId("facebook-callback-error")).toContainText(
    "Facebook access was denied. Please try again and grant the necessary permissions.",
  );
  await expect(page).toHaveURL(/\/settings/, { timeout: 8000 });
});

serverTest("connects and disconnects from the Facebook Connect screen", async ({ page, server }) => {
  serverTest.setTimeout(90_000);
  const email = await createServerUser(page, server, { prefix: "fbscreen" });
  await signInBySession(page, email);
  await page.goto("/facebook-connect");
  const card = page.getByTestId("facebook-connection");
  await expect(card).toContainText("No page connected");
  await expect(card).toContainText("Sandbox");
  // Connect opens the sandbox's consent page in a popup; the single sandbox page is connected at once.
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connect Facebook page" }).click();
  const popup = await popupOpened;
  await popup.getByRole("link", { name: "Continue" }).click();
  await popup.waitForEvent("close");
  await expect(card).toContainText("Connected to Sandbox page");
  await expect(card).toContainText("Instagram business account linked.");
  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByTestId("facebook-disconnect-confirm").click();
  await expect(card).toContainText("No page connected");
});
