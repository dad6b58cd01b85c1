import { Button, EmptyState, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Bot, Plus } from "lucide-react";
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
import { CreateAgentDialog } from "./create-agent-dialog";

const PAGE_SIZE = 30;

export type AgentsSearch = ListSearch;

type Props = { search: AgentsSearch; onSearchChange: (next: AgentsSearch) => void };

// The agents ("Buddys") of the team: search, create from blank or a template, duplicate, delete.
export const AgentsPage = ({ search, onSearchChange }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListSearch(search, onSearchChange);
  const { q, page, setSearch } = list;
  const query = useQuery(agentsQueryOptions({ page, pageSize: PAGE_SIZE, keywords: q }));
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
          <Plus /> {t("agents.list.create")}
        </Button>
      </ListPageHeader>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <CardGridSkeleton h="40" busy />
      ) : agents.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Bot />
            </EmptyState.Indicator>
            <EmptyState.Title>{q ? t("agents.list.noMatch", { query: q }) : t("agents.list.empty")}</EmptyState.Title>
            {!q && <EmptyState.Description>{t("agents.list.emptyHint")}</EmptyState.Description>}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <PagedCardGrid list={list} pageSize={PAGE_SIZE} total={query.data.total}>
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} onAction={(action) => onAction(agent, action)} />
          ))}
        </PagedCardGrid>
      )}
      {creating && <CreateAgentDialog onClose={() => setCreating(false)} onCreated={(agent) => open(agent)} />}
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
