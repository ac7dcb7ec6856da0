import { readdir, readFile, rm } from "node:fs/promises";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { media } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { makeHostileVideos, makeVideo } from "@smm/test-support/video-fixtures";
import { eq } from "drizzle-orm";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
let server: Server;
let base: string;
let dir: string;
let fixtures: Awaited<ReturnType<typeof makeHostileVideos>>;
/** About 3 MB: enough bytes that cutting the connection at 60 % leaves a real gap. */
let large: string;

beforeAll(async () => {
  ctx = await createTestContext();
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = join(tmpdir(), `smm-uploads-${crypto.randomUUID()}`);
  await import("node:fs/promises").then((fs) => fs.mkdir(dir, { recursive: true }));
  fixtures = await makeHostileVideos(dir);
  large = await makeVideo(join(dir, "large.mp4"), {
    width: 640,
    height: 360,
    seconds: 3,
    noise: true,
    bitrate: "8M",
  });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const incoming = () => join(ctx.media.uploadsDir, ".incoming");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

async function signedInWithBrand(name = "Video Brand") {
  const { cookie } = await signUpVerifiedUser(ctx);
  const response = await jsonRequest(ctx, "/api/brands", { body: { name }, cookie });
  const brand = (await response.json()) as { id: string };
  return { cookie, brandId: brand.id };
}

/** A tus request as a page of ours sends it (our Origin, the session cookie, Tus-Resumable). */
function tus(
  path: string,
  init: { method: string; cookie?: string; headers?: Record<string, string>; body?: Uint8Array },
) {
  return fetch(`${base}${path}`, {
    method: init.method,
    headers: {
      origin: TEST_ORIGIN,
      "tus-resumable": "1.0.0",
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    ...(init.body ? { body: init.body as Uint8Array<ArrayBuffer> } : {}),
  });
}

async function create(cookie: string, length: number, metadata: Record<string, string> = {}, headers = {}) {
  return tus("/api/uploads", {
    method: "POST",
    cookie,
    headers: {
      "upload-length": String(length),
      "upload-metadata": metadataHeader({ filename: "clip.mp4", filetype: "video/mp4", ...metadata }),
      ...headers,
    },
  });
}

async function createdUrl(cookie: string, length: number, metadata: Record<string, string> = {}) {
  const response = await create(cookie, length, metadata);
  expect(response.status, await response.clone().text()).toBe(201);
  const location = response.headers.get("location") as string;
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  return location;
}

function patch(cookie: string, url: string, offset: number, body: Uint8Array) {
  return tus(url, {
    method: "PATCH",
    cookie,
    headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body,
  });
}

/** Sends a PATCH of `bytes` from `offset` on a raw socket and cuts the connection after `cutAt` bytes. */
async function patchCutOff(cookie: string, url: string, bytes: Uint8Array, cutAt: number) {
  await new Promise<void>((resolve) => {
    const req = httpRequest(`${base}${url}`, {
      method: "PATCH",
      headers: {
        origin: TEST_ORIGIN,
        cookie,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(bytes.byteLength),
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.write(bytes.subarray(0, cutAt), async () => {
      // What was written has left this process: hang up once the server has it all (or stops taking more).
      await offsetSettles(cookie, url, cutAt);
      req.destroy();
    });
  });
}

/** Waits until the upload's offset reaches `target` or stops moving for half a second (HEAD takes no lock). */
async function offsetSettles(cookie: string, url: string, target = Number.POSITIVE_INFINITY) {
  let last = -1;
  let still = 0;
  for (;;) {
    const offset = Number((await tus(url, { method: "HEAD", cookie })).headers.get("upload-offset"));
    if (offset >= target) return offset;
    still = offset === last ? still + 1 : 0;
    if (still >= 10) return offset;
    last = offset;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function offsetOf(cookie: string, url: string) {
  const head = await tus(url, { method: "HEAD", cookie });
  expect(head.status).toBe(200);
  return Number(head.headers.get("upload-offset"));
}

interface StoredView {
  id: string;
  url: string;
  mimeType: string;
  durationMs: number | null;
  posterUrl: string | null;
  width: number;
  height: number;
  name: string;
}

describe("POST /api/uploads (tus creation)", () => {
  it("needs a signed-in caller", async () => {
    const response = await tus("/api/uploads", { method: "POST", headers: { "upload-length": "10" } });
    expect(response.status).toBe(401);
  });

  it("refuses a declared 4 GB at once with 413 and writes nothing", async () => {
    const { cookie } = await signedInWithBrand();
    const before = await readdir(incoming()).catch(() => []);
    const started = performance.now();
    const response = await create(cookie, 4 * 1024 ** 3);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        code: "payload_too_large",
        reason: "payload_too_large",
        message: "Videos can be at most 250 MB.",
      },
    });
    expect(await readdir(incoming()).catch(() => [])).toEqual(before);
    // An image announced as one is held to images' 5 MB.
    const image = await create(cookie, 6 * 1024 * 1024, { filename: "a.png", filetype: "image/png" });
    expect(image.status).toBe(400);
    expect(((await image.json()) as { error: { reason: string } }).error.reason).toBe("image_too_large");
  });

  it("answers another user's X-Brand-Id or brandId with 404", async () => {
    const ann = await signedInWithBrand("Ann's");
    const bob = await signedInWithBrand("Bob's");
    expect((await create(ann.cookie, 100, {}, { "x-brand-id": bob.brandId })).status).toBe(404);
    expect((await create(ann.cookie, 100, { brandId: bob.brandId })).status).toBe(404);
  });

  it("refuses pages of other sites and requests without the tus header", async () => {
    const { cookie } = await signedInWithBrand();
    const foreign = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie, "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(foreign.status).toBe(403);
    const plain = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "upload-length": "10" },
    });
    expect(plain.status).toBe(403);
  });
});

describe("a whole upload", () => {
  it("goes through tus-js-client and is answered with the stored video, served with ranges and a poster", async () => {
    const { cookie, brandId } = await signedInWithBrand();
    const bytes = await readFile(fixtures.real);
    const finished = await new Promise<{ url: string; status: number; body: string }>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${base}/api/uploads`,
        headers: { cookie, origin: TEST_ORIGIN },
        metadata: { filename: "clip.mp4", filetype: "video/mp4" },
        chunkSize: 40_000,
        retryDelays: [],
        onError: reject,
        onSuccess: ({ lastResponse }) =>
          resolve({
            url: upload.url as string,
            status: lastResponse.getStatus(),
            body: lastResponse.getBody(),
          }),
      });
      upload.start();
    });
    expect(finished.status).toBe(200);
    const view = JSON.parse(finished.body) as StoredView;
    expect(view).toMatchObject({
      mimeType: "video/mp4",
      durationMs: 2000,
      width: 320,
      height: 240,
      name: "clip.mp4",
    });
    // A video's media id is its upload's id.
    expect(finished.url.endsWith(`/api/uploads/${view.id}`)).toBe(true);
    const [row] = await ctx.database.db.select().from(media).where(eq(media.id, view.id));
    expect(row?.brandId).toBe(brandId);
    // The upload's own files are gone; the upload URL is no more.
    expect((await readdir(incoming())).filter((name) => name.startsWith(view.id))).toEqual([]);
    expect((await tus(`/api/uploads/${view.id}`, { method: "HEAD", cookie })).status).toBe(404);

    const whole = await fetch(`${base}${view.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(`${base}${view.url}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length")]).toEqual([200, String(bytes.length)]);
    const part = await fetch(`${base}${view.url}`, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fetch(`${base}${view.url}`, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const past = await fetch(`${base}${view.url}`, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);

    const poster = await fetch(`${base}${view.posterUrl}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const etag = poster.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    const unchanged = await fetch(`${base}${view.posterUrl}`, { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
  });

  it("resumes an upload cut at 60 % from where it stopped", async () => {
    const { cookie } = await signedInWithBrand();
    const bytes = new Uint8Array(await readFile(large));
    expect(bytes.byteLength).toBeGreaterThan(1_500_000);
    const url = await createdUrl(cookie, bytes.byteLength, { filename: "big.mp4" });
    const cutAt = Math.floor(bytes.byteLength * 0.6);
    await patchCutOff(cookie, url, bytes, cutAt);
    await offsetSettles(cookie, url);
    const offset = await offsetOf(cookie, url);
    expect(offset).toBe(cutAt);
    const status = await tus(url, { method: "GET", cookie });
    expect(await status.json()).toEqual({ id: url.split("/").pop(), offset, length: bytes.byteLength });
    // A PATCH from the wrong place is refused; from the offset, it completes.
    expect((await patch(cookie, url, 0, bytes.subarray(0, 10))).status).toBe(409);
    const done = await patch(cookie, url, offset, bytes.subarray(offset));
    expect(done.status).toBe(200);
    expect(done.headers.get("upload-offset")).toBe(String(bytes.byteLength));
    const view = (await done.json()) as StoredView;
    expect(view).toMatchObject({ mimeType: "video/mp4", width: 640, height: 360, durationMs: 3000 });
    const stored = await fetch(`${base}${view.url}`);
    const got = new Uint8Array(await stored.arrayBuffer());
    expect(Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("checks on arrival", () => {
  it("refuses a text file renamed .mp4 when it completes, and removes it", async () => {
    const { cookie } = await signedInWithBrand();
    const bytes = await readFile(fixtures.text);
    const url = await createdUrl(cookie, bytes.byteLength, { filename: "notes.mp4" });
    const response = await patch(cookie, url, 0, bytes);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "video_invalid",
        message: "This file is not a video we can read. Upload an MP4, MOV or WebM video.",
      },
    });
    expect((await tus(url, { method: "HEAD", cookie })).status).toBe(404);
  });

  it("refuses a truncated MP4, a 20-minute video and an 8192 x 8192 frame with their own messages", async () => {
    const { cookie } = await signedInWithBrand();
    const cases: [string, string][] = [
      [fixtures.truncated, "This video could not be read: it seems cut short or damaged."],
      [fixtures.twentyMinutes, "This video is 20 min long; videos can be at most 15 min."],
      [
        fixtures.hugeFrame,
        "This video's frame is 8192 x 8192 pixels; videos can be at most 4096 pixels on a side (4K).",
      ],
    ];
    for (const [file, message] of cases) {
      const bytes = await readFile(file);
      const url = await createdUrl(cookie, bytes.byteLength);
      const started = performance.now();
      const response = await patch(cookie, url, 0, bytes);
      const body = (await response.json()) as { error: { reason: string; message: string } };
      expect({ status: response.status, reason: body.error.reason }).toEqual({
        status: 400,
        reason: "video_invalid",
      });
      expect(body.error.message.startsWith(message.slice(0, 40))).toBe(true);
      expect(performance.now() - started, file).toBeLessThan(3000);
    }
  });

  it("takes an image through the same endpoint", async () => {
    const { cookie } = await signedInWithBrand();
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const url = await createdUrl(cookie, png.byteLength, { filename: "dot.png", filetype: "image/png" });
    const response = await patch(cookie, url, 0, new Uint8Array(png));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      mimeType: "image/png",
      width: 20,
      height: 10,
      durationMs: null,
      posterUrl: null,
    });
  });
});

describe("another user's upload", () => {
  it("is 404 for every method, and the brand stays the one fixed at creation", async () => {
    const ann = await signedInWithBrand("Ann's first");
    const second = (await (
      await jsonRequest(ctx, "/api/brands", { body: { name: "Ann's second" }, cookie: ann.cookie })
    ).json()) as { id: string };
    const bob = await signedInWithBrand("Bob's");
    const bytes = await readFile(fixtures.real);
    const url = await createdUrl(ann.cookie, bytes.byteLength, { brandId: second.id });
    for (const method of ["HEAD", "GET", "DELETE"])
      expect((await tus(url, { method, cookie: bob.cookie })).status, method).toBe(404);
    expect((await patch(bob.cookie, url, 0, bytes)).status).toBe(404);
    expect((await tus(`/api/uploads/not-an-id`, { method: "HEAD", cookie: ann.cookie })).status).toBe(404);
    // Ann's PATCH names her other brand in X-Brand-Id: the upload still goes where it was created for.
    const first = await jsonRequest(ctx, "/api/brands", { cookie: ann.cookie });
    const { brands } = (await first.json()) as { brands: { id: string }[] };
    const other = brands.find((brand) => brand.id !== second.id)?.id as string;
    const done = await tus(url, {
      method: "PATCH",
      cookie: ann.cookie,
      headers: {
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "x-brand-id": other,
      },
      body: bytes,
    });
    expect(done.status).toBe(200);
    const view = (await done.json()) as StoredView;
    const [row] = await ctx.database.db.select().from(media).where(eq(media.id, view.id));
    expect(row?.brandId).toBe(second.id);
  });

  it("can be cancelled by its owner only", async () => {
    const ann = await signedInWithBrand();
    const url = await createdUrl(ann.cookie, 1000);
    expect((await tus(url, { method: "DELETE", cookie: ann.cookie })).status).toBe(204);
    expect((await tus(url, { method: "HEAD", cookie: ann.cookie })).status).toBe(404);
  });
});
