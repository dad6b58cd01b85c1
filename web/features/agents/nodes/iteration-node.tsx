import { Box, HStack, Text } from "@chakra-ui/react";
import { Handle, type NodeProps, NodeResizer, Position } from "@xyflow/react";
import { TriangleAlert } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { EditorNode } from "../model/graph";
import { ComponentIcon } from "./component-icon";
import { useIsInvalid } from "./invalid-nodes-context";

const MIN_SIZE = { width: 320, height: 180 };
const handleStyle = { width: 10, height: 10 };

// An Iteration or a Loop is a group: the components inside run once per item (or round), starting at its
// IterationItem (LoopItem).
export const IterationNode = memo(({ id, data, selected }: NodeProps<EditorNode>) => {
  const { t } = useTranslation();
  const invalid = useIsInvalid(id);
  return (
    <Box
      w="full"
      h="full"
      bg={{ base: "cyan.50/60", _dark: "cyan.950/40" }}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={selected ? "brand.solid" : invalid ? "border.error" : "cyan.emphasized"}
      rounded="lg"
      data-testid="flow-iteration"
    >
      <NodeResizer isVisible={selected} minWidth={MIN_SIZE.width} minHeight={MIN_SIZE.height} />
      <Handle type="target" position={Position.Left} style={handleStyle} />
      <HStack gap="2" px="3" py="2" color="cyan.fg">
        <ComponentIcon name={data.label} />
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {data.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t(`agents.components.${data.label}`)}
        </Text>
        {invalid && <TriangleAlert size={16} color="currentColor" aria-label={t("agents.editor.nodeInvalid")} />}
      </HStack>
      <Handle type="source" position={Position.Right} style={handleStyle} />
    </Box>
  );
});
