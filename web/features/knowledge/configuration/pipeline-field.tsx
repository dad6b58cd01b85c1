import { HStack, Link, NativeSelect, RadioGroup, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { agentsQueryOptions } from "../../../api/agents";
import { RouteErrorMessage } from "../../../components/route-error";
import { ConfigField } from "./config-field";
import type { SectionProps } from "./config-section";
import type { ParseMode } from "./form-values";

// The team's pipelines the select offers (RAGFlow's list asks for as many).
const PIPELINE_PAGE = { page: 1, pageSize: 100, category: "dataflow_canvas" } as const;

// Which ingestion pipeline parses the documents; the link opens it in the editor.
const PipelineSelect = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  const query = useQuery(agentsQueryOptions(PIPELINE_PAGE));
  if (query.isError) return <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton h="10" maxW="sm" rounded="md" />;
  const pipelines = query.data.agents;
  const chosen = pipelines.find((pipeline) => pipeline.id === values.pipelineId);
  return (
    <ConfigField
      label={t("kbConfig.pipeline.select")}
      helper={pipelines.length === 0 ? t("kbConfig.pipeline.none") : t("kbConfig.pipeline.selectHint")}
      error={errors.pipeline_id}
      required
    >
      <HStack gap="3" wrap="wrap" w="full">
        <NativeSelect.Root maxW="sm">
          <NativeSelect.Field
            name="pipeline_id"
            value={values.pipelineId}
            onChange={(e) => set("pipelineId", e.target.value)}
          >
            <option value="">{t("kbConfig.pipeline.placeholder")}</option>
            {/* a pipeline beyond the first page (or one the user may not list) stays chosen */}
            {values.pipelineId && !chosen && <option value={values.pipelineId}>{values.pipelineId}</option>}
            {pipelines.map((pipeline) => (
              <option key={pipeline.id} value={pipeline.id}>
                {pipeline.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {values.pipelineId && (
          <Link asChild fontSize="sm" colorPalette="teal" data-testid="open-pipeline">
            <RouterLink to="/flow/$id" params={{ id: values.pipelineId }}>
              <ExternalLink size={14} aria-hidden /> {t("kbConfig.pipeline.open")}
            </RouterLink>
          </Link>
        )}
      </HStack>
    </ConfigField>
  );
};

// Built-in chunk method or ingestion pipeline (RAGFlow's parse_type): a pipeline replaces the chunk method's
// settings, which the section then hides.
export const ParseTypeField = (props: SectionProps) => {
  const { t } = useTranslation();
  const { values, set } = props;
  return (
    <Stack gap="3">
      <RadioGroup.Root
        name="parse_type"
        size="sm"
        colorPalette="teal"
        value={values.parseType}
        onValueChange={(e) => e.value && set("parseType", e.value as ParseMode)}
        aria-label={t("kbConfig.pipeline.mode")}
      >
        <HStack gap="6" wrap="wrap">
          {(["chunkMethod", "pipeline"] as const).map((mode) => (
            <RadioGroup.Item key={mode} value={mode} data-testid={`parse-type-${mode}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`kbConfig.pipeline.modes.${mode}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {values.parseType === "pipeline" && (
        <>
          <Text fontSize="sm" color="fg.muted">
            {t("kbConfig.pipeline.hint")}
          </Text>
          <PipelineSelect {...props} />
        </>
      )}
    </Stack>
  );
};
