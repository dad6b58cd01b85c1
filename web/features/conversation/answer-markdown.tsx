import { Badge, Box, Button, Collapsible, HStack, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import { AttachmentLink, attachmentName } from "./attachment-link";
import { ChevronRight, ExternalLink } from "lucide-react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import Markdown, { type Components } from "react-markdown";
import { remarkGfmRead } from "../../lib/remark-gfm-read";
import { CITATION_MARKER as CITATION, type Reference, type ReferenceChunk } from "../../../worker/contract/chats";
import { ChunkImageLink } from "../../components/chunk-image-link";
import { MarkdownImage, markdownUrlTransform } from "../../components/markdown-image";
import { formatNumber } from "../../lib/format";

const THINK = /<think>([\s\S]*?)(?:<\/think>|$)/g;
const HOVER_CLOSE_MS = 200;

// Reasoning models wrap their thoughts in <think>…</think>; while streaming the closing tag may still be missing.
export const splitThinking = (content: string) => {
  const thoughts = [...content.matchAll(THINK)].map((match) => (match[1] ?? "").trim()).filter(Boolean);
  return { reasoning: thoughts.join("\n\n"), answer: content.replace(THINK, "").trim() };
};

// What copy and read aloud use: the answer without reasoning and citation markers.
export const plainAnswer = (content: string) =>
  splitThinking(content).answer.replace(CITATION, "").replace(/ {2,}/g, " ");

// The document viewer opened at the chunk: its first page (PDF positions are [page, …], 1-based) and its text
// highlighted. (the knowledge-graph chunk has no document to open: callers show no link for it)
export const documentHref = (chunk: Pick<ReferenceChunk, "document_id" | "dataset_id" | "id" | "positions">) => {
  const page = (chunk.positions ?? []).map(([first]) => first ?? 0).find((first) => first >= 1);
  return `/document/${encodeURIComponent(chunk.document_id)}?source=document&dataset=${encodeURIComponent(chunk.dataset_id)}&chunk=${encodeURIComponent(chunk.id)}${page ? `&page=${page}` : ""}`;
};

type MdNode = {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, string> };
};

const splitCitations = (node: MdNode): MdNode[] => {
  const text = node.value ?? "";
  if (node.type !== "text" || text.search(CITATION) === -1) return [node];
  const parts: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    if (match.index > last) parts.push({ type: "text", value: text.slice(last, match.index) });
    parts.push({ type: "citation", data: { hName: "sup", hProperties: { dataCitation: match[1] ?? "" } } });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ type: "text", value: text.slice(last) });
  return parts;
};

const walk = (node: MdNode) => {
  if (!node.children) return;
  for (const child of node.children) walk(child);
  node.children = node.children.flatMap(splitCitations);
};

// Turns every [ID:n] in running text (never in code) into <sup data-citation="n">.
const remarkCitations = () => walk;

type CitationProps = { index: number; chunk: ReferenceChunk; documentLinks: boolean };

const Citation = ({ index, chunk, documentLinks }: CitationProps) => {
  const { t } = useTranslation();
  const [openedBy, setOpenedBy] = useState<"hover" | "click" | null>(null);
  const pointerOnTrigger = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hoverOpen = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(closeTimer.current);
    setOpenedBy((current) => current ?? "hover");
  };
  const hoverClose = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    closeTimer.current = setTimeout(
      () => setOpenedBy((current) => (current === "hover" ? null : current)),
      HOVER_CLOSE_MS,
    );
  };
  const onOpenChange = (open: boolean) => {
    // a click on a trigger that hovering already opened keeps it open instead of toggling it shut
    if (!open && openedBy === "hover" && pointerOnTrigger.current) setOpenedBy("click");
    else setOpenedBy(open ? "click" : null);
  };

  return (
    <Popover.Root
      open={openedBy !== null}
      onOpenChange={(e) => onOpenChange(e.open)}
      // hovering only shows the chunk; focus moves into the popover when it was clicked or opened by keyboard
      autoFocus={openedBy !== "hover"}
      positioning={{ placement: "top" }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button
          size="2xs"
          variant="subtle"
          colorPalette="teal"
          minW="5"
          h="4"
          px="1"
          mx="0.5"
          fontSize="2xs"
          verticalAlign="super"
          aria-label={t("chat.answer.citation", { n: index + 1 })}
          data-testid="citation"
          onPointerEnter={(event) => {
            pointerOnTrigger.current = true;
            hoverOpen(event);
          }}
          onPointerLeave={(event) => {
            pointerOnTrigger.current = false;
            hoverClose(event);
          }}
        >
          {index + 1}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="sm" onPointerEnter={hoverOpen} onPointerLeave={hoverClose}>
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="2">
                <HStack justify="space-between" align="start" gap="2">
                  <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
                    {chunk.document_name}
                  </Text>
                  <Badge variant="outline" flexShrink="0" fontVariantNumeric="tabular-nums">
                    {t("chat.answer.similarity", { value: formatNumber(chunk.similarity) })}
                  </Badge>
                </HStack>
                <Text
                  fontSize="sm"
                  whiteSpace="pre-wrap"
                  wordBreak="break-word"
                  maxH="48"
                  overflowY="auto"
                  data-testid="citation-chunk"
                >
                  {chunk.content}
                </Text>
                {documentLinks && chunk.document_id && (
                  <Link
                    href={documentHref(chunk)}
                    target="_blank"
                    rel="noreferrer noopener"
                    fontSize="sm"
                    color="brand.fg"
                    alignSelf="start"
                  >
                    {t("chat.answer.openDocument")} <ExternalLink size={12} aria-hidden />
                  </Link>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};

const markdownComponents = (reference: Reference | null | undefined, documentLinks: boolean): Components => ({
  a: ({ href, children }) =>
    attachmentName(href) ? (
      <AttachmentLink href={href as string} name={attachmentName(href) as string}>
        {children}
      </AttachmentLink>
    ) : href?.startsWith("#") ? (
      <Link href={href} color="brand.fg">
        {children}
      </Link>
    ) : (
      <Link href={href} target="_blank" rel="noreferrer noopener" color="brand.fg" textDecoration="underline">
        {children}
      </Link>
    ),
  img: MarkdownImage,
  sup: ({ node, children }) => {
    const marker = node?.properties.dataCitation;
    if (marker === undefined) return <sup>{children}</sup>;
    const index = Number(marker);
    const chunk = reference?.chunks[index];
    // a marker without its chunk (still streaming, or a model that made one up) stays a plain number
    return chunk ? <Citation index={index} chunk={chunk} documentLinks={documentLinks} /> : <sup>[{index + 1}]</sup>;
  },
});

// Markdown look inside a bubble; colours come from semantic tokens so both themes read well.
const proseCss = {
  "& p, & ul, & ol, & pre, & table, & blockquote, & h1, & h2, & h3, & h4": { marginY: 0 },
  "& > * + *, & li > * + *, & blockquote > * + *": { marginTop: "2" },
  "& ul, & ol": { paddingInlineStart: "5" },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& h1, & h2, & h3, & h4": { fontWeight: "semibold" },
  "& h1": { fontSize: "lg" },
  "& h2": { fontSize: "md" },
  "& code": {
    fontFamily: "mono",
    fontSize: "0.9em",
    bg: { base: "blackAlpha.100", _dark: "whiteAlpha.200" },
    paddingX: "1",
    rounded: "sm",
  },
  "& pre": { bg: { base: "blackAlpha.100", _dark: "whiteAlpha.200" }, padding: "3", rounded: "md", overflowX: "auto" },
  "& pre code": { bg: "transparent", padding: 0 },
  "& blockquote": {
    borderInlineStartWidth: "3px",
    borderColor: "border.emphasized",
    paddingInlineStart: "3",
    color: "fg.muted",
  },
  "& table": { display: "block", overflowX: "auto", borderCollapse: "collapse", fontSize: "sm" },
  "& th, & td": {
    borderWidth: "1px",
    borderColor: "border.emphasized",
    paddingX: "2",
    paddingY: "1",
    textAlign: "start",
  },
  "& img": { maxWidth: "100%" },
  "& hr": { marginY: "3", borderColor: "border" },
};

const Reasoning = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  return (
    <Collapsible.Root mb="2">
      <Collapsible.Trigger asChild>
        <Button
          size="xs"
          variant="ghost"
          color="fg.muted"
          px="1"
          css={{ "&[data-state=open] svg": { transform: "rotate(90deg)" } }}
        >
          <ChevronRight /> {t("chat.answer.reasoning")}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Text
          fontSize="sm"
          color="fg.muted"
          whiteSpace="pre-wrap"
          borderInlineStartWidth="2px"
          ps="3"
          py="1"
          data-testid="reasoning"
        >
          {text}
        </Text>
      </Collapsible.Content>
    </Collapsible.Root>
  );
};

// documentLinks: false where the reader cannot open the knowledge base's documents (a shared chat's visitor);
// showImages: the assistant's "show images" (the images of the cited image chunks under the answer)
type Props = { content: string; reference?: Reference | null; documentLinks?: boolean; showImages?: boolean };

// An answer as markdown. Raw HTML is never rendered (no rehype-raw: it shows as text), links open in a new
// tab, images from other hosts become links, [ID:n] becomes a citation button for reference.chunks[n] and
// <think> blocks a collapsed "reasoning".
export const AnswerMarkdown = ({ content, reference, documentLinks = true, showImages = false }: Props) => {
  const { reasoning, answer } = splitThinking(content);
  return (
    <Box>
      {reasoning && <Reasoning text={reasoning} />}
      <Box css={proseCss} wordBreak="break-word" data-testid="answer-markdown">
        <Markdown
          remarkPlugins={[remarkGfmRead, remarkCitations]}
          components={markdownComponents(reference, documentLinks)}
          urlTransform={markdownUrlTransform}
        >
          {answer}
        </Markdown>
      </Box>
      {showImages && <CitedImages answer={answer} reference={reference} />}
    </Box>
  );
};

// The images of the chunks the answer cites, in citation order; each opens full size in a new tab.
const CitedImages = ({ answer, reference }: { answer: string; reference?: Reference | null }) => {
  const cited = [...new Set([...answer.matchAll(CITATION)].map((match) => Number(match[1])))];
  const images = cited
    .map((index) => reference?.chunks[index])
    .filter((chunk): chunk is ReferenceChunk & { image_url: string } => Boolean(chunk?.image_url));
  const unique = images.filter((chunk, i) => images.findIndex((other) => other.image_url === chunk.image_url) === i);
  if (unique.length === 0) return null;
  return (
    <HStack wrap="wrap" gap="2" mt="2" data-testid="answer-images">
      {unique.map((chunk) => (
        <ChunkImageLink key={chunk.image_url} url={chunk.image_url} documentName={chunk.document_name} maxH="40" />
      ))}
    </HStack>
  );
};
