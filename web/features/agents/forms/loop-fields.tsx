import { Input, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import {
  INPUT_MODES,
  LOGICAL_OPERATORS,
  LOOP_OPERATORS,
  LOOP_VARIABLE_TYPES,
} from "../../../../worker/contract/agent-flow-params";
import { RUN_LIMITS } from "../../../../worker/contract/agents";
import type { FieldsProps } from "./fields-props";
import { NumberField } from "./number-field";
import { operatorLabel } from "./operator-label";
import { Choice, listOf, patchAt, Row, RowList } from "./row-list";
import { VariableSelect } from "./variable-select";

type LoopVariable = { variable: string; type: string; input_mode: string; value: unknown };
type Termination = { variable: string; operator: string; input_mode: string; value: unknown };

const NO_VALUE = ["empty", "not empty"];

// A constant or another variable, by the row's input mode.
const ValueInput = ({
  mode,
  value,
  onChange,
  label,
  variables,
}: {
  mode: string;
  value: unknown;
  onChange: (value: string) => void;
  label: string;
  variables: FieldsProps["variables"];
}) =>
  mode === "variable" ? (
    <VariableSelect
      name={label}
      label={label}
      value={String(value ?? "")}
      onChange={onChange}
      variables={variables}
      size="xs"
    />
  ) : (
    <Input size="xs" aria-label={label} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />
  );

// Loop: its variables, the conditions that end it and its largest number of rounds; the components inside run
// round after round, starting at its LoopItem.
export const LoopFields = ({ form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const loopVariables = listOf<LoopVariable>(form.loop_variables);
  const conditions = listOf<Termination>(form.loop_termination_condition);
  const modeLabel = (mode: string) => t(`agents.flowData.inputMode.${mode as "constant" | "variable"}`);
  return (
    <Stack gap="4">
      <Stack gap="1.5">
        <Text fontWeight="medium" fontSize="sm">
          {t("agents.flowData.loopVariables")}
        </Text>
        <RowList
          testId="loop-variable"
          rows={loopVariables}
          title={(i) => t("agents.flowData.loopVariable", { n: i + 1 })}
          removeLabel={(i) => t("agents.flowData.removeRow", { n: i + 1 })}
          addLabel={t("agents.flowData.addLoopVariable")}
          onAdd={() =>
            set("loop_variables", [
              ...loopVariables,
              { variable: "", type: "string", input_mode: "constant", value: "" },
            ])
          }
          onRemove={(index) =>
            set(
              "loop_variables",
              loopVariables.filter((_, i) => i !== index),
            )
          }
        >
          {(row, index) => {
            const change = (patch: Partial<LoopVariable>) =>
              set("loop_variables", patchAt(loopVariables, index, patch));
            return (
              <>
                <Input
                  size="xs"
                  aria-label={t("agents.flowData.variableName", { n: index + 1 })}
                  placeholder={t("agents.flowData.variableNamePlaceholder")}
                  value={row.variable}
                  onChange={(e) => change({ variable: e.target.value.replace(/[^A-Za-z0-9_]/g, "") })}
                />
                <Row>
                  <Choice
                    label={t("agents.flowData.variableType", { n: index + 1 })}
                    value={row.type}
                    options={LOOP_VARIABLE_TYPES}
                    onChange={(type) => change({ type })}
                  />
                  <Choice
                    label={t("agents.flowData.inputModeLabel", { n: index + 1 })}
                    value={row.input_mode}
                    options={INPUT_MODES}
                    labelOf={modeLabel}
                    onChange={(input_mode) => change({ input_mode, value: "" })}
                  />
                </Row>
                <ValueInput
                  mode={row.input_mode}
                  value={row.value}
                  label={t("agents.flowData.startValue", { n: index + 1 })}
                  variables={variables}
                  onChange={(value) => change({ value })}
                />
              </>
            );
          }}
        </RowList>
      </Stack>
      <Stack gap="1.5">
        <Row>
          <Text fontWeight="medium" fontSize="sm" flex="1">
            {t("agents.flowData.terminationConditions")}
          </Text>
          {conditions.length > 1 && (
            <Choice
              label={t("agents.flowData.logicalOperator")}
              value={String(form.logical_operator ?? "and") as "and" | "or"}
              options={LOGICAL_OPERATORS}
              labelOf={(option) => t(`agents.form.${option}`)}
              onChange={(value) => set("logical_operator", value)}
            />
          )}
        </Row>
        <RowList
          testId="loop-condition"
          rows={conditions}
          title={(i) => t("agents.flowData.condition", { n: i + 1 })}
          removeLabel={(i) => t("agents.flowData.removeRow", { n: i + 1 })}
          addLabel={t("agents.flowData.addCondition")}
          onAdd={() =>
            set("loop_termination_condition", [
              ...conditions,
              { variable: "", operator: "is", input_mode: "constant", value: "" },
            ])
          }
          onRemove={(index) =>
            set(
              "loop_termination_condition",
              conditions.filter((_, i) => i !== index),
            )
          }
        >
          {(row, index) => {
            const change = (patch: Partial<Termination>) =>
              set("loop_termination_condition", patchAt(conditions, index, patch));
            return (
              <>
                <VariableSelect
                  name={`loop_termination_condition.${index}.variable`}
                  label={t("agents.flowData.conditionVariable", { n: index + 1 })}
                  value={row.variable}
                  onChange={(variable) => change({ variable })}
                  variables={variables}
                  size="xs"
                />
                <Row>
                  <Choice
                    label={t("agents.flowData.operator", { n: index + 1 })}
                    value={row.operator}
                    options={LOOP_OPERATORS}
                    labelOf={(option) => operatorLabel(t, option)}
                    onChange={(operator) => change({ operator })}
                  />
                  {!NO_VALUE.includes(row.operator) && (
                    <Choice
                      label={t("agents.flowData.inputModeLabel", { n: index + 1 })}
                      value={row.input_mode}
                      options={INPUT_MODES}
                      labelOf={modeLabel}
                      onChange={(input_mode) => change({ input_mode, value: "" })}
                    />
                  )}
                </Row>
                {!NO_VALUE.includes(row.operator) && (
                  <ValueInput
                    mode={row.input_mode}
                    value={row.value}
                    label={t("agents.flowData.compareValue", { n: index + 1 })}
                    variables={variables}
                    onChange={(value) => change({ value })}
                  />
                )}
              </>
            );
          }}
        </RowList>
      </Stack>
      <NumberField
        name="maximum_loop_count"
        label={t("agents.flowData.maximumLoopCount")}
        helper={t("agents.flowData.maximumLoopCountHint", { cap: RUN_LIMITS.maxLoopIterations })}
        value={Number(form.maximum_loop_count ?? 10)}
        min={0}
        onChange={(value) => set("maximum_loop_count", Math.round(value))}
      />
      <Text fontSize="sm" color="fg.muted">
        {t("agents.flowData.loopHint")}
      </Text>
    </Stack>
  );
};
