import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "@playwright/test";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { DEFAULT_PASSWORD, signInBySession, signInThroughUi } from "./helpers";

/*
 * Money end to end with the embedded billing: a free user buys annual Pro on the local test checkout, whose
 * 'Pay' sends signed Stripe events through the real webhook; the plan changes (also in a second open tab,
 * over the realtime channel), the upgrade welcome shows once, and the subscription is cancelled at period
 * end and kept again from the Profile page.
 */

serverTest(
  "a free user upgrades to annual Pro through the local checkout, cancels and keeps it",
  async ({ page, context, server }) => {
    serverTest.setTimeout(90_000);
    const email = await createServerUser(page, server, { prefix: "billing" });
    await signInThroughUi(page, email);

    // A second tab on the profile, left open: it must learn the new plan without a reload.
    const other = await context.newPage();
    await other.goto("/profile");
    await expect(other.getByTestId("account-plan-name")).toHaveText("Free");

    await page.goto("/subscription");
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    await expect(page.getByTestId("current-plan-badge")).toBeVisible();
    await expect(page.getByTestId("price-pro")).toHaveText("€15");
    await page.getByTestId("interval-year").click();
    await expect(page.getByTestId("price-pro")).toHaveText("€150");
    await expect(page.getByTestId("price-enterprise")).toHaveText("€750");
    await page.getByTestId("choose-pro").click();

    await expect(page).toHaveURL(/\/billing\/checkout\?session=/);
    await expect(page.getByTestId("local-checkout-label")).toHaveText("Test checkout: no card is charged");
    await expect(page.getByTestId("local-checkout-price")).toHaveText("€150 per year");
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/subscription\?success=true/);
    await expect(page.getByTestId("checkout-success")).toContainText(
      "Successfully upgraded your plan! Enjoy the new features.",
    );
    // Both tabs share this browser's memory of welcomed plans: whichever sees Pro first welcomes it, once.
    const wizardCount = async () =>
      (await page.getByTestId("upgrade-wizard").count()) +
      (await other.getByTestId("upgrade-wizard").count());
    await expect.poll(wizardCount, { timeout: 10_000 }).toBe(1);
    const welcomer = (await page.getByTestId("upgrade-wizard").count()) > 0 ? page : other;
    await expect(welcomer.getByTestId("upgrade-wizard-title")).toContainText("Pro");
    await welcomer.getByTestId("upgrade-wizard-next").click();
    await welcomer.getByTestId("upgrade-wizard-next").click();
    await welcomer.getByRole("button", { name: "Get Started" }).click();
    await expect(welcomer.getByTestId("upgrade-wizard")).toBeHidden();
    // Pro users are offered Enterprise only once it can be sold.
    await expect(page.getByTestId("enterprise-coming-soon")).toContainText(
      "Facebook Verification In Progress",
    );

    await expect(other.getByTestId("account-plan-name")).toHaveText("Pro");
    await expect(other.getByTestId("posts-remaining")).toHaveText("30 of 30 posts remaining this month");

    await page.reload();
    await other.reload();
    await expect(page.getByTestId("enterprise-coming-soon")).toBeVisible();
    await expect(other.getByTestId("account-plan-name")).toHaveText("Pro");
    expect(await wizardCount()).toBe(0);

    await page.goto("/profile");
    await expect(page.getByTestId("account-plan-name")).toHaveText("Pro");
    await page.getByTestId("cancel-subscription").click();
    await page.getByTestId("confirm-cancel-subscription").click();
    await expect(page.getByTestId("subscription-cancelled-notice")).toBeVisible();
    await expect(page.getByTestId("account-plan-name")).toHaveText("Pro");
    await page.getByTestId("keep-subscription").click();
    await expect(page.getByTestId("subscription-cancelled-notice")).toBeHidden();
    await expect(page.getByTestId("cancel-subscription")).toBeVisible();
    await expect(page.getByTestId("account-plan-name")).toHaveText("Pro");

    // Invoices and cards: the embedded billing's own page, saying plainly what it is, then back.
    await page.getByTestId("billing-portal").click();
    await expect(page).toHaveURL(/\/billing\/portal\?session=/);
    await expect(page.getByTestId("local-portal-label")).toHaveText(
      "Embedded billing (offline): no card is charged",
    );
    await expect(page.getByTestId("local-portal-plan")).toHaveText("Pro (annual)");
    await expect(page.getByTestId("local-portal-invoices")).toContainText("No invoices");
    await page.getByRole("link", { name: "Back to your account" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  },
);

serverTest("changing the password checks the current one", async ({ page, server }) => {
  const email = await createServerUser(page, server, { prefix: "password" });
  await signInBySession(page, email);
  await page.goto("/profile");
  const submit = page.getByTestId("change-password-submit");
  await expect(submit).toBeDisabled();
  await page.getByTestId("current-password").fill("not-my-password-1");
  await page.getByTestId("new-password").fill("a-brand-new-secret-7");
  await expect(submit).toBeDisabled();
  await page.getByTestId("confirm-new-password").fill("a-different-secret-7");
  await submit.click();
  await expect(page.getByTestId("change-password-error")).toHaveText("New passwords do not match");
  await page.getByTestId("confirm-new-password").fill("a-brand-new-secret-7");
  await submit.click();
  await expect(page.getByTestId("change-password-error")).toBeVisible();
  await expect(page.getByTestId("change-password-error")).not.toHaveText("New passwords do not match");
  // What the user typed stays, so only the wrong field needs fixing.
  await expect(page.getByTestId("current-password")).toHaveValue("not-my-password-1");
  await page.getByTestId("current-password").fill(DEFAULT_PASSWORD);
  await submit.click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
});

serverTest(
  "delete my data signed in: the password confirms (a wrong one deletes nothing), one outcome, signed out after",
  async ({ page, server }) => {
    serverTest.setTimeout(90_000);
    const email = await createServerUser(page, server, { prefix: "erase" });
    await signInBySession(page, email);
    await page.goto("/delete");
    await page.getByTestId("delete-start").click();
    // Nothing pre-filled to "type to confirm": the account is named, and its password is asked for.
    await expect(page.getByTestId("delete-account-email")).toHaveText(email);
    await expect(page.getByTestId("delete-email")).toHaveCount(0);
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("delete-error")).toHaveText("Please enter your password to confirm.");
    await page.getByTestId("delete-password").fill("not-the-password-1");
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("delete-error")).toHaveText(
      "The password is not correct. Nothing was deleted.",
    );
    await expect(page.getByTestId("delete-password")).toHaveAttribute("aria-invalid", "true");
    const stillThere = await page.request.get("/api/plan");
    expect(stillThere.status()).toBe(200);

    await page.getByTestId("delete-password").fill(DEFAULT_PASSWORD);
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("delete-stage-submitted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Account Deleted" })).toBeVisible();
    await expect(page.getByTestId("delete-outcome")).toHaveText(
      "Your account and all its data have been deleted; the e-mail confirms it. You will be signed out in a few seconds.",
    );
    // One outcome: nothing on the screen says the deletion is still to come.
    await expect(page.getByText("Nothing is deleted until")).toHaveCount(0);
    // The confirmation e-mail the spec's message promises was sent.
    expect(readOutbox(server.url, email).some((raw) => raw.includes("have been deleted"))).toBe(true);
    // Signed out (the spec's 3 seconds): a guarded page sends the visitor to /login.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      headers: { Origin: server.url },
      data: { email, password: DEFAULT_PASSWORD },
    });
    expect(signIn.status()).toBe(401);
  },
);

/** Every outbox message to the address, newest first, decoded (the in-process server's DATA_DIR/outbox). */
function readOutbox(serverUrl: string, email: string): string[] {
  const outbox = resolve(`test-results/e2e-in-process-${new URL(serverUrl).port}/outbox`);
  return (
    readdirSync(outbox)
      .sort()
      .reverse()
      // Quoted-printable: soft line breaks and "=3D" for "=".
      .map((file) =>
        readFileSync(join(outbox, file), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "="),
      )
      .filter((raw) => raw.includes(email))
  );
}

/** The deletion link in the newest outbox message to the address (the in-process server's DATA_DIR/outbox). */
function readDeletionLink(serverUrl: string, email: string): string | null {
  for (const raw of readOutbox(serverUrl, email)) {
    const match = /\/delete\?token=([A-Za-z0-9_-]+)/.exec(raw);
    if (match) return `/delete?token=${match[1]}`;
  }
  return null;
}

serverTest(
  "delete my data signed out: the e-mailed link deletes the account, and works only once",
  async ({ page, server }) => {
    const email = await createServerUser(page, server, { prefix: "erase-link" });
    await page.goto("/delete");
    await page.getByTestId("delete-start").click();
    await page.getByTestId("delete-email").fill(email);
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("delete-stage-submitted")).toBeVisible();
    // Nothing is deleted before the link is followed.
    const before = await page.request.post("/api/auth/sign-in/email", {
      headers: { Origin: server.url },
      data: { email, password: DEFAULT_PASSWORD },
    });
    expect(before.status()).toBe(200);
    await page.context().clearCookies();

    const link = readDeletionLink(server.url, email);
    expect(link).toBeTruthy();
    await page.goto(link ?? "/");
    await expect(page.getByTestId("delete-outcome")).toContainText(
      "Your account and all its data have been deleted",
    );
    const after = await page.request.post("/api/auth/sign-in/email", {
      headers: { Origin: server.url },
      data: { email, password: DEFAULT_PASSWORD },
    });
    expect(after.status()).toBe(401);

    await page.goto(link ?? "/");
    await expect(
      page.getByText("This deletion link is invalid, expired or already used. Please ask for a new one."),
    ).toBeVisible();
  },
);
