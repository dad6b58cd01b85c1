import type { MindMapNode } from "../contract/mindmap";
import type { ChatMessage } from "../platform/providers/types";
import { countTokens } from "./tokens";

const MAX_NODES = 400;
const MAX_ID_CHARS = 200;

// RAGFlow's MIND_MAP_EXTRACTION_PROMPT, reworded: a titled, sectioned outline in Markdown.
export const mindMapPrompt = (text: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "You summarise a text into a mind map.\n" +
      "1. Give the text a title.\n2. Sort its content into the sections of a mind map; split complex subjects into sub-sections.\n" +
      "3. End each branch with a short summary of its content.\n" +
      "Answer in Markdown only: the title as a '# ' heading, sections as '## ' and '### ' headings, details as bullet lists; " +
      "at least three levels, as many sections as the text supports, in the language of the text.\n\nTEXT:\n" +
      text,
  },
  { role: "user", content: "Output:" },
];

const clean = (text: string) =>
  text
    .replace(/\*+/g, "")
    .replace(/[:：]\s*$/, "")
    .trim()
    .slice(0, MAX_ID_CHARS);

// Depth of a line in the outline: headings by their #s, list items below every heading by their indent,
// other text below the line before it.
const outlineLine = (line: string): { depth: number; text: string } | { text: string } | null => {
  const heading = line.match(/^\s*(#{1,6})\s+(.+)$/s);
  if (heading) return { depth: (heading[1] ?? "#").length, text: heading[2] ?? "" };
  const item = line.match(/^(\s*)(?:[-*+]|\d+[.)])\s+(.+)$/s);
  if (item) return { depth: 7 + Math.floor((item[1] ?? "").replace(/\t/g, "  ").length / 2), text: item[2] ?? "" };
  return line.trim() ? { text: line.trim() } : null;
};

// A Markdown outline as a forest of nodes (RAGFlow reads it with markdown_to_json).
export const outlineToNodes = (markdown: string): MindMapNode[] => {
  const root: MindMapNode & { depth: number } = { id: "", children: [], depth: 0 };
  const stack: (MindMapNode & { depth: number })[] = [root];
  for (const raw of markdown.replace(/```[^\n]*/g, "").split("\n")) {
    const line = outlineLine(raw);
    if (!line) continue;
    const text = clean(line.text);
    if (!text) continue;
    const depth = "depth" in line ? line.depth : (stack.at(-1)?.depth ?? 0) + 1;
    while ((stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const node = { id: text, children: [], depth };
    stack.at(-1)?.children.push(node);
    if ("depth" in line) stack.push(node);
  }
  const strip = (nodes: MindMapNode[]): MindMapNode[] =>
    nodes.map((node) => ({ id: node.id, children: strip(node.children) }));
  return strip(root.children);
};

// RAGFlow's _merge: branches with the same text join, their children merged the same way.
export const mergeNodes = (into: MindMapNode[], from: MindMapNode[]): MindMapNode[] => {
  const merged = into.map((node) => ({ ...node }));
  for (const node of from) {
    const same = merged.find((other) => other.id === node.id);
    if (same) same.children = mergeNodes(same.children, node.children);
    else merged.push(node);
  }
  return merged;
};

// Every text once (RAGFlow's keyset) and at most MAX_NODES nodes, breadth first.
const prune = (forest: MindMapNode[]) => {
  const seen = new Set<string>();
  let budget = MAX_NODES;
  const keep = (nodes: MindMapNode[]): MindMapNode[] =>
    nodes.filter((node) => {
      if (seen.has(node.id) || budget <= 0) return false;
      seen.add(node.id);
      budget -= 1;
      return true;
    });
  const walk = (nodes: MindMapNode[]): MindMapNode[] => {
    const kept = keep(nodes);
    return kept.map((node) => ({ id: node.id, children: walk(node.children) }));
  };
  return walk(forest);
};

// One tree: the single title when there is one, else a "root" over all (RAGFlow's shape).
export const mindMapOf = (forest: MindMapNode[]): MindMapNode => {
  const nodes = prune(forest);
  const [only] = nodes;
  return nodes.length === 1 && only ? only : { id: "root", children: nodes };
};

const firstSentence = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentence = flat.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? flat;
  return sentence.length > 120 ? `${sentence.slice(0, 117)}…` : sentence;
};

// Without a chat model: the question, the documents found and each chunk's first sentence.
export const extractiveMindMap = (question: string, chunks: { document: string; content: string }[]): MindMapNode => {
  const byDocument = new Map<string, MindMapNode[]>();
  for (const chunk of chunks) {
    const leaves = byDocument.get(chunk.document) ?? [];
    leaves.push({ id: firstSentence(chunk.content), children: [] });
    byDocument.set(chunk.document, leaves);
  }
  return {
    id: clean(question) || "root",
    children: prune([...byDocument].map(([document, leaves]) => ({ id: document, children: leaves }))),
  };
};

// The texts to map, in parts of at most 6,000 tokens (one model call each; a longer text is a part of its own).
const PART_TOKENS = 6000;
export const mindMapParts = (texts: string[]) => {
  const batches: string[][] = [[]];
  let tokens = 0;
  for (const text of texts) {
    const size = countTokens(text);
    if (tokens + size > PART_TOKENS && batches.at(-1)?.length) {
      batches.push([]);
      tokens = 0;
    }
    batches.at(-1)?.push(text);
    tokens += size;
  }
  return batches.filter((batch) => batch.length > 0);
};

export const countNodes = (node: MindMapNode): number =>
  1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
