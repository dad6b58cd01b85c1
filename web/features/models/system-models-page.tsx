import { Button, NativeSelect, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { ParseKeys } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DefaultModels } from "../../../worker/contract/models";
import { type ModelsOverview, type ModelType, modelsQueryOptions, useSetDefaultModelsMutation } from "../../api/models";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";
import { SectionHeader } from "../settings/section-header";
import { optionsFor } from "./model-options";

type DefaultKey = keyof DefaultModels;

type Field = { key: DefaultKey; type: ModelType; label: ParseKeys; hint: ParseKeys; optional: boolean };

// The six defaults in the order the page shows them; chat and embedding always have one (the built-ins).
export const DEFAULT_FIELDS: Field[] = [
  {
    key: "llm_id",
    type: "chat",
    label: "models.system.fields.llm_id",
    hint: "models.system.hints.llm_id",
    optional: false,
  },
  {
    key: "embd_id",
    type: "embedding",
    label: "models.system.fields.embd_id",
    hint: "models.system.hints.embd_id",
    optional: false,
  },
  {
    key: "img2txt_id",
    type: "image2text",
    label: "models.system.fields.img2txt_id",
    hint: "models.system.hints.optional",
    optional: true,
  },
  {
    key: "asr_id",
    type: "speech2text",
    label: "models.system.fields.asr_id",
    hint: "models.system.hints.optional",
    optional: true,
  },
  {
    key: "rerank_id",
    type: "rerank",
    label: "models.system.fields.rerank_id",
    hint: "models.system.hints.optional",
    optional: true,
  },
  {
    key: "tts_id",
    type: "tts",
    label: "models.system.fields.tts_id",
    hint: "models.system.hints.optional",
    optional: true,
  },
];

const SystemModelsForm = ({ overview }: { overview: ModelsOverview }) => {
  const { t } = useTranslation();
  const save = useSetDefaultModelsMutation();
  const [values, setValues] = useState<DefaultModels>(overview.defaults);

  // only the changed defaults are sent (one request each); a default whose model is gone is left as it is
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = Object.fromEntries(
      DEFAULT_FIELDS.filter((field) => values[field.key] !== overview.defaults[field.key]).map((field) => [
        field.key,
        values[field.key],
      ]),
    );
    const saved = await save.mutateAsync(changes).then(
      (defaults) => defaults ?? overview.defaults,
      (error: unknown) => {
        notifyError(error);
        return null;
      },
    );
    if (!saved) return;
    setValues(saved);
    notifySuccess(t("models.system.saved"));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="5" maxW="lg">
        {DEFAULT_FIELDS.map((field) => {
          const value = values[field.key];
          const options = optionsFor(overview, field.type);
          // a default whose model was removed stays visible (and selected) until it is changed
          const missing = value !== "" && !options.some((option) => option.value === value);
          return (
            <FormField key={field.key} label={t(field.label)} helper={t(field.hint)} required={!field.optional}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name={field.key}
                  value={value}
                  onChange={(e) => setValues((current) => ({ ...current, [field.key]: e.target.value }))}
                >
                  {field.optional && <option value="">{t("models.system.none")}</option>}
                  {missing && <option value={value}>{t("models.system.notSetUp", { id: value })}</option>}
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          );
        })}
        <Text fontSize="sm" color="fg.muted">
          {t("models.system.addMore")}
        </Text>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={save.isPending}>
          {t("common.save")}
        </Button>
      </Stack>
    </form>
  );
};

// /user-setting/system: the default model of each type.
export const SystemModelsPage = () => {
  const { t } = useTranslation();
  const query = useQuery(modelsQueryOptions());
  return (
    <Stack gap="0">
      <SectionHeader title={t("models.system.title")} description={t("models.system.description")} />
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="5" maxW="lg" aria-busy="true" data-testid="system-models-loading">
          {DEFAULT_FIELDS.map((field) => (
            <Skeleton key={field.key} h="16" rounded="md" />
          ))}
        </Stack>
      ) : (
        <SystemModelsForm overview={query.data} />
      )}
    </Stack>
  );
};
