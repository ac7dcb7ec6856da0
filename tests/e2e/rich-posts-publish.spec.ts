import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { type FakeBlueskyServer, startBlueskyServer } from "../fakes/bluesky-server";
import { type FakeMetaGraphServer, startFakeMetaGraphServer } from "../fakes/meta-graph-server";
import { makeVideo } from "../support/video-fixtures";
import { connectFakePage, fakeGraphEnv } from "./fixtures/fake-graph";
import { createServerUser, serverTest } from "./fixtures/in-process-server";
import { signInBySession } from "./helpers";

/*
 * Issue 32's publishing acceptance points, end to end on an in-process server pointed at the fake Graph API
 * and the fake Bluesky PDS over HTTP: (A) a video made with ffmpeg now, uploaded from the composer, a Reel
 * for Instagram with a chosen cover and a first comment, scheduled, then posted now; (B) four images with alt
 * text as a carousel to Instagram and to Bluesky, each network getting its own copy (Instagram: a link to
 * the fitted JPEG Meta fetches; Bluesky: the bytes, uploaded as blobs).
 */

const HANDLE = "coffee.bsky.social";
const APP_PASSWORD = "abcd-efgh-ijkl-mnop";

const publishTest = serverTest.extend<
  Record<never, never>,
  { fake: FakeMetaGraphServer; bluesky: FakeBlueskyServer }
>({
  fake: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const fake = await startFakeMetaGraphServer();
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  bluesky: [
    // biome-ignore lint/correctness/noEmptyPattern: as above
    async ({}, use) => {
      const bluesky = await startBlueskyServer();
      bluesky.addAccount({ handle: HANDLE, appPasswords: [APP_PASSWORD] });
      await use(bluesky);
      await bluesky.close();
    },
    { scope: "worker" },
  ],
  serverOptions: [
    async ({ fake, bluesky }, use) => {
      await use({
        env: fakeGraphEnv(fake, {
          BLUESKY_SERVICE_URL: bluesky.url,
          BLUESKY_VIDEO_SERVICE_URL: bluesky.videoUrl,
        }),
      });
    },
    { scope: "worker" },
  ],
});

type PostRead = {
  state: string;
  format: string;
  scheduledDate: string | null;
  media: { mediaId: string; altText: string | null; coverMs: number | null }[];
  firstComment: { text: string; status: string | null } | null;
};
const readPost = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/posts/${id}`)).json()) as PostRead;

/** A post written by hand, in the signed-up user's brand. */
const manual = (content: string, platform: "instagram" | "bluesky", status: "pending" | "approved") =>
  ({ content, platform, status, aiGenerated: false, source: "manual" }) as const;

/** Post now from a card's bar (it asks first), then waits until the server says published. */
async function postNow(page: Page, bar: Locator, id: string) {
  await bar.getByTestId("post-publish").click();
  await page.getByTestId("publish-post-dialog-confirm").click();
  await expect.poll(async () => (await readPost(page, id)).state, { timeout: 60_000 }).toBe("published");
}

publishTest(
  "a video uploaded in the composer goes out as an Instagram Reel with its cover and first comment",
  async ({ page, server, fake, request }, testInfo) => {
    publishTest.setTimeout(150_000);
    fake.containerPolls = 1;
    fake.videoPolls = 1;
    const clip = makeVideo(testInfo.outputPath("reel.mp4"), { seconds: 4, width: 720, height: 1280 });
    const email = await createServerUser(page, server, { prefix: "reelpub", brand: "Reel Roasters" });
    const caption = "Reel: pouring the first espresso of the day";
    const [postId] = (await server.seedPosts(email, [manual(caption, "instagram", "pending")])) as [string];
    await signInBySession(page, email);
    await connectFakePage(page);

    // The editor, from the pending post's details, as a user opens it.
    await page.goto("/dashboard");
    await page
      .locator(`[data-testid="pending-post"][data-post-id="${postId}"]`)
      .getByTestId("pending-post-open")
      .click();
    const details = page.getByTestId("post-details-dialog");
    await details.getByTestId("post-edit").click();
    const editor = page.getByTestId("edit-post-dialog");
    await editor.getByTestId("media-editor").waitFor();

    // Uploaded through the button's file input (tus): the item appears once the server has probed it.
    await editor.getByTestId("media-upload-input").setInputFiles(await clip);
    const video = editor.locator('[data-testid="media-item"][data-type="video"]');
    await expect(video).toHaveCount(1, { timeout: 60_000 });
    await editor.getByTestId("format-option-reel").click();
    await expect(editor.getByTestId("media-fit-error")).toHaveCount(0);

    // The cover by keyboard: Home is 0:00, each arrow a 100 ms step.
    const slider = editor.getByTestId("cover-slider");
    await expect(slider).toHaveAttribute("max", "4000");
    await slider.focus();
    await page.keyboard.press("Home");
    for (let step = 0; step < 20; step++) await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("2000");
    await editor.getByTestId("first-comment-input").fill("#coffee #reels");
    await editor.getByTestId("edit-post-save").click();
    await expect(editor).toHaveCount(0);
    const saved = await readPost(page, postId);
    expect(saved).toMatchObject({ format: "reel", media: [{ coverMs: 2000 }] });
    const videoId = saved.media[0]?.mediaId as string;

    // Approved for three hours from now through the date picker, in the page's own time zone.
    const when = await page.evaluate(() => {
      const at = new Date(Date.now() + 3 * 3600_000);
      at.setSeconds(0, 0);
      const pad = (n: number) => String(n).padStart(2, "0");
      const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      return { local, iso: at.toISOString() };
    });
    await details.getByTestId("post-approve").click();
    await page.getByTestId("approve-date").fill(when.local);
    await page.getByTestId("approve-confirm").click();
    await expect.poll(async () => (await readPost(page, postId)).state).toBe("scheduled");
    expect((await readPost(page, postId)).scheduledDate).toBe(when.iso);
    // Nothing went to Meta on scheduling: a post with a first comment is sent by our scheduler.
    const ofCaption = () => [...fake.containers.values()].filter((item) => item.caption.startsWith(caption));
    expect(ofCaption()).toEqual([]);

    await postNow(page, details, postId);

    // Exactly one REELS container, from our signed link to the stored video, with the chosen cover.
    const reels = ofCaption();
    expect(reels.map((container) => container.mediaType)).toEqual(["REELS"]);
    const reel = reels[0] as NonNullable<(typeof reels)[number]>;
    expect(reel.videoUrl).toMatch(new RegExp(`^${server.url}/api/media/${videoId}/file\\?.*signature=`));
    expect(reel.sent).toMatchObject({ share_to_feed: "true", thumb_offset: "2000" });
    expect(reel.sent?.cover_url).toBeUndefined();
    expect(reel.published).toBe(true);
    // The link Meta was given serves the video to anyone holding it (no session needed).
    const fetched = await request.get(reel.videoUrl as string);
    expect(fetched.headers()["content-type"]).toBe("video/mp4");
    const publishes = fake.requests.filter(
      (request) => request.path.endsWith("/media_publish") && request.params.creation_id === reel.id,
    );
    expect(publishes).toHaveLength(1);

    // The first comment follows on the published media, once, and the post says so.
    const media = [...fake.igMedia.values()].find((item) => item.containerId === reel.id);
    expect(media).toMatchObject({ mediaType: "VIDEO", mediaProductType: "REELS" });
    await expect
      .poll(async () => (await readPost(page, postId)).firstComment?.status, { timeout: 30_000 })
      .toBe("posted");
    expect(fake.comments.filter((comment) => comment.objectId === media?.id).map((c) => c.message)).toEqual([
      "#coffee #reels",
    ]);
  },
);

const COLOURS = ["#b45309", "#15803d", "#1d4ed8", "#be123c"];
const ALT_TEXTS = [
  "A flat white in a brown cup",
  "Green coffee beans in a sack",
  "A blue enamel pour-over kettle",
  "A red espresso machine on the counter",
];

publishTest(
  "four images with alt text go to Instagram and Bluesky as a carousel, each network its own copy",
  async ({ page, server, fake, bluesky, request }) => {
    publishTest.setTimeout(150_000);
    fake.containerPolls = 1;
    const email = await createServerUser(page, server, { prefix: "carouselpub", brand: "Carousel Cafe" });
    const instagramText = "Carousel: four things we love about mornings";
    const blueskyText = "Four things we love about mornings";
    const [instagramId, blueskyId] = (await server.seedPosts(email, [
      manual(instagramText, "instagram", "approved"),
      manual(blueskyText, "bluesky", "approved"),
    ])) as [string, string];
    await signInBySession(page, email);
    await connectFakePage(page);

    // Bluesky from Settings > Channels, with the fake's app password.
    await page.goto("/settings?tab=channels");
    await page.getByTestId("network-connect-bluesky").click();
    const form = page.getByTestId("connect-form-bluesky");
    await form.getByTestId("connect-handle").fill(HANDLE);
    await form.getByTestId("connect-app-password").fill(APP_PASSWORD);
    await form.getByTestId("connect-submit").click();
    await expect(page.getByTestId("channel-account-bluesky").getByTestId("channel-state")).toHaveText(
      "Connected",
    );

    // Four square PNGs into the library, in order (Instagram takes JPEG only: it must get a copy).
    const pngs: Buffer[] = [];
    const images: string[] = [];
    for (const [index, colour] of COLOURS.entries()) {
      const bytes = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const uploaded = await page.request.post("/api/media", {
        headers: { origin: server.url },
        multipart: { file: { name: `morning-${index + 1}.png`, mimeType: "image/png", buffer: bytes } },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      pngs.push(bytes);
      images.push(((await uploaded.json()) as { id: string }).id);
    }

    // The Instagram post in the composer: a carousel of the four from the library, each described.
    await page.goto("/dashboard");
    await page.getByTestId("view-all-posts").click();
    const list = page.getByTestId("all-posts-dialog");
    const instagramCard = list.locator(`[data-post-id="${instagramId}"]`);
    await instagramCard.getByTestId("post-edit").click();
    const editor = page.getByTestId("edit-post-dialog");
    await editor.getByTestId("format-option-carousel").click();
    await editor.getByTestId("media-add-library").click();
    const picker = page.getByTestId("media-picker");
    for (const id of images)
      await picker.locator(`[data-testid="media-picker-item"][data-media-id="${id}"]`).click();
    await picker.getByTestId("media-picker-add").click();
    await expect(editor.getByTestId("media-item")).toHaveCount(4);
    const details = editor.getByTestId("media-item-details");
    for (const [index, text] of ALT_TEXTS.entries())
      await details.nth(index).getByTestId("alt-text-input").fill(text);
    await expect(editor.getByTestId("media-fit-error")).toHaveCount(0);
    await editor.getByTestId("edit-post-save").click();
    await expect(editor).toHaveCount(0);

    // The Bluesky post over the tools API: the same files, so the same alt texts (kept on each file).
    const set = await page.request.post("/api/tools/setPostMedia", {
      headers: { origin: server.url },
      data: { postId: blueskyId, media: images.map((mediaId) => ({ mediaId })), format: "carousel" },
    });
    expect(set.status(), await set.text()).toBe(200);
    for (const id of [instagramId, blueskyId]) {
      const saved = await readPost(page, id);
      expect(saved.format).toBe("carousel");
      expect(saved.media.map((item) => [item.mediaId, item.altText])).toEqual(
        images.map((mediaId, index) => [mediaId, ALT_TEXTS[index]]),
      );
    }

    await postNow(page, instagramCard, instagramId);
    await postNow(page, list.locator(`[data-post-id="${blueskyId}"]`), blueskyId);

    // Instagram: four image children in order, each a link to its file's fitted JPEG with its alt text,
    // then one CAROUSEL parent of them, published once.
    const parents = [...fake.containers.values()].filter((item) => item.caption.startsWith(instagramText));
    expect(parents.map((item) => item.mediaType)).toEqual(["CAROUSEL"]);
    const parent = parents[0] as NonNullable<(typeof parents)[number]>;
    const children = (parent.children ?? []).map((id) => fake.containers.get(id));
    expect(children).toHaveLength(4);
    for (const [index, child] of children.entries()) {
      expect(child).toMatchObject({ mediaType: "IMAGE", isCarouselItem: true, altText: ALT_TEXTS[index] });
      expect(child?.imageUrl).toMatch(
        new RegExp(
          `^${server.url}/api/media/${images[index]}/file\\?variant=instagram&expires=\\d+&signature=`,
        ),
      );
      // What Meta fetches from that link is a JPEG (the user's PNG stays as it is in the library).
      const copy = await request.get(child?.imageUrl as string);
      expect(copy.headers()["content-type"]).toBe("image/jpeg");
    }
    expect(parent.published).toBe(true);
    const publishes = fake.requests.filter(
      (call) => call.path.endsWith("/media_publish") && call.params.creation_id === parent.id,
    );
    expect(publishes).toHaveLength(1);

    // Bluesky: one post whose four images are the uploaded bytes (blobs, not links), same order and alts.
    const [account] = [...bluesky.state.accounts.values()];
    const posts = bluesky.state.postsOf(account?.did as string);
    expect(posts).toHaveLength(1);
    const embed = posts[0]?.value.embed as {
      $type: string;
      images: { alt: string; image: { ref: { $link: string }; mimeType: string } }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(embed.images.map((image) => image.alt)).toEqual(ALT_TEXTS);
    for (const [index, image] of embed.images.entries()) {
      const blob = bluesky.state.blobs.get(image.image.ref.$link);
      expect(blob?.mimeType).toBe("image/png");
      expect(Buffer.from(blob?.bytes ?? []).equals(pngs[index] as Buffer)).toBe(true);
    }
  },
);
