import { AppError } from "@smm/domain/errors";
import {
  clockAt,
  connectionOf,
  failure,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  toolsFor,
} from "@smm/test-support/provider-harness";
import { describe, expect, it } from "vitest";
import { type FakeDiscordServer, startDiscordServer } from "../../../../../tests/fakes/discord-server";
import { createGuardedFetch } from "../../adapters/guarded-fetch";
import { BLOCKED_ADDRESS } from "../../adapters/safe-web-fetcher";
import { networkModules } from "../modules";
import { readModuleEnv } from "../network-module";
import {
  CONNECT_ASK,
  createDiscordProvider,
  discordModule,
  INVALID_WEBHOOK_URL,
  RATE_LIMITED_MESSAGE,
  UNCONFIRMED_MESSAGE,
  UNKNOWN_WEBHOOK_MESSAGE,
  WEBHOOK_GONE_MESSAGE,
} from "./index";
import { parseWebhookUrl } from "./webhook-url";

const startFake = fakesClosedAfterEach(() => startDiscordServer());

/** The provider as production wires it, except that the guard lets exactly the fake's port through. */
function providerFor(fake: FakeDiscordServer, { guardedFetch }: { guardedFetch?: typeof fetch } = {}) {
  // Discord's bucket waits are measured on this clock: each wait moves it.
  const clock = clockAt();
  const { tools, sleeps } = toolsFor(fake.url, { now: clock.now, onSleep: clock.advance, guardedFetch });
  const provider = createDiscordProvider({ apiUrl: fake.apiUrl, tools });
  return { provider, sleeps, tools };
}

async function connectWith(provider: ReturnType<typeof providerFor>["provider"], token: string | undefined) {
  const step = await provider.connect?.start({
    platform: "discord",
    credentials: { token },
    state: "state-1",
    redirectUri: "https://app.example/auth/channels/discord/callback",
  });
  if (step?.kind !== "connected") throw new Error("Discord connects at once");
  return step.account;
}

async function connected(fake: FakeDiscordServer) {
  const setup = providerFor(fake);
  const webhook = fake.createWebhook({ name: "Release notes", avatar: "a1b2c3" });
  const account = await connectWith(setup.provider, webhook.url);
  return { ...setup, webhook, account, ...connectionOf(account, "discord") };
}

const executes = (fake: FakeDiscordServer) =>
  fake.state.requests.filter((r) => r.method === "POST" && !r.path.includes("/messages/"));

describe("Discord provider: describe and registration", () => {
  it("declares Discord's limits and its webhook-URL connect form", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    expect(provider.id).toBe("discord");
    expect(provider.platforms).toEqual(["discord"]);
    expect(provider.describe("discord")).toMatchObject({
      platform: "discord",
      label: "Discord",
      connect: {
        method: "webhook_url",
        fields: [
          {
            name: "token",
            label: "Webhook URL",
            placeholder: "https://discord.com/api/webhooks/...",
            secret: true,
          },
        ],
        ask: CONNECT_ASK,
      },
      text: { maxLength: 2000, counting: "characters" },
      media: {
        maxImages: 10,
        maxImageBytes: 10 * 1024 * 1024,
        imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
        altTextMaxLength: 1024,
      },
      nativeScheduling: null,
      exactlyOnce: "none",
      capabilities: { edit: true, delete: true, insights: false, ads: false, replies: false },
      style: { voice: "feed" },
    });
    expect(provider.describe("discord").style.postingHoursUtc).toHaveLength(7);
    expect(provider.connect?.available()).toBe(true);
  });

  it("is a registered network module reading DISCORD_API_URL (discord.com by default)", () => {
    expect(networkModules).toContain(discordModule);
    expect(discordModule.id).toBe("discord");
    expect(readModuleEnv(discordModule, {}).DISCORD_API_URL).toBe("https://discord.com/api");
    expect(readModuleEnv(discordModule, { DISCORD_API_URL: "http://127.0.0.1:9/api" }).DISCORD_API_URL).toBe(
      "http://127.0.0.1:9/api",
    );
  });
});

describe("Discord provider: the webhook URL", () => {
  const api = "https://discord.com/api";

  it("takes discord.com and Discord's other hosts for the default, normalised to discord.com", () => {
    for (const host of ["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"]) {
      expect(parseWebhookUrl(` https://${host}/api/webhooks/123456789012345678/tok_EN-1/ `, api)).toEqual({
        id: "123456789012345678",
        token: "tok_EN-1",
        url: "https://discord.com/api/webhooks/123456789012345678/tok_EN-1",
      });
    }
  });

  it("refuses anything else on the token field, without repeating the URL", () => {
    const refused = [
      undefined,
      "",
      "not a url",
      "http://discord.com/api/webhooks/1/abc",
      "https://evil.example/api/webhooks/1/abc",
      "https://discord.com.evil.example/api/webhooks/1/abc",
      "https://user:pw@discord.com/api/webhooks/1/abc",
      "https://discord.com/api/webhooks/abc/def",
      "https://discord.com/api/webhooks/1",
      "https://discord.com/api/webhooks/1/abc/extra",
      "https://discord.com/api/webhooks/1/abc?thread_id=2",
      "https://discord.com/channels/1/2",
    ];
    for (const raw of refused) {
      let caught: unknown;
      try {
        parseWebhookUrl(raw, api);
      } catch (error) {
        caught = error;
      }
      expect(caught, String(raw)).toBeInstanceOf(AppError);
      const error = caught as AppError;
      expect(error.reason).toBe("invalid_input");
      expect(error.message).toBe(INVALID_WEBHOOK_URL);
      expect(error.issues?.[0]?.path).toBe("token");
    }
  });

  it("takes only the configured API's origin when DISCORD_API_URL is not the default", () => {
    const fakeApi = "http://127.0.0.1:4000/api";
    expect(parseWebhookUrl("http://127.0.0.1:4000/api/webhooks/42/secret", fakeApi).url).toBe(
      "http://127.0.0.1:4000/api/webhooks/42/secret",
    );
    expect(() => parseWebhookUrl("https://discord.com/api/webhooks/42/secret", fakeApi)).toThrow(
      INVALID_WEBHOOK_URL,
    );
  });
});

describe("Discord provider: connect", () => {
  it("reads the webhook and keeps its URL only in the credentials", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const webhook = fake.createWebhook({ name: "Release notes", avatar: "a1b2c3" });
    const account = await connectWith(provider, webhook.url);
    expect(account).toEqual({
      externalAccountId: webhook.id,
      name: "Release notes",
      handle: null,
      pictureUrl: `https://cdn.discordapp.com/avatars/${webhook.id}/a1b2c3.png`,
      credentials: { webhookUrl: webhook.url },
      tokenExpiresAt: null,
      scopes: [],
      metadata: { host: "discord", guildId: webhook.guildId, channelId: webhook.channelId },
    });
    // The secret is nowhere but the credentials.
    const { credentials: _sealed, ...shown } = account;
    expect(JSON.stringify(shown)).not.toContain(webhook.token);
    expect(fake.state.requests.map((r) => [r.method, r.webhookId])).toEqual([["GET", webhook.id]]);
  });

  it("has no picture when the webhook has no avatar", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const webhook = fake.createWebhook({ avatar: null });
    expect((await connectWith(provider, webhook.url)).pictureUrl).toBeNull();
  });

  it("refuses a malformed or foreign URL before any request", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    for (const token of ["https://example.com/hook", "http://169.254.169.254/api/webhooks/1/abc", "  "]) {
      const error = await failure(connectWith(provider, token));
      expect(error.reason).toBe("invalid_input");
      expect(error.issues?.[0]?.path).toBe("token");
    }
    expect(fake.state.requests).toHaveLength(0);
  });

  it("refuses a webhook Discord does not know (404), or a wrong token (401), on the token field", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const webhook = fake.createWebhook();
    const wrongToken = `${fake.apiUrl}/webhooks/${webhook.id}/not-the-token`;
    fake.deleteWebhook(fake.createWebhook().id);
    const gone = [...fake.state.webhooks.values()].find((w) => w.deleted);
    for (const token of [wrongToken, `${fake.apiUrl}/webhooks/${gone?.id}/${gone?.token}`]) {
      const error = await failure(connectWith(provider, token));
      expect(error.reason).toBe("invalid_input");
      expect(error.message).toBe(UNKNOWN_WEBHOOK_MESSAGE);
      expect(error.issues).toEqual([{ path: "token", message: UNKNOWN_WEBHOOK_MESSAGE }]);
      expect(error.message).not.toContain(webhook.token);
    }
  });

  it("cannot reach the fake (loopback) through a guard that has no allowance for it", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake, { guardedFetch: createGuardedFetch() });
    const error = await failure(connectWith(provider, fake.createWebhook().url));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toBe(BLOCKED_ADDRESS);
    expect(fake.state.requests).toHaveLength(0);
  });
});

describe("Discord provider: publish", () => {
  it("posts text with wait=true and mentions that never ping", async () => {
    const fake = await startFake();
    const { provider, connection, webhook, account } = await connected(fake);
    const copy = await provider.publish(
      connection,
      postOf("Release 2.0 is out @everyone https://example.com"),
    );

    const [message] = fake.messagesOf(webhook.id);
    expect(fake.messagesOf(webhook.id)).toHaveLength(1);
    expect(message?.content).toBe("Release 2.0 is out @everyone https://example.com");
    expect(message?.allowedMentions).toEqual({ parse: [] });
    expect(copy).toEqual({
      externalId: message?.id,
      url: `https://discord.com/channels/${account.metadata.guildId}/${webhook.channelId}/${message?.id}`,
      publishedAt: message?.createdAt,
    });
    const [request] = executes(fake);
    expect(request?.query.get("wait")).toBe("true");
    expect(request?.contentType).toMatch(/^application\/json/u);
  });

  it("has no public address without a guild", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const webhook = fake.createWebhook({ guildId: null });
    const account = await connectWith(provider, webhook.url);
    expect(account.metadata).toEqual({ host: "discord", channelId: webhook.channelId });
    const copy = await provider.publish(connectionOf(account, "discord").connection, postOf("No guild"));
    expect(copy.url).toBeNull();
  });

  it("posts one image as a file with its alt text", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const copy = await provider.publish(
      connection,
      postOf("A picture", { images: [imageOf("image/png", "A cup of coffee", { size: 300, fill: 9 })] }),
    );
    const [message] = fake.messagesOf(webhook.id);
    expect(message?.id).toBe(copy.externalId);
    expect(message?.content).toBe("A picture");
    expect(message?.allowedMentions).toEqual({ parse: [] });
    expect(message?.attachments).toHaveLength(1);
    expect(message?.attachments[0]).toMatchObject({
      filename: "image-1.png",
      contentType: "image/png",
      size: 300,
      description: "A cup of coffee",
    });
    expect(message?.attachments[0]?.bytes.every((byte) => byte === 9)).toBe(true);
    expect(executes(fake)[0]?.contentType).toMatch(/^multipart\/form-data/u);
  });

  it("posts several images, leaving out an empty alt text", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    await provider.publish(
      connection,
      postOf("Three pictures", {
        images: [imageOf("image/jpeg", "First"), imageOf("image/gif", ""), imageOf("image/webp", "Third")],
      }),
    );
    const [message] = fake.messagesOf(webhook.id);
    expect(message?.attachments.map((a) => [a.filename, a.contentType, a.description])).toEqual([
      ["image-1.jpg", "image/jpeg", "First"],
      ["image-2.gif", "image/gif", null],
      ["image-3.webp", "image/webp", "Third"],
    ]);
    expect(executes(fake)).toHaveLength(1);
  });

  it("refuses what Discord would not take before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const before = fake.state.requests.length;

    const over = await failure(provider.publish(connection, postOf("a".repeat(2001))));
    expect(over.reason).toBe("text_over_limit");
    expect(over.message).toBe("The post is 2,001 characters long; Discord takes 2,000.");
    // Characters are UTF-16 code units: 1,000 emoji are 2,000 of them, one more is over.
    expect((await failure(provider.publish(connection, postOf(`${"😀".repeat(1000)}!`)))).reason).toBe(
      "text_over_limit",
    );

    const eleven = Array.from({ length: 11 }, () => imageOf("image/png", ""));
    expect((await failure(provider.publish(connection, postOf("Too many", { images: eleven })))).reason).toBe(
      "media_not_fitting",
    );
    const big = imageOf("image/png", "", { size: 10 * 1024 * 1024 + 1 });
    expect((await failure(provider.publish(connection, postOf("Too big", { images: [big] })))).reason).toBe(
      "invalid_input",
    );
    const heic = imageOf("image/heic", "");
    expect((await failure(provider.publish(connection, postOf("HEIC", { images: [heic] })))).reason).toBe(
      "invalid_input",
    );
    const longAlt = imageOf("image/png", "x".repeat(1025));
    expect(
      (await failure(provider.publish(connection, postOf("Long alt", { images: [longAlt] })))).reason,
    ).toBe("invalid_input");
    expect((await failure(provider.publish(connection, postOf("   ")))).reason).toBe("invalid_input");

    expect(fake.state.requests.length).toBe(before);
    // 2,000 characters and ten images fit.
    const ten = Array.from({ length: 10 }, () => imageOf("image/png", "alt"));
    await provider.publish(connection, postOf("b".repeat(2000), { images: ten }));
    expect(fake.state.messages.size).toBe(1);
  });
});

describe("Discord provider: lost answers", () => {
  it("is Unconfirmed when the answer is lost after the message was made: one message, never sent again", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    fake.dropNextExecute(1, "destroy");
    const post = postOf("Lost on the way back");
    const error = await failure(provider.publish(connection, post));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
    expect(fake.messagesOf(webhook.id)).toHaveLength(1);
    expect(executes(fake)).toHaveLength(1);

    const settled = await failure(
      provider.findPublished(connection, {
        postId: post.postId,
        content: post.content,
        marker: post.marker,
        attemptAt: post.attemptAt,
      }),
    );
    expect(settled.reason).toBe("publish_unconfirmed");
    expect(settled.message).toBe(UNCONFIRMED_MESSAGE);
    expect(executes(fake)).toHaveLength(1);
  });

  it("treats a 5xx as a lost answer too", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    fake.dropNextExecute(1, "500");
    const error = await failure(provider.publish(connection, postOf("After a 500")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(fake.messagesOf(webhook.id)).toHaveLength(1);
    expect(executes(fake)).toHaveLength(1);
  });
});

describe("Discord provider: edit and delete", () => {
  it("edits a message's text, keeping its image", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const copy = await provider.publish(
      connection,
      postOf("Frist draft", { images: [imageOf("image/png", "kept")] }),
    );
    await provider.edit?.(connection, copy.externalId, postOf("First draft"));
    const [message] = fake.messagesOf(webhook.id);
    expect(message).toMatchObject({ id: copy.externalId, content: "First draft" });
    expect(message?.editedAt).not.toBeNull();
    expect(message?.attachments).toHaveLength(1);
    const patch = fake.state.requests.find((r) => r.method === "PATCH");
    expect(patch?.path).toBe(`/api/webhooks/${webhook.id}/***/messages/${copy.externalId}`);

    const before = fake.state.requests.length;
    const over = await failure(provider.edit?.(connection, copy.externalId, postOf("x".repeat(2001))));
    expect(over.reason).toBe("text_over_limit");
    expect(fake.state.requests.length).toBe(before);
  });

  it("says so when the message to edit was deleted in the channel", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Soon gone"));
    fake.deleteMessage(copy.externalId);
    const error = await failure(provider.edit?.(connection, copy.externalId, postOf("Too late")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/no longer has this message/u);
    expect(expiredCount()).toBe(0);
  });

  it("deletes a message; deleting it again is fine", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Short-lived"));
    await provider.delete(connection, copy.externalId);
    expect(fake.messagesOf(webhook.id)).toHaveLength(0);
    expect(fake.state.deleted.map((m) => m.id)).toEqual([copy.externalId]);
    await provider.delete(connection, copy.externalId);
    expect(fake.state.requests.filter((r) => r.method === "DELETE")).toHaveLength(2);
  });
});

describe("Discord provider: errors", () => {
  it("marks the connection expired when the webhook was deleted, and says to reconnect", async () => {
    const fake = await startFake();
    const { provider, connection, webhook, expiredCount } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Before"));
    fake.deleteWebhook(webhook.id);

    const error = await failure(provider.publish(connection, postOf("Nobody will see this")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(WEBHOOK_GONE_MESSAGE);
    expect(expiredCount()).toBe(1);
    expect(executes(fake)).toHaveLength(2);

    const edited = await failure(provider.edit?.(connection, copy.externalId, postOf("After")));
    expect(edited.reason).toBe("network_token_expired");
    expect(expiredCount()).toBe(2);
    expect(fake.messagesOf(webhook.id)).toHaveLength(1);
  });

  it("treats a refused token (401 Invalid Webhook Token) the same", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    const broken = {
      ...connection,
      credentials: { webhookUrl: connection.credentials.webhookUrl.replace(/[^/]+$/u, "regenerated") },
    };
    const error = await failure(provider.publish(broken, postOf("Hello")));
    expect(error.reason).toBe("network_token_expired");
    expect(expiredCount()).toBe(1);
  });

  it("hands a 429 back with retryAfterMs from the body's retry_after, and posts nothing", async () => {
    const fake = await startFake();
    const { provider, connection, webhook, sleeps } = await connected(fake);
    fake.rateLimitNext(1, 64.57);
    const error = await failure(provider.publish(connection, postOf("Later")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe(RATE_LIMITED_MESSAGE);
    expect(error.retryAfterMs).toBe(64_570);
    expect(sleeps).toEqual([]);
    expect(fake.messagesOf(webhook.id)).toHaveLength(0);
    // And then it goes through.
    await provider.publish(connection, postOf("Later"));
    expect(fake.messagesOf(webhook.id)).toHaveLength(1);
  });

  it("reads Retry-After (seconds) when the 429 has no JSON body (Cloudflare's edge)", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    fake.rateLimitNext(1, 7, { cloudflare: true, global: true });
    const error = await failure(provider.publish(connection, postOf("Slow down")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.retryAfterMs).toBe(7000);
    expect(fake.messagesOf(webhook.id)).toHaveLength(0);
  });

  it("waits before the webhook's next call when its bucket is empty for a short while only", async () => {
    const fake = await startFake();
    const { provider, connection, webhook, sleeps } = await connected(fake);
    fake.emptyBucketNext(1, 1.5);
    await provider.publish(connection, postOf("One"));
    expect(sleeps).toEqual([]);
    await provider.publish(connection, postOf("Two"));
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1000);
    expect(sleeps[0]).toBeLessThanOrEqual(1500);

    fake.emptyBucketNext(1, 30);
    await provider.publish(connection, postOf("Three"));
    await provider.publish(connection, postOf("Four"));
    expect(sleeps).toHaveLength(1);
    expect(fake.messagesOf(webhook.id)).toHaveLength(4);
  });

  it("passes Discord's 400 text on as upstream_failed, without the URL", async () => {
    const fake = await startFake();
    const { provider, connection, webhook } = await connected(fake);
    fake.failNext({ method: "POST" }, 403, 50013, "Missing Permissions");
    const error = await failure(provider.publish(connection, postOf("Hi")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe("Discord refused: Missing Permissions (50013).");
    expect(error.message).not.toContain(webhook.token);
  });
});
