import { SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ingestionSummaryQueryOptions } from "../../../api/ingestion-logs";
import { RouteErrorMessage } from "../../../components/route-error";
import { formatCount } from "../../../lib/format";

// The knowledge base's counters and its documents by parse state, above the logs.
export const IngestionSummary = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const query = useQuery(ingestionSummaryQueryOptions(datasetId));
  if (query.isError) return <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton h="20" rounded="md" />;
  const { doc_num, chunk_num, token_num, status } = query.data;
  const figures = [
    ["documents", doc_num],
    ["chunks", chunk_num],
    ["tokens", token_num],
    ["done", status.done_count],
    ["failed", status.fail_count],
    ["running", status.running_count],
    ["cancelled", status.cancel_count],
    ["unstarted", status.unstart_count],
  ] as const;
  return (
    <SimpleGrid columns={{ base: 2, md: 4, xl: 8 }} gap="3" data-testid="ingestion-summary">
      {figures.map(([name, value]) => (
        <Stat.Root key={name} borderWidth="1px" rounded="md" p="3" bg="app.surface" data-testid={`summary-${name}`}>
          <Stat.Label>{t(`ingestionLogs.summary.${name}`)}</Stat.Label>
          <Stat.ValueText fontVariantNumeric="tabular-nums">{formatCount(value)}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
};
