import { Field, Input, RadioGroup, HStack, Stack, Textarea } from "@chakra-ui/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AGENT_PERMISSIONS, AGENT_TITLE_MAX } from "../../../../worker/contract/agents";
import type { AgentPermission } from "../../../api/agents";
import { FormField } from "../../../components/form-field";

export type AgentInfo = { title: string; description: string; permission: AgentPermission };

type Props = {
  values: AgentInfo;
  onChange: (values: AgentInfo) => void;
  // already readable: a translated check or the server's own words (a title taken in the team)
  titleError?: string;
};

// The contract's title rules (the server checks them too), said next to the title before anything is sent.
export const agentTitleError = (t: TFunction, title: string) =>
  !title.trim()
    ? t("validation.required")
    : title.trim().length > AGENT_TITLE_MAX
      ? t("validation.tooLong", { max: AGENT_TITLE_MAX })
      : undefined;

// Title, description and who may use the agent; the create dialog and the editor's settings share them.
export const AgentInfoFields = ({ values, onChange, titleError }: Props) => {
  const { t } = useTranslation();
  const set = <K extends keyof AgentInfo>(key: K, value: AgentInfo[K]) => onChange({ ...values, [key]: value });
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(titleError)} required>
        <Field.Label>
          {t("agents.info.title")}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="title"
          value={values.title}
          maxLength={AGENT_TITLE_MAX}
          placeholder={t("agents.info.titlePlaceholder")}
          onChange={(e) => set("title", e.target.value)}
          autoFocus
        />
        {titleError && <Field.ErrorText>{titleError}</Field.ErrorText>}
      </Field.Root>
      <FormField label={t("agents.info.description")}>
        <Textarea
          name="description"
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </FormField>
      <RadioGroup.Root
        name="permission"
        value={values.permission}
        onValueChange={(e) => set("permission", e.value as AgentPermission)}
        colorPalette="teal"
        size="sm"
      >
        <Stack gap="2">
          <RadioGroup.Label>{t("agents.info.permission")}</RadioGroup.Label>
          <HStack gap="5">
            {AGENT_PERMISSIONS.map((permission) => (
              <RadioGroup.Item key={permission} value={permission}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`agents.permission.${permission}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
};
