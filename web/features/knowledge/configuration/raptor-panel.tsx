import { Badge, Box, Button, Collapsible, HStack, Progress, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { DatasetTask } from "../../../../worker/contract/dataset-index";
import { raptorTaskQueryOptions, useRemoveRaptorMutation, useStartRaptorMutation } from "../../../api/raptor";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { RouteErrorMessage } from "../../../components/route-error";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { ConfigSection } from "./config-section";

type State = "none" | "running" | "done" | "failed";

const stateOf = (task: DatasetTask | null): State => (!task ? "none" : task.progress === 1 ? "done" : task.progress < 0 ? "failed" : "running");
const PALETTE: Record<State, string> = { none: "gray", running: "blue", done: "green", failed: "red" };

// Builds and removes a knowledge base's RAPTOR summaries, with the last task's progress and log.
export const RaptorPanel = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const query = useQuery(raptorTaskQueryOptions(datasetId));
  const start = useStartRaptorMutation(datasetId);
  const remove = useRemoveRaptorMutation(datasetId);
  const task = query.data && "id" in query.data ? (query.data as DatasetTask) : null;
  const state = stateOf(task);
  const percent = Math.round(Math.max(0, task?.progress ?? 0) * 100);
  const lines = task?.progress_msg.trim().split("\n").filter(Boolean) ?? [];

  const run = async () => {
    const started = await start.mutateAsync().then(() => true, notifyError);
    if (started) {
      notifySuccess(t("kbConfig.raptorTask.started"));
      await query.refetch();
    }
  };
  const removeAll = async () => {
    const removed = await remove.mutateAsync().then(() => true, notifyError);
    if (removed) {
      notifySuccess(t("kbConfig.raptorTask.removed"));
      await query.refetch();
    }
  };

  return (
    <ConfigSection title={t("kbConfig.raptorTask.title")} description={t("kbConfig.raptorTask.description")}>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="16" rounded="md" />
      ) : (
        <Stack gap="3" data-testid="raptor-task" data-state={state}>
          <HStack gap="3" wrap="wrap">
            <Badge colorPalette={PALETTE[state]} variant="subtle">
              {t(`kbConfig.raptorTask.states.${state}`)}
            </Badge>
            {state === "running" && <Text fontSize="sm">{percent}%</Text>}
            {task?.begin_at && (
              <Text fontSize="sm" color="fg.muted">
                {t("kbConfig.raptorTask.begunAt", { time: formatDateTime(Date.parse(task.begin_at)) })}
              </Text>
            )}
            {state === "done" && (
              <Text fontSize="sm" color="fg.muted">
                {t("kbConfig.raptorTask.summary", { count: task?.chunk_ids ? task.chunk_ids.split(" ").length : 0, seconds: formatNumber(task?.process_duration ?? 0, 1) })}
              </Text>
            )}
          </HStack>
          {state === "running" && (
            <Progress.Root value={percent} size="xs" colorPalette="blue" aria-label={t("kbConfig.raptorTask.progress")}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {state === "none" && (
            <Text fontSize="sm" color="fg.muted">
              {t("kbConfig.raptorTask.none")}
            </Text>
          )}
          {lines.length > 0 && (
            <Text fontSize="sm" color={state === "failed" ? "fg.error" : "fg.muted"} data-testid="raptor-last-line">
              {lines.at(-1)}
            </Text>
          )}
          {lines.length > 1 && (
            <Collapsible.Root>
              <Collapsible.Trigger asChild>
                <Button size="xs" variant="ghost" alignSelf="start">
                  {t("kbConfig.raptorTask.showLog")}
                </Button>
              </Collapsible.Trigger>
              <Collapsible.Content>
                <Box as="pre" fontSize="xs" whiteSpace="pre-wrap" bg="bg.muted" p="3" rounded="md" maxH="60" overflowY="auto" data-testid="raptor-log">
                  {lines.join("\n")}
                </Box>
              </Collapsible.Content>
            </Collapsible.Root>
          )}
          <HStack gap="3" wrap="wrap">
            <Button size="sm" colorPalette="teal" onClick={() => void run()} loading={start.isPending} disabled={state === "running"}>
              {t(state === "none" ? "kbConfig.raptorTask.start" : "kbConfig.raptorTask.restart")}
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" colorPalette="red" disabled={state === "none"}>
                  {t(state === "running" ? "kbConfig.raptorTask.cancel" : "kbConfig.raptorTask.remove")}
                </Button>
              }
              title={t("kbConfig.raptorTask.removeTitle")}
              body={t("kbConfig.raptorTask.removeBody")}
              loading={remove.isPending}
              onConfirm={removeAll}
            />
          </HStack>
        </Stack>
      )}
    </ConfigSection>
  );
};
