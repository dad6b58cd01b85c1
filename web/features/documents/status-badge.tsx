import { Badge, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument, RunStatus } from "../../../worker/contract/documents";
import { progressLines, progressLineText } from "../../lib/catalogue-text";
import { formatDateTime, formatNumber } from "../../lib/format";

const PALETTE: Record<RunStatus, string> = {
  UNSTART: "gray",
  RUNNING: "blue",
  CANCEL: "orange",
  DONE: "green",
  FAIL: "red",
};

export const StatusBadge = ({ doc }: { doc: DatasetDocument }) => {
  const { t } = useTranslation();
  const percent = Math.round(Math.max(0, doc.progress) * 100);
  const lines = progressLines(doc);
  const last = lines.at(-1);
  const lastMessage = last ? progressLineText(last) : "";
  const begunAt = doc.run !== "UNSTART" && doc.process_begin_at ? formatDateTime(Date.parse(doc.process_begin_at)) : "";
  return (
    <Stack gap="1" minW="36" maxW="56">
      <HStack gap="2">
        <Badge colorPalette={PALETTE[doc.run]} variant="subtle" data-testid="run-status">
          {t(`docs.status.${doc.run}`)}
        </Badge>
        {doc.run === "RUNNING" && <Text fontSize="xs">{percent}%</Text>}
        {doc.run === "DONE" && doc.process_duration > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {t("docs.duration", { seconds: formatNumber(doc.process_duration, 1) })}
          </Text>
        )}
      </HStack>
      {doc.run === "RUNNING" && (
        <Progress.Root value={percent} size="xs" colorPalette="blue" aria-label={t("docs.parsingStatus")}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {begunAt && (
        <Text fontSize="xs" color="fg.muted" data-testid="process-begin">
          {t("docs.begunAt", { time: begunAt })}
        </Text>
      )}
      {lastMessage && (
        <Text
          fontSize="xs"
          color={doc.run === "FAIL" ? "fg.error" : "fg.muted"}
          lineClamp={2}
          title={lines.map(progressLineText).join("\n")}
        >
          {lastMessage}
        </Text>
      )}
    </Stack>
  );
};
