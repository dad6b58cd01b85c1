import { Box, Field, Heading, Input, Stack, Tabs, Text } from "@chakra-ui/react";
import { Code2, MessageCircle, Puzzle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chat } from "../../api/chats";
import { type ShareToken, shareUrl } from "../../api/share";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";
import { CodeBlock } from "./code-block";
import { iframeCode, widgetCode } from "./embed-code";
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, EmbedOptionsFields } from "./embed-options";
import { ExtensionTab } from "./extension-tab";

const FALLBACK_BUTTON_COLOR = "#0f766e";
// what the shared page needs: its scripts and storage, forms, links opening in new tabs
const PREVIEW_SANDBOX =
  "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals";

type Props = { chat: Chat; link: ShareToken };

// The embed codes of one share link, with the options they share and a live preview of the page.
export const EmbedPanel = ({ chat, link }: Props) => {
  const { t } = useTranslation();
  const [options, setOptions] = useState<EmbedOptions>(DEFAULT_EMBED_OPTIONS);
  const [question, setQuestion] = useState("");
  const origin = window.location.origin;
  const url = shareUrl(origin, chat.id, link.token, {
    locale: options.locale || undefined,
    theme: options.theme,
    visibleAvatar: options.visibleAvatar,
  });

  return (
    <Stack gap="4" data-testid="embed-panel">
      <Heading as="h3" size="sm">
        {t("share.embed.title", { name: link.name || t("share.links.unnamed") })}
      </Heading>
      <EmbedOptionsFields value={options} onChange={setOptions} />
      <FormField label={t("share.embed.directLink")}>
        <CopyField value={url} label={t("share.embed.directLink")} />
      </FormField>
      <Tabs.Root defaultValue="iframe" size="sm" colorPalette="teal" variant="enclosed" lazyMount>
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="iframe">
            <Code2 /> {t("share.embed.tabIframe")}
          </Tabs.Trigger>
          <Tabs.Trigger value="widget">
            <MessageCircle /> {t("share.embed.tabWidget")}
          </Tabs.Trigger>
          <Tabs.Trigger value="extension">
            <Puzzle /> {t("share.embed.tabExtension")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="iframe">
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t("share.embed.iframeHint")}
            </Text>
            <CodeBlock code={iframeCode(url)} label={t("share.embed.tabIframe")} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="widget">
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              {t("share.embed.widgetHint")}
            </Text>
            <Field.Root>
              <Field.Label>{t("share.embed.startQuestion")}</Field.Label>
              <Input
                name="start_question"
                size="sm"
                value={question}
                maxLength={500}
                placeholder={t("share.embed.startQuestionPlaceholder")}
                onChange={(e) => setQuestion(e.target.value)}
              />
              <Field.HelperText>{t("share.embed.startQuestionHint")}</Field.HelperText>
            </Field.Root>
            <CodeBlock
              code={widgetCode({ origin, url, question, title: chat.name })}
              label={t("share.embed.tabWidget")}
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="extension">
          <ExtensionTab
            name={chat.name}
            url={url}
            color={chat.design?.button_color ?? FALLBACK_BUTTON_COLOR}
            restricted={link.allowed_origins.length > 0}
          />
        </Tabs.Content>
      </Tabs.Root>
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {t("share.embed.preview")}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {t("share.embed.previewHint")}
        </Text>
        <Box borderWidth="1px" rounded="md" overflow="hidden" h="480px">
          <iframe
            key={url}
            src={url}
            title={t("share.embed.preview")}
            sandbox={PREVIEW_SANDBOX}
            style={{ width: "100%", height: "100%", border: 0, display: "block" }}
            allow="microphone"
          />
        </Box>
      </Stack>
    </Stack>
  );
};
