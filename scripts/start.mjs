// `npm start`: builds only when the sources changed since the last build, then runs the server bundle.
// The build (web app, server bundle, PGlite template) took most of a start's 19.5 s on a loaded machine;
// a start with nothing changed now goes straight to the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const stamp = join(root, "apps/server/dist/.build-stamp");
const outputs = ["apps/server/dist/main.mjs", "apps/web/dist/index.html"];
// What a build reads: the sources, the migrations, the dependencies and the build scripts.
const inputs = ["apps/server/src", "apps/web/src", "apps/web/index.html", "packages", "drizzle", "scripts"];
const inputFiles = ["package-lock.json", "package.json", "apps/web/vite.config.ts"];

/** The newest modification time under a path (node_modules and build output left out). */
function newestUnder(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    newest = Math.max(newest, newestUnder(join(path, entry.name)));
  }
  return newest;
}

function isBuildCurrent() {
  if (!existsSync(stamp) || outputs.some((output) => !existsSync(join(root, output)))) return false;
  const builtAt = Number(readFileSync(stamp, "utf8"));
  const newestInput = Math.max(...[...inputs, ...inputFiles].map((path) => newestUnder(join(root, path))));
  return Number.isFinite(builtAt) && newestInput <= builtAt;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isBuildCurrent()) {
  console.log("build is current (no source changed since the last build): starting");
} else {
  const startedAt = Date.now();
  run("npm", ["run", "build"]);
  writeFileSync(stamp, String(startedAt));
}
// The server runs as this process's child; the signals a supervisor sends this process are passed on.
const server = spawn(
  process.execPath,
  ["--enable-source-maps", "--max-old-space-size=384", join(root, "apps/server/dist/main.mjs")],
  { cwd: root, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
