import { expect, test } from "@playwright/test";

test.describe("login screen", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByTestId("auth-title")).toHaveText("Welcome Back");
  });

  test("shows the spec's validation messages and never clears what was typed", async ({ page }) => {
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText("Please fill in all fields");

    await page.getByTestId("email-input").fill("not-an-address");
    await page.getByTestId("password-input").fill("whatever-123");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText("Please enter a valid email address.");
    await expect(page.getByTestId("email-input")).toHaveValue("not-an-address");

    await page.getByTestId("auth-mode-toggle").click();
    await expect(page.getByTestId("auth-title")).toHaveText("Create Account");
    await expect(page.getByTestId("email-input")).toHaveValue("not-an-address");
    await page.getByTestId("email-input").fill("someone@example.com");
    await page.getByTestId("confirm-password-input").fill("different-456");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText("Passwords do not match");
    await expect(page.getByTestId("password-input")).toHaveValue("whatever-123");
  });

  test("sign-up tells a too common or blank password before sending the form", async ({ page }) => {
    await page.getByTestId("auth-mode-toggle").click();
    await expect(page.getByTestId("auth-title")).toHaveText("Create Account");
    await page.getByTestId("email-input").fill("careful-person@example.com");
    // A case variant of a listed password: the list is compared without case.
    await page.getByTestId("password-input").fill("PassWord");
    await page.getByTestId("confirm-password-input").focus();
    await expect(page.getByTestId("password-hint")).toHaveText(
      "This password is too common. Choose a less common one.",
    );
    await page.getByTestId("confirm-password-input").fill("PassWord");
    const signUpRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/sign-up")) signUpRequests.push(request.url());
    });
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText(
      "This password is too common. Choose a less common one.",
    );
    await expect(page.getByTestId("password-input")).toHaveAttribute("aria-invalid", "true");

    await page.getByTestId("password-input").fill("        ");
    await page.getByTestId("confirm-password-input").fill("        ");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText("Password cannot be only spaces.");
    expect(signUpRequests).toEqual([]);

    // A good password clears the hint once the field is left again.
    await page.getByTestId("password-input").fill("quiet-harbour-lamp-31");
    await page.getByTestId("confirm-password-input").focus();
    await expect(page.getByTestId("password-hint")).toBeHidden();
  });

  test("wrong credentials show the provider's message", async ({ page }) => {
    await page.getByTestId("email-input").fill("nobody-here@example.com");
    await page.getByTestId("password-input").fill("wrong-password-1");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toBeVisible();
    await expect(page.getByTestId("auth-error")).not.toHaveText("");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Continue with Facebook tells honestly when the server has no Facebook app", async ({
    page,
    request,
  }) => {
    const config = (await (await request.get("/api/public-config")).json()) as { facebookLogin: boolean };
    test.skip(config.facebookLogin, "this server has Facebook login configured");
    await page.getByTestId("facebook-login").click();
    await expect(page.getByTestId("facebook-error")).toHaveText(
      "Facebook sign-in is not configured on this server.",
    );
  });

  test("links to the terms and the privacy policy", async ({ page }) => {
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});
