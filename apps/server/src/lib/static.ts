import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const compressible = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Serves the built web app with SPA fallback: real files first, then index.html so the
 * client router handles the path. Hashed assets are cached for a year; the shell never.
 */
export function createStaticHandler(root: string) {
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  // Built files never change while the process runs, so each is compressed once.
  const gzipped = new Map<string, Uint8Array>();
  const respond = (c: Context, path: string, file: Buffer, headers: Record<string, string>) => {
    const type = extname(path);
    const base = {
      "content-type": contentTypes[type] ?? "application/octet-stream",
      vary: "accept-encoding",
      ...headers,
    };
    if (compressible.has(type) && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      let body = gzipped.get(path);
      if (!body) {
        body = new Uint8Array(gzipSync(file));
        gzipped.set(path, body);
      }
      return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...base, "content-encoding": "gzip" });
    }
    return c.body(new Uint8Array(file), 200, base);
  };
  return async (c: Context) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      // A bad escape (`/%E0%A4%A`) names no file and no screen.
      return c.text("Not found", 404);
    }
    const relative = decoded.replace(/^\/+/, "");
    const target = normalize(join(root, relative));
    if (target.startsWith(rootWithSep) && relative !== "") {
      const file = await readIfFile(target);
      if (file) {
        const immutable = relative.startsWith("assets/");
        return respond(c, target, file, {
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
        });
      }
      if (relative.startsWith("assets/")) return c.text("Not found", 404);
    }
    const index = await readIfFile(join(root, "index.html"));
    if (!index) {
      return c.html(
        "<!doctype html><title>Social Media Manager</title><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p>",
        503,
      );
    }
    return respond(c, join(root, "index.html"), index, { "cache-control": "no-cache" });
  };
}
