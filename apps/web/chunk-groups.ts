import { fileURLToPath } from "node:url";
import type { ModuleInfo } from "rolldown";

/*
 * How the signed-in app's code is cut into files. Left to the default, every module two routes share became
 * a chunk of its own (an icon, a UI part, a schema each), so a signed-in page fetched 75-113 script files,
 * most under 1 KB (measured 2026-11-29). Every signed-in page loads the signed-in root and one of the two
 * layouts, so what those reach goes into one file ("signed-in-shell"). What they share with the other
 * public pages (sign-in, legal, deletion) goes into "common", split by which pages use it. What the first
 * page (the entry and the landing page) reaches keeps the default split: it has its own budget (100 KB).
 * The dashboard went from 88 files and 224.9 KB to 45 files and 214.9 KB (gzip, build manifest).
 */
const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const FIRST_PAGE_ROOTS = ["main.tsx", "pages/landing/landing-page.tsx"].map(source);
const PUBLIC_ROOTS = [
  "pages/login/login-page.tsx",
  "pages/legal/privacy-page.tsx",
  "pages/legal/terms-page.tsx",
  "pages/delete-data/delete-data-page.tsx",
  "pages/reset-password/reset-password-page.tsx",
].map(source);
const SIGNED_IN_ROOTS = [
  "components/signed-in-root.tsx",
  "components/app-shell/app-shell.tsx",
  "components/marketing-layout.tsx",
].map(source);

const LUCIDE = /[\\/]lucide-react[\\/]/;

type ReadModule = (id: string) => ModuleInfo | null;

/** Every module the roots load along with themselves: their static imports, followed to the end. */
function listStaticallyReached(roots: string[], readModule: ReadModule): Set<string> {
  const reached = new Set<string>();
  const waiting = [...roots];
  for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    const module = readModule(id);
    // importedIds lists the dynamic imports too; those are other routes, fetched when visited.
    const dynamic = new Set(module?.dynamicallyImportedIds ?? []);
    waiting.push(...(module?.importedIds ?? []).filter((imported) => !dynamic.has(imported)));
  }
  return reached;
}

export function createChunkGroups() {
  let groupOf: Map<string, string> | undefined;
  const readGroups = (read: ReadModule) => {
    const firstPage = listStaticallyReached(FIRST_PAGE_ROOTS, read);
    const publicPages = listStaticallyReached(PUBLIC_ROOTS, read);
    const groups = new Map<string, string>();
    // The first page's icons (and lucide's base) in one file: one at a time, each was its own request and
    // its own gzip stream, and every new route's icon chunk lengthened the entry's preload map besides.
    for (const id of firstPage) if (LUCIDE.test(id)) groups.set(id, "first-page-icons");
    for (const id of listStaticallyReached(SIGNED_IN_ROOTS, read)) {
      if (firstPage.has(id)) continue;
      groups.set(id, publicPages.has(id) ? "common" : "signed-in-shell");
    }
    return groups;
  };
  const nameIn = (group: string) => (id: string, context: { getModuleInfo: ReadModule }) => {
    groupOf ??= readGroups((moduleId) => context.getModuleInfo(moduleId));
    return groupOf.get(id) === group ? group : null;
  };
  return [
    { name: nameIn("first-page-icons") },
    { name: nameIn("signed-in-shell") },
    {
      name: nameIn("common"),
      entriesAware: true,
      // What only some of them use is split by who uses it; pieces under 4 KB join their neighbour.
      entriesAwareMergeThreshold: 4096,
    },
  ];
}
