import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
} from "@smm/test-support/server-process";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3Server, startS3Server } from "../../../../tests/fakes/s3-server";

/*
 * Two server processes that share only PostgreSQL and an S3-compatible bucket (the fake S3 server here),
 * each with a DATA_DIR of its own, as two hosts behind a load balancer: an image uploaded through one is
 * served and published by the other. The embedded database belongs to one process, so PostgreSQL only.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PUBLIC_URL = "http://smm.example.test";
const BUCKET = "shared-media";

let database: ProcessDatabase;
let bucket: FakeS3Server;
let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  bucket = await startS3Server({ buckets: [BUCKET] });
  database = await createProcessDatabase();
  await database.use(async () => {});
  const shared = {
    ...database.env,
    PUBLIC_URL,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    // Otherwise each generates its own into its DATA_DIR, and one could not open the other's sealed tokens.
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: bucket.url,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "test-key",
    S3_SECRET_ACCESS_KEY: "test-secret",
    S3_FORCE_PATH_STYLE: "true",
  };
  const ownDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "smm-bucket-"));
    dataDirs.push(dir);
    return dir;
  };
  [a, b] = await Promise.all([
    startServerProcess({ env: { ...shared, DATA_DIR: ownDataDir() } }),
    startServerProcess({ env: { ...shared, DATA_DIR: ownDataDir() } }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await bucket?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const headers = (cookie?: string) => ({ origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) });

async function signUp(server: ServerProcess): Promise<string> {
  const email = `bucket-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Blue-${randomBytes(8).toString("hex")}-beans`;
  const signUpResponse = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { ...headers(), "content-type": "application/json" },
    body: JSON.stringify({ email, password, name: "Bucket" }),
  });
  expect(signUpResponse.status, await signUpResponse.clone().text()).toBe(200);
  await database.use(async (db) => {
    await db.sql`update "user" set email_verified = true where email = ${email}`;
  });
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...headers(), "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function callTool(server: ServerProcess, cookie: string, name: string, input: unknown) {
  const response = await fetch(`${server.url}/api/tools/${name}`, {
    method: "POST",
    headers: { ...headers(cookie), "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: unknown };
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** A link the app signed for PUBLIC_URL, asked of one of the two servers. */
const onServer = (server: ServerProcess, link: string) => {
  const url = new URL(link, PUBLIC_URL);
  return `${server.url}${url.pathname}${url.search}`;
};

/** Files a server kept on its own disk (its uploads folder), none expected with a bucket. */
const localFilesOf = (server: ServerProcess) => {
  const dir = join(dataDirs[server === a ? 0 : 1] as string, "uploads");
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((name) => !String(name).startsWith("."))
    : [];
};

describe.runIf(onPostgres)("two server processes sharing only PostgreSQL and the bucket", () => {
  it("serve and publish on one an image uploaded through the other", async () => {
    const cookie = await signUp(a);
    const brand = (await callTool(a, cookie, "createBrand", { name: "Bucket Bakery" })) as { id: string };

    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 20 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "bakery.png");
    const uploaded = await fetch(`${a.url}/api/media`, {
      method: "POST",
      headers: { ...headers(cookie), "x-brand-id": brand.id },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const image = (await uploaded.json()) as { id: string; url: string };

    // In the bucket, not on A's disk.
    const stored = await database.use(async (db) => {
      const [row] = await db.sql<
        { storage_key: string }[]
      >`select storage_key from media where id = ${image.id}`;
      return row?.storage_key;
    });
    expect(stored).toBeTruthy();
    const object = bucket.buckets.get(BUCKET)?.get(stored as string);
    expect(object).toBeTruthy();
    expect(localFilesOf(a)).toEqual([]);

    // Served by B through the signed link A gave.
    const served = await fetch(onServer(b, image.url));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(object?.bytes);

    // Published by B: the network is handed a link to the image, which B serves too.
    const postId = await database.use(async (db) => {
      const [row] = await db.sql<{ id: string }[]>`
        insert into posts (user_id, brand_id, content, status, image_media_id)
        select user_id, id, 'Fresh from the shared bucket', 'approved', ${image.id}
        from user_brands where id = ${brand.id} returning id`;
      return row?.id as string;
    });
    const published = await fetch(`${b.url}/api/posts/${postId}/publish`, {
      method: "POST",
      headers: { ...headers(cookie), "x-brand-id": brand.id, "content-type": "application/json" },
      body: "{}",
    });
    expect(published.status, await published.clone().text()).toBe(200);
    expect(b.signals.filter((s) => s.kind === "network.published" && s.postId === postId)).toHaveLength(1);
    expect(a.signals.filter((s) => s.kind === "network.published" && s.postId === postId)).toHaveLength(0);
    const sent = await database.use(async (db) => {
      const [row] = await db.sql<{ image_url: string | null }[]>`
        select image_url from sandbox_posts where post_id = ${postId} and state = 'published'`;
      return row?.image_url;
    });
    expect(sent).toBeTruthy();
    const fetchedByNetwork = await fetch(onServer(b, sent as string));
    expect(fetchedByNetwork.status).toBe(200);
    expect(new Uint8Array(await fetchedByNetwork.arrayBuffer())).toEqual(object?.bytes);
    expect(localFilesOf(b)).toEqual([]);
  }, 120_000);
});
