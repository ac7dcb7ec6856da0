// npm run lint: fails when any two source files import each other, directly or through others.
//
// Every file of the root tsconfig (apps/*/src, packages/*/src, tests, scripts) is read, and each import is
// resolved the way tsc resolves it: path aliases (`@/...`) and the workspace packages' `exports` maps
// (`@smm/domain/...`, `@smm/tools`) included. Off-the-shelf graph tools resolve those differently or not at
// all (madge 8 skips every `@smm/...` import), so a cycle that crosses packages would go unseen.
// Type-only imports count: a cycle of types still ties two modules together (the port types that once
// lived in an offline model were such a cycle), and `import()` counts for the same reason.
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The project's files and compiler options, as `tsc -b` sees them. */
function readProject(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return parsed;
}

/** Each project file and the project files it imports (modules outside the project are left out). */
function buildImportGraph(project: ts.ParsedCommandLine): Map<string, string[]> {
  const files = new Set(project.fileNames);
  const cache = ts.createModuleResolutionCache(root, (name) => name, project.options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.sys.readFile(file) ?? "";
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, project.options, ts.sys, cache).resolvedModule;
      if (resolved && files.has(resolved.resolvedFileName)) targets.add(resolved.resolvedFileName);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file that imports itself (Tarjan). */
function findCyclicGroups(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** One concrete loop through a cyclic group (shortest from its first file back to it), for the message. */
function traceCycle(graph: Map<string, string[]>, group: string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path: string[] = [];
        let step: string | undefined = file;
        while (step !== undefined && step !== start) {
          path.unshift(step);
          step = cameFrom.get(step);
        }
        return [start, ...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group;
}

const project = readProject();
const graph = buildImportGraph(project);
const groups = findCyclicGroups(graph);
if (groups.length === 0) {
  console.log(`import cycles: none in ${graph.size} files`);
} else {
  console.error(`import cycles: ${groups.length} group(s) of files that import one another`);
  for (const group of groups) {
    const loop = traceCycle(graph, group);
    console.error(`  ${loop.map((file) => relative(root, file)).join(" -> ")}`);
    // A group can hold several loops; naming every member shows what else has to be untangled.
    const others = group.filter((file) => !loop.includes(file));
    if (others.length > 0)
      console.error(`    and, in the same group: ${others.map((file) => relative(root, file)).join(", ")}`);
  }
  process.exitCode = 1;
}
