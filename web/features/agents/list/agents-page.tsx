import { Button, EmptyState, Stack, Tabs } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Bot, Plus, Workflow } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Agent, agentsQueryOptions, useDeleteAgentMutation, useDuplicateAgentMutation } from "../../../api/agents";
import {
  CardGridSkeleton,
  type ListSearch,
  ListPageHeader,
  PagedCardGrid,
  useListSearch,
} from "../../../components/card-list";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { RouteErrorMessage } from "../../../components/route-error";
import { SearchInput } from "../../../components/search-input";
import { AgentCard } from "./agent-card";
import type { AgentAction } from "./agent-card-menu";
import { AGENT_CANVAS, type CanvasKind, DATAFLOW_CANVAS } from "../model/dataflow";
import { CreateAgentDialog } from "./create-agent-dialog";

const PAGE_SIZE = 30;

// `kind=pipelines` shows the ingestion pipelines, else the agents.
export type AgentsSearch = ListSearch & { kind?: "pipelines" };

type Props = { search: AgentsSearch; onSearchChange: (next: AgentsSearch) => void };

// The agents ("Buddys") of the team and its ingestion pipelines, each on its own tab: search, create from blank,
// a template or a file, duplicate, delete.
export const AgentsPage = ({ search, onSearchChange }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind: CanvasKind = search.kind === "pipelines" ? DATAFLOW_CANVAS : AGENT_CANVAS;
  const list = useListSearch(search, (next) => onSearchChange({ ...next, kind: search.kind }));
  const { q, page, setSearch } = list;
  const query = useQuery(agentsQueryOptions({ page, pageSize: PAGE_SIZE, keywords: q, category: kind }));
  const pipelines = kind === DATAFLOW_CANVAS;
  const duplicate = useDuplicateAgentMutation();
  const remove = useDeleteAgentMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const open = (agent: Agent) => void navigate({ to: "/flow/$id", params: { id: agent.id } });

  const onAction = (agent: Agent, action: AgentAction) => {
    if (action === "open") return open(agent);
    if (action === "delete") return setDeleting(agent);
    void duplicate.mutateAsync(agent.id).then(() => notifySuccess(t("agents.list.duplicated")), notifyError);
  };

  const agents = query.data?.agents ?? [];
  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <ListPageHeader title={t("agents.list.title")} description={t("agents.list.description")}>
        <SearchInput label={t("agents.list.search")} value={q} onChange={(text) => setSearch({ q: text, page: 1 })} />
        <Button colorPalette="teal" onClick={() => setCreating(true)}>
          <Plus /> {t(pipelines ? "pipelines.list.create" : "agents.list.create")}
        </Button>
      </ListPageHeader>
      <Tabs.Root
        value={kind}
        onValueChange={(e) => onSearchChange({ kind: e.value === DATAFLOW_CANVAS ? "pipelines" : undefined })}
        variant="line"
        colorPalette="teal"
      >
        <Tabs.List>
          <Tabs.Trigger value={AGENT_CANVAS} data-testid="tab-agents">
            <Bot size={16} aria-hidden /> {t("pipelines.kind.agents")}
          </Tabs.Trigger>
          <Tabs.Trigger value={DATAFLOW_CANVAS} data-testid="tab-pipelines">
            <Workflow size={16} aria-hidden /> {t("pipelines.kind.pipelines")}
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <CardGridSkeleton h="40" busy />
      ) : agents.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">{pipelines ? <Workflow /> : <Bot />}</EmptyState.Indicator>
            <EmptyState.Title>
              {q
                ? t("agents.list.noMatch", { query: q })
                : t(pipelines ? "pipelines.list.emptyPipelines" : "agents.list.empty")}
            </EmptyState.Title>
            {!q && (
              <EmptyState.Description>
                {t(pipelines ? "pipelines.list.emptyPipelinesHint" : "agents.list.emptyHint")}
              </EmptyState.Description>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <PagedCardGrid list={list} pageSize={PAGE_SIZE} total={query.data.total}>
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} onAction={(action) => onAction(agent, action)} />
          ))}
        </PagedCardGrid>
      )}
      {creating && (
        <CreateAgentDialog kind={kind} onClose={() => setCreating(false)} onCreated={(agent) => open(agent)} />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t("agents.list.deleteTitle")}
          body={t("agents.list.deleteBody", { name: deleting.title })}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync(deleting.id).then(() => {
              notifySuccess(t("common.toast.deleted"));
              setDeleting(null);
            }, notifyError)
          }
        />
      )}
    </Stack>
  );
};
