import { Badge, Box, Button, Collapsible, HStack, Progress, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import type { DatasetTask, IndexType } from "../../../../worker/contract/dataset-index";
import { indexTaskQueryOptions, useRemoveIndexMutation, useStartIndexMutation } from "../../../api/dataset-index";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { RouteErrorMessage } from "../../../components/route-error";
import { progressLines, progressLogLine } from "../../../lib/catalogue-text";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { ConfigSection } from "./config-section";
import { NeedsChatModel, useHasWritingModel } from "./needs-chat-model";

type State = "none" | "running" | "done" | "failed";
type TextName =
  | "title"
  | "description"
  | "none"
  | "summary"
  | "progress"
  | "start"
  | "restart"
  | "started"
  | "remove"
  | "cancel"
  | "removeTitle"
  | "removeBody"
  | "removed";

const stateOf = (task: DatasetTask | null): State =>
  !task ? "none" : task.progress === 1 ? "done" : task.progress < 0 ? "failed" : "running";
const PALETTE: Record<State, string> = { none: "gray", running: "blue", done: "green", failed: "red" };

// Builds and removes a knowledge base's RAPTOR summaries or knowledge graph, with the last task's progress and
// log; `children` show what was built.
export const IndexTaskPanel = ({
  datasetId,
  datasetLlmId,
  type,
  children,
}: {
  datasetId: string;
  // the knowledge base's own chat model (parser_config.llm_id), else the team's default writes
  datasetLlmId?: string;
  type: IndexType;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const hasWritingModel = useHasWritingModel(datasetLlmId);
  const query = useQuery(indexTaskQueryOptions(datasetId, type));
  const start = useStartIndexMutation(datasetId, type);
  const remove = useRemoveIndexMutation(datasetId, type);
  const key = <N extends TextName>(name: N) => `kbConfig.indexTask.${type}.${name}` as const;
  const task = query.data && "id" in query.data ? (query.data as DatasetTask) : null;
  const state = stateOf(task);
  const percent = Math.round(Math.max(0, task?.progress ?? 0) * 100);
  const lines = task ? progressLines(task).map(progressLogLine) : [];

  const run = async () => {
    const started = await start.mutateAsync().then(() => true, notifyError);
    if (started) {
      notifySuccess(t(key("started")));
      await query.refetch();
    }
  };
  const removeAll = async () => {
    const removed = await remove.mutateAsync().then(() => true, notifyError);
    if (removed) {
      notifySuccess(t(key("removed")));
      await query.refetch();
    }
  };

  return (
    <ConfigSection title={t(key("title"))} description={t(key("description"))}>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="16" rounded="md" />
      ) : (
        <Stack gap="3" data-testid={`${type}-task`} data-state={state}>
          <HStack gap="3" wrap="wrap">
            <Badge colorPalette={PALETTE[state]} variant="subtle">
              {t(`kbConfig.indexTask.states.${state}`)}
            </Badge>
            {state === "running" && <Text fontSize="sm">{percent}%</Text>}
            {task?.begin_at && (
              <Text fontSize="sm" color="fg.muted">
                {t("kbConfig.indexTask.begunAt", { time: formatDateTime(Date.parse(task.begin_at)) })}
              </Text>
            )}
            {state === "done" && (
              <Text fontSize="sm" color="fg.muted">
                {t(key("summary"), {
                  count: task?.chunk_ids ? task.chunk_ids.split(" ").length : 0,
                  seconds: formatNumber(task?.process_duration ?? 0, 1),
                })}
              </Text>
            )}
          </HStack>
          {state === "running" && (
            <Progress.Root value={percent} size="xs" colorPalette="blue" aria-label={t(key("progress"))}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {state === "none" && hasWritingModel !== false && (
            <Text fontSize="sm" color="fg.muted">
              {t(key("none"))}
            </Text>
          )}
          {lines.length > 0 && (
            <Text fontSize="sm" color={state === "failed" ? "fg.error" : "fg.muted"} data-testid={`${type}-last-line`}>
              {lines.at(-1)}
            </Text>
          )}
          {lines.length > 1 && (
            <Collapsible.Root>
              <Collapsible.Trigger asChild>
                <Button size="xs" variant="ghost" alignSelf="start">
                  {t("kbConfig.indexTask.showLog")}
                </Button>
              </Collapsible.Trigger>
              <Collapsible.Content>
                <Box
                  as="pre"
                  fontSize="xs"
                  whiteSpace="pre-wrap"
                  bg="bg.muted"
                  p="3"
                  rounded="md"
                  maxH="60"
                  overflowY="auto"
                  data-testid={`${type}-log`}
                >
                  {lines.join("\n")}
                </Box>
              </Collapsible.Content>
            </Collapsible.Root>
          )}
          {hasWritingModel === false && <NeedsChatModel type={type} />}
          {/* nothing to start, and nothing to remove yet: no buttons that cannot work */}
          {!(hasWritingModel === false && state === "none") && (
            <HStack gap="3" wrap="wrap">
              {hasWritingModel !== false && (
                <Button
                  size="sm"
                  colorPalette="teal"
                  onClick={() => void run()}
                  loading={start.isPending}
                  disabled={state === "running"}
                >
                  {t(key(state === "none" ? "start" : "restart"))}
                </Button>
              )}
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline" colorPalette="red" disabled={state === "none"}>
                    {t(key(state === "running" ? "cancel" : "remove"))}
                  </Button>
                }
                title={t(key("removeTitle"))}
                body={t(key("removeBody"))}
                loading={remove.isPending}
                onConfirm={removeAll}
              />
            </HStack>
          )}
          {state === "done" && children}
        </Stack>
      )}
    </ConfigSection>
  );
};
