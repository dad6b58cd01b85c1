import { Accordion, Badge, Box, Code, HStack, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { DataflowChunk, DataflowDryRun, DataflowStep } from "../../../../worker/contract/dataflow";
import { formatNumber } from "../../../lib/format";
import type { EditorNode } from "../model/graph";

const ENRICHMENTS = ["summary", "keywords", "questions", "metadata"] as const;

// One chunk as the preview shows it: its text and what the Extractors wrote into it.
export const ChunkPreview = ({ chunk, index }: { chunk: DataflowChunk; index: number }) => {
  const { t } = useTranslation();
  return (
    <Box borderWidth="1px" rounded="md" p="2" fontSize="sm" data-testid="dry-run-chunk">
      <Text fontSize="xs" color="fg.muted" mb="1">
        {t("pipelines.dryRun.chunkN", { n: index + 1 })}
      </Text>
      <Text whiteSpace="pre-wrap" lineClamp={8}>
        {chunk.text}
      </Text>
      {ENRICHMENTS.filter((field) => chunk[field]).map((field) => (
        <Text key={field} fontSize="xs" mt="1" whiteSpace="pre-wrap">
          <Text as="span" fontWeight="semibold">
            {t(`pipelines.extractor.fields.${field}`)}:
          </Text>{" "}
          {chunk[field]}
        </Text>
      ))}
    </Box>
  );
};

const StepOutput = ({ step }: { step: DataflowStep }) => {
  const { t } = useTranslation();
  if (step.error)
    return (
      <Text color="fg.error" fontSize="sm" role="alert">
        {step.error}
      </Text>
    );
  if (step.text !== undefined)
    return (
      <Code display="block" whiteSpace="pre-wrap" p="2" maxH="64" overflowY="auto" variant="surface">
        {step.text}
      </Code>
    );
  if (step.chunks?.length)
    return (
      <Stack gap="2">
        {step.chunks.map((chunk, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview's chunks have no ids; their order is fixed
          <ChunkPreview key={index} chunk={chunk} index={index} />
        ))}
      </Stack>
    );
  if (step.search_method?.length)
    return (
      <Text fontSize="sm">
        {t("pipelines.dryRun.indexes", {
          methods: step.search_method.map((method) => t(`pipelines.tokenizer.methods.${method}`)).join(", "),
        })}
      </Text>
    );
  return (
    <Text fontSize="sm" color="fg.muted">
      {t("pipelines.dryRun.noOutput")}
    </Text>
  );
};

// Each step of a dry run in the order it ran: its time, how much it produced, and its output.
export const DryRunSteps = ({ result, nodes }: { result: DataflowDryRun; nodes: EditorNode[] }) => {
  const { t } = useTranslation();
  const nameOf = (id: string) => nodes.find((node) => node.id === id)?.data.name ?? id;
  return (
    <Accordion.Root multiple collapsible defaultValue={result.steps.map((step) => step.component_id).slice(-1)}>
      {result.steps.map((step) => (
        <Accordion.Item key={step.component_id} value={step.component_id} data-testid="dry-run-step">
          <Accordion.ItemTrigger>
            <HStack flex="1" gap="2" minW="0">
              <Text fontWeight="medium" truncate>
                {nameOf(step.component_id)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t(`agents.components.${step.component_name}`)}
              </Text>
              {step.error ? (
                <Badge colorPalette="red" size="sm">
                  {t("pipelines.dryRun.failed")}
                </Badge>
              ) : (
                step.count !== undefined && (
                  <Badge size="sm" variant="subtle">
                    {t("pipelines.dryRun.count", { n: formatNumber(step.count, 0) })}
                  </Badge>
                )
              )}
              <Text fontSize="xs" color="fg.muted" ms="auto">
                {t("pipelines.dryRun.seconds", { seconds: step.elapsed_time.toFixed(2) })}
              </Text>
            </HStack>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody>
              <StepOutput step={step} />
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
};
