import { Box, Flex, HStack, IconButton, Separator, Stack, Text } from "@chakra-ui/react";
import { useReactFlow } from "@xyflow/react";
import { Trash2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ComponentTest } from "../forms/component-test";
import { NodeForm } from "../forms/node-form";
import { COMPONENT_COLORS } from "../model/catalog";
import { type EditorNode, isFixedNode, type NodeUpdate } from "../model/graph";
import { ComponentIcon } from "../nodes/component-icon";

type Props = {
  node: EditorNode;
  nodes: EditorNode[];
  globals: Record<string, unknown>;
  onUpdate: (update: NodeUpdate) => void;
  onClose: () => void;
  // the "Testen" section, for those who may edit the flow
  test?: { agentId: string; beforeRun: () => Promise<boolean> };
};

// components that do nothing on their own to test
const UNTESTABLE = new Set(["Begin", "Note", "IterationItem", "LoopItem", "ExitLoop"]);

// The side panel of the selected node; deleting goes through the canvas so it undoes like the Delete key.
export const NodePanel = ({ node, nodes, globals, onUpdate, onClose, test }: Props) => {
  const { t } = useTranslation();
  const { deleteElements } = useReactFlow();
  const type = t(`agents.components.${node.data.label}`);
  return (
    <Flex direction="column" h="full" minH="0" data-testid="node-panel">
      <HStack justify="space-between" px="3" py="2" borderBottomWidth="1px" gap="2">
        <HStack gap="2" minW="0">
          <Box color={`${COMPONENT_COLORS[node.data.label]}.fg`}>
            <ComponentIcon name={node.data.label} />
          </Box>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {node.data.name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {type} ·{" "}
              <Text as="span" fontFamily="mono">
                {node.id}
              </Text>
            </Text>
          </Stack>
        </HStack>
        <HStack gap="1">
          {!isFixedNode(node) && (
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={t("agents.editor.deleteNode", { name: node.data.name })}
              onClick={() => void deleteElements({ nodes: [{ id: node.id }] })}
            >
              <Trash2 />
            </IconButton>
          )}
          <IconButton size="sm" variant="ghost" aria-label={t("common.close")} onClick={onClose}>
            <X />
          </IconButton>
        </HStack>
      </HStack>
      <Box flex="1" minH="0" overflowY="auto" p="4">
        <NodeForm key={node.id} node={node} nodes={nodes} globals={globals} onUpdate={onUpdate} />
        {test && !UNTESTABLE.has(node.data.label) && (
          <>
            <Separator my="4" />
            <ComponentTest key={node.id} agentId={test.agentId} componentId={node.id} beforeRun={test.beforeRun} />
          </>
        )}
      </Box>
    </Flex>
  );
};
