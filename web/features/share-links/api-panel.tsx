import { Box, Stack, Tabs, Text } from "@chakra-ui/react";
import { ViewDialog } from "../../components/view-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chat } from "../../api/chats";
import { API_BASE } from "../../api/client";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";
import { curlCompletion, curlOpenAi, pythonSdk } from "./api-examples";
import { CodeBlock } from "./code-block";
import { ApiKeySection, ExamplesHeading } from "../settings/api-access";

const KEY_PLACEHOLDER = "<API_KEY>";

type Props = { chat: Chat; onClose(): void };

// "API": how programs talk to this assistant: endpoint, chat id, a key and example requests.
export const ApiPanel = ({ chat, onClose }: Props) => {
  const { t } = useTranslation();
  const [apiKey, setApiKey] = useState<string | null>(null);
  const origin = window.location.origin;
  const example = {
    origin,
    chatId: chat.id,
    apiKey: apiKey ?? KEY_PLACEHOLDER,
    question: t("share.api.sampleQuestion"),
  };
  return (
    <ViewDialog title={t("share.api.title", { name: chat.name })} size="lg" testId="api-panel" onClose={onClose}>
      <Stack gap="5">
        <FormField label={t("share.api.endpoint")}>
          <CopyField value={`${origin}${API_BASE}`} label={t("share.api.endpoint")} />
        </FormField>
        <FormField label={t("share.api.chatId")}>
          <CopyField value={chat.id} label={t("share.api.chatId")} />
        </FormField>
        <ApiKeySection onCreated={setApiKey} />
        <Stack gap="3">
          <ExamplesHeading />
          <Tabs.Root defaultValue="curl" size="sm" colorPalette="teal" variant="enclosed">
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="curl">{t("share.api.tabCurl")}</Tabs.Trigger>
              <Tabs.Trigger value="openai">{t("share.api.tabOpenAi")}</Tabs.Trigger>
              <Tabs.Trigger value="python">{t("share.api.tabPython")}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="curl">
              <Box>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {t("share.api.curlHint")}
                </Text>
                <CodeBlock code={curlCompletion(example)} label={t("share.api.tabCurl")} />
              </Box>
            </Tabs.Content>
            <Tabs.Content value="openai">
              <Box>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {t("share.api.openAiHint")}
                </Text>
                <CodeBlock code={curlOpenAi(example)} label={t("share.api.tabOpenAi")} />
              </Box>
            </Tabs.Content>
            <Tabs.Content value="python">
              <Box>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {t("share.api.pythonHint")}
                </Text>
                <CodeBlock code={pythonSdk(example)} label={t("share.api.tabPython")} />
              </Box>
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Stack>
    </ViewDialog>
  );
};
