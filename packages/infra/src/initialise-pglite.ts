import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { execPath, pid } from "node:process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/*
 * PGlite's memory is WebAssembly memory: it grows and is never given back, and initdb grows it a lot. The
 * first boot therefore creates the data folder in a short-lived child process, so the server itself only
 * ever opens an existing database. When `npm run build` has left a template (an initdb'd cluster, made once
 * per PGlite version) the child unpacks that instead of running initdb: about 0.9 s instead of 3.3 s. This
 * module imports nothing heavy, so main.ts can start it before loading the rest of the server.
 */
const pending = new Map<string, Promise<void>>();

const pgliteModuleUrl = () => import.meta.resolve("@electric-sql/pglite");

/** Where the build keeps the template: node_modules/.cache, keyed by the installed PGlite version. */
export function defaultPgliteTemplateFile(): string {
  // .../node_modules/@electric-sql/pglite/dist/index.js -> the package folder and its node_modules.
  const packageDir = dirname(dirname(fileURLToPath(pgliteModuleUrl())));
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  return join(dirname(dirname(packageDir)), ".cache", "smm", `pglite-${version}-template.tgz`);
}

export function initialisePgliteDataDir(dataDir: string, options: { template?: string } = {}): Promise<void> {
  const existing = pending.get(dataDir);
  if (existing) return existing;
  const work = (async () => {
    if (existsSync(join(dataDir, "PG_VERSION"))) return;
    // PGlite does not create parent folders itself. The database is made in a scratch folder and renamed
    // into place when complete, so a first boot killed half-way never leaves a half-made database behind.
    mkdirSync(dirname(dataDir), { recursive: true });
    const scratch = `${dataDir}.init-${pid}`;
    rmSync(scratch, { recursive: true, force: true });
    const template = options.template ?? defaultPgliteTemplateFile();
    const script = `import { existsSync, readFileSync, rmSync } from "node:fs";
const { PGlite } = await import(${JSON.stringify(pgliteModuleUrl())});
const template = ${JSON.stringify(template)};
const scratch = ${JSON.stringify(scratch)};
let db;
if (existsSync(template)) {
  try {
    db = await PGlite.create(scratch, { loadDataDir: new Blob([readFileSync(template)]) });
  } catch {
    // A damaged or foreign template: fall back to initdb.
    rmSync(scratch, { recursive: true, force: true });
  }
}
db ??= await PGlite.create(scratch);
await db.close();`;
    await promisify(execFile)(execPath, ["--input-type=module", "-e", script], { timeout: 120_000 });
    // An empty folder left by an earlier attempt (or made by hand) gives way; a non-empty one is an error.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(scratch, dataDir);
  })();
  pending.set(dataDir, work);
  // A failed attempt may be retried by a later call.
  work.catch(() => pending.delete(dataDir));
  return work;
}

/** Makes the template (an initdb'd, empty cluster as a gzipped tarball) unless it exists. */
export async function ensurePgliteTemplate(file = defaultPgliteTemplateFile()): Promise<boolean> {
  if (existsSync(file)) return false;
  mkdirSync(dirname(file), { recursive: true });
  const script = `import { writeFileSync, renameSync } from "node:fs";
const { PGlite } = await import(${JSON.stringify(pgliteModuleUrl())});
const db = await PGlite.create();
const dump = await db.dumpDataDir("gzip");
await db.close();
const partial = ${JSON.stringify(`${file}.${pid}.partial`)};
writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
renameSync(partial, ${JSON.stringify(file)});`;
  await promisify(execFile)(execPath, ["--input-type=module", "-e", script], { timeout: 120_000 });
  return true;
}
