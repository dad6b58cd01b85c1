import { Box, Text } from "@chakra-ui/react";
import { Fragment } from "react";
import { ChunkContent, hasTable } from "../chunks/chunk-content";

export type HighlightSegment = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const EMPHASIS = /<em>([\s\S]*?)<\/em>/g;

// The server escapes the chunk text itself; undo only that (one pass, so "&amp;lt;" stays "&lt;").
const decode = (text: string) => text.replace(ENTITY, (_, name: string) => ENTITIES[name] ?? "");

// Splits the server's highlight into plain and matched pieces. Only literal <em>…</em> pairs mean anything;
// every other tag stays text, and React renders all of it as text nodes, so no markup can get in.
export const parseHighlight = (highlight: string): HighlightSegment[] => {
  const segments: HighlightSegment[] = [];
  let last = 0;
  for (const match of highlight.matchAll(EMPHASIS)) {
    if (match.index > last) segments.push({ text: decode(highlight.slice(last, match.index)), marked: false });
    segments.push({ text: decode(match[1] ?? ""), marked: true });
    last = match.index + match[0].length;
  }
  if (last < highlight.length) segments.push({ text: decode(highlight.slice(last)), marked: false });
  return segments;
};

// The chunk text with the query words marked; falls back to the plain content when there is no highlight. A
// chunk holding an HTML table shows the table drawn (without marks: a mark inside its markup would break it).
export const HighlightedText = ({ highlight, content }: { highlight?: string; content: string }) =>
  hasTable(content) ? (
    <ChunkContent content={content} data-testid="retrieval-chunk-text" />
  ) : (
    <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="retrieval-chunk-text">
      {highlight
        ? parseHighlight(highlight).map((segment, i) =>
            segment.marked ? (
              <Box as="mark" key={i} bg="yellow.subtle" color="fg" rounded="xs" px="0.5">
                {segment.text}
              </Box>
            ) : (
              <Fragment key={i}>{segment.text}</Fragment>
            ),
          )
        : content}
    </Text>
  );
