// npm run probe: repeats issue 14's outside probe against the real server (bundled as `npm start` runs it)
// on a fresh PostgreSQL database, and prints the numbers the issue asks for:
//  1. a 400 MiB streamed body to the public data-deletion route (413, server alive) and that route's limit,
//  2. the bad-input set (NUL, lone surrogates, malformed JSON, bad escapes) over REST, tools and chat: 5xx,
//  3. cross-site writes with a signed-in victim's cookie (text/plain, form, foreign Origin): accepted,
//  4. weak passwords at sign-up: accepted,
//  5. 50 connections on the posts list (errors) and 50 concurrent generations on the free plan (over quota).
// Numbers are reported, never asserted; the tests hold the same findings one by one.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { loadWithPercentiles, root, signUpVerified, startServerOnFreshPostgres } from "./bench-support";

const BAD_TEXTS = ["a\u0000b", "\ud800", "x\udfffy", "\udc00\ud800", "ok\u0000"];
const WEAK_PASSWORDS = ["12345678", "password", "        ", "Password", "qwertyuiop", "iloveyou"];
const BODY_MIB = 400;

interface Tally {
  sent: number;
  serverErrors: string[];
}

async function main() {
  // The screens' paths are part of the set: without a built web app they would all answer 503.
  if (!existsSync(join(root, "apps/web/dist/index.html")))
    execSync("npm run build -w @smm/web", { stdio: "ignore" });
  const server = await startServerOnFreshPostgres("probe");
  if (!server) return;
  const { base, dataDir } = server;
  const json = { "content-type": "application/json", origin: base };
  try {
    // 1. Body limit and the public route's rate limit.
    const streamed = await streamHugeBody(`${base}/api/data-deletion-requests`, BODY_MIB);
    const alive = (await fetch(`${base}/api/health`)).status;
    console.log(
      `\n1. ${BODY_MIB} MiB streamed to POST /api/data-deletion-requests: answered ${streamed.status} after ${(streamed.sentBytes / 1024 / 1024).toFixed(1)} MiB sent; server health ${alive}`,
    );
    const deletions = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${base}/api/data-deletion-requests`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ email: `probe${i}@example.com`, reason: "probe" }),
        }).then((r) => r.status),
      ),
    );
    console.log(
      `   200 data-deletion requests at once: ${deletions.filter((s) => s === 201).length} accepted, ${deletions.filter((s) => s === 429).length} x 429`,
    );

    // 2. The bad-input set.
    const victim = await signUpVerified(base, dataDir, "probe-victim");
    const cookie = victim.cookie;
    const brand = (await (
      await fetch(`${base}/api/brands`, {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify({ name: "Probe Brand" }),
      })
    ).json()) as { id: string };
    const tally: Tally = { sent: 0, serverErrors: [] };
    const send = async (method: string, path: string, body?: string, contentType = "application/json") => {
      tally.sent += 1;
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { origin: base, cookie, ...(body === undefined ? {} : { "content-type": contentType }) },
        ...(body === undefined ? {} : { body }),
      }).catch(() => null);
      if (!response || response.status >= 500) {
        tally.serverErrors.push(
          `${method} ${path} ${body?.slice(0, 40) ?? ""} -> ${response?.status ?? "no answer"}`,
        );
      }
      await response?.arrayBuffer();
    };
    // JSON.stringify keeps lone surrogates as \\u escapes, which JSON.parse turns back into lone surrogates.
    for (const text of BAD_TEXTS) {
      await send("POST", "/api/brands", JSON.stringify({ name: text }));
      await send("PATCH", `/api/brands/${brand.id}/settings`, JSON.stringify({ postPromptOverride: text }));
      await send("PATCH", `/api/brands/${brand.id}/settings`, JSON.stringify({ imagePromptOverride: text }));
      await send("PATCH", `/api/brands/${brand.id}/company-profile`, JSON.stringify({ keyMessages: [text] }));
      await send("POST", "/api/brands/field", JSON.stringify({ field: "industry", value: text }));
      await send("POST", "/api/posts/generate", JSON.stringify({ prompt: text }));
      await send("POST", "/api/tools/searchSite", JSON.stringify({ query: text }));
      await send("POST", "/api/tools/updateBrandField", JSON.stringify({ field: "brandName", value: text }));
      await send(
        "POST",
        "/api/chat",
        JSON.stringify({
          messages: [{ id: `m-${tally.sent}`, role: "user", parts: [{ type: "text", text }] }],
        }),
      );
      await send(
        "POST",
        "/api/data-deletion-requests",
        JSON.stringify({ email: "x@example.com", reason: text }),
      );
    }
    for (const query of ["a%00b", "%ED%A0%80", "%E0%A4%A", "%00", "%C0%80"]) {
      await send("GET", `/api/posts?search=${query}`);
      await send("GET", `/api/posts/${query}`);
      await send("GET", `/${query}`);
    }
    for (const body of ["{", "[]", "null", '"text"', "1e999", "[".repeat(100_000), '{"name":', "\u0000"]) {
      await send("POST", "/api/brands", body);
      await send("POST", "/api/tools/listPosts", body);
      await send("POST", "/api/chat", body);
    }
    console.log(
      `\n2. bad-input set: ${tally.sent} requests, ${tally.serverErrors.length} x 5xx${tally.serverErrors.length ? `:\n   ${tally.serverErrors.join("\n   ")}` : ""}`,
    );

    // 3. Cross-site writes with the victim's cookie.
    const brandsBefore = await countBrands(base, cookie);
    const foreign = "http://localhost:1";
    const attempts: [string, Record<string, string>, string][] = [
      ["text/plain form", { "content-type": "text/plain", origin: foreign }, '{"name":"csrf"}'],
      [
        "url-encoded form",
        { "content-type": "application/x-www-form-urlencoded", origin: foreign },
        "name=csrf",
      ],
      ["foreign Origin JSON", { "content-type": "application/json", origin: foreign }, '{"name":"csrf"}'],
      ["Origin null", { "content-type": "text/plain", origin: "null" }, '{"name":"csrf"}'],
      [
        "no Origin, cross-site",
        { "content-type": "text/plain", "sec-fetch-site": "cross-site" },
        '{"name":"csrf"}',
      ],
      ["same-origin text/plain", { "content-type": "text/plain", origin: base }, '{"name":"csrf"}'],
    ];
    let accepted = 0;
    for (const [, headers, body] of attempts) {
      for (const path of ["/api/brands", "/api/tools/createBrand"]) {
        const status = (
          await fetch(`${base}${path}`, { method: "POST", headers: { ...headers, cookie }, body })
        ).status;
        if (status < 300) accepted += 1;
      }
    }
    const brandsAfter = await countBrands(base, cookie);
    console.log(
      `\n3. cross-site writes: ${attempts.length * 2} tried, ${accepted} accepted; victim's brands ${brandsBefore} -> ${brandsAfter}`,
    );

    // 4. Weak passwords.
    let weakAccepted = 0;
    for (const password of WEAK_PASSWORDS) {
      const response = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          email: `weak-${Math.random().toString(36).slice(2)}@example.com`,
          password,
          name: "w",
        }),
      });
      if (response.ok) weakAccepted += 1;
    }
    console.log(`\n4. weak passwords at sign-up: ${WEAK_PASSWORDS.length} tried, ${weakAccepted} accepted`);

    // 5. Load and quota.
    const reads = await loadWithPercentiles({
      url: `${base}/api/posts?limit=8`,
      connections: 50,
      duration: 5,
      headers: { cookie },
    }).catch((error: Error) => ({ error: error.message }));
    console.log(
      "error" in reads
        ? `\n5. 50 connections on GET /api/posts: ${reads.error}`
        : `\n5. 50 connections on GET /api/posts for 5 s: ${reads.count} requests, 0 errors, p95 ${reads.p95} ms`,
    );
    const free = await signUpVerified(base, dataDir, "probe-quota");
    await fetch(`${base}/api/brands`, {
      method: "POST",
      headers: { ...json, cookie: free.cookie },
      body: JSON.stringify({ name: "Quota Brand" }),
    });
    const generations = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${base}/api/posts/generate`, {
          method: "POST",
          headers: { ...json, cookie: free.cookie },
          body: JSON.stringify({ prompt: "quota probe" }),
        }).then((r) => r.status),
      ),
    );
    const made = generations.filter((s) => s === 201).length;
    const unexpected = generations.filter((s) => s !== 201 && s !== 429).length;
    console.log(
      `   50 concurrent generations on the free plan (1 a day): ${made} made, ${Math.max(0, made - 1)} over quota, ${unexpected} other answers`,
    );
  } finally {
    await server.stop();
  }
}

async function countBrands(base: string, cookie: string): Promise<number> {
  const body = (await (await fetch(`${base}/api/brands`, { headers: { cookie } })).json()) as {
    brands: unknown[];
  };
  return body.brands.length;
}

/** Streams `mib` MiB of a JSON string without Content-Length, stopping as soon as the server answers. */
function streamHugeBody(url: string, mib: number): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve) => {
    const target = new URL(url);
    let sentBytes = 0;
    let answered = false;
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: target.origin,
          "transfer-encoding": "chunked",
        },
      },
      (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sentBytes });
      },
    );
    req.on("error", () => {
      if (!answered) resolve({ status: 0, sentBytes });
    });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const total = mib * 1024 * 1024;
    req.write('{"email":"big@example.com","reason":"');
    const pump = () => {
      while (!answered && sentBytes < total) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
