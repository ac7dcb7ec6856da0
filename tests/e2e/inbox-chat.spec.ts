import { expect } from "@playwright/test";
import { fakeGraphTest, publishOnFakePage } from "./fixtures/fake-graph";

/*
 * Issue 33's inbox from the floating assistant, end to end on an in-process server pointed at the fake Graph
 * API over HTTP: a comment comes in by Meta's signed webhook; on the dashboard "any new comments?" lists it,
 * and "reply to the last comment" shows a draft card (labelled as the offline model's) that sends nothing by
 * itself; Edit, then Send: the reply reaches the fake once, under the comment, and the card shows Sent. A
 * second draft edited on its card and sent by "send it" in the chat goes out as edited.
 */

fakeGraphTest(
  "the floating assistant drafts a reply to the last comment, sends nothing until Send, then it is Sent",
  async ({ page, server, fake }) => {
    fakeGraphTest.setTimeout(120_000);
    const { postId, fakePostId } = await publishOnFakePage(page, server, fake, {
      prefix: "inbox-chat",
      brand: "Waffle House",
      caption: "Waffle Wednesday is back! Which topping should we add next?",
    });

    // A stranger asks under the post; Meta tells us by a signed webhook.
    const question = fake.addComment({
      on: fakePostId,
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

    // A second comment; its draft is edited on the card, then "send it" in the chat sends the edited text.
    const praise = fake.addComment({
      on: fakePostId,
      text: "Best waffles in town, the berry one is perfect",
      from: { id: "90012", name: "Ben Ode" },
    });
    expect(
      await fake.sendCommentWebhook({
        url: `${server.url}/webhooks/meta`,
        object: "page",
        commentId: praise.id,
      }),
    ).toBe(200);
    await input.fill("reply to the last comment");
    await input.press("Enter");
    const second = panel.getByTestId("assistant-reply-draft").filter({ hasText: "Reply to Ben Ode" });
    await expect(second).toBeVisible({ timeout: 20_000 });
    await second.getByTestId("assistant-reply-edit").click();
    const edited = "Thank you Ben! The berry one is back every Wednesday.";
    await second.getByTestId("assistant-reply-draft-text").fill(edited);
    await input.fill("send it");
    await input.press("Enter");
    await expect(second.getByTestId("assistant-reply-state")).toHaveAttribute("data-delivery", "sent", {
      timeout: 20_000,
    });
    expect(fake.comments.filter((comment) => comment.parentId === praise.id).map((c) => c.message)).toEqual([
      edited,
    ]);

    // The Inbox agrees: both answered, as sent.
    await second.getByTestId("assistant-inbox-link").click();
    await expect(page).toHaveURL(new RegExp(`/inbox\\?post=${postId}`));
    await expect(page.getByTestId("inbox-conversation")).toContainText("See you Friday, Anna!");
    await expect(page.getByTestId("inbox-conversation")).toContainText(edited);
  },
);
