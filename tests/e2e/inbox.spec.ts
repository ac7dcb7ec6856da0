import { expect } from "@playwright/test";
import { fakeGraphTest, publishOnFakePage } from "./fixtures/fake-graph";
import { expectCleanLayout } from "./layout-check";

/*
 * Issue 33's inbox, end to end on an in-process server pointed at the fake Graph API over HTTP: a post
 * published to the fake page; with /inbox open, a stranger's comment comes in by Meta's signed webhook and
 * shows without a reload; it is answered with a draft by the offline model, edited and sent (the reply
 * reaches the fake, under the comment, and shows Sent); a second comment is marked done with the keyboard and
 * leaves "Needs reply". The post details show the thread, and the page works one pane at a time on a phone.
 */

fakeGraphTest(
  "a comment from the fake arrives on the open inbox, is answered with an edited AI draft and marked done",
  async ({ page, server, fake }) => {
    fakeGraphTest.setTimeout(120_000);
    const caption = "Waffle Wednesday is back! Which topping should we add next?";
    const { postId, fakePostId } = await publishOnFakePage(page, server, fake, {
      prefix: "inbox",
      brand: "Waffle House",
      caption,
    });
    const webhookUrl = `${server.url}/webhooks/meta`;

    // The inbox from the sidebar: nothing needs a reply yet.
    await page.goto("/dashboard");
    await page.getByTestId("sidebar").getByTestId("nav-inbox").click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId("inbox-empty")).toContainText("No comments need a reply");

    // A stranger asks under the post; Meta tells us by a signed webhook. The page follows without a reload.
    const question = fake.addComment({
      on: fakePostId,
      text: "Do you have gluten-free waffles?",
      from: { id: "90001", name: "Anna Berg" },
    });
    expect(await fake.sendCommentWebhook({ url: webhookUrl, object: "page", commentId: question.id })).toBe(
      200,
    );
    const thread = page.locator(`[data-testid="inbox-thread"][data-post-id="${postId}"]`);
    const questionRow = thread.getByTestId("inbox-list-item").filter({ hasText: "gluten-free" });
    // Live: the webhook's inbox.changed refreshes the open page (no reload); 20 s for a loaded CI machine.
    await expect(questionRow).toBeVisible({ timeout: 20_000 });
    await expect(questionRow).toContainText("Anna Berg");
    await expect(questionRow.getByTestId("inbox-badge-question")).toHaveText("Question");
    await expect(thread.getByTestId("inbox-unread-dot")).toBeVisible();
    await expect(page.getByTestId("nav-inbox-unread")).toContainText("1");

    // j opens it (read: the badge goes), r goes to the reply box.
    await page.keyboard.press("j");
    const conversation = page.getByTestId("inbox-conversation");
    await expect(conversation).toHaveAttribute("data-post-id", postId);
    await expect(page).toHaveURL(new RegExp(`[?&]post=${postId}`));
    await expect(conversation.getByTestId("inbox-post")).toContainText(caption);
    await expect(page.getByTestId("nav-inbox-unread")).toHaveCount(0);
    await expect(questionRow).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("r");
    const box = page.getByTestId("inbox-reply-text");
    await expect(box).toBeFocused();
    await expect(page.getByTestId("inbox-reply-target")).toHaveText("Anna Berg");

    // Drafted by the offline model (labelled), then edited by hand and sent with Ctrl+Enter.
    await page.getByTestId("inbox-reply-instructions").fill("say yes, on Fridays");
    await page.getByTestId("inbox-draft").click();
    await expect(page.getByTestId("inbox-draft-offline")).toHaveText("Written by the offline model");
    await expect(box).not.toHaveValue("");
    const reply = `${(await box.inputValue()).trim()} See you Friday, Anna!`;
    await box.fill(reply);
    await expect(page.getByTestId("inbox-reply-counter")).toHaveText(/^\d+\/\d+ characters$/);
    await box.press("Control+Enter");

    // Ours, under the comment it answers, Sent; on the fake once, as a reply to that comment.
    const ours = conversation.locator('[data-testid="inbox-thread-item"][data-own="true"]');
    await expect(ours).toContainText("See you Friday, Anna!");
    await expect(ours.getByTestId("inbox-delivery")).toHaveAttribute("data-delivery", "sent");
    await expect(ours.getByTestId("inbox-delivery")).toHaveText("Sent");
    await expect(ours).toHaveAttribute("data-depth", "1");
    await expect(box).toHaveValue("");
    expect(fake.comments.filter((comment) => comment.parentId === question.id).map((c) => c.message)).toEqual(
      [reply],
    );
    // Answered is done: the question left "Needs reply".
    await expect(thread).toHaveCount(0);

    // A second comment while the conversation is open; e marks it done and it leaves "Needs reply" too.
    const praise = fake.addComment({
      on: fakePostId,
      text: "Best waffles in town, no question.",
      from: { id: "90002", name: "Tomás Ruiz" },
    });
    expect(await fake.sendCommentWebhook({ url: webhookUrl, object: "page", commentId: praise.id })).toBe(
      200,
    );
    const praiseRow = thread.getByTestId("inbox-list-item").filter({ hasText: "Best waffles" });
    await expect(praiseRow).toBeVisible();
    const praiseItem = conversation.getByTestId("inbox-thread-item").filter({ hasText: "Best waffles" });
    await expect(praiseItem).toHaveAttribute("data-status", "open");
    await page.keyboard.press("Escape");
    await expect(box).not.toBeFocused();
    await page.keyboard.press("j");
    await expect(praiseRow).toBeFocused();
    await page.keyboard.press("e");
    await expect(thread).toHaveCount(0);
    await expect(page.getByTestId("inbox-empty")).toContainText("No comments need a reply");
    await expect(praiseItem).toHaveAttribute("data-status", "done");
    await expect(praiseItem.getByTestId("inbox-item-done")).toHaveText("Reopen");

    // Under "Done" the conversation is there, with its two comments.
    await page.getByTestId("inbox-status-done").click();
    await expect(thread.getByTestId("inbox-list-item").filter({ hasText: "gluten-free" })).toBeVisible();
    await expect(thread.getByTestId("inbox-list-item").filter({ hasText: "Best waffles" })).toBeVisible();
    await expect(thread.getByTestId("inbox-thread-counts")).toHaveText("2 comments");

    // The post details show the thread and lead back here.
    await conversation.getByTestId("inbox-post-details").click();
    const details = page.getByTestId("post-details-dialog");
    const comments = details.getByTestId("post-comments");
    await expect(comments.getByTestId("post-comments-count")).toHaveText("2");
    await expect(comments.getByTestId("post-comment")).toHaveCount(3);
    await expect(comments).toContainText("See you Friday, Anna!");
    await expect(comments.getByTestId("post-comments-open-inbox")).toHaveAttribute(
      "href",
      `/inbox?post=${postId}`,
    );
    await page.keyboard.press("Escape");
    await expect(details).toHaveCount(0);

    // On a phone, one pane at a time: the conversation with a way back, then the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/inbox?post=${postId}`);
    await expect(conversation).toBeVisible();
    await expect(page.getByTestId("inbox-list-pane")).toBeHidden();
    await expectCleanLayout(page, "inbox-phone-conversation");
    await conversation.getByTestId("inbox-back").click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId("inbox-list-pane")).toBeVisible();
    await expect(page.getByTestId("inbox-conversation-pane")).toBeHidden();
    await page.getByTestId("inbox-status-all").click();
    await expect(thread).toBeVisible();
    await expectCleanLayout(page, "inbox-phone-list");
  },
);
