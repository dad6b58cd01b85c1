import { Box } from "@chakra-ui/react";
import { useRef } from "react";
import { CitedPassageNote, highlightCss, type PreviewFocus, useTextHighlight } from "./cited-passage";
import { readTextHead } from "./decode-text";
import { ReadState, TruncatedNote } from "./read-state";
import { useBlobRead } from "./use-blob-read";

const SourceText = ({ text, truncated, focus }: { text: string; truncated: boolean; focus?: PreviewFocus }) => {
  const ref = useRef<HTMLPreElement>(null);
  const passage = useTextHighlight(ref, focus);
  return (
    <>
      {focus && <CitedPassageNote state={passage} />}
      {truncated && <TruncatedNote />}
      <Box
        ref={ref}
        as="pre"
        css={highlightCss}
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
  );
};

// Source text as it is: HTML, XML and code are shown, never rendered or run.
export const TextViewer = ({ blob, focus }: { blob: Blob; focus?: PreviewFocus }) => (
  <ReadState read={useBlobRead(blob, readTextHead)}>
    {({ text, truncated }) => <SourceText text={text} truncated={truncated} focus={focus} />}
  </ReadState>
);
