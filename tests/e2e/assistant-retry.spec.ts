import { expect, test } from "@playwright/test";

import { createConfirmedUser, signInBySession } from "./helpers";

/*
 * Core spec section 8: a generation that fails in the chat shows Generation Failed and offers a retry,
 * which asks the assistant for the same post again. The failure is staged in the browser (the post as
 * the page reads it comes back failed); the retry then runs for real against the offline assistant.
 */
test("a failed generation in the chat offers a retry that asks for the same post again", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = await createConfirmedUser(request, baseURL!);
  await signInBySession(page, email);
  await page.goto("/dashboard");

  // The first post read by id is the one the chat generates: it reads as failed from then on.
  let failedPostId: string | null = null;
  await page.route(/\/api\/posts\/[0-9a-f-]{36}$/, async (route) => {
    let response: Awaited<ReturnType<typeof route.fetch>>;
    let post: { id: string; state: string; feedback: string | null };
    try {
      response = await route.fetch();
      post = (await response.json()) as typeof post;
    } catch {
      // The page gave up on this read (a newer poll of the post card replaced it), so Playwright disposed
      // its response: there is no one left to answer (seen once on CI, 2026-11-28).
      return route.abort().catch(() => undefined);
    }
    failedPostId ??= post.id;
    if (post.id !== failedPostId) return route.fulfill({ response });
    return route.fulfill({
      response,
      json: { ...post, state: "denied", feedback: "Generation failed: The image service did not answer" },
    });
  });

  await page.getByTestId("assistant-toggle").click();
  const panel = page.getByTestId("assistant-panel");
  const input = panel.getByTestId("assistant-input");
  await input.fill("Create an Instagram post about our summer sale");
  await input.press("Enter");

  const failed = panel.getByTestId("assistant-post-failed");
  await expect(failed).toBeVisible({ timeout: 45_000 });
  await expect(failed).toContainText("Generation Failed");
  await expect(failed).toContainText("The image service did not answer");
  await expect(panel.getByTestId("assistant-typing")).toBeHidden({ timeout: 20_000 });

  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(
    panel.getByText("Create an Instagram post about our summer sale", { exact: true }),
  ).toHaveCount(2);
  // The same request went to the assistant again. This free user's one post of the day is spent (the staged
  // failure was a real generation), so the quota refuses it, in the quota's own words.
  await expect(panel.getByTestId("assistant-tool-error")).toContainText(
    "You have reached your daily limit of 1 post",
    { timeout: 20_000 },
  );
  await expect(panel.getByText(/technical difficulties/)).toHaveCount(0);
});
