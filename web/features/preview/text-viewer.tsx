import { Box } from "@chakra-ui/react";
import { readTextHead } from "./decode-text";
import { ReadState, TruncatedNote } from "./read-state";
import { useBlobRead } from "./use-blob-read";

// Source text as it is: HTML, XML and code are shown, never rendered or run.
export const TextViewer = ({ blob }: { blob: Blob }) => (
  <ReadState read={useBlobRead(blob, readTextHead)}>
    {({ text, truncated }) => (
      <>
        {truncated && <TruncatedNote />}
        <Box
          as="pre"
          fontFamily="mono"
          fontSize="sm"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          p="4"
          borderWidth="1px"
          rounded="md"
          bg="app.surface"
          data-testid="text-preview"
        >
          {text}
        </Box>
      </>
    )}
  </ReadState>
);
