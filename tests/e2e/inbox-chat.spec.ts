import { expect, type Page } from "@playwright/test";
import { type FakeMetaGraphServer, startFakeMetaGraphServer } from "../fakes/meta-graph-server";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * Issue 33's inbox from the floating assistant, end to end on an in-process server pointed at the fake Graph
 * API over HTTP: a comment comes in by Meta's signed webhook; on the dashboard "any new comments?" lists it,
 * and "reply to the last comment" shows a draft card (labelled as the offline model's) that sends nothing by
 * itself; Edit, then Send: the reply reaches the fake once, under the comment, and the card shows Sent.
 */

const chatTest = serverTest.extend<Record<never, never>, { fake: FakeMetaGraphServer }>({
  fake: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const fake = await startFakeMetaGraphServer();
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  serverOptions: [
    async ({ fake }, use) => {
      await use({
        env: {
          FACEBOOK_APP_ID: fake.appId,
          FACEBOOK_APP_SECRET: fake.appSecret,
          META_GRAPH_URL: fake.url,
          META_DIALOG_URL: fake.url,
          META_WEBHOOK_VERIFY_TOKEN: "inbox-chat-e2e-verify-token",
        },
      });
    },
    { scope: "worker" },
  ],
});

/** Settings > Facebook: the fake's popup, then "Fake Coffee Page". */
async function connectFakePage(page: Page) {
  await page.goto("/settings?tab=facebook");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connect Facebook page" }).click();
  const popup = await popupOpened;
  await popup.getByRole("link", { name: /^Continue as / }).click();
  await popup.waitForEvent("close");
  const picker = page.getByTestId("facebook-page-picker");
  await picker.getByText("Fake Coffee Page").click();
  await picker.getByRole("button", { name: "Connect Selected Page" }).click();
  await expect(page.getByTestId("facebook-connection")).toContainText("Instagram business account linked.");
}

const readState = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/posts/${id}`)).json()) as { state: string }).state;

chatTest(
  "the floating assistant drafts a reply to the last comment, sends nothing until Send, then it is Sent",
  async ({ page, server, fake }) => {
    chatTest.setTimeout(120_000);
    const email = await createServerUser(page, server, { prefix: "inbox-chat", brand: "Waffle House" });
    const caption = "Waffle Wednesday is back! Which topping should we add next?";
    const [postId] = (await server.seedPosts(email, [
      { content: caption, platform: "facebook", status: "approved", aiGenerated: false, source: "manual" },
    ])) as [string];
    await signInBySession(page, email);
    await connectFakePage(page);
    const published = await page.request.post(`/api/posts/${postId}/publish`, {
      headers: { Origin: server.url },
      data: {},
    });
    expect(published.status(), await published.text()).toBe(200);
    await expect.poll(() => readState(page, postId), { timeout: 30_000 }).toBe("published");
    const onFake = [...fake.posts.values()].find((post) => post.message.startsWith(caption));
    if (!onFake) throw new Error("the post did not reach the fake page");

    // A stranger asks under the post; Meta tells us by a signed webhook.
    const question = fake.addComment({
      on: onFake.id,
      text: "Are you open on Friday evening?",
      from: { id: "90011", name: "Anna Berg" },
    });
    expect(
      await fake.sendCommentWebhook({
        url: `${server.url}/webhooks/meta`,
        object: "page",
        commentId: question.id,
      }),
    ).toBe(200);

    await page.goto("/dashboard");
    await page.getByTestId("assistant-toggle").click();
    const panel = page.getByTestId("assistant-panel");
    const input = panel.getByTestId("assistant-input");

    // "Any new comments?": the list card, with the comment under its post and a way to the Inbox.
    await input.fill("any new comments?");
    await input.press("Enter");
    const list = panel.getByTestId("assistant-inbox-list");
    await expect(list).toBeVisible({ timeout: 20_000 });
    await expect(list).toContainText("1 comment needs a reply");
    await expect(list).toContainText("Waffle Wednesday is back!");
    const listed = list.getByTestId("assistant-inbox-item").filter({ hasText: "Friday evening" });
    await expect(listed).toContainText("Anna Berg");
    await expect(listed.getByTestId("inbox-badge-question")).toBeVisible();
    await expect(list.getByTestId("assistant-inbox-link").last()).toHaveAttribute("href", "/inbox");

    // "Reply to the last comment": a draft card, and the words say nothing goes without a yes.
    await input.fill("reply to the last comment");
    await input.press("Enter");
    const card = panel.getByTestId("assistant-reply-draft");
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText("Reply to Anna Berg");
    await expect(card.getByTestId("assistant-reply-draft-model")).toHaveText("Written by the offline model");
    await expect(card.getByTestId("assistant-reply-draft-body")).not.toBeEmpty();
    await expect(panel.getByTestId("assistant-message").first()).toContainText(
      "I'll send it only when you say so",
    );
    expect(fake.comments.filter((comment) => comment.parentId === question.id)).toEqual([]);

    // Edit turns the draft into a textarea; Send sends what it holds, once.
    await card.getByTestId("assistant-reply-edit").click();
    const text = card.getByTestId("assistant-reply-draft-text");
    await expect(text).toBeFocused();
    const reply = `${(await text.inputValue()).trim()} See you Friday, Anna!`;
    await text.fill(reply);
    await card.getByTestId("assistant-reply-send").click();
    const state = card.getByTestId("assistant-reply-state");
    await expect(state).toHaveAttribute("data-delivery", "sent", { timeout: 20_000 });
    await expect(state.getByTestId("inbox-delivery")).toHaveText("Sent");
    await expect(card.getByTestId("assistant-reply-send")).toHaveCount(0);
    expect(fake.comments.filter((comment) => comment.parentId === question.id).map((c) => c.message)).toEqual(
      [reply],
    );

    // The Inbox agrees: the question was answered, so nothing needs a reply.
    await card.getByTestId("assistant-inbox-link").click();
    await expect(page).toHaveURL(new RegExp(`/inbox\\?post=${postId}`));
    await expect(page.getByTestId("inbox-conversation")).toContainText("See you Friday, Anna!");
  },
);
