import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Handle, type NodeProps, Position, useUpdateNodeInternals } from "@xyflow/react";
import { TriangleAlert } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { branchHandles } from "../model/branches";
import { COMPONENT_COLORS } from "../model/catalog";
import { type EditorNode, isContainerStartLabel } from "../model/graph";
import { branchLabel } from "./branch-label";
import { ComponentIcon } from "./component-icon";
import { useIsInvalid } from "./invalid-nodes-context";

const HANDLE_SIZE = 10;
const handleStyle = { width: HANDLE_SIZE, height: HANDLE_SIZE };

// Every component but Note and Iteration: its icon, display name and type; a branching component has one
// output handle per branch, each beside its label.
export const ComponentNode = memo(({ id, data, selected }: NodeProps<EditorNode>) => {
  const { t } = useTranslation();
  const invalid = useIsInvalid(id);
  const updateNodeInternals = useUpdateNodeInternals();
  const branches = branchHandles({ data });
  const branchKey = branches?.join("\n") ?? "";
  // React Flow measures handles once; a branch added or renamed must be measured again
  const measuredKey = useRef(branchKey);
  useEffect(() => {
    if (measuredKey.current === branchKey) return;
    measuredKey.current = branchKey;
    updateNodeInternals(id);
  }, [id, branchKey, measuredKey, updateNodeInternals]);
  const color = COMPONENT_COLORS[data.label];
  const takesInput = data.label !== "Begin" && data.label !== "File" && !isContainerStartLabel(data.label);
  return (
    <Box
      w="56"
      bg="app.surface"
      borderWidth="1px"
      borderColor={selected ? "brand.solid" : invalid ? "border.error" : "border.emphasized"}
      outline={selected ? "2px solid" : undefined}
      outlineColor="brand.focusRing"
      rounded="lg"
      shadow="sm"
      fontSize="sm"
      data-testid="flow-node"
    >
      {takesInput && <Handle type="target" position={Position.Left} style={handleStyle} />}
      <HStack gap="2" px="3" py="2">
        <Box color={`${color}.fg`} bg={`${color}.subtle`} p="1.5" rounded="md" flexShrink="0">
          <ComponentIcon name={data.label} />
        </Box>
        <Stack gap="0" minW="0" flex="1">
          <Text fontWeight="semibold" truncate title={data.name}>
            {data.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {t(`agents.components.${data.label}`)}
          </Text>
        </Stack>
        {invalid && (
          <Box color="fg.error" title={t("agents.editor.nodeInvalid")}>
            <TriangleAlert size={16} aria-label={t("agents.editor.nodeInvalid")} />
          </Box>
        )}
      </HStack>
      {branches ? (
        <Stack gap="0" borderTopWidth="1px" py="1">
          {branches.map((handle) => (
            <Box key={handle} position="relative" px="3" py="1" textAlign="end">
              <Text fontSize="xs" color="fg.muted" truncate>
                {branchLabel(t, handle)}
              </Text>
              <Handle type="source" id={handle} position={Position.Right} style={handleStyle} />
            </Box>
          ))}
          {branches.length === 0 && (
            <Text px="3" py="1" fontSize="xs" color="fg.subtle">
              {t("agents.branch.none")}
            </Text>
          )}
        </Stack>
      ) : (
        <Handle type="source" position={Position.Right} style={handleStyle} />
      )}
    </Box>
  );
});
