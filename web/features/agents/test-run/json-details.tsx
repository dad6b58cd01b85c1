import { Box, Button, Collapsible } from "@chakra-ui/react";
import { ChevronRight } from "lucide-react";

// A labelled, collapsed JSON view (a node's inputs or outputs in the trace).
export const JsonDetails = ({ label, value }: { label: string; value: unknown }) => (
  <Collapsible.Root>
    <Collapsible.Trigger asChild>
      <Button
        size="2xs"
        variant="ghost"
        px="1"
        color="fg.muted"
        css={{ "&[data-state=open] svg": { transform: "rotate(90deg)" } }}
      >
        <ChevronRight /> {label}
      </Button>
    </Collapsible.Trigger>
    <Collapsible.Content>
      <Box
        as="pre"
        m="0"
        mt="1"
        p="2"
        rounded="md"
        bg="bg.muted"
        fontFamily="mono"
        fontSize="xs"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        maxH="60"
        overflowY="auto"
        tabIndex={0}
      >
        {JSON.stringify(value ?? {}, null, 2)}
      </Box>
    </Collapsible.Content>
  </Collapsible.Root>
);
