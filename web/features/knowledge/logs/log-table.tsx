import { Badge, Button, Table, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { IngestionLog } from "../../../../worker/contract/ingestion-logs";
import { progressLines, progressLineText } from "../../../lib/catalogue-text";
import { formatDateTime, formatNumber } from "../../../lib/format";

// RAGFlow's TaskStatus codes as the documents table names and colours them
export const LOG_STATUS = { "2": "CANCEL", "3": "DONE", "4": "FAIL" } as const;
const PALETTE = { CANCEL: "orange", DONE: "green", FAIL: "red" } as const;

export const LogStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  const run = LOG_STATUS[status as keyof typeof LOG_STATUS];
  return run ? (
    <Badge colorPalette={PALETTE[run]} variant="subtle" data-testid="log-status">
      {t(`docs.status.${run}`)}
    </Badge>
  ) : (
    <Badge variant="subtle">{status}</Badge>
  );
};

const lastLine = (log: IngestionLog) => {
  const last = progressLines(log).at(-1);
  return last ? progressLineText(last) : "";
};

type Props = { logs: IngestionLog[]; onOpen: (log: IngestionLog) => void };

export const LogTable = ({ logs, onOpen }: Props) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface">
      <Table.Root size="sm" data-testid="ingestion-log-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("ingestionLogs.name")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ingestionLogs.taskType")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ingestionLogs.status")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ingestionLogs.started")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("ingestionLogs.duration")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ingestionLogs.message")}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {logs.map((log) => (
            <Table.Row key={log.id} data-testid="ingestion-log-row">
              <Table.Cell fontWeight="medium" maxW="64" truncate title={log.document_name}>
                {log.document_name}
              </Table.Cell>
              <Table.Cell>{t(`ingestionLogs.taskTypes.${log.task_type}`, { defaultValue: log.task_type })}</Table.Cell>
              <Table.Cell>
                <LogStatusBadge status={log.operation_status} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {formatDateTime(log.process_begin_at ? Date.parse(log.process_begin_at) : log.create_time)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {t("ingestionLogs.seconds", { seconds: formatNumber(log.process_duration, 1) })}
              </Table.Cell>
              <Table.Cell maxW="80">
                <Text fontSize="xs" color={log.operation_status === "4" ? "fg.error" : "fg.muted"} lineClamp={2}>
                  {lastLine(log)}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => onOpen(log)}
                  aria-label={t("ingestionLogs.openNamed", { name: log.document_name })}
                >
                  {t("ingestionLogs.open")}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
