import {
  connectByConsent,
  connectionOf,
  failure,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  toolsFor,
  videoOf,
} from "@smm/test-support/provider-harness";
import { describe, expect, it } from "vitest";
import {
  type FakeLinkedInOptions,
  type FakeLinkedInServer,
  startLinkedInServer,
} from "../../../../../tests/fakes/linkedin-server";
import { createLinkedInProvider } from "./index";
import { VIDEO_POLL_DELAYS_MS } from "./publishing";

const NOW = new Date("2026-12-01T09:00:00Z");
const startFake = fakesClosedAfterEach((options: FakeLinkedInOptions = {}) =>
  startLinkedInServer({ now: () => NOW, ...options }),
);

/** The provider on the fake, connected through the consent page's Allow link. */
async function connected(fake: FakeLinkedInServer) {
  const { tools, sleeps } = toolsFor(null, { now: () => NOW });
  const provider = createLinkedInProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiUrl: fake.url,
    authUrl: fake.url,
    tools,
  });
  const { account } = await connectByConsent(
    provider.connect,
    {
      platform: "linkedin",
      state: "state-1",
      redirectUri: "https://app.example/auth/channels/linkedin/callback",
    },
    async (url) => {
      const page = await fetch(url);
      const allow = /id="allow" href="([^"]+)"/u.exec(await page.text())?.[1];
      return fetch(new URL(allow ?? "", url), { redirect: "manual" });
    },
  );
  fake.state.requests.length = 0;
  return { provider, sleeps, ...connectionOf(account, "linkedin") };
}

/** 10,000 bytes counting up, so each part's bytes are its own. */
const VIDEO_BYTES = Uint8Array.from({ length: 10_000 }, (_, index) => index % 251);

describe("LinkedIn media: images", () => {
  it("posts a carousel as multiImage, its images in order with their alt text", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const media = [
      imageOf("image/png", "One", { fill: 1 }),
      imageOf("image/jpeg", "Two", { fill: 2 }),
      imageOf("image/gif", "", { fill: 3 }),
      imageOf("image/png", "Four", { fill: 4 }),
    ];
    await provider.publish(connection, postOf("Four pictures", { format: "carousel", media }));

    const [post] = fake.posts();
    expect(post?.multiImage).toBe(true);
    expect(post?.images.map((image) => image.altText)).toEqual(["One", "Two", null, "Four"]);
    const fills = post?.images.map((image) => fake.state.images.get(image.id)?.bytes?.[0]);
    expect(fills).toEqual([1, 2, 3, 4]);
  });
});

describe("LinkedIn media: video", () => {
  it("uploads a video in parts (initializeUpload, PUT each, finalizeUpload with the ETags), waits until AVAILABLE, posts it", async () => {
    const fake = await startFake({ videoPartBytes: 4096, videoProcessingPolls: 2 });
    const { provider, connection, sleeps } = await connected(fake);
    const video = videoOf(12, { bytes: VIDEO_BYTES });

    const copy = await provider.publish(connection, postOf("Our launch video", { media: [video] }));

    const [post] = fake.posts();
    expect(copy.externalId).toBe(post?.urn);
    expect(post?.video).toMatch(/^urn:li:video:/u);
    expect(post?.images).toEqual([]);
    const stored = fake.state.videos.get(post?.video ?? "");
    expect(stored?.status).toBe("AVAILABLE");
    expect(stored?.fileSizeBytes).toBe(10_000);
    expect(stored?.parts.map((part) => [part.firstByte, part.lastByte])).toEqual([
      [0, 4095],
      [4096, 8191],
      [8192, 9999],
    ]);
    expect(stored?.bytes).toEqual(VIDEO_BYTES);
    const calls = fake.state.requests.map(
      (r) => `${r.method} ${r.path}${r.query.get("action") ? `?${r.query.get("action")}` : ""}`,
    );
    expect(
      calls.map((call) =>
        call.replace(/\/dms-uploads\/\w+/u, "/dms-uploads/…").replace(/videos\/.+$/u, "videos/…"),
      ),
    ).toEqual([
      "POST /rest/videos?initializeUpload",
      "PUT /dms-uploads/…",
      "PUT /dms-uploads/…",
      "PUT /dms-uploads/…",
      "POST /rest/videos?finalizeUpload",
      "GET /rest/videos/…",
      "GET /rest/videos/…",
      "GET /rest/videos/…",
      "POST /rest/posts",
    ]);
    expect(sleeps).toEqual(VIDEO_POLL_DELAYS_MS.slice(0, 2));
  });

  it("stops on PROCESSING_FAILED with LinkedIn's reason, posting nothing", async () => {
    const fake = await startFake({ videoPartBytes: 4096 });
    const { provider, connection } = await connected(fake);
    fake.failNextVideo("The video's codec is not supported");

    const error = await failure(
      provider.publish(connection, postOf("Broken", { media: [videoOf(12, { bytes: VIDEO_BYTES })] })),
    );

    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toBe(
      "LinkedIn could not process the video: The video's codec is not supported. Nothing was published.",
    );
    expect(fake.posts()).toEqual([]);
    expect(fake.state.requests.filter((r) => r.path === "/rest/posts")).toEqual([]);
  });

  it("refuses a video beside images, one under 3 seconds, and a non-MP4 one, before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const mixed = await failure(
      provider.publish(
        connection,
        postOf("Mixed", { format: "carousel", media: [imageOf("image/png", ""), videoOf(10)] }),
      ),
    );
    expect(mixed.reason).toBe("media_not_fitting");
    expect(mixed.message).toContain("The 2nd item (a video)");
    const short = await failure(provider.publish(connection, postOf("Short", { media: [videoOf(2)] })));
    expect(short.reason).toBe("media_not_fitting");
    expect(short.message).toContain("3 seconds");
    const mov = await failure(
      provider.publish(
        connection,
        postOf("MOV", { media: [{ ...videoOf(10), mimeType: "video/quicktime" }] }),
      ),
    );
    expect(mov.reason).toBe("media_not_fitting");
    expect(fake.state.requests).toEqual([]);
  });

  it("takes no first comment, as its descriptor declares", async () => {
    const fake = await startFake();
    const { provider } = await connected(fake);
    expect(provider.comment).toBeUndefined();
    expect(provider.describe("linkedin").capabilities.firstComment).toBeNull();
  });
});
