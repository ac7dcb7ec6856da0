import {
  connectionOf,
  failure,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  toolsFor,
  videoOf,
} from "@smm/test-support/provider-harness";
import { describe, expect, it } from "vitest";
import { type FakeDiscordServer, startDiscordServer } from "../../../../../tests/fakes/discord-server";
import { createDiscordProvider } from "./index";

const startFake = fakesClosedAfterEach(() => startDiscordServer());

/** The provider on the fake (the guard letting its port through), connected to a new webhook. */
async function connected(fake: FakeDiscordServer) {
  const { tools } = toolsFor(fake.url);
  const provider = createDiscordProvider({ apiUrl: fake.apiUrl, tools });
  const webhook = fake.createWebhook({ name: "Release notes" });
  const step = await provider.connect!.start({
    platform: "discord",
    credentials: { token: webhook.url },
    state: "state-1",
    redirectUri: "https://app.example/auth/channels/discord/callback",
  });
  if (step.kind !== "connected") throw new Error("Discord connects at once");
  fake.state.requests.length = 0;
  return { provider, webhook, ...connectionOf(step.account, "discord") };
}

describe("Discord media: images and videos as files", () => {
  it("attaches a carousel's images in order, each alt text as its attachment's description", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const media = [
      imageOf("image/png", "One", { fill: 1 }),
      imageOf("image/jpeg", "Two", { fill: 2 }),
      imageOf("image/webp", "", { fill: 3 }),
      imageOf("image/gif", "Four", { fill: 4 }),
    ];
    await provider.publish(connection, postOf("Four pictures", { format: "carousel", media }));

    const [message] = fake.messagesOf(webhook.id);
    expect(message?.attachments.map((a) => [a.filename, a.description, a.bytes[0]])).toEqual([
      ["image-1.png", "One", 1],
      ["image-2.jpg", "Two", 2],
      ["image-3.webp", null, 3],
      ["image-4.gif", "Four", 4],
    ]);
  });

  it("sends a video as a file, with its alt text", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const video = { ...videoOf(20, { size: 4000, fill: 8 }), altText: "Release walkthrough" };

    const copy = await provider.publish(connection, postOf("Watch the release", { media: [video] }));

    const [message] = fake.messagesOf(webhook.id);
    expect(message?.id).toBe(copy.externalId);
    expect(message?.attachments).toHaveLength(1);
    expect(message?.attachments[0]).toMatchObject({
      filename: "video-1.mp4",
      contentType: "video/mp4",
      size: 4000,
      description: "Release walkthrough",
    });
    expect(message?.attachments[0]?.bytes.every((byte) => byte === 8)).toBe(true);
  });

  it("mixes images and videos in one message, in their order", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const media = [imageOf("image/png", "Before"), videoOf(5), imageOf("image/png", "After")];
    await provider.publish(connection, postOf("Before and after", { format: "carousel", media }));

    const [message] = fake.messagesOf(webhook.id);
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["image-1.png", "image/png"],
      ["video-2.mp4", "video/mp4"],
      ["image-3.png", "image/png"],
    ]);
  });

  it("refuses a video over 10 MB, an unknown video type and a story, before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const big = await failure(
      provider.publish(connection, postOf("Big", { media: [videoOf(10, { size: 10 * 1024 * 1024 + 1 })] })),
    );
    expect(big.reason).toBe("media_not_fitting");
    expect(big.message).toBe("The video is larger than the 10 MB Discord takes for a video.");
    const avi = await failure(
      provider.publish(
        connection,
        postOf("AVI", { media: [{ ...videoOf(10), mimeType: "video/x-msvideo" }] }),
      ),
    );
    expect(avi.reason).toBe("media_not_fitting");
    const story = await failure(
      provider.publish(connection, postOf("Story", { format: "story", media: [videoOf(5)] })),
    );
    expect(story.reason).toBe("format_unsupported");
    expect(fake.state.requests).toEqual([]);
  });

  it("takes no first comment (a webhook cannot reply)", async () => {
    const fake = await startFake();
    const { provider } = await connected(fake);
    expect(provider.comment).toBeUndefined();
    expect(provider.describe("discord").capabilities.firstComment).toBeNull();
  });
});
