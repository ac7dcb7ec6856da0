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
import { startTelegramServer } from "../../../../../tests/fakes/telegram-server";
import { createTelegramProvider, parseExternalId } from "./index";

const startFake = fakesClosedAfterEach(() => startTelegramServer());

/** The provider on the fake, connected to the fake's public channel (@acme). */
async function connected() {
  const fake = await startFake();
  const { tools } = toolsFor(null);
  const provider = createTelegramProvider({ apiUrl: fake.url, tools });
  const step = await provider.connect!.start({
    platform: "telegram",
    credentials: { token: fake.bot.token, handle: "@acme" },
    state: "state",
    redirectUri: "http://localhost/callback",
  });
  if (step.kind !== "connected") throw new Error("expected an account at once");
  fake.state.requests.length = 0;
  return { fake, provider, ...connectionOf(step.account, "telegram") };
}

const photo = (fill: number) =>
  imageOf("image/jpeg", `Alt ${fill} (Telegram keeps none)`, { size: 300, fill, width: 1200, height: 800 });
const clip = (fill: number, seconds = 14) => videoOf(seconds, { size: 3000, fill });

describe("Telegram media: photos and videos", () => {
  it("sends a carousel's photos as an album in their order, the text as the first one's caption", async () => {
    const { fake, provider, connection } = await connected();
    const media = [photo(1), photo(2), photo(3), photo(4)];
    await provider.publish(connection, postOf("Four photos", { format: "carousel", media }));

    const messages = fake.messagesOf(fake.publicChannel.id);
    expect(messages.map((m) => m.photo?.bytes[0])).toEqual([1, 2, 3, 4]);
    expect(messages.map((m) => m.caption)).toEqual(["Four photos", null, null, null]);
  });

  it("uploads one video with sendVideo (multipart), its caption and what Telegram shows of it", async () => {
    const { fake, provider, connection } = await connected();

    const copy = await provider.publish(connection, postOf("Our video", { media: [clip(6, 14)] }));

    const [message] = fake.messagesOf(fake.publicChannel.id);
    expect(message?.caption).toBe("Our video");
    expect(message?.video).toMatchObject({ mimeType: "video/mp4", reference: null, fileName: "video-1.mp4" });
    expect(message?.video?.bytes).toEqual(new Uint8Array(3000).fill(6));
    expect(copy.externalId).toBe(`-1001234567890:video:${message?.messageId}`);
    const [send] = fake.requestsOf("sendVideo");
    expect(send?.files).toEqual(["video"]);
    expect(send?.params).toMatchObject({
      supports_streaming: "true",
      width: "1080",
      height: "1920",
      duration: "14",
    });

    // Its caption is edited as a photo's is.
    await provider.edit!(connection, copy.externalId, postOf("Our video, renamed", { media: [clip(6, 14)] }));
    expect(fake.messagesOf(fake.publicChannel.id)[0]?.caption).toBe("Our video, renamed");
    expect(parseExternalId(copy.externalId).kind).toBe("video");
  });

  it("mixes photos and videos in one album, in their order", async () => {
    const { fake, provider, connection } = await connected();
    const media = [photo(1), clip(2), photo(3)];
    const copy = await provider.publish(connection, postOf("Mixed", { format: "carousel", media }));

    const messages = fake.messagesOf(fake.publicChannel.id);
    expect(
      messages.map((m) => (m.photo ? `photo ${m.photo.bytes[0]}` : `video ${m.video?.bytes[0]}`)),
    ).toEqual(["photo 1", "video 2", "photo 3"]);
    expect(new Set(messages.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(copy.externalId).toBe(`-1001234567890:album:${messages.map((m) => m.messageId).join(",")}`);
    const [send] = fake.requestsOf("sendMediaGroup");
    expect(send?.files).toEqual(["p0", "v1", "p2"]);
    expect(send?.params.media).toEqual([
      { type: "photo", media: "attach://p0", caption: "Mixed" },
      {
        type: "video",
        media: "attach://v1",
        supports_streaming: true,
        width: 1080,
        height: 1920,
        duration: 14,
      },
      { type: "photo", media: "attach://p2" },
    ]);
  });

  it("refuses a video over 50 MB, a caption over 1,024 on a video, eleven items and a reel, before any call", async () => {
    const { fake, provider, connection } = await connected();
    const big = await failure(
      provider.publish(connection, postOf("Big", { media: [videoOf(10, { size: 50 * 1024 * 1024 + 1 })] })),
    );
    expect(big.reason).toBe("media_not_fitting");
    expect(big.message).toBe("The video is larger than the 50 MB Telegram takes for a video.");
    const long = await failure(provider.publish(connection, postOf("x".repeat(1025), { media: [clip(1)] })));
    expect(long.reason).toBe("text_over_limit");
    const eleven = Array.from({ length: 11 }, (_, index) => (index % 2 ? clip(index) : photo(index)));
    const tooMany = await failure(
      provider.publish(connection, postOf("Eleven", { format: "carousel", media: eleven })),
    );
    expect(tooMany.reason).toBe("media_not_fitting");
    const reel = await failure(
      provider.publish(connection, postOf("Reel", { format: "reel", media: [clip(1)] })),
    );
    expect(reel.reason).toBe("format_unsupported");
    expect(fake.state.requests).toEqual([]);
  });

  it("takes no first comment", async () => {
    const { provider } = await connected();
    expect(provider.comment).toBeUndefined();
    expect(provider.describe("telegram").capabilities.firstComment).toBeNull();
  });
});
