import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/*
 * `import { LogOutIcon } from "lucide-react"` becomes `import LogOutIcon from "lucide-react/icons/log-out"`
 * at build time. Through the package's index every icon module is statically reachable from every page that
 * uses any icon, so the bundler's chunk groups (chunk-groups.ts) could not tell which icons a public page
 * really loads; imported one by one, each icon is reached exactly by the modules that show it. The source
 * keeps the package's documented named imports, and the index is no longer parsed (1,600 modules).
 */
const require = createRequire(import.meta.url);

/** Every exported icon name (with its aliases) to its module's name under lucide-react/icons/. */
function readIconFiles(): Map<string, string> {
  const main = require.resolve("lucide-react");
  const index = readFileSync(main.replace(/cjs[\\/]lucide-react\.js$/, "esm/lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const line of index.matchAll(/^export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';$/gm)) {
    const [, names = "", file = ""] = line;
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1] as string, file);
  }
  return files;
}

export function importLucideIconsOneByOne(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: "smm:lucide-per-icon",
    enforce: "pre",
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('from "lucide-react"')) return null;
      files ??= readIconFiles();
      const icons = files;
      let changed = false;
      const rewritten = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*"lucide-react";/g,
        (statement, list: string) => {
          const kept: string[] = [];
          const types: string[] = [];
          const lines: string[] = [];
          for (const specifier of list
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)) {
            const [imported = "", local = imported] = specifier.split(/\s+as\s+/);
            const file = icons.get(imported);
            if (specifier.startsWith("type ")) types.push(specifier.slice("type ".length));
            else if (file) lines.push(`import ${local} from "lucide-react/icons/${file}";`);
            else kept.push(specifier);
          }
          if (lines.length === 0) return statement;
          changed = true;
          if (kept.length > 0) lines.unshift(`import { ${kept.join(", ")} } from "lucide-react";`);
          // Said as a type-only import: `import { type X }` would stay behind as a bare import of the index.
          if (types.length > 0) lines.unshift(`import type { ${types.join(", ")} } from "lucide-react";`);
          // As many lines as the statement had, so the code after it keeps its line numbers.
          return lines.join(" ") + "\n".repeat(statement.split("\n").length - 1);
        },
      );
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
