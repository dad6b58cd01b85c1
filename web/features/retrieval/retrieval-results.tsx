import { Badge, Box, Button, EmptyState, HStack, Stack, Text } from "@chakra-ui/react";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DocAggregate, RetrievedChunk } from "../../../worker/contract/retrieval";
import { ChunkImageLink } from "../../components/chunk-image-link";
import { formatCount, formatNumber } from "../../lib/format";
import { HighlightedText } from "./highlight";

const Score = ({ label, value }: { label: string; value: number }) => (
  <Badge variant="outline" fontVariantNumeric="tabular-nums">
    {label} {formatNumber(value)}
  </Badge>
);

export const RetrievedChunkCard = ({ chunk, index }: { chunk: RetrievedChunk; index: number }) => {
  const { t } = useTranslation();
  return (
    <Box
      as="article"
      borderWidth="1px"
      rounded="md"
      bg="app.surface"
      p="4"
      data-testid="retrieval-chunk"
      aria-label={t("retrieval.chunkLabel", { n: index, document: chunk.document_keyword })}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted" wordBreak="break-all">
            {chunk.document_keyword}
          </Text>
          <HStack gap="1" wrap="wrap">
            <Score label={t("retrieval.similarity")} value={chunk.similarity} />
            <Score label={t("retrieval.termSimilarity")} value={chunk.term_similarity} />
            <Score label={t("retrieval.vectorSimilarity")} value={chunk.vector_similarity} />
          </HStack>
        </HStack>
        <HighlightedText highlight={chunk.highlight} content={chunk.content} />
        {chunk.image_url && <ChunkImageLink url={chunk.image_url} documentName={chunk.document_keyword} maxH="32" />}
      </Stack>
    </Box>
  );
};

export const NoChunks = () => {
  const { t } = useTranslation();
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <SearchX />
        </EmptyState.Indicator>
        <EmptyState.Title fontSize="md">{t("retrieval.empty")}</EmptyState.Title>
        <EmptyState.Description>{t("retrieval.emptyHint")}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
};

type AggProps = { aggs: DocAggregate[]; active: string | null; onSelect: (docId: string | null) => void };

// Which documents the hits come from; a click shows only that document's hits.
export const DocAggregates = ({ aggs, active, onSelect }: AggProps) => {
  const { t } = useTranslation();
  if (aggs.length === 0) return null;
  return (
    <Stack as="nav" gap="2" aria-label={t("retrieval.docAggs")} borderWidth="1px" rounded="md" bg="app.surface" p="3">
      <Text fontSize="sm" fontWeight="semibold">
        {t("retrieval.docAggs")}
      </Text>
      <Stack gap="1">
        {aggs.map((agg) => (
          <Button
            key={agg.doc_id}
            size="sm"
            variant={agg.doc_id === active ? "subtle" : "ghost"}
            colorPalette={agg.doc_id === active ? "teal" : "gray"}
            justifyContent="space-between"
            h="auto"
            py="1.5"
            textAlign="start"
            whiteSpace="normal"
            aria-pressed={agg.doc_id === active}
            aria-label={t("retrieval.docAggsFilter", { name: agg.doc_name, count: agg.count })}
            onClick={() => onSelect(agg.doc_id === active ? null : agg.doc_id)}
          >
            <Text as="span" wordBreak="break-all">
              {agg.doc_name}
            </Text>
            <Badge variant="surface">{formatCount(agg.count)}</Badge>
          </Button>
        ))}
      </Stack>
      {active && (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => onSelect(null)}>
          {t("retrieval.docAggsAll")}
        </Button>
      )}
    </Stack>
  );
};
