import { Box, Link } from "@chakra-ui/react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage, markdownUrlTransform } from "../../components/markdown-image";
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

// Markdown with GitHub tables and lists. Raw HTML in the file is never rendered (no rehype-raw); images from
// other hosts become links.
export const MarkdownViewer = ({ blob }: { blob: Blob }) => (
  <ReadState read={useBlobRead(blob, readTextHead)}>
    {({ text, truncated }) => (
      <>
        {truncated && <TruncatedNote />}
        <Box
          css={proseCss}
          p={{ base: "4", md: "8" }}
          borderWidth="1px"
          rounded="md"
          bg="app.surface"
          wordBreak="break-word"
          data-testid="markdown-preview"
        >
          <Markdown remarkPlugins={[remarkGfm]} components={components} urlTransform={markdownUrlTransform}>
            {text}
          </Markdown>
        </Box>
      </>
    )}
  </ReadState>
);
