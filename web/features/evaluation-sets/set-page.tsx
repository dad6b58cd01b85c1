import { Button, Heading, HStack, Link, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { ArrowLeft, Pencil, Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { evaluationSetQueryOptions } from "../../api/evaluation-sets";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { ComparePanel } from "./compare-panel";
import { QuestionsPanel } from "./questions-panel";
import { RunDetail } from "./run-detail";
import { RunDialog } from "./run-dialog";
import { RunsPanel } from "./runs-panel";
import type { SetSearch, SetView } from "./search";
import { SetDialog } from "./set-dialog";
import { TrendCharts } from "./trend-charts";

type Props = { setId: string; search: SetSearch; onSearchChange(search: SetSearch): void };

// /test-sets/$setId: one test set's questions, runs (and one run's results), a comparison of two runs and the trend.
export const SetPage = ({ setId, search, onSearchChange }: Props) => {
  const { t } = useTranslation();
  const set = useQuery(evaluationSetQueryOptions(setId));
  const datasets = useQuery(allDatasetsQueryOptions());
  const [dialog, setDialog] = useState<"edit" | "run" | null>(null);
  const view = search.view ?? "questions";
  const go = (changes: Partial<SetSearch>) => onSearchChange({ ...search, ...changes });

  if (set.isError) return <RouteErrorMessage error={set.error} onRetry={() => void set.refetch()} />;
  if (!set.data) return <PageLoader />;
  const bases = set.data.dataset_ids
    .map((id) => datasets.data?.datasets.find((dataset) => dataset.id === id)?.name ?? id)
    .join(", ");

  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <Link asChild fontSize="sm" colorPalette="teal" alignSelf="start">
        <RouterLink to="/buddy-eval" search={{ tab: "sets" }}>
          <ArrowLeft size={14} aria-hidden /> {t("evalSets.back")}
        </RouterLink>
      </Link>
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {set.data.name}
          </Heading>
          {set.data.description && (
            <Text color="fg.muted" fontSize="sm">
              {set.data.description}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t("evalSets.list.bases")}: {bases}
          </Text>
        </Stack>
        <HStack gap="2">
          <Button variant="outline" size="sm" onClick={() => setDialog("edit")}>
            <Pencil /> {t("evalSets.edit")}
          </Button>
          <Button
            colorPalette="teal"
            size="sm"
            onClick={() => setDialog("run")}
            disabled={set.data.question_count === 0}
          >
            <Play /> {t("evalSets.run.start")}
          </Button>
        </HStack>
      </HStack>
      <Tabs.Root
        value={view}
        onValueChange={(e) => go({ view: e.value === "questions" ? undefined : (e.value as SetView), run: undefined })}
        colorPalette="teal"
        lazyMount
      >
        <Tabs.List aria-label={t("evalSets.views.label")}>
          <Tabs.Trigger value="questions">{t("evalSets.views.questions")}</Tabs.Trigger>
          <Tabs.Trigger value="runs">{t("evalSets.views.runs")}</Tabs.Trigger>
          <Tabs.Trigger value="compare">{t("evalSets.views.compare")}</Tabs.Trigger>
          <Tabs.Trigger value="chart">{t("evalSets.views.chart")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="questions">
          <QuestionsPanel set={set.data} page={search.page ?? 1} onPage={(page) => go({ page })} />
        </Tabs.Content>
        <Tabs.Content value="runs">
          {search.run ? (
            <RunDetail runId={search.run} onBack={() => go({ run: undefined })} />
          ) : (
            <RunsPanel
              setId={setId}
              onOpen={(run) => go({ run })}
              onCompare={(a, b) => go({ view: "compare", a, b, run: undefined })}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="compare">
          <ComparePanel set={set.data} a={search.a} b={search.b} onPick={(a, b) => go({ a, b })} />
        </Tabs.Content>
        <Tabs.Content value="chart">
          <TrendCharts setId={setId} />
        </Tabs.Content>
      </Tabs.Root>
      {dialog === "edit" && <SetDialog set={set.data} onClose={() => setDialog(null)} />}
      {dialog === "run" && (
        <RunDialog set={set.data} onClose={() => setDialog(null)} onStarted={(run) => go({ view: "runs", run })} />
      )}
    </Stack>
  );
};
