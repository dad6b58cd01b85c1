import { Box, DataList, HStack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { IngestionLog } from "../../../../worker/contract/ingestion-logs";
import { ViewDialog } from "../../../components/view-dialog";
import { progressLines, progressLogLine } from "../../../lib/catalogue-text";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { LogStatusBadge } from "./log-table";

// One log: what ran, how it ended and its whole progress log.
export const LogDetailDialog = ({ log, onClose }: { log: IngestionLog; onClose: () => void }) => {
  const { t } = useTranslation();
  const rows = [
    [t("ingestionLogs.taskType"), t(`ingestionLogs.taskTypes.${log.task_type}`, { defaultValue: log.task_type })],
    [
      t("ingestionLogs.started"),
      formatDateTime(log.process_begin_at ? Date.parse(log.process_begin_at) : log.create_time),
    ],
    [t("ingestionLogs.finished"), formatDateTime(log.create_time)],
    [t("ingestionLogs.duration"), t("ingestionLogs.seconds", { seconds: formatNumber(log.process_duration, 1) })],
    ...(log.parser_id
      ? [[t("ingestionLogs.method"), t(`kbConfig.methods.${log.parser_id}.label`, { defaultValue: log.parser_id })]]
      : []),
  ];
  return (
    <ViewDialog title={log.document_name} onClose={onClose} testId="ingestion-log-detail">
      <HStack mb="3">
        <LogStatusBadge status={log.operation_status} />
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" mb="4">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Box
        as="pre"
        fontSize="xs"
        whiteSpace="pre-wrap"
        bg="bg.muted"
        p="3"
        rounded="md"
        maxH="80"
        overflowY="auto"
        data-testid="ingestion-log-text"
      >
        {progressLines(log).map(progressLogLine).join("\n") || t("ingestionLogs.noMessage")}
      </Box>
    </ViewDialog>
  );
};
