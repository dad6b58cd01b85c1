import { Button, Stack } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chatStatsQueryOptions } from "../../../api/chats";
import { DateRangeFields, isValidRange, lastDays } from "../../../components/date-range-fields";
import { RouteErrorMessage } from "../../../components/route-error";
import { StatsOverview, StatsSkeleton } from "../../../components/stats-overview";
import { ViewDialog } from "../../../components/view-dialog";

type Props = { chatId: string; chatName: string; onClose(): void };

// How an assistant is used: six figures over a date range and per-day bars.
export const StatsDialog = ({ chatId, chatName, onClose }: Props) => {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => lastDays());
  const valid = isValidRange(range);
  const stats = useQuery({
    ...chatStatsQueryOptions(chatId, range.from, range.to),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  return (
    <ViewDialog
      title={t("chat.stats.title", { name: chatName })}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("common.close")}
        </Button>
      }
    >
      <Stack gap="5">
        <DateRangeFields value={range} onChange={setRange} />
        {stats.isError ? (
          <RouteErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />
        ) : stats.data ? (
          <StatsOverview stats={stats.data} />
        ) : (
          <StatsSkeleton />
        )}
      </Stack>
    </ViewDialog>
  );
};
