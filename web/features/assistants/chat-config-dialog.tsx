import { Alert, Box, Stack, Tabs, Text, VisuallyHidden } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Chat, useCreateChatMutation, useUpdateChatMutation } from "../../api/chats";
import { FormDialog } from "../../components/form-dialog";
import { errorMessage, notifySuccess } from "../../components/notify";
import {
  CONFIG_TABS,
  type ConfigTab,
  type ConfigValues,
  hasErrors,
  initialValues,
  type SetValue,
  toPayload,
  type Validation,
  validate,
} from "./config-form";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { AssistantTab } from "./tab-assistant";
import { DesignTab } from "./tab-design";
import { ModelTab } from "./tab-model";
import { PromptTab } from "./tab-prompt";

type Props = { chat?: Chat; onClose: () => void; onSaved: (chat: Chat) => void };

const NO_ERRORS: Validation = {
  errors: {},
  tabErrors: { assistant: false, prompt: false, model: false, design: false },
};

// Creates an assistant (no `chat`) or edits one; server errors stay in the dialog so nothing typed is lost.
export const ChatConfigDialog = ({ chat, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const datasets = useQuery(allDatasetsQueryOptions());
  const create = useCreateChatMutation();
  const update = useUpdateChatMutation(chat?.id ?? "");
  const [values, setValues] = useState<ConfigValues>(() => initialValues(chat));
  const [tab, setTab] = useState<ConfigTab>("assistant");
  // errors show from the first save on and then follow every change
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const knownDatasets = datasets.data?.datasets ?? [];
  const validation = attempted ? validate(values, knownDatasets) : NO_ERRORS;
  const set: SetValue = (key, value) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validate(values, knownDatasets);
    if (hasErrors(found)) {
      if (!found.tabErrors[tab]) setTab(CONFIG_TABS.find((name) => found.tabErrors[name]) ?? tab);
      return;
    }
    setServerError(null);
    let saved: Chat;
    try {
      saved = chat ? await update.mutateAsync(toPayload(values)) : await create.mutateAsync(toPayload(values));
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    notifySuccess(t(chat ? "common.toast.updated" : "common.toast.created"));
    onClose();
    onSaved(saved);
  };

  const tabProps = { values, set, change: setValues, errors: validation.errors };
  return (
    <FormDialog
      title={chat ? t("chatConfig.dialog.editTitle", { name: chat.name }) : t("chatConfig.dialog.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      submitLabel={chat ? t("common.save") : t("common.create")}
      size="lg"
    >
      <Stack gap="4">
        {serverError && (
          <Alert.Root status="error" data-testid="chat-config-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("chatConfig.dialog.saveFailed")}</Alert.Title>
              <Alert.Description>{serverError}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {hasErrors(validation) && (
          <Text role="alert" fontSize="sm" color="fg.error">
            {t("chatConfig.dialog.fixErrors")}
          </Text>
        )}
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as ConfigTab)} size="sm" colorPalette="teal">
          <Tabs.List>
            {CONFIG_TABS.map((name) => (
              <Tabs.Trigger key={name} value={name}>
                {t(`chatConfig.tabs.${name}`)}
                {validation.tabErrors[name] && (
                  <>
                    <Box
                      as="span"
                      w="2"
                      h="2"
                      rounded="full"
                      bg="fg.error"
                      aria-hidden
                      data-testid={`tab-error-${name}`}
                    />
                    <VisuallyHidden>{t("chatConfig.dialog.tabHasErrors")}</VisuallyHidden>
                  </>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="assistant">
            <AssistantTab {...tabProps} />
          </Tabs.Content>
          <Tabs.Content value="prompt">
            <PromptTab {...tabProps} />
          </Tabs.Content>
          <Tabs.Content value="model">
            <ModelTab {...tabProps} />
          </Tabs.Content>
          <Tabs.Content value="design">
            <DesignTab {...tabProps} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </FormDialog>
  );
};
