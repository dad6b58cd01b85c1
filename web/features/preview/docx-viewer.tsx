import { Box } from "@chakra-ui/react";
import { useRef } from "react";
import { loadChunk } from "../../lib/load-chunk";
import { CitedPassageNote, highlightCss, type PreviewFocus, useTextHighlight } from "./cited-passage";
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

const DocxHtml = ({ html, focus }: { html: string; focus?: PreviewFocus }) => {
  const ref = useRef<HTMLDivElement>(null);
  const passage = useTextHighlight(ref, focus);
  return (
    <>
      {focus && <CitedPassageNote state={passage} />}
      <Box
        ref={ref}
        css={{ ...proseCss, ...highlightCss }}
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
    </>
  );
};

// Word documents converted to HTML in the browser; the HTML passes the allowlist sanitiser before it is shown.
export const DocxViewer = ({ blob, focus }: { blob: Blob; focus?: PreviewFocus }) => (
  <ReadState read={useBlobRead(blob, convertDocx)}>{(html) => <DocxHtml html={html} focus={focus} />}</ReadState>
);
