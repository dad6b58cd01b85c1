import { Box, type BoxProps } from "@chakra-ui/react";
import { sanitizeHtml } from "../preview/sanitize-html";

export type ContentPart = { table: boolean; text: string };

const TABLE = /<table\b[^<>]*>[\s\S]*?<\/table>/gi;

// A chunk's text in pieces: the HTML tables the parsers write (PDF, Word, slides, Excel-to-HTML) and the text
// around them. An unclosed "<table>" is text.
export const contentParts = (content: string): ContentPart[] => {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of content.matchAll(TABLE)) {
    const before = content.slice(last, match.index).replace(/^\n+|\n+$/g, "");
    if (before) parts.push({ table: false, text: before });
    parts.push({ table: true, text: match[0] });
    last = match.index + match[0].length;
  }
  const after = content.slice(last).replace(/^\n+|\n+$/g, "");
  if (after || parts.length === 0) parts.push({ table: false, text: after });
  return parts;
};

export const hasTable = (content: string) => contentParts(content).some((part) => part.table);

const tableStyles: BoxProps["css"] = {
  overflowX: "auto",
  "& table": { borderCollapse: "collapse", fontSize: "xs", my: "1" },
  "& th, & td": {
    borderWidth: "1px",
    borderColor: "border",
    px: "2",
    py: "1",
    textAlign: "start",
    verticalAlign: "top",
  },
  "& th": { bg: "bg.muted", fontWeight: "semibold" },
};

// The chunk's text with its HTML tables drawn as tables: each table passes the allowlist sanitiser (tables,
// cells with their spans, inline text), everything else stays text.
export const ChunkContent = ({ content, ...props }: { content: string } & BoxProps) => (
  <Box fontSize="sm" wordBreak="break-word" {...props}>
    {contentParts(content).map((part, i) =>
      part.table ? (
        // sanitizeHtml keeps only an allowlist of tags and attributes
        <Box
          key={i}
          css={tableStyles}
          data-testid="chunk-table"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(part.text) }}
        />
      ) : (
        <Box key={i} whiteSpace="pre-wrap">
          {part.text}
        </Box>
      ),
    )}
  </Box>
);
