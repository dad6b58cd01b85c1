import { Button, Fieldset, HStack, IconButton, Stack } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SettingSwitch } from "../../../components/setting-switch";
import type { FieldsProps } from "./fields-props";
import { VariableTextField } from "./variable-text-field";

// Message: one or more texts; a run sends one of them, chosen at random.
export const MessageFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const messages = Array.isArray(form.content) ? (form.content as string[]) : [String(form.content ?? "")];
  const setMessages = (next: string[]) => set("content", next);
  return (
    <Fieldset.Root invalid={Boolean(errors.content)}>
      <Fieldset.Legend fontWeight="medium">{t("agents.form.messages")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("agents.form.messagesHint")}</Fieldset.HelperText>
      <Stack gap="3">
        {messages.map((message, index) => (
          <HStack key={index} align="start" gap="2">
            <VariableTextField
              name={`content.${index}`}
              label={t("agents.form.messageN", { n: index + 1 })}
              value={message}
              onChange={(value) => setMessages(messages.map((other, i) => (i === index ? value : other)))}
              variables={variables}
              rows={3}
            />
            {messages.length > 1 && (
              <IconButton
                size="sm"
                variant="ghost"
                mt="6"
                aria-label={t("agents.form.removeMessage", { n: index + 1 })}
                onClick={() => setMessages(messages.filter((_, i) => i !== index))}
              >
                <Trash2 />
              </IconButton>
            )}
          </HStack>
        ))}
      </Stack>
      {errors.content && <Fieldset.ErrorText>{t(errors.content)}</Fieldset.ErrorText>}
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setMessages([...messages, ""])}>
        <Plus /> {t("agents.form.addMessage")}
      </Button>
      <SettingSwitch
        name="auto_play"
        label={t("agents.form.autoPlay")}
        hint={t("agents.form.autoPlayHint")}
        checked={form.auto_play === true}
        onChange={(checked) => set("auto_play", checked)}
      />
    </Fieldset.Root>
  );
};
