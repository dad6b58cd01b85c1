import { Box, Button, EmptyState, Heading, HStack, Stack, Tabs, Text, Wrap } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FileJson, FileSpreadsheet, MessageSquareText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chatsQueryOptions } from "../../api/chats";
import {
  evaluationStatsQueryOptions,
  exportFeedback,
  type FeedbackFilters as Filters,
  type FeedbackItem,
  feedbackQueryOptions,
} from "../../api/evaluation";
import { DateRangeFields, isValidRange, lastDays } from "../../components/date-range-fields";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageLoader } from "../../components/page-loader";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { StatsOverview, StatsSkeleton } from "../../components/stats-overview";
import { saveBlob } from "../../lib/save-blob";
import { SetList } from "../evaluation-sets/set-list";
import { ToTestSetDialog } from "../evaluation-sets/to-test-set-dialog";
import { FeedbackTable } from "./feedback-table";
import { AssistantSelect, FeedbackFilters } from "./filters-bar";
import { HistoryDrawer } from "./history-drawer";
import type { EvaluationSearch } from "./search";
import { UnansweredList } from "./unanswered-list";

const PAGE_SIZE = 20;

type Props = {
  // the assistant the page is about (/evaluation/$dialogId, or ?chat= on /buddy-eval); none = all of them
  chatId?: string;
  search: EvaluationSearch;
  onSearchChange(search: EvaluationSearch): void;
  onChatChange(chatId: string | undefined): void;
};

const ExportButtons = ({ filters, disabled }: { filters: Filters; disabled: boolean }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<"csv" | "json" | null>(null);
  const download = async (format: "csv" | "json") => {
    setBusy(format);
    const blob = await exportFeedback(filters, format).catch(notifyError);
    setBusy(null);
    if (!blob) return;
    saveBlob(blob, `feedback_${filters.from}_${filters.to}.${format}`);
    notifySuccess(t("evaluation.export.done"));
  };
  return (
    <HStack gap="2">
      <Button
        size="sm"
        variant="outline"
        loading={busy === "csv"}
        disabled={disabled}
        onClick={() => void download("csv")}
      >
        <FileSpreadsheet /> {t("evaluation.export.csv")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        loading={busy === "json"}
        disabled={disabled}
        onClick={() => void download("json")}
      >
        <FileJson /> {t("evaluation.export.json")}
      </Button>
    </HStack>
  );
};

const FeedbackSection = ({
  filters,
  page,
  showAssistant,
  onPage,
}: {
  filters: Filters;
  page: number;
  showAssistant: boolean;
  onPage(page: number): void;
}) => {
  const { t } = useTranslation();
  const list = useQuery({ ...feedbackQueryOptions(filters, page, PAGE_SIZE), enabled: isValidRange(filters) });
  const [history, setHistory] = useState<FeedbackItem | null>(null);
  const [toTestSet, setToTestSet] = useState<FeedbackItem | null>(null);
  if (list.isError) return <RouteErrorMessage error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <PageLoader />;
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="feedback-total">
          {t("evaluation.table.total", { count: list.data.total })}
        </Text>
        <ExportButtons filters={filters} disabled={list.data.total === 0} />
      </HStack>
      {list.data.items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <MessageSquareText />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("evaluation.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("evaluation.emptyHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <FeedbackTable
          items={list.data.items}
          showAssistant={showAssistant}
          onOpenHistory={setHistory}
          onToTestSet={setToTestSet}
        />
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={onPage} />
      {toTestSet && (
        <ToTestSetDialog
          source={{ feedbackId: toTestSet.id, question: toTestSet.question }}
          onClose={() => setToTestSet(null)}
        />
      )}
      {history?.conversation_id && (
        <HistoryDrawer
          conversationId={history.conversation_id}
          title={history.session_name ?? history.question}
          onClose={() => setHistory(null)}
        />
      )}
    </Stack>
  );
};

// /buddy-eval and /evaluation/$dialogId: stats, the feedback table and the unanswered questions of the
// caller's assistants, filtered by the URL's search parameters.
export const EvaluationPage = ({ chatId, search, onSearchChange, onChatChange }: Props) => {
  const { t } = useTranslation();
  const chats = useQuery(chatsQueryOptions());
  const [defaults] = useState(() => lastDays());
  const range = { from: search.from ?? defaults.from, to: search.to ?? defaults.to, chatId };
  const valid = isValidRange(range);
  const stats = useQuery({ ...evaluationStatsQueryOptions(range), enabled: valid });
  const filters: Filters = { ...range, reason: search.reason, thumbs: search.thumbs ?? "rated", keywords: search.q };
  const update = (changes: Partial<EvaluationSearch>) => onSearchChange({ ...search, ...changes });
  const chat = chats.data?.find((item) => item.id === chatId);
  const tab = search.tab ?? "feedback";
  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {chat ? `${t("evaluation.title")}: ${chat.name}` : t("evaluation.title")}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {chat ? t("evaluation.descriptionOne", { name: chat.name }) : t("evaluation.description")}
        </Text>
      </Stack>
      {/* the test sets have no date range or assistant of their own */}
      {tab !== "sets" && (
        <>
          <Wrap as="section" aria-label={t("evaluation.filters.label")} gap="4" align="end">
            <DateRangeFields
              value={range}
              onChange={(next) => update({ from: next.from, to: next.to, page: undefined, upage: undefined })}
            />
            <AssistantSelect
              chats={chats.data ?? []}
              value={chatId ?? ""}
              onChange={(id) => onChatChange(id || undefined)}
            />
          </Wrap>
          <Box as="section" aria-label={t("evaluation.stats")}>
            {stats.isError ? (
              <RouteErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />
            ) : stats.data ? (
              <StatsOverview
                stats={stats.data}
                series={["messages", "active_users", "token_speed", "tokens", "rounds", "satisfaction"]}
                wide
              />
            ) : (
              <StatsSkeleton wide />
            )}
          </Box>
        </>
      )}
      <Tabs.Root
        value={tab}
        onValueChange={(e) => update({ tab: e.value === "feedback" ? undefined : (e.value as "unanswered" | "sets") })}
        colorPalette="teal"
        lazyMount
      >
        <Tabs.List aria-label={t("evaluation.tabs.label")}>
          <Tabs.Trigger value="feedback">{t("evaluation.tabs.feedback")}</Tabs.Trigger>
          <Tabs.Trigger value="unanswered">{t("evaluation.tabs.unanswered")}</Tabs.Trigger>
          <Tabs.Trigger value="sets">{t("evalSets.tab")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="feedback">
          <Stack gap="4">
            <FeedbackFilters
              reason={search.reason}
              thumbs={filters.thumbs}
              keywords={search.q ?? ""}
              onChange={(changes) =>
                update({
                  ...("reason" in changes ? { reason: changes.reason } : {}),
                  ...(changes.thumbs ? { thumbs: changes.thumbs === "rated" ? undefined : changes.thumbs } : {}),
                  ...("keywords" in changes ? { q: changes.keywords || undefined } : {}),
                  page: undefined,
                })
              }
            />
            {valid && (
              <FeedbackSection
                filters={filters}
                page={search.page ?? 1}
                showAssistant={!chatId}
                onPage={(page) => update({ page })}
              />
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="unanswered">
          {valid && (
            <UnansweredList
              range={range}
              includeResolved={search.resolved ?? false}
              page={search.upage ?? 1}
              showAssistant={!chatId}
              onChange={update}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="sets">
          <SetList />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
};
