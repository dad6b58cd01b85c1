// Fails when two top-level folders under worker/services import each other (a pair of service folders that
// depend on each other cannot be layered). Follows relative imports, `import type` and `export … from` included.
// Usage: node scripts/check-service-layers.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// pairs allowed to stay (none)
const MAX_PAIRS = 0;

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "worker", "services");

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

// the top-level service folder a path lies in (null for files directly under services/ or outside it)
const folderOf = (path) => {
  const parts = relative(root, path).split(sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : null;
};

// import … from "x", import type … from "x", export … from "x", import "x", import("x")
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']*)["']/g;

// from → to → the files that make the edge
const edges = new Map();
for (const file of sourceFiles(root)) {
  const from = folderOf(file);
  if (!from) continue;
  const source = readFileSync(file, "utf8");
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    const to = folderOf(resolve(dirname(file), specifier));
    if (!to || to === from) continue;
    const targets = edges.get(from) ?? new Map();
    edges.set(from, targets);
    const files = targets.get(to) ?? new Set();
    targets.set(to, files);
    files.add(`${relative(root, file)} → ${specifier}`);
  }
}

const pairs = [...edges].flatMap(([a, targets]) =>
  [...targets.keys()].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => [a, b]),
);

for (const [a, b] of pairs) {
  console.error(`worker/services/${a} and worker/services/${b} import each other:`);
  for (const [from, to] of [
    [a, b],
    [b, a],
  ])
    for (const line of edges.get(from).get(to)) console.error(`  ${line}`);
}
if (pairs.length > MAX_PAIRS) {
  console.error(
    `${pairs.length} pair(s) of service folders import each other (at most ${MAX_PAIRS} allowed): move what both need into a lower folder.`,
  );
  process.exit(1);
}
console.log(`Service layers: ${pairs.length} pair(s) of service folders import each other.`);
