import { Box } from "@chakra-ui/react";
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  type OnSelectionChangeParams,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { type DragEvent, type RefObject, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../../components/ui/color-mode";
import { COMPONENT_NAMES } from "../../../../worker/contract/agents";
import { DATAFLOW_COMPONENT_NAMES } from "../../../../worker/contract/dataflow";
import { COMPONENT_COLORS } from "../model/catalog";
import type { EditorComponent, EditorNode } from "../model/graph";
import { NODE_TYPES } from "../nodes/node-types";
import { DRAG_TYPE } from "./component-palette";
import { useCanvasLabels } from "./use-canvas-labels";
import type { FlowEditor } from "./use-flow-editor";

const DELETE_KEYS = ["Delete", "Backspace"];
const EDGE_OPTIONS = { markerEnd: { type: MarkerType.ArrowClosed } };

type Props = {
  editor: FlowEditor;
  containerRef: RefObject<HTMLDivElement | null>;
  onDropComponent: (name: EditorComponent, position: { x: number; y: number }) => void;
  onNodeOpen: () => void;
  // one node selected (by click or keyboard)
  onNodeSelected: () => void;
  onPaneClick: () => void;
  // shown, selectable and opened, but nothing moves, connects or goes
  readOnly?: boolean;
};

const isComponentName = (value: string): value is EditorComponent =>
  (COMPONENT_NAMES as readonly string[]).includes(value) ||
  (DATAFLOW_COMPONENT_NAMES as readonly string[]).includes(value);

const onDragOver = (event: DragEvent) => {
  if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "move";
};

// The React Flow canvas: custom nodes, minimap, zoom controls and fit view; Delete removes the selection.
export const FlowCanvas = ({
  editor,
  containerRef,
  onDropComponent,
  onNodeOpen,
  onNodeSelected,
  onPaneClick,
  readOnly = false,
}: Props) => {
  const { t } = useTranslation();
  const { colorMode } = useColorMode();
  const { screenToFlowPosition } = useReactFlow();
  const labels = useCanvasLabels();
  // React Flow wants a stable selection handler
  const selected = useRef(onNodeSelected);
  useEffect(() => {
    selected.current = onNodeSelected;
  });
  const onSelectionChange = useCallback(({ nodes }: OnSelectionChangeParams) => {
    if (nodes.length === 1) selected.current();
  }, []);

  const onDrop = (event: DragEvent) => {
    const name = event.dataTransfer.getData(DRAG_TYPE);
    if (readOnly || !isComponentName(name)) return;
    event.preventDefault();
    onDropComponent(name, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <Box
      ref={containerRef}
      flex="1"
      minW="0"
      h="full"
      position="relative"
      aria-label={t("agents.editor.canvas")}
      role="region"
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <ReactFlow<EditorNode>
        nodes={editor.nodes}
        edges={editor.edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={editor.onNodesChange}
        onEdgesChange={editor.onEdgesChange}
        onConnect={editor.onConnect}
        isValidConnection={editor.isValidConnection}
        onBeforeDelete={editor.onBeforeDelete}
        onNodeDragStart={editor.onNodeDragStart}
        onNodeClick={onNodeOpen}
        onSelectionChange={onSelectionChange}
        onPaneClick={onPaneClick}
        deleteKeyCode={readOnly ? null : DELETE_KEYS}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        edgesReconnectable={!readOnly}
        defaultEdgeOptions={EDGE_OPTIONS}
        colorMode={colorMode}
        ariaLabelConfig={labels}
        fitView
        fitViewOptions={{ maxZoom: 1.2 }}
        minZoom={0.2}
      >
        <Background gap={16} />
        <Controls />
        <MiniMap<EditorNode>
          pannable
          zoomable
          nodeColor={(node) => `var(--chakra-colors-${COMPONENT_COLORS[node.data.label]}-solid)`}
        />
      </ReactFlow>
    </Box>
  );
};
