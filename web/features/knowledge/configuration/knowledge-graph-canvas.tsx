import "@xyflow/react/dist/style.css";
import { Background, Controls, type Edge, type Node, ReactFlow } from "@xyflow/react";
import type { KnowledgeGraph } from "../../../../worker/contract/knowledge-graph";
import { useColorMode } from "../../../components/ui/color-mode";
import { useCanvasLabels } from "../../agents/editor/use-canvas-labels";

const PALETTE = ["#0d9488", "#2563eb", "#d97706", "#9333ea", "#dc2626", "#16a34a", "#db2777", "#0891b2"];

// The entities on a circle (highest rank first, clockwise), sized by rank; relations as lines, thicker when
// stronger. Read-only: the graph is built, not drawn.
export const KnowledgeGraphCanvas = ({ graph }: { graph: KnowledgeGraph }) => {
  const { colorMode } = useColorMode();
  const labels = useCanvasLabels();
  const types = [...new Set(graph.nodes.map((node) => node.entity_type))];
  const radius = Math.max(160, graph.nodes.length * 28);
  const nodes: Node[] = graph.nodes.map((node, i) => {
    const angle = (2 * Math.PI * i) / graph.nodes.length - Math.PI / 2;
    const color = PALETTE[types.indexOf(node.entity_type) % PALETTE.length];
    return {
      id: node.id,
      position: { x: radius * Math.cos(angle), y: radius * Math.sin(angle) },
      data: { label: node.entity_name },
      ariaLabel: `${node.entity_name} (${node.entity_type})`,
      style: { borderColor: color, borderWidth: 2 + Math.round(node.pagerank * 8), fontSize: 12, width: 150 },
    };
  });
  const maxWeight = Math.max(1, ...graph.edges.map((edge) => edge.weight));
  const edges: Edge[] = graph.edges.map((edge) => ({
    id: `${edge.source}→${edge.target}`,
    source: edge.source,
    target: edge.target,
    type: "straight",
    ariaLabel: `${edge.source} – ${edge.target}: ${edge.description}`,
    style: { strokeWidth: 1 + (3 * edge.weight) / maxWeight },
  }));
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      fitView
      nodesConnectable={false}
      nodesDraggable
      elementsSelectable={false}
      colorMode={colorMode}
      ariaLabelConfig={labels}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
};

export default KnowledgeGraphCanvas;
