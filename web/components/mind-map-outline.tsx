import { Box, Stack, Text } from "@chakra-ui/react";
import type { MindMapNode } from "../../worker/contract/mindmap";

// Branches as nested lists with a guide line, so the outline reads the same for eyes and screen readers.
const Branches = ({ nodes }: { nodes: MindMapNode[] }) => (
  <Box as="ul" listStyleType="none" ps="4" ms="2" borderStartWidth="1px" borderColor="border.emphasized">
    {nodes.map((node, i) => (
      <Box as="li" key={`${node.id}-${i}`} py="0.5">
        <Text
          as="span"
          fontSize="sm"
          fontWeight={node.children.length ? "medium" : "normal"}
          color={node.children.length ? "fg" : "fg.muted"}
        >
          {node.id}
        </Text>
        {node.children.length > 0 && <Branches nodes={node.children} />}
      </Box>
    ))}
  </Box>
);

// A mind map ({id, children}) as an outline; RAGFlow's artificial "root" is shown as `rootLabel`.
export const MindMapOutline = ({ map, rootLabel }: { map: MindMapNode; rootLabel: string }) => (
  <Stack gap="1">
    <Text fontWeight="semibold" data-testid="mindmap-root">
      {map.id === "root" ? rootLabel : map.id}
    </Text>
    <Branches nodes={map.children} />
  </Stack>
);
