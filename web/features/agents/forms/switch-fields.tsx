import { Button, Card, HStack, IconButton, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Plus, Trash2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SWITCH_OPERATORS, type SwitchOperator } from "../../../../worker/contract/agents";
import { removeCase } from "../model/branches";
import type { FieldsProps } from "./fields-props";
import { VariableSelect } from "./variable-select";
import { operatorLabel } from "./operator-label";

export type SwitchItem = { cpn_id: string; operator: SwitchOperator; value: string };
export type SwitchCondition = { logical_operator: "and" | "or"; items: SwitchItem[]; to?: string };

const NO_VALUE: SwitchOperator[] = ["empty", "not empty"];
const newItem = (): SwitchItem => ({ cpn_id: "", operator: "contains", value: "" });

// Switch: conditions checked in order, each a branch ("Fall 1", …); none true leads to "Sonst".
export const SwitchFields = ({ node, form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const conditions = (form.conditions ?? []) as SwitchCondition[];
  const setConditions = (next: SwitchCondition[]) => set("conditions", next);
  const changeCondition = (index: number, patch: Partial<SwitchCondition>) =>
    setConditions(conditions.map((condition, i) => (i === index ? { ...condition, ...patch } : condition)));
  const changeItem = (index: number, itemIndex: number, patch: Partial<SwitchItem>) =>
    changeCondition(index, {
      items: (conditions[index]?.items ?? []).map((item, i) => (i === itemIndex ? { ...item, ...patch } : item)),
    });
  return (
    <Stack gap="3">
      {conditions.map((condition, index) => {
        const n = index + 1;
        return (
          <Card.Root key={index} size="sm" variant="outline" data-testid="switch-condition">
            <Card.Header flexDirection="row" alignItems="center" justifyContent="space-between" gap="2">
              <Text fontWeight="medium">{t("agents.branch.case", { n })}</Text>
              <HStack gap="1">
                {condition.items.length > 1 && (
                  <NativeSelect.Root size="xs" w="28">
                    <NativeSelect.Field
                      aria-label={t("agents.form.logicalOperator", { n })}
                      value={condition.logical_operator}
                      onChange={(e) => changeCondition(index, { logical_operator: e.target.value as "and" | "or" })}
                    >
                      <option value="and">{t("agents.form.and")}</option>
                      <option value="or">{t("agents.form.or")}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t("agents.form.removeCase", { n })}
                  onClick={() =>
                    set(
                      "conditions",
                      conditions.filter((_, i) => i !== index),
                      (edges) => removeCase(edges, node.id, index),
                    )
                  }
                >
                  <Trash2 />
                </IconButton>
              </HStack>
            </Card.Header>
            <Card.Body gap="2">
              {condition.items.map((item, itemIndex) => (
                <Stack
                  key={itemIndex}
                  gap="1.5"
                  borderBottomWidth={itemIndex < condition.items.length - 1 ? "1px" : undefined}
                  pb="2"
                >
                  <HStack gap="1.5">
                    <VariableSelect
                      name={`conditions.${index}.items.${itemIndex}.cpn_id`}
                      label={t("agents.form.conditionVariable", { n, m: itemIndex + 1 })}
                      value={item.cpn_id}
                      onChange={(cpn_id) => changeItem(index, itemIndex, { cpn_id })}
                      variables={variables}
                      size="xs"
                    />
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t("agents.form.removeConditionItem", { n, m: itemIndex + 1 })}
                      disabled={condition.items.length === 1}
                      onClick={() =>
                        changeCondition(index, { items: condition.items.filter((_, i) => i !== itemIndex) })
                      }
                    >
                      <X />
                    </IconButton>
                  </HStack>
                  <HStack gap="1.5">
                    <NativeSelect.Root size="xs" w="36" flexShrink="0">
                      <NativeSelect.Field
                        aria-label={t("agents.form.conditionOperator", { n, m: itemIndex + 1 })}
                        value={item.operator}
                        onChange={(e) => changeItem(index, itemIndex, { operator: e.target.value as SwitchOperator })}
                      >
                        {SWITCH_OPERATORS.map((operator) => (
                          <option key={operator} value={operator}>
                            {operatorLabel(t, operator)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {!NO_VALUE.includes(item.operator) && (
                      <Input
                        size="xs"
                        aria-label={t("agents.form.conditionValue", { n, m: itemIndex + 1 })}
                        value={item.value}
                        onChange={(e) => changeItem(index, itemIndex, { value: e.target.value })}
                      />
                    )}
                  </HStack>
                </Stack>
              ))}
              <Button
                size="xs"
                variant="ghost"
                alignSelf="start"
                onClick={() => changeCondition(index, { items: [...condition.items, newItem()] })}
              >
                <Plus /> {t("agents.form.addConditionItem")}
              </Button>
            </Card.Body>
          </Card.Root>
        );
      })}
      <Text fontSize="sm" color="fg.muted">
        {t("agents.form.elseHint")}
      </Text>
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={() => setConditions([...conditions, { logical_operator: "and", items: [newItem()] }])}
      >
        <Plus /> {t("agents.form.addCase")}
      </Button>
    </Stack>
  );
};
