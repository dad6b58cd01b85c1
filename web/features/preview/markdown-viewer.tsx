import { Box, Link } from "@chakra-ui/react";
import { useRef } from "react";
import Markdown, { type Components } from "react-markdown";
import { remarkGfmRead } from "../../lib/remark-gfm-read";
import { MarkdownImage, markdownUrlTransform } from "../../components/markdown-image";
import { CitedPassageNote, highlightCss, type PreviewFocus, useTextHighlight } from "./cited-passage";
import { readTextHead } from "./decode-text";
import { proseCss } from "./prose";
import { ReadState, TruncatedNote } from "./read-state";
import { useBlobRead } from "./use-blob-read";

const components: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
  img: MarkdownImage,
};

const MarkdownText = ({ text, truncated, focus }: { text: string; truncated: boolean; focus?: PreviewFocus }) => {
  const ref = useRef<HTMLDivElement>(null);
  const passage = useTextHighlight(ref, focus);
  return (
    <>
      {focus && <CitedPassageNote state={passage} />}
      {truncated && <TruncatedNote />}
      <Box
        ref={ref}
        css={{ ...proseCss, ...highlightCss }}
        p={{ base: "4", md: "8" }}
        borderWidth="1px"
        rounded="md"
        bg="app.surface"
        wordBreak="break-word"
        data-testid="markdown-preview"
      >
        <Markdown remarkPlugins={[remarkGfmRead]} components={components} urlTransform={markdownUrlTransform}>
          {text}
        </Markdown>
      </Box>
    </>
  );
};

// Markdown with GitHub tables and lists. Raw HTML in the file is never rendered (no rehype-raw); images from
// other hosts become links. Opened from a citation, the cited passage is highlighted.
export const MarkdownViewer = ({ blob, focus }: { blob: Blob; focus?: PreviewFocus }) => (
  <ReadState read={useBlobRead(blob, readTextHead)}>
    {({ text, truncated }) => <MarkdownText text={text} truncated={truncated} focus={focus} />}
  </ReadState>
);
