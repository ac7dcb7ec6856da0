import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createStaticHandler } from "./static";

function appWithDist() {
  const root = mkdtempSync(join(tmpdir(), "smm-dist-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<html>shell</html>");
  writeFileSync(join(root, "assets", "app-123.js"), "console.log(1)");
  writeFileSync(join(tmpdir(), "secret.txt"), "top secret");
  return new Hono().get("*", createStaticHandler(root));
}

describe("static web app", () => {
  const app = appWithDist();

  it("serves hashed assets with a long cache", async () => {
    const response = await app.request("/assets/app-123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/javascript");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("falls back to the shell for client routes", async () => {
    for (const path of ["/", "/dashboard", "/settings/brand"]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("<html>shell</html>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("compresses text assets for clients that accept gzip", async () => {
    const { gunzipSync } = await import("node:zlib");
    const response = await app.request("/assets/app-123.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe("console.log(1)");
  });

  it("answers 404 for a missing asset instead of the shell", async () => {
    expect((await app.request("/assets/missing.js")).status).toBe(404);
  });

  it("answers 404 for a path with a bad percent escape instead of failing", async () => {
    for (const path of ["/%E0%A4%A", "/assets/%ZZ.js", "/%"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
  });

  it("never serves files outside its folder", async () => {
    const response = await app.request("/..%2Fsecret.txt");
    expect(await response.text()).toBe("<html>shell</html>");
  });
});
