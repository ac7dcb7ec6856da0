import type { AppError } from "@smm/domain/errors";
import {
  connectionOf,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  failure as refusalOf,
  toolsFor,
} from "@smm/test-support/provider-harness";
import { describe, expect, it, vi } from "vitest";
import { type FakeTelegramServer, startTelegramServer } from "../../../../../tests/fakes/telegram-server";
import { networkModules } from "../modules";
import { type NetworkModuleContext, readModuleEnv } from "../network-module";
import type { ProviderAccount } from "../provider";
import { notAdminMessage } from "./errors";
import {
  createTelegramProvider,
  EXPIRED_MESSAGE,
  parseExternalId,
  type TelegramCredentials,
  telegramModule,
  UNCONFIRMED_MESSAGE,
} from "./index";

const startFake = fakesClosedAfterEach(() => startTelegramServer());

function setup(fake: FakeTelegramServer, apiUrl = fake.url) {
  // Telegram's host is fixed (TELEGRAM_API_URL): the provider never uses the guard.
  const { tools, sleeps } = toolsFor(null);
  return { provider: createTelegramProvider({ apiUrl, tools }), sleeps };
}

type Setup = ReturnType<typeof setup>;

async function connectWith(
  { provider }: Setup,
  credentials: { token?: string; handle?: string },
): Promise<ProviderAccount<TelegramCredentials>> {
  const step = await provider.connect!.start({
    platform: "telegram",
    credentials,
    state: "state",
    redirectUri: "http://localhost/callback",
  });
  if (step.kind !== "connected") throw new Error("expected an account at once");
  return step.account;
}

async function connected(handle = "@acme") {
  const fake = await startFake();
  const context = setup(fake);
  const account = await connectWith(context, { token: fake.bot.token, handle });
  return { fake, ...context, account, ...connectionOf(account, "telegram") };
}

/** An image at its own signed address, with a spy on its bytes: Telegram may take the address instead. */
function photoOf(fill: number, extra: { mimeType?: string; bytes?: number; width?: number } = {}) {
  const image = imageOf(extra.mimeType ?? "image/jpeg", "", {
    size: extra.bytes ?? 512,
    fill,
    url: `https://media.example/signed/${fill}.jpg`,
    width: extra.width ?? 1200,
    height: 800,
  });
  const read = vi.fn(image.read);
  return { image: { ...image, read }, read };
}

let currentToken = "";
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await refusalOf(promise);
  // The token is in the API's URL path: no error may carry it.
  const said = `${error.message} ${JSON.stringify(error.issues ?? [])}`;
  if (currentToken) expect(said).not.toContain(currentToken);
  expect(said).not.toContain("/bot");
  return error;
}

const writes = (fake: FakeTelegramServer) =>
  fake.state.requests.filter((r) => !["getMe", "getChat", "getChatMember"].includes(r.method));

describe("Telegram: descriptor and module", () => {
  it("declares Telegram's limits, connect form and capabilities", async () => {
    const fake = await startFake();
    const descriptor = setup(fake).provider.describe("telegram");
    expect(descriptor).toMatchObject({
      label: "Telegram",
      connect: {
        method: "bot_token",
        fields: [
          { name: "token", label: "Bot token", placeholder: "123456789:AA...", secret: true },
          { name: "handle", label: "Channel", placeholder: "@yourchannel", secret: false },
        ],
        ask: "To connect Telegram I need your bot's token (from @BotFather) and the channel's @name; add the bot to the channel as an administrator with Post messages first.",
      },
      text: {
        maxLength: 4096,
        counting: "characters",
        withImage: {
          maxLength: 1024,
          overLimit:
            "Longer than 1,024 characters with an image: Telegram gets the text as a message with the image as its link preview above it.",
        },
      },
      media: {
        maxImages: 10,
        maxImageBytes: 10 * 1024 * 1024,
        imageTypes: ["image/jpeg", "image/png", "image/webp"],
        altTextMaxLength: 0,
      },
      nativeScheduling: null,
      exactlyOnce: "none",
      capabilities: { edit: true, delete: true, insights: false, ads: false, replies: false },
      style: { voice: "feed" },
    });
    expect(descriptor.style.postingHoursUtc).toHaveLength(7);
  });

  it("is registered, reads TELEGRAM_API_URL and makes the provider", () => {
    expect(networkModules).toContain(telegramModule);
    expect(readModuleEnv(telegramModule, {}).TELEGRAM_API_URL).toBe("https://api.telegram.org");
    const env = readModuleEnv(telegramModule, { TELEGRAM_API_URL: "http://127.0.0.1:9/" });
    expect(env.TELEGRAM_API_URL).toBe("http://127.0.0.1:9/");
    const provider = telegramModule.create({
      env,
      tools: toolsFor(null).tools,
      plainHttp: true,
      publicUrl: "http://localhost",
    } as unknown as NetworkModuleContext<typeof env>);
    expect(provider.id).toBe("telegram");
    expect(provider.platforms).toEqual(["telegram"]);
    expect(provider.describe("telegram").text).toMatchObject({
      maxLength: 4096,
      withImage: { maxLength: 1024 },
    });
    expect(provider.describe("telegram").media.maxImages).toBe(10);
  });
});

describe("Telegram: connect", () => {
  it("connects a public channel: getMe, getChat, getChatMember, keeping the token and the chat id", async () => {
    const fake = await startFake();
    currentToken = fake.bot.token;
    const account = await connectWith(setup(fake), {
      token: ` ${fake.bot.token} `,
      handle: "https://t.me/acme",
    });
    expect(account).toEqual({
      externalAccountId: "-1001234567890",
      name: "Acme News",
      handle: "@acme",
      pictureUrl: null,
      credentials: { botToken: fake.bot.token, chatId: "-1001234567890" },
      tokenExpiresAt: null,
      scopes: [],
      metadata: { handle: "@acme", host: "telegram" },
    });
    expect(fake.state.requests.map((r) => [r.method, r.params])).toEqual([
      ["getMe", {}],
      ["getChat", { chat_id: "@acme" }],
      ["getChatMember", { chat_id: -1001234567890, user_id: fake.bot.id }],
    ]);
  });

  it("connects a private channel by its -100 id (no @name, so no handle)", async () => {
    const fake = await startFake();
    const account = await connectWith(setup(fake), { token: fake.bot.token, handle: "-1009876543210" });
    expect(account).toMatchObject({
      externalAccountId: "-1009876543210",
      name: "Acme Insiders",
      handle: null,
      metadata: { host: "telegram" },
    });
    expect(account.metadata.handle).toBeUndefined();
  });

  it("refuses a token Telegram does not accept, on the token field", async () => {
    const fake = await startFake();
    const wrong = `${fake.bot.id}:AAwrongwrongwrongwrongwrongwrongwro`;
    currentToken = wrong;
    const error = await failure(connectWith(setup(fake), { token: wrong, handle: "@acme" }));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toMatch(/^Telegram did not accept this bot token/u);
    expect(error.issues).toEqual([{ path: "token", message: error.message }]);
  });

  it("refuses what is not a token, and an invite link, before any call", async () => {
    const fake = await startFake();
    const context = setup(fake);
    const shape = await failure(connectWith(context, { token: "my password", handle: "@acme" }));
    expect(shape.reason).toBe("invalid_input");
    expect(shape.issues?.[0]?.path).toBe("token");
    const missing = await failure(connectWith(context, { handle: "@acme" }));
    expect(missing.issues?.[0]?.path).toBe("token");
    const invite = await failure(
      connectWith(context, { token: fake.bot.token, handle: "https://t.me/+AbCdEf123" }),
    );
    expect(invite.reason).toBe("invalid_input");
    expect(invite.issues?.[0]?.path).toBe("handle");
    expect(invite.message).toMatch(/invite link/u);
    const noChannel = await failure(connectWith(context, { token: fake.bot.token, handle: " " }));
    expect(noChannel.issues?.[0]?.path).toBe("handle");
    expect(fake.state.requests).toHaveLength(0);
  });

  it("refuses a channel Telegram cannot find", async () => {
    const fake = await startFake();
    const error = await failure(
      connectWith(setup(fake), { token: fake.bot.token, handle: "@nosuchchannel" }),
    );
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toMatch(/^Telegram cannot find the channel @nosuchchannel/u);
    expect(error.issues?.[0]?.path).toBe("handle");
  });

  it("refuses a channel where the bot is not an administrator with Post messages", async () => {
    const fake = await startFake();
    const context = setup(fake);
    fake.setBotStatus(fake.publicChannel.id, "administrator", false);
    const demoted = await failure(connectWith(context, { token: fake.bot.token, handle: "@acme" }));
    expect(demoted.reason).toBe("invalid_input");
    expect(demoted.message).toBe(notAdminMessage("Acme News"));
    expect(demoted.message).toMatch(/Post messages/u);

    fake.setBotStatus(fake.publicChannel.id, "left");
    const absent = await failure(connectWith(context, { token: fake.bot.token, handle: "@acme" }));
    expect(absent.message).toBe(notAdminMessage("Acme News"));
    expect(absent.issues?.[0]?.path).toBe("handle");
  });

  it("refuses a group (not a channel)", async () => {
    const fake = await startFake();
    fake.addChat({
      id: -1005555555555,
      type: "supergroup",
      title: "Acme Chat",
      username: "acmechat",
      botStatus: "administrator",
      canPostMessages: false,
    });
    const error = await failure(connectWith(setup(fake), { token: fake.bot.token, handle: "@acmechat" }));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toMatch(/not a Telegram channel/u);
  });

  it("hands a rate limit back at once with its wait, and says when Telegram cannot be reached", async () => {
    const fake = await startFake();
    const context = setup(fake);
    fake.rateLimitNext(1, 7);
    const limited = await failure(connectWith(context, { token: fake.bot.token, handle: "@acme" }));
    expect(limited.reason).toBe("upstream_failed");
    expect(limited.retryAfterMs).toBe(8_000);
    expect(context.sleeps).toEqual([]);

    const closed = setup(fake, "http://127.0.0.1:9");
    const unreachable = await failure(connectWith(closed, { token: fake.bot.token, handle: "@acme" }));
    expect(unreachable.reason).toBe("upstream_failed");
    expect(unreachable.message).toMatch(/could not be reached/u);
  });
});

describe("Telegram: publish", () => {
  it("sends text as a message, with the post's t.me address", async () => {
    const { fake, provider, connection } = await connected();
    const copy = await provider.publish(connection, postOf("Hello channel https://example.com"));
    const [message] = fake.messagesOf(fake.publicChannel.id);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);
    expect(message).toMatchObject({ text: "Hello channel https://example.com", photo: null });
    expect(copy).toEqual({
      externalId: `-1001234567890:text:${message?.messageId}`,
      url: `https://t.me/acme/${message?.messageId}`,
      publishedAt: new Date(Math.floor((message?.date.getTime() ?? 0) / 1000) * 1000),
    });
    const [send] = writes(fake);
    expect(send?.method).toBe("sendMessage");
    expect(send?.params).toEqual({ chat_id: "-1001234567890", text: "Hello channel https://example.com" });
  });

  it("gives no address for a post in a private channel", async () => {
    const { fake, provider, connection } = await connected("-1009876543210");
    const copy = await provider.publish(connection, postOf("Members only"));
    expect(copy.url).toBeNull();
    expect(parseExternalId(copy.externalId)).toEqual({
      chatId: "-1009876543210",
      kind: "text",
      messageIds: [fake.messagesOf(fake.privateChannel.id)[0]?.messageId],
    });
  });

  it("counts UTF-16 units: 2,048 emoji fill the 4,096 exactly", async () => {
    const { fake, provider, connection } = await connected();
    await provider.publish(connection, postOf("😀".repeat(2048)));
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);
    const over = await failure(provider.publish(connection, postOf("😀".repeat(2049))));
    expect(over.reason).toBe("text_over_limit");
  });

  it("uploads one image with the text as its caption (multipart, not by URL)", async () => {
    const { fake, provider, connection } = await connected();
    const { image, read } = photoOf(7, { mimeType: "image/png" });
    const copy = await provider.publish(connection, postOf("A photo", { images: [image] }));
    const [message] = fake.messagesOf(fake.publicChannel.id);
    expect(message?.caption).toBe("A photo");
    expect(message?.photo?.mimeType).toBe("image/png");
    expect(message?.photo?.reference).toBeNull();
    expect(message?.photo?.bytes).toEqual(new Uint8Array(512).fill(7));
    expect(read).toHaveBeenCalledTimes(1);
    expect(copy.externalId).toBe(`-1001234567890:photo:${message?.messageId}`);
    const [send] = writes(fake);
    expect(send?.method).toBe("sendPhoto");
    expect(send?.contentType).toMatch(/^multipart\/form-data/u);
    expect(send?.files).toEqual(["photo"]);
  });

  it("sends one image with a text over 1,024 as a message whose link preview is the image, above it", async () => {
    const { fake, provider, connection } = await connected();
    const { image, read } = photoOf(3);
    const text = "x".repeat(2000);
    const copy = await provider.publish(connection, postOf(text, { images: [image] }));
    const [message] = fake.messagesOf(fake.publicChannel.id);
    expect(message).toMatchObject({
      text,
      photo: null,
      linkPreviewOptions: { url: image.url, prefer_large_media: true, show_above_text: true },
    });
    expect(read).not.toHaveBeenCalled();
    expect(copy.externalId).toBe(`-1001234567890:preview:${message?.messageId}`);
  });

  it("sends 2-10 images as an album with the caption on the first", async () => {
    const { fake, provider, connection } = await connected();
    const images = [photoOf(1).image, photoOf(2, { mimeType: "image/webp" }).image, photoOf(3).image];
    const copy = await provider.publish(connection, postOf("Three photos", { images }));
    const messages = fake.messagesOf(fake.publicChannel.id);
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => m.caption)).toEqual(["Three photos", null, null]);
    expect(messages.map((m) => m.photo?.bytes[0])).toEqual([1, 2, 3]);
    expect(new Set(messages.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(copy.externalId).toBe(`-1001234567890:album:${messages.map((m) => m.messageId).join(",")}`);
    expect(copy.url).toBe(`https://t.me/acme/${messages[0]?.messageId}`);
    const [send] = writes(fake);
    expect(send?.method).toBe("sendMediaGroup");
    expect(send?.files).toEqual(["p0", "p1", "p2"]);
    expect(send?.params.media).toEqual([
      { type: "photo", media: "attach://p0", caption: "Three photos" },
      { type: "photo", media: "attach://p1" },
      { type: "photo", media: "attach://p2" },
    ]);
  });

  it("refuses what Telegram would refuse before any call", async () => {
    const { fake, provider, connection } = await connected();
    const before = fake.state.requests.length;

    const long = await failure(provider.publish(connection, postOf("a".repeat(4097))));
    expect(long.reason).toBe("text_over_limit");
    expect(long.message).toMatch(/4,096 characters/u);

    const longWithImage = await failure(
      provider.publish(connection, postOf("a".repeat(4097), { images: [photoOf(1).image] })),
    );
    expect(longWithImage.reason).toBe("text_over_limit");

    const album = [photoOf(1).image, photoOf(2).image];
    const overCaption = await failure(
      provider.publish(connection, postOf("a".repeat(1025), { images: album })),
    );
    expect(overCaption.reason).toBe("text_over_limit");
    expect(overCaption.message).toMatch(/1,024 characters in the caption/u);

    const eleven = Array.from({ length: 11 }, (_, i) => photoOf(i).image);
    const tooMany = await failure(provider.publish(connection, postOf("Eleven", { images: eleven })));
    expect(tooMany.reason).toBe("media_not_fitting");

    const gif = await failure(
      provider.publish(
        connection,
        postOf("A gif", { images: [photoOf(1, { mimeType: "image/gif" }).image] }),
      ),
    );
    expect(gif.reason).toBe("invalid_input");
    const big = await failure(
      provider.publish(
        connection,
        postOf("Big", { images: [photoOf(1, { bytes: 10 * 1024 * 1024 + 1 }).image] }),
      ),
    );
    expect(big.message).toMatch(/10 MB/u);
    const panorama = await failure(
      provider.publish(connection, postOf("Wide", { images: [photoOf(1, { width: 9500 }).image] })),
    );
    expect(panorama.reason).toBe("invalid_input");
    const empty = await failure(provider.publish(connection, postOf("  ")));
    expect(empty.reason).toBe("invalid_input");

    expect(fake.state.requests.length).toBe(before);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(0);
  });

  it("marks the connection expired when the token is revoked", async () => {
    const { fake, provider, connection, expiredCount } = await connected();
    currentToken = fake.bot.token;
    fake.revokeToken();
    const error = await failure(provider.publish(connection, postOf("Hello")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(EXPIRED_MESSAGE);
    expect(expiredCount()).toBe(1);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(0);
  });

  it("says to make the bot an administrator again when it was kicked or lost its right (no expiry)", async () => {
    const { fake, provider, connection, expiredCount } = await connected();
    fake.setBotStatus(fake.publicChannel.id, "kicked");
    const kicked = await failure(provider.publish(connection, postOf("Hello")));
    expect(kicked.reason).toBe("upstream_failed");
    expect(kicked.message).toBe(notAdminMessage("@acme"));
    expect(kicked.retryAfterMs).toBeUndefined();

    fake.setBotStatus(fake.publicChannel.id, "administrator", false);
    const demoted = await failure(provider.publish(connection, postOf("Hello")));
    expect(demoted.message).toBe(notAdminMessage("@acme"));
    expect(expiredCount()).toBe(0);
  });

  it("waits out a short rate limit once and posts; hands a long one back with retry_after", async () => {
    const { fake, provider, connection, sleeps } = await connected();
    fake.rateLimitNext(1, 3, "sendMessage");
    await provider.publish(connection, postOf("After a short wait"));
    expect(sleeps).toEqual([4_000]);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);

    fake.rateLimitNext(1, 120, "sendMessage");
    const error = await failure(provider.publish(connection, postOf("After a long wait")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.retryAfterMs).toBe(121_000);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);
  });

  it("shows a lost answer as Unconfirmed and never sends it twice", async () => {
    const { fake, provider, connection } = await connected();
    currentToken = fake.bot.token;
    fake.loseNextAnswer("destroy");
    const post = postOf("Lost on the way back");
    const lost = await failure(provider.publish(connection, post));
    expect(lost.reason).toBe("publish_unconfirmed");
    expect(lost.message).toBe(UNCONFIRMED_MESSAGE);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);
    expect(writes(fake)).toHaveLength(1);

    // The publish job asks before trying again: Telegram cannot tell, so it stays Unconfirmed.
    const requests = fake.state.requests.length;
    const found = await failure(
      provider.findPublished(connection, {
        postId: post.postId,
        content: post.content,
        marker: post.marker,
        attemptAt: post.attemptAt,
      }),
    );
    expect(found.reason).toBe("publish_unconfirmed");
    expect(found.message).toBe("Unconfirmed: check your Telegram channel");
    expect(fake.state.requests.length).toBe(requests);
  });

  it("treats a 5xx after the post was made (an album too) as Unconfirmed", async () => {
    const { fake, provider, connection } = await connected();
    fake.loseNextAnswer("500", "sendMediaGroup");
    const images = [photoOf(1).image, photoOf(2).image];
    const error = await failure(provider.publish(connection, postOf("Two", { images })));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(2);
    expect(writes(fake)).toHaveLength(1);
  });
});

describe("Telegram: delete", () => {
  it("deletes a post, and deleting it again is fine", async () => {
    const { fake, provider, connection } = await connected();
    const copy = await provider.publish(connection, postOf("Short-lived"));
    await provider.delete(connection, copy.externalId);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(0);
    await provider.delete(connection, copy.externalId);
    expect(fake.requestsOf("deleteMessage")).toHaveLength(2);
  });

  it("deletes every message of an album, one already gone included", async () => {
    const { fake, provider, connection } = await connected();
    const images = [photoOf(1).image, photoOf(2).image, photoOf(3).image];
    const copy = await provider.publish(connection, postOf("Album", { images }));
    const [, second] = parseExternalId(copy.externalId).messageIds;
    fake.deleteBehind(fake.publicChannel.id, second ?? 0);
    await provider.delete(connection, copy.externalId);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(0);
    expect(fake.requestsOf("deleteMessage").map((r) => r.params.message_id)).toEqual(
      parseExternalId(copy.externalId).messageIds,
    );
  });

  it("says Telegram's 48-hour rule for an older post", async () => {
    const { fake, provider, connection } = await connected();
    const copy = await provider.publish(connection, postOf("Old news"));
    fake.ageMessages(fake.publicChannel.id, 49);
    const error = await failure(provider.delete(connection, copy.externalId));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/^Telegram lets bots delete posts only within 48 hours/u);
    expect(fake.messagesOf(fake.publicChannel.id)).toHaveLength(1);
  });

  it("marks the connection expired on a revoked token, and refuses an id that is not Telegram's", async () => {
    const { fake, provider, connection, expiredCount } = await connected();
    const copy = await provider.publish(connection, postOf("Hello"));
    fake.revokeToken();
    const error = await failure(provider.delete(connection, copy.externalId));
    expect(error.reason).toBe("network_token_expired");
    expect(expiredCount()).toBe(1);
    const wrong = await failure(provider.delete(connection, "at://did:plc:abc/app.bsky.feed.post/1"));
    expect(wrong.reason).toBe("invalid_input");
  });
});

describe("Telegram: edit", () => {
  it("edits a message's text; the same text again is fine", async () => {
    const { fake, provider, connection } = await connected();
    const copy = await provider.publish(connection, postOf("Frist post"));
    await provider.edit!(connection, copy.externalId, postOf("First post"));
    const [message] = fake.messagesOf(fake.publicChannel.id);
    expect(message?.text).toBe("First post");
    expect(message?.editedAt).not.toBeNull();
    await provider.edit!(connection, copy.externalId, postOf("First post"));
    expect(fake.requestsOf("editMessageText")).toHaveLength(2);
  });

  it("edits a photo's caption, refusing one over 1,024 before any call", async () => {
    const { fake, provider, connection } = await connected();
    const { image } = photoOf(1);
    const copy = await provider.publish(connection, postOf("Caption", { images: [image] }));
    await provider.edit!(connection, copy.externalId, postOf("New caption", { images: [image] }));
    expect(fake.messagesOf(fake.publicChannel.id)[0]?.caption).toBe("New caption");
    const before = fake.state.requests.length;
    const error = await failure(
      provider.edit!(connection, copy.externalId, postOf("c".repeat(1025), { images: [image] })),
    );
    expect(error.reason).toBe("text_over_limit");
    expect(fake.state.requests.length).toBe(before);
  });

  it("keeps the image as the preview when editing a long post with one image", async () => {
    const { fake, provider, connection } = await connected();
    const { image } = photoOf(1);
    const copy = await provider.publish(connection, postOf("y".repeat(1500), { images: [image] }));
    await provider.edit!(connection, copy.externalId, postOf("z".repeat(1600), { images: [image] }));
    expect(fake.messagesOf(fake.publicChannel.id)[0]).toMatchObject({
      text: "z".repeat(1600),
      linkPreviewOptions: { url: image.url, prefer_large_media: true, show_above_text: true },
    });
  });

  it("edits an album's caption on its first photo", async () => {
    const { fake, provider, connection } = await connected();
    const images = [photoOf(1).image, photoOf(2).image];
    const copy = await provider.publish(connection, postOf("Album", { images }));
    await provider.edit!(connection, copy.externalId, postOf("Album, edited", { images }));
    expect(fake.messagesOf(fake.publicChannel.id).map((m) => m.caption)).toEqual(["Album, edited", null]);
  });

  it("says so when the post is gone from the channel", async () => {
    const { fake, provider, connection } = await connected();
    const copy = await provider.publish(connection, postOf("Soon gone"));
    fake.deleteBehind(fake.publicChannel.id, parseExternalId(copy.externalId).messageIds[0] ?? 0);
    const error = await failure(provider.edit!(connection, copy.externalId, postOf("Edited")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/no longer in the Telegram channel/u);
  });
});
