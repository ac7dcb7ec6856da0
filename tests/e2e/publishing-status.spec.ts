import { expect } from "@playwright/test";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInThroughUi } from "./helpers";

/*
 * Issue 15, point 6: a post that should have gone out and has not says why on its card: waiting out the
 * network's rate limit (with the next try), failed with the network's message, or unconfirmed (check the
 * page before anything is sent again). The rows are what the publishing job leaves; the browser reads them
 * through the real post view.
 */
serverTest(
  "a post that has not gone out says why: waiting, failed or unconfirmed",
  async ({ page, server }) => {
    const email = await createServerUser(page, server, { prefix: "publishing" });
    const due = new Date(Date.now() - 60 * 60_000);
    const retryAt = new Date(Date.now() + 15 * 60_000);
    const [waitingId, failedId, unconfirmedId, fineId] = await server.seedPosts(email, [
      {
        content: "Waiting out the limit",
        status: "approved",
        scheduledDate: due,
        publishRetryAt: retryAt,
        publishTries: 1,
      },
      {
        content: "Refused by the page",
        status: "approved",
        publishError: "Failed to post to Facebook: (#100) Invalid parameter",
      },
      {
        content: "Answer never came",
        status: "approved",
        scheduledDate: due,
        publishError: "Unconfirmed: check your page. The answer to our request never came.",
        publishErrorReason: "publish_unconfirmed",
      },
      { content: "Nothing to say here", status: "approved" },
    ]);
    await signInThroughUi(page, email);
    await page.getByTestId("view-all-posts").click();
    const dialog = page.getByTestId("all-posts-dialog");
    const card = (id: string | undefined) => dialog.locator(`[data-post-id="${id}"]`);

    const waiting = card(waitingId).getByTestId("post-publishing");
    await expect(waiting).toHaveAttribute("data-status", "waiting");
    await expect(waiting).toContainText("rate limit was reached");
    await expect(waiting).toContainText("try 2 of");
    await expect(waiting.locator("time")).toHaveAttribute("datetime", retryAt.toISOString());

    const failed = card(failedId).getByTestId("post-publishing");
    await expect(failed).toHaveAttribute("data-status", "failed");
    await expect(failed).toHaveText("Failed to post to Facebook: (#100) Invalid parameter");

    const unconfirmed = card(unconfirmedId).getByTestId("post-publishing");
    await expect(unconfirmed).toHaveAttribute("data-status", "unconfirmed");
    await expect(unconfirmed).toContainText("Unconfirmed: check your page");

    await expect(card(fineId)).toBeVisible();
    await expect(card(fineId).getByTestId("post-publishing")).toHaveCount(0);
  },
);
