import { Box, Button, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChatStats, chatStatsQueryOptions } from "../../../api/chats";
import { RouteErrorMessage } from "../../../components/route-error";
import { ViewDialog } from "../../../components/view-dialog";
import { formatCount, formatNumber } from "../../../lib/format";
import { DateRangeFields, isValidRange, lastDays } from "./export-dialog";

const DAY_MS = 86_400_000;

type Day = ChatStats["days"][number];

// Every day of the range, days without turns as zero (the server lists only days with data).
const everyDay = (stats: ChatStats): Pick<Day, "date" | "messages" | "tokens">[] => {
  const byDate = new Map(stats.days.map((day) => [day.date, day]));
  const days = [];
  for (let ms = Date.parse(`${stats.from}T00:00:00Z`); ms <= Date.parse(`${stats.to}T00:00:00Z`); ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const day = byDate.get(date);
    days.push({ date, messages: day?.messages ?? 0, tokens: day?.tokens ?? 0 });
  }
  return days;
};

const Figure = ({ label, value, unit }: { label: string; value: string; unit?: string }) => (
  <Stat.Root borderWidth="1px" rounded="md" p="3" bg="app.surface" data-testid="stat">
    <Stat.Label>{label}</Stat.Label>
    <Stat.ValueText fontVariantNumeric="tabular-nums">
      {value}
      {unit && <Stat.ValueUnit>{unit}</Stat.ValueUnit>}
    </Stat.ValueText>
  </Stat.Root>
);

type BarsProps = { title: string; days: { date: string; value: number }[] };

// A per-day bar chart from plain boxes; each bar names its day and value on hover.
const DayBars = ({ title, days }: BarsProps) => {
  const max = Math.max(1, ...days.map((day) => day.value));
  return (
    <Stack gap="1" flex="1" minW="0">
      <Text fontSize="sm" fontWeight="medium">
        {title}
      </Text>
      <HStack align="end" gap="1px" h="28" borderBottomWidth="1px" role="img" aria-label={title} data-testid="day-bars">
        {days.map((day) => (
          <Box
            key={day.date}
            flex="1"
            minW="0"
            h={`${(day.value / max) * 100}%`}
            minH={day.value > 0 ? "2px" : "0"}
            bg="brand.solid"
            roundedTop="xs"
            title={`${day.date}: ${formatCount(day.value)}`}
          />
        ))}
      </HStack>
      <HStack justify="space-between" fontSize="xs" color="fg.muted">
        <Text>{days[0]?.date}</Text>
        <Text>{days.at(-1)?.date}</Text>
      </HStack>
    </Stack>
  );
};

const StatsBody = ({ stats }: { stats: ChatStats }) => {
  const { t } = useTranslation();
  const { totals } = stats;
  const days = everyDay(stats);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        <Figure label={t("chat.stats.messages")} value={formatCount(totals.messages)} />
        <Figure label={t("chat.stats.activeUsers")} value={formatCount(totals.active_users)} />
        <Figure label={t("chat.stats.tokenSpeed")} value={formatNumber(totals.token_speed, 1)} unit={t("chat.stats.tokensPerSecond")} />
        <Figure label={t("chat.stats.tokens")} value={formatCount(totals.tokens)} />
        <Figure label={t("chat.stats.rounds")} value={formatNumber(totals.rounds, 1)} />
        <Figure label={t("chat.stats.satisfaction")} value={totals.satisfaction === null ? "–" : formatNumber(totals.satisfaction, 1)} unit={totals.satisfaction === null ? undefined : "%"} />
      </SimpleGrid>
      <Stack direction={{ base: "column", md: "row" }} gap="6">
        <DayBars title={t("chat.stats.messagesPerDay")} days={days.map((day) => ({ date: day.date, value: day.messages }))} />
        <DayBars title={t("chat.stats.tokensPerDay")} days={days.map((day) => ({ date: day.date, value: day.tokens }))} />
      </Stack>
    </Stack>
  );
};

type Props = { chatId: string; chatName: string; onClose(): void };

// How an assistant is used: six figures over a date range and per-day bars.
export const StatsDialog = ({ chatId, chatName, onClose }: Props) => {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => lastDays());
  const valid = isValidRange(range);
  const stats = useQuery({ ...chatStatsQueryOptions(chatId, range.from, range.to), enabled: valid, placeholderData: keepPreviousData });
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
          <StatsBody stats={stats.data} />
        ) : (
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" aria-busy="true" aria-label={t("common.loading")}>
            {[0, 1, 2, 3, 4, 5].map((cell) => (
              <Skeleton key={cell} h="20" rounded="md" />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </ViewDialog>
  );
};
