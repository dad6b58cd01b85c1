import type { DataflowChunk } from "../../../contract/dataflow";
import { countTokens } from "../../../rag/tokens";
import { type Payload, PipelineError } from "./types";

type Line = { text: string; positions: number[][]; table: boolean };
const BODY = Number.MAX_SAFE_INTEGER;

// RAGFlow's not_bullet: lines that look like a heading number but are not ("0", "3 x", "5...").
const NOT_BULLET = [/^0/, /^[0-9]+ +[0-9~个只-]/, /^[0-9]+\.{2,}/];
const notBullet = (line: string) => NOT_BULLET.some((pattern) => pattern.test(line));

const compile = (pattern: string) => {
  try {
    return new RegExp(`^(?:${pattern})`);
  } catch {
    throw new PipelineError(`TitleChunker: the level pattern ${JSON.stringify(pattern)} is not a valid expression.`);
  }
};

const matches = (text: string, pattern: RegExp) => pattern.test(text) && !notBullet(text);

// Of the level families, the one whose patterns match the most lines (mixing families would make levels ambiguous).
const levelGroup = (lines: Line[], families: RegExp[][]) => {
  let best: RegExp[] = [];
  let most = 0;
  for (const family of families) {
    const hits = lines.filter((line) => family.some((pattern) => matches(line.text.trim(), pattern))).length;
    if (hits > most) [best, most] = [family, hits];
  }
  return best;
};

const linesOf = (payload: Payload): Line[] => {
  if (payload.format === "json" || payload.format === "chunks") {
    const items = payload.format === "json" ? payload.sections : payload.chunks;
    return items.map((item) => ({
      text: item.text,
      positions: item.positions ?? [],
      table: item.doc_type_kwd === "table",
    }));
  }
  const raw = payload.text.split("\n");
  const kept = payload.format === "text" ? raw.map((line) => line.trim()).filter(Boolean) : raw.filter((l) => l.trim());
  return kept.map((text) => ({ text, positions: [], table: false }));
};

type Node = { level: number; titles: number[]; body: number[]; children: Node[] };
const node = (level: number, titles: number[] = []): Node => ({ level, titles, body: [], children: [] });

// RAGFlow's hierarchy tree: titles down to the target level open sections; deeper lines are body text.
const buildTree = (levels: number[], depth: number) => {
  const root = node(0);
  const stack = [root];
  levels.forEach((level, index) => {
    if (level > depth) {
      (stack.at(-1) as Node).body.push(index);
      return;
    }
    while (stack.length > 1 && level <= (stack.at(-1) as Node).level) stack.pop();
    const child = node(level, [index]);
    (stack.at(-1) as Node).children.push(child);
    stack.push(child);
  });
  return root;
};

const paths = (root: Node, depth: number, withHeadingContent: boolean) => {
  const out: number[][] = [];
  const walk = (current: Node, titles: number[]) => {
    if (current.level === 0 && current.body.length) out.push([...titles, ...current.body]);
    const inRange = current.level >= 1 && current.level <= depth;
    let pathTitles = titles;
    if (withHeadingContent) {
      pathTitles = inRange ? [...titles, ...current.titles] : titles;
      if (current.body.length && inRange) out.push([...pathTitles, ...current.body]);
      else if (!current.children.length && inRange) out.push(pathTitles);
    } else {
      pathTitles = inRange ? [...titles, ...current.titles, ...current.body] : titles;
      if (!current.children.length && inRange) out.push(pathTitles);
    }
    for (const child of current.children) walk(child, pathTitles);
  };
  walk(root, []);
  return out;
};

// A chunk over the token cap is cut at sentence ends (RAGFlow's chunk_token_cap).
const capped = (chunk: DataflowChunk, cap: number): DataflowChunk[] => {
  if (!cap || countTokens(chunk.text) <= cap) return [chunk];
  const sentences = chunk.text.match(/[^.!?。！？;；\n]+[.!?。！？;；\n]*/g) ?? [chunk.text];
  const groups: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current && countTokens(current + sentence) > cap) {
      groups.push(current);
      current = sentence;
    } else current += sentence;
  }
  if (current) groups.push(current);
  return groups.map((text, i) => ({
    ...chunk,
    text,
    ...(chunk.positions ? { positions: i === 0 ? chunk.positions : [] } : {}),
  }));
};

// TitleChunker (method "hierarchy"): each line's level from the best-matching family of `levels` patterns; a chunk
// per section at the `hierarchy`-th title level found, with the titles above it (include_heading_content: a
// title's own text becomes a chunk with its parents' titles); tables stay chunks of their own.
export const runTitleChunker = (params: Record<string, unknown>, payload: Payload): Payload => {
  if ((params.method ?? "hierarchy") !== "hierarchy")
    throw new PipelineError(
      `TitleChunker: method "${String(params.method)}" is not supported by Buddy (use hierarchy).`,
    );
  const families = ((params.levels ?? []) as string[][]).map((family) => family.filter(Boolean).map(compile));
  if (!families.some((family) => family.length)) throw new PipelineError("TitleChunker: set the hierarchy levels.");
  const lines = linesOf(payload);
  const family = levelGroup(lines, families);
  const levels = lines.map((line) => {
    if (line.table) return BODY;
    const index = family.findIndex((pattern) => matches(line.text.trim(), pattern));
    return index < 0 ? BODY : index + 1;
  });
  const titleLevels = [...new Set(levels.filter((level) => level < BODY))].toSorted((a, b) => a - b);
  const hierarchy = Math.max(1, Number(params.hierarchy) || 1);
  const target = titleLevels[Math.min(hierarchy, titleLevels.length) - 1];
  const groups: Line[][] = [];
  let run: number[] = [];
  const flush = () => {
    if (!run.length) return;
    const runLines = run.map((i) => lines[i] as Line);
    if (target === undefined) groups.push(runLines);
    else {
      const tree = buildTree(
        run.map((i) => levels[i] as number),
        target,
      );
      for (const path of paths(tree, target, params.include_heading_content === true))
        if (path.length) groups.push(path.map((i) => runLines[i] as Line));
    }
    run = [];
  };
  lines.forEach((line, i) => {
    if (line.table) {
      flush();
      groups.push([line]);
    } else run.push(i);
  });
  flush();
  const cap = Number(params.chunk_token_cap) || 0;
  return {
    format: "chunks",
    chunks: groups.flatMap((group) => {
      const positions = group.flatMap((line) => line.positions);
      const chunk: DataflowChunk = {
        text: group.map((line) => line.text).join("\n"),
        ...(group[0]?.table ? { doc_type_kwd: "table" } : {}),
        ...(positions.length ? { positions } : {}),
      };
      return chunk.doc_type_kwd === "table" ? [chunk] : capped(chunk, cap);
    }),
  };
};
