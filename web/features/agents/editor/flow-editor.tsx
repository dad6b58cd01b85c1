import "@xyflow/react/dist/style.css";
import { Alert, Box, Flex } from "@chakra-ui/react";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTAINER_STARTS } from "../../../../worker/contract/agent-components";
import { type Agent, useUpdateAgentMutation } from "../../../api/agents";
import { notifyError } from "../../../components/notify";
import { saveBlob } from "../../../lib/save-blob";
import { dslFileName } from "../model/dsl-file";
import { DATAFLOW_CANVAS, isDataflowLabel } from "../model/dataflow";
import { dslOfGraph, type EditorComponent, graphOfDsl, nodeTypeFor } from "../model/graph";
import { invalidNodes } from "../model/node-validation";
import { freeSpot, iterationAt, newNodeSize } from "../model/placement";
import { InvalidNodesContext } from "../nodes/invalid-nodes-context";
import { PublishApiDialog } from "../publish/publish-api-dialog";
import { TestRunPanel } from "../test-run/test-run-panel";
import { AgentSettingsDialog } from "./agent-settings-dialog";
import { ComponentPalette, paletteOf } from "./component-palette";
import { DryRunPanel } from "../dry-run/dry-run-panel";
import { type EditorPanel, EditorToolbar } from "./editor-toolbar";
import { FlowCanvas } from "./flow-canvas";
import { GlobalsPanel } from "./globals-panel";
import { NodePanel } from "./node-panel";
import { useAutosave } from "./use-autosave";
import { useFlowEditor } from "./use-flow-editor";
import { useUndoShortcuts } from "./use-undo-shortcuts";
import { ReleaseButton } from "./release-button";
import { SchedulePanel } from "./schedule-panel";
import { VersionsPanel } from "./versions-panel";

type EditorProps = { agent: Agent; onReload: () => void };

const Editor = ({ agent, onReload }: EditorProps) => {
  const { t } = useTranslation();
  const { screenToFlowPosition } = useReactFlow();
  const kind = agent.canvas_category ?? "agent_canvas";
  const pipeline = kind === DATAFLOW_CANVAS;
  const [initial] = useState(() =>
    graphOfDsl(agent.dsl, t(pipeline ? "agents.components.File" : "agents.components.Begin"), kind),
  );
  const editor = useFlowEditor(initial);
  const [globals, setGlobals] = useState<Record<string, unknown>>(() => agent.dsl.globals ?? {});
  const [panel, setPanel] = useState<EditorPanel>(null);
  const [dialog, setDialog] = useState<"settings" | "publish" | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const update = useUpdateAgentMutation(agent.id);
  // a team flow someone else made opens read-only (the server would refuse every save)
  const readOnly = agent.can_edit === false;

  const dsl = useMemo(
    () => dslOfGraph({ nodes: editor.nodes, edges: editor.edges }, globals),
    [editor.nodes, editor.edges, globals],
  );
  const autosave = useAutosave(dsl, (next) => (readOnly ? Promise.resolve() : update.mutateAsync({ dsl: next })));
  const invalid = useMemo(() => new Set(invalidNodes(editor.nodes).map(({ node }) => node.id)), [editor.nodes]);
  useUndoShortcuts(editor.undo, editor.redo);

  const selected = editor.nodes.filter((node) => node.selected);
  const selectedNode = selected.length === 1 ? selected[0] : undefined;
  const displayName = (name: EditorComponent) => t(`agents.components.${name}`);
  // a drop from elsewhere may name a component of the other kind
  const fits = (name: EditorComponent) => Object.values(paletteOf(kind)).some((names) => names.includes(name));

  const add = (name: EditorComponent, position: { x: number; y: number }) => {
    if (!fits(name)) return;
    const iteration =
      isDataflowLabel(name) || CONTAINER_STARTS[name] || name === "Note"
        ? undefined
        : iterationAt(editor.nodes, position);
    const at = iteration ? { x: position.x - iteration.position.x, y: position.y - iteration.position.y } : position;
    editor.addComponent(name, at, displayName, iteration?.id);
    setPanel("node");
  };
  // a click adds at the top level, in the middle of the visible canvas or the first free place below it
  const addAtCenter = (name: EditorComponent) => {
    const rect = canvasRef.current?.getBoundingClientRect();
    const center = screenToFlowPosition({
      x: (rect?.left ?? 0) + (rect?.width ?? 0) / 2,
      y: (rect?.top ?? 0) + (rect?.height ?? 0) / 2,
    });
    const size = newNodeSize(nodeTypeFor(name));
    editor.addComponent(
      name,
      freeSpot(editor.nodes, { x: center.x - size.width / 2, y: center.y - size.height / 2 }, size),
      displayName,
    );
    setPanel("node");
  };
  const save = () => void autosave.saveNow().then((ok) => !ok && notifyError(autosave.lastError()));
  const saveOrSay = async () => {
    const ok = await autosave.saveNow();
    if (!ok) notifyError(autosave.lastError());
    return ok;
  };

  return (
    <Flex direction="column" h="calc(100dvh - 3.5rem)" data-testid="flow-editor">
      <EditorToolbar
        agent={agent}
        pipeline={pipeline}
        readOnly={readOnly}
        saveState={autosave.state}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onSave={save}
        onOpen={setPanel}
        onSettings={() => setDialog("settings")}
        onPublish={() => setDialog("publish")}
        release={readOnly ? undefined : <ReleaseButton agentId={agent.id} beforeRelease={saveOrSay} />}
        onExport={() =>
          saveBlob(new Blob([JSON.stringify(dsl, null, 2)], { type: "application/json" }), dslFileName(agent.title))
        }
      />
      {readOnly && (
        <Alert.Root status="info" variant="subtle" rounded="none" py="2" data-testid="read-only-note">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t("agents.editor.readOnlyNote")}</Alert.Title>
        </Alert.Root>
      )}
      <Flex flex="1" minH="0">
        {!readOnly && (
          <Box w="52" flexShrink="0" borderEndWidth="1px" bg="app.surface" overflowY="auto" hideBelow="md">
            <ComponentPalette onAdd={addAtCenter} kind={kind} />
          </Box>
        )}
        <InvalidNodesContext.Provider value={invalid}>
          <FlowCanvas
            editor={editor}
            containerRef={canvasRef}
            onDropComponent={add}
            onNodeOpen={() => setPanel("node")}
            onNodeSelected={() => setPanel((current) => current ?? "node")}
            onPaneClick={() => panel === "node" && setPanel(null)}
            readOnly={readOnly}
          />
        </InvalidNodesContext.Provider>
        {panel !== null && (panel !== "node" || selectedNode) && (
          <Box
            w={{ base: "full", md: "sm", xl: "md" }}
            maxW="100vw"
            flexShrink="0"
            borderStartWidth="1px"
            bg="app.surface"
            minH="0"
          >
            {/* a disabled fieldset makes every form control inside it read-only */}
            <fieldset
              disabled={readOnly && panel !== "run" && panel !== "versions" && panel !== "schedule"}
              style={{ border: 0, margin: 0, padding: 0, minWidth: 0, height: "100%" }}
            >
              {panel === "node" && selectedNode && (
                <NodePanel
                  node={selectedNode}
                  nodes={editor.nodes}
                  globals={globals}
                  onUpdate={(change) => editor.updateNode(selectedNode.id, change)}
                  onClose={() => setPanel(null)}
                  test={readOnly || pipeline ? undefined : { agentId: agent.id, beforeRun: autosave.saveNow }}
                />
              )}
              {panel === "globals" && (
                <GlobalsPanel globals={globals} onChange={setGlobals} onClose={() => setPanel(null)} />
              )}
              {panel === "schedule" && (
                <SchedulePanel agentId={agent.id} readOnly={readOnly} onClose={() => setPanel(null)} />
              )}
              {panel === "versions" && (
                <VersionsPanel
                  agentId={agent.id}
                  canvas={dsl}
                  readOnly={readOnly}
                  saveState={autosave.state}
                  beforeRestore={autosave.saveNow}
                  onRestored={onReload}
                  onClose={() => setPanel(null)}
                />
              )}
              {panel === "run" && pipeline && (
                <DryRunPanel
                  agentId={agent.id}
                  dsl={dsl}
                  nodes={editor.nodes}
                  invalid={invalid.size > 0}
                  onClose={() => setPanel(null)}
                />
              )}
              {panel === "run" && !pipeline && (
                <TestRunPanel
                  agentId={agent.id}
                  agentName={agent.title}
                  nodes={editor.nodes}
                  beforeRun={readOnly ? async () => true : autosave.saveNow}
                  onClose={() => setPanel(null)}
                />
              )}
            </fieldset>
          </Box>
        )}
      </Flex>
      {dialog === "settings" && <AgentSettingsDialog agent={agent} onClose={() => setDialog(null)} />}
      {dialog === "publish" && (
        <PublishApiDialog agentId={agent.id} title={agent.title} onClose={() => setDialog(null)} />
      )}
    </Flex>
  );
};

// The agent's flow editor, full width below the header; the React Flow styles load with this route only.
export const FlowEditor = ({ agent, onReload }: EditorProps) => (
  <ReactFlowProvider>
    <Editor agent={agent} onReload={onReload} />
  </ReactFlowProvider>
);
