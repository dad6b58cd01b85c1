import { Box, Stack, Tabs, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyField } from "../../../components/copy-field";
import { FormField } from "../../../components/form-field";
import { ViewDialog } from "../../../components/view-dialog";
import { CodeBlock } from "../../share-links/code-block";
import {
  agentCompletionUrl,
  agentOpenAiUrl,
  curlAgentCompletion,
  curlAgentFollowUp,
  curlAgentOpenAi,
  pythonOpenAi,
} from "./agent-api-examples";
import { ApiKeySection, ExamplesHeading } from "../../settings/api-access";
import { ShareLinkSection } from "./share-link-section";

const KEY_PLACEHOLDER = "<API_KEY>";
const TABS = [
  { value: "curl", example: curlAgentCompletion },
  { value: "session", example: curlAgentFollowUp },
  { value: "openai", example: curlAgentOpenAi },
  { value: "python", example: pythonOpenAi },
] as const;

type Props = { agentId: string; title: string; onClose: () => void };

// "Als API veröffentlichen": the endpoints, the agent's id, a key and example requests.
export const PublishApiDialog = ({ agentId, title, onClose }: Props) => {
  const { t } = useTranslation();
  const [apiKey, setApiKey] = useState<string | null>(null);
  const origin = window.location.origin;
  const example = { origin, agentId, apiKey: apiKey ?? KEY_PLACEHOLDER, question: t("agents.publish.sampleQuestion") };
  return (
    <ViewDialog title={t("agents.publish.title", { name: title })} size="lg" testId="publish-api" onClose={onClose}>
      <Stack gap="5">
        <FormField label={t("agents.publish.endpoint")} helper={t("agents.publish.endpointHint")}>
          <CopyField value={agentCompletionUrl(origin)} label={t("agents.publish.endpoint")} />
        </FormField>
        <FormField label={t("agents.publish.openAiEndpoint")} helper={t("agents.publish.openAiEndpointHint")}>
          <CopyField value={agentOpenAiUrl(origin, agentId)} label={t("agents.publish.openAiEndpoint")} />
        </FormField>
        <FormField label={t("agents.publish.agentId")}>
          <CopyField value={agentId} label={t("agents.publish.agentId")} />
        </FormField>
        <ApiKeySection onCreated={setApiKey} />
        <ShareLinkSection agentId={agentId} />
        <Stack gap="3">
          <ExamplesHeading />
          <Tabs.Root defaultValue="curl" size="sm" colorPalette="teal" variant="enclosed">
            <Tabs.List flexWrap="wrap">
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value}>
                  {t(`agents.publish.tabs.${tab.value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Content key={tab.value} value={tab.value}>
                <Box>
                  <Text fontSize="sm" color="fg.muted" mb="2">
                    {t(`agents.publish.hints.${tab.value}`)}
                  </Text>
                  <CodeBlock code={tab.example(example)} label={t(`agents.publish.tabs.${tab.value}`)} />
                </Box>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
      </Stack>
    </ViewDialog>
  );
};
