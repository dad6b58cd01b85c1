import { Box, Heading, HStack, NativeSelect, SegmentGroup, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { IngestionLog } from "../../../../worker/contract/ingestion-logs";
import { ingestionLogsQueryOptions, type IngestionLogParams, type LogType } from "../../../api/ingestion-logs";
import { Pager } from "../../../components/pager";
import { RouteErrorMessage } from "../../../components/route-error";
import { SearchInput } from "../../../components/search-input";
import { IngestionSummary } from "./ingestion-summary";
import { LogDetailDialog } from "./log-detail-dialog";
import { LOG_STATUS, LogTable } from "./log-table";

const PAGE_SIZE = 20;

// The knowledge base's ingestion history (RAGFlow's dataset overview): every finished parse or download of a
// file, and every RAPTOR or knowledge-graph task, with filters and each one's whole log.
export const IngestionLogsPage = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [params, setParams] = useState<IngestionLogParams>({
    logType: "file",
    page: 1,
    pageSize: PAGE_SIZE,
    keywords: "",
    status: "",
  });
  const [open, setOpen] = useState<IngestionLog | null>(null);
  const query = useQuery(ingestionLogsQueryOptions(datasetId, params));
  const change = (next: Partial<IngestionLogParams>) => setParams((current) => ({ ...current, page: 1, ...next }));
  const filtered = params.keywords !== "" || params.status !== "";

  return (
    <Stack gap="5">
      <Box>
        <Heading size="lg">{t("ingestionLogs.title")}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t("ingestionLogs.description")}
        </Text>
      </Box>
      <IngestionSummary datasetId={datasetId} />
      <HStack gap="3" wrap="wrap">
        <SegmentGroup.Root
          value={params.logType}
          onValueChange={(e) => change({ logType: e.value as LogType, keywords: "" })}
          size="sm"
          aria-label={t("ingestionLogs.kind")}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: "file", label: t("ingestionLogs.fileLogs") },
              { value: "dataset", label: t("ingestionLogs.datasetLogs") },
            ]}
          />
        </SegmentGroup.Root>
        {params.logType === "file" && (
          <SearchInput
            key={params.logType}
            value={params.keywords}
            onChange={(keywords) => change({ keywords })}
            label={t("ingestionLogs.search")}
          />
        )}
        <NativeSelect.Root size="sm" maxW="48">
          <NativeSelect.Field
            aria-label={t("ingestionLogs.status")}
            value={params.status}
            onChange={(e) => change({ status: e.target.value })}
          >
            <option value="">{t("ingestionLogs.allStates")}</option>
            {Object.entries(LOG_STATUS).map(([code, run]) => (
              <option key={code} value={code}>
                {t(`docs.status.${run}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="40" rounded="lg" />
      ) : query.data.logs.length === 0 ? (
        <Box
          borderWidth="1px"
          borderStyle="dashed"
          rounded="lg"
          p="8"
          textAlign="center"
          color="fg.muted"
          data-testid="ingestion-logs-empty"
        >
          {filtered
            ? t("ingestionLogs.noMatch")
            : t(params.logType === "file" ? "ingestionLogs.emptyFiles" : "ingestionLogs.emptyDataset")}
        </Box>
      ) : (
        <Stack gap="3">
          <LogTable logs={query.data.logs} onOpen={setOpen} />
          <Pager
            page={params.page}
            pageSize={params.pageSize}
            total={query.data.total}
            onChange={(page) => setParams((current) => ({ ...current, page }))}
          />
        </Stack>
      )}
      {open && <LogDetailDialog log={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
};
