import { Box, Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { ParseKeys } from "i18next";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AGENT_TOOL_COMPONENTS,
  type AgentTool,
  type AgentToolName,
  COMPONENT_DEFAULTS,
  incompleteTools,
  isSecretParam,
  REQUIRED_PARAMS,
} from "../../../../worker/contract/agent-components";
import type { ComponentName } from "../../../../worker/contract/agents";
import { FormField } from "../../../components/form-field";
import { KnowledgeBaseSelect } from "./knowledge-base-select";

// What a new tool starts with: its component's defaults, less the params the model fills in per call.
const newTool = (name: AgentToolName, taken: AgentTool[]): AgentTool => {
  const { query: _query, ...params } = COMPONENT_DEFAULTS[name];
  const sameKind = taken.filter((tool) => tool.component_name === name).length;
  return { component_name: name, name: sameKind ? `${name} ${sameKind + 1}` : name, params };
};

// The params a tool needs a value for, shown under it (API keys and the like); a sub-agent its description.
const editableParams = (tool: AgentTool) =>
  tool.component_name === "Agent"
    ? ["description", "sys_prompt"]
    : (REQUIRED_PARAMS[tool.component_name as ComponentName] ?? []).filter(
        (key) => key !== "query" && key !== "kb_ids",
      );

type Props = { tools: unknown; onChange: (tools: AgentTool[]) => void; error?: ParseKeys };

// The Agent's tools: components (a sub-agent among them) the model may call, each with the settings it needs.
export const AgentToolsField = ({ tools: value, onChange, error }: Props) => {
  const { t } = useTranslation();
  const tools = (Array.isArray(value) ? value : []) as AgentTool[];
  const [choice, setChoice] = useState<AgentToolName>(AGENT_TOOL_COMPONENTS[0]);
  const incomplete = incompleteTools(tools);
  const update = (index: number, tool: AgentTool) => onChange(tools.map((old, i) => (i === index ? tool : old)));
  return (
    // the error is shown below, not on the field: it would mark every input of every tool
    <FormField label={t("agents.form.tools")} helper={t("agents.form.toolsHint")}>
      <Stack gap="3" w="full" data-testid="agent-tools">
        {tools.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t("agents.form.noTools")}
          </Text>
        )}
        {tools.map((tool, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: tools have no ids of their own; their order is their identity
            key={index}
            borderWidth="1px"
            borderColor={incomplete.includes(index) ? "border.error" : "border"}
            rounded="md"
            p="2"
          >
            <HStack justify="space-between">
              <Text fontSize="sm" fontWeight="medium">
                {t(`agents.components.${tool.component_name as ComponentName}`)}
              </Text>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t("agents.form.removeTool", { name: tool.name || tool.component_name })}
                onClick={() => onChange(tools.filter((_, i) => i !== index))}
              >
                <X />
              </IconButton>
            </HStack>
            <Stack gap="2" mt="2">
              <Input
                size="sm"
                aria-label={t("agents.form.toolName", { n: index + 1 })}
                value={tool.name ?? ""}
                onChange={(e) => update(index, { ...tool, name: e.target.value })}
              />
              {tool.component_name === "Retrieval" && (
                <KnowledgeBaseSelect
                  value={(tool.params?.kb_ids ?? []) as string[]}
                  onChange={(ids) => update(index, { ...tool, params: { ...tool.params, kb_ids: ids } })}
                />
              )}
              {editableParams(tool).map((key) => (
                <Input
                  key={key}
                  size="sm"
                  name={`tools.${index}.${key}`}
                  type={isSecretParam(key) ? "password" : "text"}
                  autoComplete={isSecretParam(key) ? "new-password" : "off"}
                  placeholder={key}
                  aria-label={t("agents.form.toolParam", { key, n: index + 1 })}
                  value={String(tool.params?.[key] ?? "")}
                  onChange={(e) => update(index, { ...tool, params: { ...tool.params, [key]: e.target.value } })}
                />
              ))}
            </Stack>
          </Box>
        ))}
        <HStack>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              name="new_tool"
              aria-label={t("agents.form.toolKind")}
              value={choice}
              onChange={(e) => setChoice(e.target.value as AgentToolName)}
            >
              {AGENT_TOOL_COMPONENTS.map((name) => (
                <option key={name} value={name}>
                  {t(`agents.components.${name}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" onClick={() => onChange([...tools, newTool(choice, tools)])}>
            {t("agents.form.addTool")}
          </Button>
        </HStack>
        {error && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {t(error)}
          </Text>
        )}
      </Stack>
    </FormField>
  );
};
