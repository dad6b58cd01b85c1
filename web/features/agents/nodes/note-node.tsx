import { Box, Text } from "@chakra-ui/react";
import { type NodeProps, NodeResizer } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../model/graph";

const MIN_SIZE = { width: 160, height: 100 };

// A sticky note: no handles, no logic; resizable while selected.
export const NoteNode = memo(({ data, selected }: NodeProps<EditorNode>) => (
  <Box
    w="full"
    h="full"
    minW={`${MIN_SIZE.width}px`}
    minH={`${MIN_SIZE.height}px`}
    bg={{ base: "yellow.100", _dark: "yellow.900" }}
    color="fg"
    borderWidth="1px"
    borderColor={selected ? "brand.solid" : { base: "yellow.300", _dark: "yellow.700" }}
    rounded="md"
    shadow="sm"
    p="3"
    overflow="hidden"
    data-testid="flow-note"
  >
    <NodeResizer isVisible={selected} minWidth={MIN_SIZE.width} minHeight={MIN_SIZE.height} />
    <Text fontWeight="semibold" fontSize="sm" truncate>
      {data.name}
    </Text>
    <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
      {String(data.form.text ?? "")}
    </Text>
  </Box>
));
