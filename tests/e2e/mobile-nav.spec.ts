import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInThroughUi } from "./helpers";

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

test("at 375 px the sidebar is a drawer: the hamburger opens it and a link navigates and closes it", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByTestId("sidebar")).toBeHidden();
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer).toBeHidden();

  await page.getByTestId("open-nav").click();
  await expect(drawer).toBeVisible();
  await drawer.getByTestId("nav-calendar").click();

  await expect(page).toHaveURL(/\/calendar$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Content Calendar" })).toBeVisible();

  // Escape closes the drawer too (dialogs close on Escape).
  await page.getByTestId("open-nav").click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});
