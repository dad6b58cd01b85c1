import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { PageLoader } from "../../../components/page-loader";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AgentShareClient,
  type SharedAgentInfo,
  sharedAgentQueryOptions,
  streamSharedAgentRun,
  uploadSharedAgentInput,
} from "../../../api/shared-agents";
import { visitorId } from "../../../api/share";
import { AttachmentDownloadProvider, sharedAttachmentDownload } from "../../conversation/attachment-link";
import { Composer } from "../../conversation/composer";
import { ShareProblemScreen } from "../../share/share-problem";
import { RunMessages } from "../test-run/run-messages";
import { useAgentRun } from "../test-run/use-agent-run";
import type { BeginInput } from "../forms/begin-fields";
import { FillUpForm } from "../test-run/fill-up-form";
import { missingInputs, RunInputs } from "../test-run/run-inputs";
import { invalidBeginInputs, isNumberInput } from "../../../../worker/contract/agents";

type Props = { client: AgentShareClient; info: SharedAgentInfo; prefilled: Record<string, string> };

const linkValue = (input: BeginInput | undefined, raw: string) => {
  if (input?.type === "boolean") return raw === "true" || raw === "1";
  return isNumberInput(input) && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
};

// The link's data_<key> values fill the Begin inputs they name (numbers and yes/no as the input expects); a
// value that does not fit (a choice not offered, a number that is not one) is left out.
const prefilledValues = (inputs: Record<string, BeginInput>, prefilled: Record<string, string>) => {
  const values = Object.fromEntries(
    Object.entries(prefilled)
      .filter(([key]) => key in inputs)
      .map(([key, raw]) => [key, linkValue(inputs[key], raw)]),
  );
  const unfit = invalidBeginInputs(inputs, values);
  return Object.fromEntries(Object.entries(values).filter(([key]) => !unfit.includes(key)));
};

const Conversation = ({ client, info, prefilled }: Props) => {
  const { t } = useTranslation();
  const transport = useMemo(() => ({ stream: streamSharedAgentRun(client) }), [client]);
  const upload = useMemo(() => uploadSharedAgentInput(client), [client]);
  const attachmentDownload = useMemo(() => sharedAttachmentDownload(client.token, visitorId()), [client]);
  const run = useAgentRun(client.agentId, info.prologue, transport);
  const inputs = info.inputs as Record<string, BeginInput>;
  const [text, setText] = useState("");
  const [values, setValues] = useState<Record<string, unknown>>(() => prefilledValues(inputs, prefilled));
  const [missing, setMissing] = useState<string[]>([]);
  const taskMode = info.mode === "task";
  const send = () => {
    const question = text.trim();
    if ((!question && !taskMode) || run.busy) return;
    const lacking = missingInputs(inputs, values);
    setMissing(lacking);
    if (lacking.length) return;
    setText("");
    void run.ask(question, values);
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
        <AttachmentDownloadProvider download={attachmentDownload}>
          <RunMessages messages={run.messages} busy={run.busy} agentName={info.title} />
        </AttachmentDownloadProvider>
      </Box>
      <Box px="4" pb="4">
        {run.awaiting ? (
          <Box maxW="xl">
            <FillUpForm
              inputs={run.awaiting.inputs}
              busy={run.busy}
              upload={upload}
              onSubmit={(answers, shown) => void run.ask("", answers, shown)}
            />
          </Box>
        ) : (
          <>
            <Box mb="2" maxW="xl">
              <RunInputs
                inputs={inputs}
                values={values}
                missing={missing}
                onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
                upload={upload}
              />
            </Box>
            <Composer
              value={text}
              onChange={setText}
              onSend={send}
              onStop={run.stop}
              streaming={run.busy}
              busy={run.busy}
              stt={false}
              allowEmpty={taskMode}
            />
          </>
        )}
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t("agents.share.poweredBy")}
        </Text>
      </Box>
    </Stack>
  );
};

// /agent/share?shared_id=…&auth=…: a visitor talks to a shared flow without signing in.
export const SharedAgentPage = ({
  client,
  prefilled = {},
}: {
  client: AgentShareClient;
  prefilled?: Record<string, string>;
}) => {
  const info = useQuery({ ...sharedAgentQueryOptions(client), enabled: Boolean(client.agentId && client.token) });
  if (!client.agentId || !client.token) return <ShareProblemScreen error={null} />;
  if (info.isError) return <ShareProblemScreen error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <PageLoader />;
  return <Conversation client={client} info={info.data} prefilled={prefilled} />;
};
