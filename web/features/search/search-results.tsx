import { Button, Checkbox, CheckboxGroup, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { DocAggregate, RetrievedChunk } from "../../../worker/contract/retrieval";
import { formatCount } from "../../lib/format";
import { NoChunks, RetrievedChunkCard } from "../retrieval/retrieval-results";

// The hits of one page, with highlight, document name and similarity.
export const SearchHits = ({
  chunks,
  offset,
  highlight,
}: {
  chunks: RetrievedChunk[];
  offset: number;
  highlight: boolean;
}) =>
  chunks.length === 0 ? (
    <NoChunks />
  ) : (
    <Stack gap="3" data-testid="search-hits">
      {chunks.map((chunk, i) => (
        <RetrievedChunkCard
          key={chunk.id}
          chunk={highlight ? chunk : { ...chunk, highlight: "" }}
          index={offset + i + 1}
        />
      ))}
    </Stack>
  );

type FilterProps = { aggs: DocAggregate[] | undefined; value: string[]; onChange: (ids: string[]) => void };

// The documents the hits come from (RAGFlow's doc_aggs), as checkboxes: ticking some shows only their hits.
export const DocumentFacet = ({ aggs, value, onChange }: FilterProps) => {
  const { t } = useTranslation();
  if (!aggs) return <Skeleton h="24" rounded="md" />;
  if (aggs.length === 0) return null;
  return (
    <Stack
      as="section"
      gap="2"
      borderWidth="1px"
      rounded="md"
      bg="app.surface"
      p="3"
      aria-labelledby="search-filter-title"
      data-testid="search-document-filter"
    >
      <Text id="search-filter-title" fontSize="sm" fontWeight="semibold">
        {t("search.filter.title")}
      </Text>
      <CheckboxGroup value={value} onValueChange={onChange} aria-labelledby="search-filter-title">
        <Stack gap="2">
          {aggs.map((agg) => (
            <Checkbox.Root key={agg.doc_id} value={agg.doc_id} size="sm" colorPalette="teal">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label wordBreak="break-all">
                {t("search.filter.count", { name: agg.doc_name, count: formatCount(agg.count) })}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </CheckboxGroup>
      {value.length > 0 && (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => onChange([])}>
          {t("search.filter.clear")}
        </Button>
      )}
    </Stack>
  );
};
