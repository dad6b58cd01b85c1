import { Input, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import {
  FILTER_OPERATORS,
  LIST_OPERATIONS,
  type ListOperation,
  listOperationOf,
  SORT_METHODS,
} from "../../../../worker/contract/agent-flow-params";
import { SettingSwitch } from "../../../components/setting-switch";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, text } from "./fields-props";
import { NumberField } from "./number-field";
import { operatorLabel } from "./operator-label";
import { Choice, Row } from "./row-list";
import { VariableSelect } from "./variable-select";

type Filter = { operator: string; value: string };

// ListOperations: one operation on the list a variable holds; result, first and last go on.
export const ListOperationsFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const operation = listOperationOf(form.operations) as ListOperation;
  const filter = (form.filter ?? { operator: "=", value: "" }) as Filter;
  return (
    <Stack gap="4">
      <FormField label={t("agents.flowData.list")} helper={t("agents.flowData.listHint")} error={errors.query} required>
        <VariableSelect
          name="query"
          label={t("agents.flowData.list")}
          value={text(form.query)}
          onChange={(value) => set("query", value)}
          variables={variables}
        />
      </FormField>
      <FormField label={t("agents.flowData.operation")}>
        <Choice
          name="operations"
          label={t("agents.flowData.operation")}
          value={operation}
          options={LIST_OPERATIONS}
          labelOf={(option) => t(`agents.flowData.listOperations.${option}`)}
          onChange={(next) => set("operations", next)}
        />
      </FormField>
      {(operation === "nth" || operation === "head" || operation === "tail") && (
        <>
          <NumberField
            name="n"
            label={t(operation === "nth" ? "agents.flowData.position" : "agents.flowData.count")}
            helper={t(operation === "nth" ? "agents.flowData.positionHint" : "agents.flowData.countHint")}
            value={Number(form.n ?? 1)}
            onChange={(value) => set("n", Math.round(value))}
          />
          <SettingSwitch
            name="strict"
            label={t("agents.flowData.strict")}
            hint={t("agents.flowData.strictHint")}
            checked={form.strict === true}
            onChange={(checked) => set("strict", checked)}
          />
        </>
      )}
      {operation === "filter" && (
        <FormField label={t("agents.flowData.keepItems")}>
          <Row>
            <Choice
              label={t("agents.flowData.operator", { n: 1 })}
              value={filter.operator}
              options={FILTER_OPERATORS}
              labelOf={(option) => operatorLabel(t, option)}
              onChange={(operator) => set("filter", { ...filter, operator })}
            />
            <Input
              size="xs"
              aria-label={t("agents.flowData.compareValue", { n: 1 })}
              value={filter.value}
              onChange={(e) => set("filter", { ...filter, value: e.target.value })}
            />
          </Row>
        </FormField>
      )}
      {operation === "sort" && (
        <>
          <FormField label={t("agents.flowData.sortMethod")}>
            <Choice
              name="sort_method"
              label={t("agents.flowData.sortMethod")}
              value={String(form.sort_method ?? "asc") as "asc" | "desc"}
              options={SORT_METHODS}
              labelOf={(option) => t(`agents.flowData.sort.${option}`)}
              onChange={(method) => set("sort_method", method)}
            />
          </FormField>
          <FormField label={t("agents.flowData.sortBy")} helper={t("agents.flowData.sortByHint")}>
            <Input
              size="sm"
              name="sort_by"
              value={text(form.sort_by)}
              onChange={(e) => set("sort_by", e.target.value)}
            />
          </FormField>
        </>
      )}
    </Stack>
  );
};
