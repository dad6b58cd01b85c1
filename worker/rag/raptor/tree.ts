import { inParallel } from "../../lib/batches";
import type { ChatMessage } from "../../platform/providers/types";
import { truncateTokens } from "../tokens";
import { clusterLayer } from "./cluster";

export type RaptorNode = { text: string; vector: Float32Array };
export type RaptorOptions = { prompt: string; maxToken: number; threshold: number; maxCluster: number; seed: number };

// The context RAGFlow assumes for a chat model whose own is unknown; the members share what the answer leaves.
const CONTEXT_TOKENS = 8192;
const MAX_LAYERS = 32;

// RAGFlow's summary call: the cluster's texts, each cut to an equal share of the context, in the prompt's
// {cluster_content}, answered in up to max(max_token, 512) tokens.
export const summaryPrompt = (options: Pick<RaptorOptions, "prompt" | "maxToken">, texts: string[]): ChatMessage[] => {
  const share = Math.floor((CONTEXT_TOKENS - options.maxToken) / Math.max(1, texts.length));
  const content = texts.map((text) => truncateTokens(text, share)).join("\n");
  return [
    { role: "system", content: "You're a helpful assistant." },
    { role: "user", content: options.prompt.replaceAll("{cluster_content}", content) },
  ];
};

export const summaryMaxTokens = (maxToken: number) => Math.max(maxToken, 512);

// Builds the tree bottom-up: each layer's nodes are clustered and every cluster summarised into a node of
// the next layer, until one node is left. Returns the summaries (the leaves are the caller's chunks).
// `summarise` answers null for a cluster that failed; it is left out, as RAGFlow skips it.
export const buildRaptorTree = async (
  leaves: RaptorNode[],
  options: RaptorOptions,
  summarise: (texts: string[]) => Promise<RaptorNode | null>,
  onLayer: (from: number, to: number) => Promise<void>,
) => {
  const nodes = [...leaves];
  let layer = leaves;
  for (let depth = 0; layer.length > 1 && depth < MAX_LAYERS; depth++) {
    const labels =
      layer.length === 2
        ? [0, 0]
        : clusterLayer(
            layer.map((node) => node.vector),
            { maxCluster: options.maxCluster, threshold: options.threshold, seed: options.seed },
          );
    const clusters = [...new Set(labels)].map((label) => layer.filter((_, i) => labels[i] === label));
    const summaries: (RaptorNode | null)[] = clusters.map(() => null);
    await inParallel([...clusters.keys()], async (i) => {
      summaries[i] = await summarise((clusters[i] as RaptorNode[]).map((node) => node.text));
    });
    const next = summaries.filter((node): node is RaptorNode => node !== null);
    if (next.length === 0) break;
    await onLayer(layer.length, next.length);
    nodes.push(...next);
    // a layer that did not shrink would repeat itself
    if (next.length >= layer.length) break;
    layer = next;
  }
  return nodes.slice(leaves.length);
};
