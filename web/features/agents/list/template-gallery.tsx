import { RadioCard, SimpleGrid, Skeleton, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FilePlus2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { agentTemplatesQueryOptions, type AgentTemplate } from "../../../api/agents";
import { RouteErrorMessage } from "../../../components/route-error";
import { AGENT_CANVAS, type CanvasKind, DATAFLOW_CANVAS } from "../model/dataflow";

export const BLANK = "blank";

// The localized text of a template (German unless the app speaks English).
export const localized = (text: AgentTemplate["title"], language: string) =>
  language.startsWith("en") ? text.en : text.de;

type Props = { kind?: CanvasKind; value: string; onChange: (value: string, template: AgentTemplate | null) => void };

// Start from nothing (just Begin, or File for a pipeline) or from one of the server's templates of that kind.
export const TemplateGallery = ({ kind = AGENT_CANVAS, value, onChange }: Props) => {
  const { t, i18n } = useTranslation();
  const query = useQuery(agentTemplatesQueryOptions(i18n.language.startsWith("en") ? "en" : "de"));
  const templates = (query.data ?? []).filter((template) => (template.canvas_category ?? AGENT_CANVAS) === kind);
  const pipeline = kind === DATAFLOW_CANVAS;
  const pick = (next: string) => onChange(next, templates.find((template) => template.id === next) ?? null);
  return (
    <RadioCard.Root size="sm" colorPalette="teal" value={value} onValueChange={(e) => e.value && pick(e.value)}>
      <RadioCard.Label>{t("agents.create.startFrom")}</RadioCard.Label>
      <SimpleGrid
        columns={{ base: 1, sm: 2 }}
        gap="2"
        maxH="64"
        overflowY="auto"
        p="0.5"
        data-testid="template-gallery"
      >
        <RadioCard.Item value={BLANK}>
          <RadioCard.ItemHiddenInput />
          <RadioCard.ItemControl>
            <RadioCard.ItemContent>
              <RadioCard.ItemText display="flex" gap="1.5" alignItems="center">
                <FilePlus2 size={14} aria-hidden /> {t(pipeline ? "pipelines.create.blank" : "agents.create.blank")}
              </RadioCard.ItemText>
              <RadioCard.ItemDescription>
                {t(pipeline ? "pipelines.create.blankHint" : "agents.create.blankHint")}
              </RadioCard.ItemDescription>
            </RadioCard.ItemContent>
            <RadioCard.ItemIndicator />
          </RadioCard.ItemControl>
        </RadioCard.Item>
        {query.isPending && <Skeleton h="16" rounded="md" />}
        {templates.map((template) => (
          <RadioCard.Item key={template.id} value={template.id}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{localized(template.title, i18n.language)}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{localized(template.description, i18n.language)}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
      {query.isError && <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && templates.length === 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t("agents.create.noTemplates")}
        </Text>
      )}
    </RadioCard.Root>
  );
};
