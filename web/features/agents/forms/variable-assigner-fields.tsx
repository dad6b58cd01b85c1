import { Input, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import {
  ASSIGN_OPERATORS,
  ASSIGN_OPERATORS_WITHOUT_PARAMETER,
  type AssignOperator,
} from "../../../../worker/contract/agent-flow-params";
import type { FieldsProps } from "./fields-props";
import { Choice, listOf, patchAt, RowList } from "./row-list";
import { VariableSelect } from "./variable-select";

type Assignment = { variable: string; operator: AssignOperator; parameter?: unknown };

// operators whose value comes from another variable
const FROM_VARIABLE: AssignOperator[] = ["overwrite", "append", "extend"];
const WITHOUT_PARAMETER = ASSIGN_OPERATORS_WITHOUT_PARAMETER as readonly string[];

// VariableAssigner: changes variables in order (loop variables, outputs of other components, env globals).
export const VariableAssignerFields = ({ form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const rows = listOf<Assignment>(form.variables);
  const writable = variables.filter((option) => option.kind !== "sys");
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t("agents.flowData.assignerHint")}
      </Text>
      <RowList
        testId="assignment"
        rows={rows}
        title={(i) => t("agents.flowData.assignment", { n: i + 1 })}
        removeLabel={(i) => t("agents.flowData.removeRow", { n: i + 1 })}
        addLabel={t("agents.flowData.addAssignment")}
        onAdd={() => set("variables", [...rows, { variable: "", operator: "overwrite", parameter: "" }])}
        onRemove={(index) =>
          set(
            "variables",
            rows.filter((_, i) => i !== index),
          )
        }
      >
        {(row, index) => {
          const change = (patch: Partial<Assignment>) => set("variables", patchAt(rows, index, patch));
          const valueLabel = t("agents.flowData.assignValue", { n: index + 1 });
          return (
            <>
              <VariableSelect
                name={`variables.${index}.variable`}
                label={t("agents.flowData.assignVariable", { n: index + 1 })}
                value={row.variable}
                onChange={(variable) => change({ variable })}
                variables={writable}
                size="xs"
              />
              <Choice
                label={t("agents.flowData.assignOperator", { n: index + 1 })}
                value={row.operator}
                options={ASSIGN_OPERATORS}
                labelOf={(option) => t(`agents.flowData.assignOperators.${option}`)}
                onChange={(operator) =>
                  change({ operator, parameter: WITHOUT_PARAMETER.includes(operator) ? undefined : "" })
                }
              />
              {FROM_VARIABLE.includes(row.operator) ? (
                <VariableSelect
                  name={`variables.${index}.parameter`}
                  label={valueLabel}
                  value={String(row.parameter ?? "")}
                  onChange={(parameter) => change({ parameter })}
                  variables={variables}
                  size="xs"
                />
              ) : (
                !WITHOUT_PARAMETER.includes(row.operator) && (
                  <Input
                    size="xs"
                    aria-label={valueLabel}
                    value={String(row.parameter ?? "")}
                    onChange={(e) => change({ parameter: e.target.value })}
                  />
                )
              )}
            </>
          );
        }}
      </RowList>
    </Stack>
  );
};
