import { Heading, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { CHAT_NAME_MAX, DEFAULT_PROLOGUES } from "../../../worker/contract/chats";
import { AvatarPicker } from "../settings/avatar-picker";
import { ConfigField } from "../knowledge/configuration/config-field";
import { type TabProps, toggleDataset } from "./config-form";
import { KnowledgeSelect } from "../knowledge/knowledge-select";
import { SettingSwitch } from "../../components/setting-switch";

const LANGUAGES = ["German", "English"] as const;
// the server's limit for the opener, the empty response and the disclaimer
const TEXT_MAX = 5000;

// Switches of the assistant tab, in the order they show; each maps one prompt_config flag.
const FEATURE_SWITCHES = [
  { key: "quote", name: "quote", label: "chatConfig.toggles.quote", hint: "chatConfig.toggles.quoteHint" },
  {
    key: "llmForQuotes",
    name: "llm_for_quotes",
    label: "chatConfig.toggles.llmForQuotes",
    hint: "chatConfig.toggles.llmForQuotesHint",
  },
  {
    key: "showImages",
    name: "show_images",
    label: "chatConfig.toggles.showImages",
    hint: "chatConfig.toggles.showImagesHint",
  },
  { key: "keyword", name: "keyword", label: "chatConfig.toggles.keyword", hint: "chatConfig.toggles.keywordHint" },
  { key: "useKg", name: "use_kg", label: "chatConfig.toggles.useKg", hint: "chatConfig.toggles.useKgHint" },
  { key: "tts", name: "tts", label: "chatConfig.toggles.tts", hint: "chatConfig.toggles.ttsHint" },
  { key: "stt", name: "stt", label: "chatConfig.toggles.stt", hint: "chatConfig.toggles.sttHint" },
  {
    key: "promptIcon",
    name: "prompt_icon",
    label: "chatConfig.toggles.promptIcon",
    hint: "chatConfig.toggles.promptIconHint",
  },
] as const;

export const AssistantTab = ({ values, set, change, errors }: TabProps) => {
  // an untouched default opener follows the assistant's language
  const changeLanguage = (language: (typeof LANGUAGES)[number]) => {
    if (values.prologue === DEFAULT_PROLOGUES[values.language]) set("prologue", DEFAULT_PROLOGUES[language]);
    set("language", language);
  };
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <ConfigField label={t("chatConfig.assistant.name")} error={errors.name} required>
        <Input
          name="name"
          value={values.name}
          maxLength={CHAT_NAME_MAX}
          placeholder={t("chatConfig.assistant.namePlaceholder")}
          onChange={(e) => set("name", e.target.value)}
        />
      </ConfigField>
      <ConfigField label={t("chatConfig.assistant.avatar")} error={errors.avatar}>
        <AvatarPicker name={values.name} value={values.avatar || null} onChange={(avatar) => set("avatar", avatar)} />
      </ConfigField>
      <ConfigField label={t("chatConfig.assistant.description")} error={errors.description}>
        <Textarea
          name="description"
          value={values.description}
          placeholder={t("chatConfig.assistant.descriptionPlaceholder")}
          autoresize
          minH="16"
          onChange={(e) => set("description", e.target.value)}
        />
      </ConfigField>
      <ConfigField label={t("chatConfig.assistant.language")} helper={t("chatConfig.assistant.languageHint")}>
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            name="language"
            value={values.language}
            onChange={(e) => changeLanguage(e.target.value as (typeof LANGUAGES)[number])}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`chatConfig.assistant.languages.${language}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ConfigField>
      <KnowledgeSelect
        value={values.datasetIds}
        onToggle={(id, chosen) => change((current) => toggleDataset(current, id, chosen))}
        error={errors.datasetIds}
      />
      <ConfigField
        label={t("chatConfig.assistant.emptyResponse")}
        helper={t("chatConfig.assistant.emptyResponseHint")}
        error={errors.emptyResponse}
      >
        <Textarea
          name="empty_response"
          value={values.emptyResponse}
          maxLength={TEXT_MAX}
          autoresize
          minH="12"
          onChange={(e) => set("emptyResponse", e.target.value)}
        />
      </ConfigField>
      <ConfigField
        label={t("chatConfig.assistant.prologue")}
        helper={t("chatConfig.assistant.prologueHint")}
        error={errors.prologue}
      >
        <Textarea
          name="prologue"
          value={values.prologue}
          maxLength={TEXT_MAX}
          autoresize
          minH="12"
          onChange={(e) => set("prologue", e.target.value)}
        />
      </ConfigField>
      <SettingSwitch
        name="suggested_questions"
        label={t("chatConfig.toggles.suggestedQuestions")}
        hint={t("chatConfig.toggles.suggestedQuestionsHint")}
        checked={values.suggestedQuestions}
        onChange={(checked) => set("suggestedQuestions", checked)}
      />
      <SettingSwitch
        name="disclaimer_show"
        label={t("chatConfig.toggles.disclaimerShow")}
        hint={t("chatConfig.toggles.disclaimerShowHint")}
        checked={values.disclaimerShow}
        onChange={(checked) => set("disclaimerShow", checked)}
      />
      {values.disclaimerShow && (
        <Stack gap="4" ps="4" borderStartWidth="2px" borderColor="brand.emphasized">
          <ConfigField label={t("chatConfig.assistant.disclaimerTitle")} error={errors.disclaimerTitle}>
            <Input
              name="disclaimer_title"
              value={values.disclaimerTitle}
              maxLength={200}
              onChange={(e) => set("disclaimerTitle", e.target.value)}
            />
          </ConfigField>
          <ConfigField label={t("chatConfig.assistant.disclaimerText")} error={errors.disclaimerText}>
            <Textarea
              name="disclaimer_text"
              value={values.disclaimerText}
              maxLength={TEXT_MAX}
              autoresize
              minH="16"
              onChange={(e) => set("disclaimerText", e.target.value)}
            />
          </ConfigField>
        </Stack>
      )}
      <Heading as="h3" size="sm">
        {t("chatConfig.assistant.features")}
      </Heading>
      {FEATURE_SWITCHES.map((feature) => (
        <SettingSwitch
          key={feature.key}
          name={feature.name}
          label={t(feature.label)}
          hint={t(feature.hint)}
          checked={values[feature.key]}
          onChange={(checked) => set(feature.key, checked)}
        />
      ))}
    </Stack>
  );
};
