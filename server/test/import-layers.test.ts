import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The folders of server/src import one another one way: at every level, the sub-folders of a folder (each with its
 * own sub-folders) form no cycle. A folder's loose files (app.ts, deps.ts, problem.ts at the top; reports/scope.ts)
 * are the ground its sub-folders share, not a node: the composition (app.ts, main.ts) imports every folder, and
 * every folder may import problem.ts. Read from the sources (`import`, `import type`, `export … from`, `import()`).
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "../src");

interface Import {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Every relative import of server/src, resolved to the file it names (imports of packages are left out). */
function relativeImports(): Import[] {
  return sourceFiles(SRC).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, "utf8"), true, true)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => ({ from: file, to: resolve(dirname(file), specifier) })),
  );
}

const folders = (file: string) => relative(SRC, file).split(sep).slice(0, -1);

/**
 * The edge an import adds: between the two sibling folders that hold its ends, under their deepest common folder.
 * None within one folder, from or to a loose file of a common folder, or to a file outside server/src.
 */
function folderEdge({ from, to }: Import): [string, string] | undefined {
  if (relative(SRC, to).startsWith("..")) return undefined;
  const a = folders(from);
  const b = folders(to);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  if (common === a.length || common === b.length) return undefined;
  return [a.slice(0, common + 1).join("/"), b.slice(0, common + 1).join("/")];
}

/**
 * Per group of folders that reach one another: its folders, then its shortest cycle through the first of them, each
 * arrow with an import that makes it.
 */
function findCycles(edges: Map<string, Map<string, string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);

  return groups.map((group) => {
    // The shortest way from the group's first folder back to itself, inside the group.
    const start = [...group].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of edges.get(node)?.keys() ?? []) {
        if (!group.includes(next) || cameFrom.has(next)) continue;
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
    const path = [start];
    for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) path.unshift(node);
    path.unshift(start);
    const arrows = path.slice(1).map((node, i) => `${path[i]} → ${node} (${edges.get(path[i]!)!.get(node)})`);
    return `${[...group].sort().join(", ")}: ${arrows.join(", ")}`;
  });
}

describe("the folders of server/src", () => {
  const imports = relativeImports();

  it("hold no test code: server tests live in server/test/ (README, the server layout)", () => {
    const importsVitest = (file: string) =>
      ts.preProcessFile(readFileSync(file, "utf8")).importedFiles.some(({ fileName }) => fileName === "vitest");
    const testCode = sourceFiles(SRC).filter((file) => /\.test(-d)?\.tsx?$/.test(file) || importsVitest(file));
    expect(testCode.map((file) => relative(SRC, file))).toEqual([]);
  });

  it("are read from imports that all resolve", () => {
    expect(imports.length).toBeGreaterThan(300);
    const unresolved = imports.filter(({ to }) => !existsSync(to));
    expect(unresolved.map(({ from, to }) => `${relative(SRC, from)} → ${relative(SRC, to)}`)).toEqual([]);
  });

  it("import one another one way", () => {
    const edges = new Map<string, Map<string, string>>();
    for (const found of imports) {
      const edge = folderEdge(found);
      if (!edge) continue;
      const [from, to] = edge;
      const targets = edges.get(from) ?? edges.set(from, new Map()).get(from)!;
      if (!targets.has(to)) targets.set(to, `${relative(SRC, found.from)} imports ${relative(SRC, found.to)}`);
    }
    expect(edges.size).toBeGreaterThan(10);
    expect(findCycles(edges)).toEqual([]);
  });

  it("would show a cycle with the imports that make it", () => {
    const edges = new Map([
      ["a", new Map([["b", "a/x.ts imports b/y.ts"]])],
      ["b", new Map([["a", "b/y.ts imports a/z.ts"]])],
    ]);
    expect(findCycles(edges)).toEqual(["a, b: a → b (a/x.ts imports b/y.ts), b → a (b/y.ts imports a/z.ts)"]);
  });
});
