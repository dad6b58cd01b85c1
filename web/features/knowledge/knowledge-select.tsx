import { Alert, Checkbox, Fieldset, HStack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { CheckListBox } from "../../components/check-list-box";
import { embeddingModelsOf, type FieldError } from "../assistants/config-form";

type Props = { value: string[]; onToggle: (id: string, chosen: boolean) => void; error?: FieldError };

export const KnowledgeSelect = ({ value, onToggle, error }: Props) => {
  const { t } = useTranslation();
  const query = useQuery(allDatasetsQueryOptions());
  const datasets = query.data?.datasets ?? [];
  const unknown = query.data ? value.filter((id) => !datasets.some((dataset) => dataset.id === id)) : [];
  const models = embeddingModelsOf(value, datasets);
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">{t("chatConfig.assistant.knowledge")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("chatConfig.assistant.knowledgeHint")}</Fieldset.HelperText>
      <CheckListBox
        query={query}
        skeletonHeight="20"
        empty={datasets.length === 0 && unknown.length === 0}
        emptyText={t("chatConfig.assistant.knowledgeEmpty")}
        label={t("chatConfig.assistant.knowledge")}
      >
        {datasets.map((dataset) => {
          const unparsed = dataset.chunk_count === 0;
          return (
            <HStack key={dataset.id} justify="space-between" gap="3" wrap="wrap">
              {/* the server refuses knowledge bases without parsed chunks; one already chosen can still be unticked */}
              <Checkbox.Root
                name="dataset_ids"
                value={dataset.id}
                size="sm"
                colorPalette="teal"
                checked={value.includes(dataset.id)}
                onCheckedChange={(e) => onToggle(dataset.id, e.checked === true)}
                disabled={unparsed && !value.includes(dataset.id)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{dataset.name}</Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted">
                {dataset.embedding_model} ·{" "}
                {unparsed
                  ? t("chatConfig.assistant.knowledgeUnparsed")
                  : t("chatConfig.assistant.knowledgeChunks", { count: dataset.chunk_count })}
              </Text>
            </HStack>
          );
        })}
        {unknown.map((id) => (
          <Checkbox.Root
            key={id}
            name="dataset_ids"
            value={id}
            size="sm"
            colorPalette="teal"
            checked
            onCheckedChange={() => onToggle(id, false)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t("chatConfig.assistant.knowledgeUnknown", { id })}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </CheckListBox>
      {models.length > 1 && (
        <Alert.Root status="warning" size="sm" data-testid="mixed-embedding">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("chatConfig.assistant.mixedEmbedding", { models: models.join(", ") })}</Alert.Title>
            <Alert.Description>{t("chatConfig.assistant.mixedEmbeddingHint")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {error && <Fieldset.ErrorText>{t(error.key, error.values ?? {})}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
};
