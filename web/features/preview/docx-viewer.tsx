import { Box } from "@chakra-ui/react";
import { loadChunk } from "../../lib/load-chunk";
import { proseCss } from "./prose";
import { ReadState } from "./read-state";
import { sanitizeHtml } from "./sanitize-html";
import { useBlobRead } from "./use-blob-read";

const convertDocx = async (blob: Blob) => {
  const { default: mammoth } = await loadChunk(() => import("mammoth"));
  const arrayBuffer = await blob.arrayBuffer();
  // the bundle gets mammoth's browser build (reads `arrayBuffer`), Node-based tests its Node build
  // (reads `buffer`, which JSZip also accepts as an ArrayBuffer): give both
  const input = { arrayBuffer, buffer: arrayBuffer } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
  const { value } = await mammoth.convertToHtml(input);
  return sanitizeHtml(value);
};

// Word documents converted to HTML in the browser; the HTML passes the allowlist sanitiser before it is shown.
export const DocxViewer = ({ blob }: { blob: Blob }) => (
  <ReadState read={useBlobRead(blob, convertDocx)}>
    {(html) => (
      <Box
        css={proseCss}
        p={{ base: "4", md: "10" }}
        maxW="4xl"
        mx="auto"
        borderWidth="1px"
        rounded="md"
        bg="app.surface"
        wordBreak="break-word"
        data-testid="docx-preview"
        // sanitizeHtml keeps only an allowlist of tags and attributes
        dangerouslySetInnerHTML={{ __html: html }}
      />
    )}
  </ReadState>
);
