import { HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Plus, X } from "lucide-react";
import { Button } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { DATA_OPERATIONS, type DataOperation, FILTER_OPERATORS } from "../../../../worker/contract/agent-flow-params";
import { FormField } from "../../../components/form-field";
import type { FieldsProps } from "./fields-props";
import { operatorLabel } from "./operator-label";
import { Choice, listOf, patchAt, Row, RowList } from "./row-list";
import { VariableSelect } from "./variable-select";

type Rule = { key: string; operator: string; value: string };
type Update = { key: string; value: string };
type Rename = { old_key: string; new_key: string };

// keys typed as one comma-separated text
const keysText = (value: unknown) => listOf<string>(value).join(", ");
const keysOf = (text: string) =>
  text
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);

// The key lists, rules, updates or renames the chosen operation works with.
const OperationSettings = ({ form, set }: Pick<FieldsProps, "form" | "set">) => {
  const { t } = useTranslation();
  const operation = String(form.operations ?? "select_keys") as DataOperation;
  const removeLabel = (i: number) => t("agents.flowData.removeRow", { n: i + 1 });
  if (operation === "select_keys" || operation === "remove_keys")
    return (
      <FormField
        label={t(`agents.flowData.${operation === "select_keys" ? "selectKeys" : "removeKeys"}`)}
        helper={t("agents.flowData.keysHint")}
      >
        <Input
          size="sm"
          name={operation}
          defaultValue={keysText(form[operation])}
          onBlur={(e) => set(operation, keysOf(e.target.value))}
        />
      </FormField>
    );
  if (operation === "filter_values") {
    const rules = listOf<Rule>(form.filter_values);
    return (
      <RowList
        testId="filter-rule"
        rows={rules}
        title={(i) => t("agents.flowData.rule", { n: i + 1 })}
        removeLabel={removeLabel}
        addLabel={t("agents.flowData.addRule")}
        onAdd={() => set("filter_values", [...rules, { key: "", operator: "=", value: "" }])}
        onRemove={(index) =>
          set(
            "filter_values",
            rules.filter((_, i) => i !== index),
          )
        }
      >
        {(rule, index) => (
          <Row>
            <Input
              size="xs"
              aria-label={t("agents.flowData.key", { n: index + 1 })}
              placeholder={t("agents.flowData.keyPlaceholder")}
              value={rule.key}
              onChange={(e) => set("filter_values", patchAt(rules, index, { key: e.target.value }))}
            />
            <Choice
              label={t("agents.flowData.operator", { n: index + 1 })}
              value={rule.operator}
              options={FILTER_OPERATORS}
              labelOf={(option) => operatorLabel(t, option)}
              onChange={(operator) => set("filter_values", patchAt(rules, index, { operator }))}
            />
            <Input
              size="xs"
              aria-label={t("agents.flowData.compareValue", { n: index + 1 })}
              value={rule.value}
              onChange={(e) => set("filter_values", patchAt(rules, index, { value: e.target.value }))}
            />
          </Row>
        )}
      </RowList>
    );
  }
  if (operation === "append_or_update") {
    const updates = listOf<Update>(form.updates);
    return (
      <RowList
        testId="update-row"
        rows={updates}
        title={(i) => t("agents.flowData.update", { n: i + 1 })}
        removeLabel={removeLabel}
        addLabel={t("agents.flowData.addUpdate")}
        onAdd={() => set("updates", [...updates, { key: "", value: "" }])}
        onRemove={(index) =>
          set(
            "updates",
            updates.filter((_, i) => i !== index),
          )
        }
      >
        {(update, index) => (
          <Row>
            <Input
              size="xs"
              aria-label={t("agents.flowData.key", { n: index + 1 })}
              placeholder={t("agents.flowData.keyPlaceholder")}
              value={update.key}
              onChange={(e) => set("updates", patchAt(updates, index, { key: e.target.value }))}
            />
            <Input
              size="xs"
              aria-label={t("agents.flowData.newValue", { n: index + 1 })}
              placeholder={t("agents.flowData.newValuePlaceholder")}
              value={update.value}
              onChange={(e) => set("updates", patchAt(updates, index, { value: e.target.value }))}
            />
          </Row>
        )}
      </RowList>
    );
  }
  if (operation === "rename_keys") {
    const pairs = listOf<Rename>(form.rename_keys);
    return (
      <RowList
        testId="rename-row"
        rows={pairs}
        title={(i) => t("agents.flowData.rename", { n: i + 1 })}
        removeLabel={removeLabel}
        addLabel={t("agents.flowData.addRename")}
        onAdd={() => set("rename_keys", [...pairs, { old_key: "", new_key: "" }])}
        onRemove={(index) =>
          set(
            "rename_keys",
            pairs.filter((_, i) => i !== index),
          )
        }
      >
        {(pair, index) => (
          <Row>
            <Input
              size="xs"
              aria-label={t("agents.flowData.oldKey", { n: index + 1 })}
              placeholder={t("agents.flowData.oldKeyPlaceholder")}
              value={pair.old_key}
              onChange={(e) => set("rename_keys", patchAt(pairs, index, { old_key: e.target.value }))}
            />
            <Input
              size="xs"
              aria-label={t("agents.flowData.newKey", { n: index + 1 })}
              placeholder={t("agents.flowData.newKeyPlaceholder")}
              value={pair.new_key}
              onChange={(e) => set("rename_keys", patchAt(pairs, index, { new_key: e.target.value }))}
            />
          </Row>
        )}
      </RowList>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted">
      {t(`agents.flowData.operationHint.${operation}`)}
    </Text>
  );
};

// DataOperations: one operation on the objects (or lists of objects) some variables hold.
export const DataOperationsFields = ({ form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const query = listOf<string>(form.query);
  return (
    <Stack gap="4">
      <FormField label={t("agents.flowData.inputs")} helper={t("agents.flowData.inputsHint")}>
        <Stack gap="1" w="full">
          {query.map((reference, index) => (
            <HStack key={index} gap="1">
              <VariableSelect
                name={`query.${index}`}
                label={t("agents.flowData.input", { n: index + 1 })}
                value={reference}
                onChange={(value) =>
                  set(
                    "query",
                    query.map((entry, i) => (i === index ? value : entry)),
                  )
                }
                variables={variables}
                size="xs"
              />
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t("agents.flowData.removeRow", { n: index + 1 })}
                onClick={() =>
                  set(
                    "query",
                    query.filter((_, i) => i !== index),
                  )
                }
              >
                <X />
              </IconButton>
            </HStack>
          ))}
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => set("query", [...query, ""])}>
            <Plus /> {t("agents.flowData.addInput")}
          </Button>
        </Stack>
      </FormField>
      <FormField label={t("agents.flowData.operation")}>
        <Choice
          name="operations"
          label={t("agents.flowData.operation")}
          value={String(form.operations ?? "select_keys") as DataOperation}
          options={DATA_OPERATIONS}
          labelOf={(option) => t(`agents.flowData.dataOperations.${option}`)}
          onChange={(operation) => set("operations", operation)}
        />
      </FormField>
      <OperationSettings form={form} set={set} />
    </Stack>
  );
};
