import { Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PROMPT_NAME_TAKEN } from "../../../worker/contract/prompt-templates";
import { ApiError } from "../../api/client";
import {
  type PromptTemplate,
  useCreatePromptTemplateMutation,
  useUpdatePromptTemplateMutation,
} from "../../api/prompt-templates";
import { FormDialog } from "../../components/form-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatCount } from "../../lib/format";
import { ConfigField } from "../knowledge/configuration/config-field";
import { type TemplateErrors, type TemplateValues, validateTemplate } from "./template-form";

type Props = {
  template?: PromptTemplate;
  initial?: Partial<TemplateValues>;
  onClose: () => void;
  onSaved?: (template: PromptTemplate) => void;
};

// Create (or, given a template, edit) a prompt template; a taken name is shown at the name field.
export const TemplateDialog = ({ template, initial, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const create = useCreatePromptTemplateMutation();
  const update = useUpdatePromptTemplateMutation();
  const [values, setValues] = useState<TemplateValues>({
    name: template?.name ?? initial?.name ?? "",
    description: template?.description ?? initial?.description ?? "",
    content: template?.content ?? initial?.content ?? "",
  });
  const [errors, setErrors] = useState<TemplateErrors>({});
  const set = (field: keyof TemplateValues, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // opened inside another form (the chat configuration): React bubbles the submit through the portal
    event.stopPropagation();
    const { output, errors: found } = validateTemplate(values);
    setErrors(found);
    if (!output) return;
    try {
      const saved = template
        ? await update.mutateAsync({ id: template.id, changes: output })
        : await create.mutateAsync(output);
      notifySuccess(t(template ? "common.toast.updated" : "common.toast.created"));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.message === PROMPT_NAME_TAKEN)
        setErrors({ name: { key: "prompts.errors.nameTaken" } });
      else notifyError(error);
    }
  };

  return (
    <FormDialog
      title={t(template ? "prompts.editTitle" : "prompts.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      submitLabel={template ? undefined : t("common.create")}
      size="lg"
    >
      <Stack gap="4">
        <ConfigField label={t("prompts.name")} error={errors.name} required>
          <Input name="name" value={values.name} onChange={(e) => set("name", e.target.value)} autoFocus />
        </ConfigField>
        <ConfigField label={t("prompts.descriptionLabel")} error={errors.description}>
          <Textarea
            name="description"
            value={values.description}
            rows={2}
            onChange={(e) => set("description", e.target.value)}
          />
        </ConfigField>
        <ConfigField label={t("prompts.content")} helper={t("prompts.contentHint")} error={errors.content} required>
          <Textarea
            name="content"
            value={values.content}
            fontFamily="mono"
            fontSize="sm"
            minH="48"
            autoresize
            maxH="96"
            onChange={(e) => set("content", e.target.value)}
          />
        </ConfigField>
        <Text fontSize="xs" color="fg.muted" textAlign="end">
          {t("prompts.characters", { n: formatCount(values.content.length) })}
        </Text>
      </Stack>
    </FormDialog>
  );
};
