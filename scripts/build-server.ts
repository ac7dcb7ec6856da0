// Bundles the server's TypeScript (apps/server and the workspace packages) into one ES module, so
// `npm start` runs plain node: loading the sources through tsx at run time costs about 100 MB of
// memory and a slower boot. Third-party packages stay in node_modules and load as usual.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

/** nodemailer is imported by a deep path node's ESM resolver cannot follow, so it is bundled. */
const BUNDLED_PACKAGES = new Set(["nodemailer"]);

function externalPackages(): string[] {
  const names = new Set<string>();
  for (const manifest of [
    "package.json",
    "apps/server/package.json",
    "packages/domain/package.json",
    "packages/infra/package.json",
  ]) {
    const json = JSON.parse(readFileSync(`${root}${manifest}`, "utf8")) as Record<string, unknown>;
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
      for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {})) {
        if (!name.startsWith("@smm/") && !BUNDLED_PACKAGES.has(name)) names.add(name);
      }
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/**
 * The image worker thread's entry (apps/server/src/adapters/sharp-imaging.ts starts it): a bundle of its own,
 * written beside every server bundle, where the server looks for it (`./image-worker.mjs` next to itself).
 */
const IMAGE_WORKER_ENTRY = `${root}apps/server/src/adapters/image-worker.ts`;
export const IMAGE_WORKER_BUNDLE = "image-worker.mjs";

export async function bundleServer(entry: string, outfile: string): Promise<void> {
  const options = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    external: externalPackages(),
    // Bundled CommonJS (nodemailer) calls require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  } as const;
  await Promise.all([
    build({ ...options, entryPoints: [entry], outfile }),
    build({
      ...options,
      entryPoints: [IMAGE_WORKER_ENTRY],
      outfile: join(dirname(outfile), IMAGE_WORKER_BUNDLE),
    }),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleServer(`${root}apps/server/src/main.ts`, `${root}apps/server/dist/main.mjs`);
  console.log(`server bundle written: apps/server/dist/main.mjs (+ ${IMAGE_WORKER_BUNDLE})`);
}
