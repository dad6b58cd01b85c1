import { Box, Center, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AgentShareClient, type SharedAgentInfo, sharedAgentQueryOptions, streamSharedAgentRun } from "../../../api/shared-agents";
import { Composer } from "../../chat/conversation/composer";
import { ShareProblemScreen } from "../../share/share-problem";
import { RunMessages } from "../test-run/run-messages";
import { useAgentRun } from "../test-run/use-agent-run";

const Conversation = ({ client, info }: { client: AgentShareClient; info: SharedAgentInfo }) => {
  const { t } = useTranslation();
  const transport = useMemo(() => ({ stream: streamSharedAgentRun(client) }), [client]);
  const run = useAgentRun(client.agentId, info.prologue, transport);
  const [text, setText] = useState("");
  const send = () => {
    const question = text.trim();
    if (!question || run.busy) return;
    setText("");
    void run.ask(question, {});
  };
  return (
    <Stack h="100dvh" gap="0" bg="app.bg" data-testid="shared-agent">
      <Box px="4" py="3" borderBottomWidth="1px" bg="app.surface">
        <Heading as="h1" size="md">
          {info.title}
        </Heading>
        {info.description && (
          <Text fontSize="sm" color="fg.muted">
            {info.description}
          </Text>
        )}
      </Box>
      <Box flex="1" minH="0" px="4" py="3" overflow="hidden" display="flex" flexDirection="column">
        <RunMessages messages={run.messages} busy={run.busy} agentName={info.title} />
      </Box>
      <Box px="4" pb="4">
        <Composer value={text} onChange={setText} onSend={send} onStop={run.stop} streaming={run.busy} busy={run.busy} stt={false} />
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t("agents.share.poweredBy")}
        </Text>
      </Box>
    </Stack>
  );
};

// /agent/share?shared_id=…&auth=…: a visitor talks to a shared flow without signing in.
export const SharedAgentPage = ({ client }: { client: AgentShareClient }) => {
  const info = useQuery({ ...sharedAgentQueryOptions(client), enabled: Boolean(client.agentId && client.token) });
  if (!client.agentId || !client.token) return <ShareProblemScreen error={null} />;
  if (info.isError) return <ShareProblemScreen error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data)
    return (
      <Center minH="100dvh">
        <Spinner />
      </Center>
    );
  return <Conversation client={client} info={info.data} />;
};
