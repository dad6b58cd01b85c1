import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Dataset } from "../../../../worker/contract/datasets";
import { useUpdateDatasetMutation } from "../../../api/datasets";
import { notifyError, notifySuccess } from "../../../components/notify";
import type { ModelOption } from "../../models/model-options";
import { BasicsSection } from "./basics-section";
import { ChunkingSection } from "./chunking-section";
import { type ConfigErrors, validateConfig } from "./config-schema";
import { AutoMetadataSection } from "./auto-metadata-section";
import { AutoSection, ExcelSection, GraphSection } from "./enrichment-sections";
import { type ConfigValues, type SetValue, valuesFromDataset } from "./form-values";
import { PagesSection } from "./pages-section";
import { RaptorSection } from "./raptor-section";
import type { TagSetChoices } from "./tag-sets-field";

type Props = { dataset: Dataset; embeddingModels?: ModelOption[]; tagSets?: TagSetChoices };

// Edits one knowledge base; validated with the shared contract schemas before PUT /datasets/{id}.
export const DatasetConfigurationForm = ({ dataset, embeddingModels = [], tagSets = [] }: Props) => {
  const { t } = useTranslation();
  const update = useUpdateDatasetMutation(dataset.id);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ConfigValues>(() => valuesFromDataset(dataset));
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [attempt, setAttempt] = useState(0);
  const embeddingLocked = dataset.chunk_count > 0;
  const hasErrors = Object.keys(errors).length > 0;

  const set: SetValue = (field, value) => setValues((current) => ({ ...current, [field]: value }));

  // After a failed submit, move the keyboard focus to the first field that needs attention.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { output, errors: found } = validateConfig(values, embeddingLocked);
    setErrors(found);
    if (!output) {
      setAttempt((count) => count + 1);
      return;
    }
    const saved = await update.mutateAsync(output).catch(notifyError);
    if (!saved) return;
    notifySuccess(t("common.toast.updated"));
  };

  const reset = () => {
    setValues(valuesFromDataset(dataset));
    setErrors({});
  };

  const sectionProps = { values, set, errors };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t("kbConfig.title")}>
      <Stack gap="8" maxW="3xl">
        <BasicsSection
          {...sectionProps}
          currentModel={dataset.embedding_model}
          embeddingModels={embeddingModels}
          chunkCount={dataset.chunk_count}
        />
        <ChunkingSection {...sectionProps} tagSets={tagSets} llmId={dataset.parser_config.llm_id} />
        <RaptorSection {...sectionProps} />
        <GraphSection {...sectionProps} />
        <AutoSection {...sectionProps} />
        <AutoMetadataSection {...sectionProps} />
        <ExcelSection values={values} set={set} />
        <PagesSection {...sectionProps} />
        <Stack gap="3" borderTopWidth="1px" pt="5">
          {hasErrors && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t("kbConfig.fixErrors")}
            </Text>
          )}
          <HStack gap="3">
            <Button type="submit" colorPalette="teal" loading={update.isPending}>
              {t("kbConfig.save")}
            </Button>
            <Button variant="ghost" onClick={reset} disabled={update.isPending}>
              {t("kbConfig.reset")}
            </Button>
          </HStack>
        </Stack>
      </Stack>
    </form>
  );
};
