import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { BUILTIN_CHAT_ID } from "../../../worker/contract/chats";
import { RouteErrorMessage } from "../../components/route-error";
import { ConfigField } from "../knowledge/configuration/config-field";
import { ModelChoiceSelect } from "./model-choice-options";
import { useModelChoices } from "./use-model-choices";

// The built-in extractive model first (said plainly what it does), then the user's enabled chat models.
export const ChatModelSelect = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const { t } = useTranslation();
  const choices = useModelChoices("chat", BUILTIN_CHAT_ID, value);
  const { models } = choices;
  return (
    <Stack gap="2">
      <ConfigField label={t("chatConfig.model.llm")} helper={t("chatConfig.model.llmHint")}>
        <ModelChoiceSelect
          name="llm_id"
          value={value}
          onChange={onChange}
          choices={choices}
          missingLabel={t("chatConfig.model.notSetUp", { id: value })}
        >
          {value === "" && <option value="">{t("chatConfig.model.systemDefault")}</option>}
          <option value={BUILTIN_CHAT_ID}>{t("chatConfig.model.builtinExtractive")}</option>
        </ModelChoiceSelect>
      </ConfigField>
      {models.isError && <RouteErrorMessage error={models.error} onRetry={() => void models.refetch()} />}
    </Stack>
  );
};
