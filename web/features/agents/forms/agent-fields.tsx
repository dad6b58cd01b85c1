import { Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { COMPONENT_DEFAULTS, MAX_ROUNDS_LIMIT, userPromptOf } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { NumberSlider } from "../../../components/number-slider";
import { AgentMcpField } from "./agent-mcp-field";
import { AgentToolsField } from "./agent-tools-field";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { ModelSelect, useCallsTools } from "./model-select";
import { NumberField } from "./number-field";
import { VariableTextField } from "./variable-text-field";

const DEFAULTS = COMPONENT_DEFAULTS.Agent as {
  temperature: number;
  max_rounds: number;
  message_history_window_size: number;
};

// RAGFlow v0.27's LLM and Agent: model, system prompt, the user prompt (the first of `prompts`), sampling; the
// Agent adds its tools, how many rounds of tool calls it may take, and a description for when it is a sub-agent.
export const AgentFields = ({ node, form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const isAgent = node.data.label === "Agent";
  const temperature = t("agents.form.temperature");
  const model = text(form.llm_id);
  const hasTools =
    isAgent &&
    ((Array.isArray(form.tools) && form.tools.length > 0) || (Array.isArray(form.mcp) && form.mcp.length > 0));
  const callsTools = useCallsTools(model);
  return (
    <Stack gap="4">
      <ModelSelect value={model} onChange={(value) => set("llm_id", value)} markNoTools={isAgent} />
      {hasTools && (
        // a model without function calling would stop the run; with tools say which models can
        <Text
          fontSize="sm"
          mt="-2"
          color={callsTools ? "fg.muted" : "fg.error"}
          data-testid="agent-model-tools"
          role={callsTools ? undefined : "alert"}
        >
          {callsTools ? t("agents.form.toolModelsHint") : t("agents.form.modelNoTools", { model })}
        </Text>
      )}
      <VariableTextField
        name="sys_prompt"
        label={t("agents.form.sysPrompt")}
        helper={t("agents.form.sysPromptHint")}
        value={text(form.sys_prompt)}
        onChange={(value) => set("sys_prompt", value)}
        variables={variables}
        rows={5}
      />
      <VariableTextField
        name="prompts"
        label={t("agents.form.userPrompt")}
        helper={t("agents.form.userPromptHint")}
        value={userPromptOf(form)}
        onChange={(value) => set("prompts", [{ role: "user", content: value }])}
        variables={variables}
        error={errors.prompts}
        required
        rows={3}
      />
      {isAgent && (
        <>
          <AgentToolsField tools={form.tools} onChange={(tools) => set("tools", tools)} error={errors.tools} />
          <AgentMcpField value={form.mcp} onChange={(mcp) => set("mcp", mcp)} />
          <NumberField
            name="max_rounds"
            label={t("agents.form.maxRounds")}
            helper={t("agents.form.maxRoundsHint")}
            value={numberOr(form.max_rounds, DEFAULTS.max_rounds)}
            onChange={(value) => set("max_rounds", Math.trunc(value))}
            min={0}
            max={MAX_ROUNDS_LIMIT}
          />
          <FormField label={t("agents.form.agentDescription")} helper={t("agents.form.agentDescriptionHint")}>
            <Textarea
              name="description"
              rows={2}
              value={text(form.description)}
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
        </>
      )}
      <NumberSlider
        name="temperature"
        label={temperature}
        inputLabel={t("agents.form.valueOf", { label: temperature })}
        value={numberOr(form.temperature, DEFAULTS.temperature)}
        onChange={(value) => set("temperature", value)}
        min={0}
        max={2}
        helper={t("agents.form.temperatureHint")}
      />
      <FormField label={t("agents.form.maxTokens")} helper={t("agents.form.maxTokensZeroHint")}>
        <Input
          name="max_tokens"
          type="number"
          min={0}
          value={String(numberOr(form.max_tokens, 0))}
          onChange={(e) => set("max_tokens", Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
        />
      </FormField>
      <NumberField
        name="message_history_window_size"
        label={t("agents.form.historyWindow")}
        helper={t("agents.form.historyWindowHint")}
        value={numberOr(form.message_history_window_size, DEFAULTS.message_history_window_size)}
        onChange={(value) => set("message_history_window_size", value)}
        min={0}
        max={50}
      />
    </Stack>
  );
};
