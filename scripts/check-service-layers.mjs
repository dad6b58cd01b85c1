// Fails when top-level folders under worker/services import each other, as a pair or around a longer ring (folders
// that depend on each other cannot be layered). Follows relative imports, `import type` and `export … from` included.
// Usage: node scripts/check-service-layers.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

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

// Folders that reach each other through imports (Tarjan's strongly connected components): a pair that imports
// each other, or a longer ring such as a → b → c → a. Each must be none.
const cycles = [];
const order = new Map();
const low = new Map();
const stack = [];
const visit = (folder) => {
  order.set(folder, order.size);
  low.set(folder, order.get(folder));
  stack.push(folder);
  for (const next of edges.get(folder)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(folder, Math.min(low.get(folder), low.get(next)));
    } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder), order.get(next)));
  }
  if (low.get(folder) !== order.get(folder)) return;
  const members = stack.splice(stack.indexOf(folder));
  if (members.length > 1) cycles.push(members.toSorted());
};
for (const folder of [...edges.keys()].toSorted()) if (!order.has(folder)) visit(folder);

for (const members of cycles) {
  console.error(`These folders of worker/services import each other: ${members.join(", ")}`);
  for (const from of members)
    for (const [to, lines] of edges.get(from) ?? [])
      if (members.includes(to)) for (const line of lines) console.error(`  ${line}`);
}
const pairs = cycles.filter((members) => members.length === 2).length;
if (cycles.length > 0) {
  console.error(
    `${cycles.length} group(s) of service folders import each other (${pairs} pair(s)): move what they share into a lower folder.`,
  );
  process.exit(1);
}
console.log(`Service layers: no service folders import each other.`);
