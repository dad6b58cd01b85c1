import type { KnowledgeGraph } from "../../contract/knowledge-graph";

type Link = { a: number; b: number; weight: number };

const MAX_PASSES = 10;
const MAX_SWEEPS = 50;

// Weighted degree per node, a self-loop (a community folded into one node) counting twice.
const adjacencyOf = (size: number, links: Link[]) => {
  const adjacency = Array.from({ length: size }, () => new Map<number, number>());
  for (const { a, b, weight } of links) {
    adjacency[a]?.set(b, (adjacency[a]?.get(b) ?? 0) + weight);
    if (a !== b) adjacency[b]?.set(a, (adjacency[b]?.get(a) ?? 0) + weight);
  }
  const degree = adjacency.map((neighbours, i) =>
    [...neighbours].reduce((sum, [j, weight]) => sum + (j === i ? 2 * weight : weight), 0),
  );
  return { adjacency, degree };
};

// One round of local moves: each node joins the neighbouring community that gains the most modularity
// (nodes in index order, ties to the first, so the same graph always gives the same communities).
const localMoves = (size: number, links: Link[]) => {
  const { adjacency, degree } = adjacencyOf(size, links);
  const twiceTotal = degree.reduce((sum, d) => sum + d, 0);
  const community = Array.from({ length: size }, (_, i) => i);
  const totals = [...degree];
  let movedAny = false;
  for (let sweep = 0, moved = twiceTotal > 0; moved && sweep < MAX_SWEEPS; sweep++) {
    moved = false;
    for (let i = 0; i < size; i++) {
      const own = community[i] as number;
      const k = degree[i] ?? 0;
      const toCommunity = new Map<number, number>();
      for (const [j, weight] of adjacency[i] ?? [])
        if (j !== i) toCommunity.set(community[j] as number, (toCommunity.get(community[j] as number) ?? 0) + weight);
      totals[own] = (totals[own] ?? 0) - k;
      let best = own;
      let bestGain = (toCommunity.get(own) ?? 0) - ((totals[own] ?? 0) * k) / twiceTotal;
      for (const [candidate, weight] of toCommunity) {
        const gain = weight - ((totals[candidate] ?? 0) * k) / twiceTotal;
        if (gain > bestGain + 1e-12) [best, bestGain] = [candidate, gain];
      }
      totals[best] = (totals[best] ?? 0) + k;
      if (best !== own) [community[i], moved, movedAny] = [best, true, true];
    }
  }
  return movedAny ? community : null;
};

// Louvain modularity clustering (RAGFlow runs Leiden, its refinement): local moves, then each community
// folded into one node, until nothing moves. The community index of every node.
export const louvain = (size: number, links: Link[]): number[] => {
  let membership = Array.from({ length: size }, (_, i) => i);
  let [count, current] = [size, links];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const moved = localMoves(count, current);
    if (!moved) break;
    const renumbered = new Map<number, number>();
    const next = moved.map((c) => {
      if (!renumbered.has(c)) renumbered.set(c, renumbered.size);
      return renumbered.get(c) as number;
    });
    membership = membership.map((c) => next[c] as number);
    const folded = new Map<string, Link>();
    for (const { a, b, weight } of current) {
      const [x, y] = [next[a] as number, next[b] as number].toSorted((p, q) => p - q) as [number, number];
      const link = folded.get(`${x} ${y}`) ?? { a: x, b: y, weight: 0 };
      link.weight += weight;
      folded.set(`${x} ${y}`, link);
    }
    [count, current] = [renumbered.size, [...folded.values()]];
  }
  return membership;
};

export type Community = { level: number; members: string[] };

// RAGFlow's hierarchical clustering: communities of the whole graph (level 0), and each community of more than
// `maxSize` entities clustered again one level down; communities of a single entity are left out.
export const hierarchicalCommunities = (graph: KnowledgeGraph, maxSize = 12): Community[] => {
  const found: Community[] = [];
  const cluster = (members: string[], level: number) => {
    const index = new Map(members.map((id, i) => [id, i]));
    const links = graph.edges.flatMap((edge): Link[] => {
      const [a, b] = [index.get(edge.source), index.get(edge.target)];
      return a === undefined || b === undefined ? [] : [{ a, b, weight: Math.max(edge.weight, 1e-6) }];
    });
    const membership = louvain(members.length, links);
    const groups = new Map<number, string[]>();
    for (const [i, c] of membership.entries()) {
      const group = groups.get(c) ?? [];
      group.push(members[i] as string);
      groups.set(c, group);
    }
    // a community that does not split any further is not a level of its own
    if (level > 0 && groups.size === 1) return;
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      found.push({ level, members: group });
      if (group.length > maxSize) cluster(group, level + 1);
    }
  };
  cluster(
    graph.nodes.map((node) => node.id),
    0,
  );
  return found;
};
