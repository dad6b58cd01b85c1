import { Box, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { ChatStats } from "../../worker/contract/chats";
import { formatCount, formatDay, formatNumber } from "../lib/format";

const DAY_MS = 86_400_000;

type Day = ChatStats["days"][number];
export type StatsSeries = Exclude<keyof Day, "date">;

// Every day of the range, days without turns as zero (the server lists only days with data).
const everyDay = (stats: ChatStats): Day[] => {
  const byDate = new Map(stats.days.map((day) => [day.date, day]));
  const days: Day[] = [];
  for (let ms = Date.parse(`${stats.from}T00:00:00Z`); ms <= Date.parse(`${stats.to}T00:00:00Z`); ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    days.push(
      byDate.get(date) ?? {
        date,
        messages: 0,
        active_users: 0,
        tokens: 0,
        token_speed: 0,
        rounds: 0,
        satisfaction: null,
      },
    );
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

type BarsProps = { title: string; days: { date: string; value: number; label: string }[] };

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
            title={`${formatDay(day.date)}: ${day.label}`}
          />
        ))}
      </HStack>
      <HStack justify="space-between" fontSize="xs" color="fg.muted">
        <Text>{days[0] ? formatDay(days[0].date) : ""}</Text>
        <Text>{days.at(-1) ? formatDay(days.at(-1)?.date ?? "") : ""}</Text>
      </HStack>
    </Stack>
  );
};

const decimals: Record<StatsSeries, number> = {
  messages: 0,
  active_users: 0,
  tokens: 0,
  token_speed: 1,
  rounds: 1,
  satisfaction: 1,
};
const perDayKey = {
  messages: "chat.stats.messagesPerDay",
  active_users: "chat.stats.activeUsersPerDay",
  tokens: "chat.stats.tokensPerDay",
  token_speed: "chat.stats.tokenSpeedPerDay",
  rounds: "chat.stats.roundsPerDay",
  satisfaction: "chat.stats.satisfactionPerDay",
} as const;

// The six chat figures over a range and per-day bars of the chosen series (an assistant's or a team's).
export const StatsOverview = ({
  stats,
  series = ["messages", "tokens"],
  wide = false,
}: {
  stats: ChatStats;
  series?: StatsSeries[];
  wide?: boolean;
}) => {
  const { t } = useTranslation();
  const { totals } = stats;
  const days = everyDay(stats);
  return (
    <Stack gap="5">
      <SimpleGrid columns={wide ? { base: 2, md: 3, xl: 6 } : { base: 2, md: 3 }} gap="3">
        <Figure label={t("chat.stats.messages")} value={formatCount(totals.messages)} />
        <Figure label={t("chat.stats.activeUsers")} value={formatCount(totals.active_users)} />
        <Figure
          label={t("chat.stats.tokenSpeed")}
          value={formatNumber(totals.token_speed, 1)}
          unit={t("chat.stats.tokensPerSecond")}
        />
        <Figure label={t("chat.stats.tokens")} value={formatCount(totals.tokens)} />
        <Figure label={t("chat.stats.rounds")} value={formatNumber(totals.rounds, 1)} />
        <Figure
          label={t("chat.stats.satisfaction")}
          value={totals.satisfaction === null ? "–" : formatNumber(totals.satisfaction, 1)}
          unit={totals.satisfaction === null ? undefined : "%"}
        />
      </SimpleGrid>
      <SimpleGrid columns={wide ? { base: 1, md: 2, xl: 3 } : { base: 1, md: 2 }} gap="6">
        {series.map((key) => (
          <DayBars
            key={key}
            title={t(perDayKey[key])}
            days={days.map((day) => ({
              date: day.date,
              value: day[key] ?? 0,
              label: day[key] === null ? "–" : formatNumber(day[key], decimals[key]),
            }))}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};

export const StatsSkeleton = ({ wide = false }: { wide?: boolean }) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      columns={wide ? { base: 2, md: 3, xl: 6 } : { base: 2, md: 3 }}
      gap="3"
      aria-busy="true"
      aria-label={t("common.loading")}
    >
      {[0, 1, 2, 3, 4, 5].map((cell) => (
        <Skeleton key={cell} h="20" rounded="md" />
      ))}
    </SimpleGrid>
  );
};
