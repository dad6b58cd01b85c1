import { Button, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Bot, Library, MessagesSquare, Plus, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { agentsQueryOptions } from "../../api/agents";
import { meQueryOptions } from "../../api/auth";
import { chatsQueryOptions } from "../../api/chats";
import { datasetsQueryOptions } from "../../api/datasets";
import { searchesQueryOptions } from "../../api/searches";
import { formatCount, formatDateTime } from "../../lib/format";
import { CreateAgentDialog } from "../agents/list/create-agent-dialog";
import { ChatConfigDialog } from "../assistants";
import { EvaluationAlerts } from "../evaluation-sets/alerts-card";
import { CreateDatasetDialog } from "../knowledge/create-dataset-dialog";
import { OverviewCard } from "./overview-card";
import { UsageSummary } from "./usage-summary";

export const RECENT = 6;

const stateOf = (query: { isPending: boolean; error: unknown; refetch: () => unknown }) => ({
  pending: query.isPending,
  error: query.error,
  retry: () => void query.refetch(),
});

const QuickActions = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"assistant" | "flow" | null>(null);
  return (
    <Flex gap="3" wrap="wrap" as="section" aria-label={t("home.quickActions")}>
      <CreateDatasetDialog detailTo="/dataset/dataset" label={t("home.createDataset")} />
      <Button variant="outline" onClick={() => setDialog("assistant")}>
        <Plus /> {t("home.createAssistant")}
      </Button>
      <Button variant="outline" onClick={() => setDialog("flow")}>
        <Plus /> {t("home.createFlow")}
      </Button>
      {dialog === "assistant" && (
        <ChatConfigDialog
          onClose={() => setDialog(null)}
          onSaved={(chat) => void navigate({ to: "/next-chat", search: { dialogId: chat.id } })}
        />
      )}
      {dialog === "flow" && (
        <CreateAgentDialog
          onClose={() => setDialog(null)}
          onCreated={(agent) => void navigate({ to: "/flow/$id", params: { id: agent.id } })}
        />
      )}
    </Flex>
  );
};

// /home: greeting, quick actions, the most recent bases, assistants, flows and search apps, and the usage.
export const HomePage = () => {
  const { t } = useTranslation();
  const me = useQuery(meQueryOptions());
  const datasets = useQuery(datasetsQueryOptions({ page: 1, pageSize: RECENT }));
  const chats = useQuery(chatsQueryOptions());
  const agents = useQuery(agentsQueryOptions({ page: 1, pageSize: RECENT }));
  const searches = useQuery(searchesQueryOptions());
  const updated = (ms: number) => t("home.updated", { date: formatDateTime(ms) });

  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {me.data?.nickname ? t("home.greeting", { name: me.data.nickname }) : t("home.greetingAnonymous")}
        </Heading>
        <Text color="fg.muted">{t("home.intro")}</Text>
      </Stack>
      <EvaluationAlerts />
      <QuickActions />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <OverviewCard
          kind="dataset"
          title={t("home.datasets.title")}
          icon={Library}
          emptyText={t("home.datasets.empty")}
          state={stateOf(datasets)}
          total={datasets.data?.total ?? 0}
          items={(datasets.data?.datasets ?? []).slice(0, RECENT).map((dataset) => ({
            id: dataset.id,
            name: dataset.name,
            meta: t("home.datasets.meta", {
              docs: formatCount(dataset.document_count),
              chunks: formatCount(dataset.chunk_count),
            }),
          }))}
        />
        <OverviewCard
          kind="chat"
          title={t("home.assistants.title")}
          icon={MessagesSquare}
          emptyText={t("home.assistants.empty")}
          state={stateOf(chats)}
          total={chats.data?.length ?? 0}
          items={(chats.data ?? []).slice(0, RECENT).map((chat) => ({
            id: chat.id,
            name: chat.name,
            meta: updated(chat.update_time),
          }))}
        />
        <OverviewCard
          kind="agent"
          title={t("home.flows.title")}
          icon={Bot}
          emptyText={t("home.flows.empty")}
          state={stateOf(agents)}
          total={agents.data?.total ?? 0}
          items={(agents.data?.agents ?? []).slice(0, RECENT).map((agent) => ({
            id: agent.id,
            name: agent.title,
            meta: updated(agent.update_time),
          }))}
        />
        <OverviewCard
          kind="search"
          title={t("home.searches.title")}
          icon={Search}
          emptyText={t("home.searches.empty")}
          state={{ ...stateOf(searches), errorText: t("home.searches.unavailable") }}
          total={searches.data?.length ?? 0}
          items={(searches.data ?? []).slice(0, RECENT).map((app) => ({
            id: app.id,
            name: app.name,
            meta: updated(app.update_time),
          }))}
        />
      </SimpleGrid>
      <UsageSummary />
    </Stack>
  );
};
