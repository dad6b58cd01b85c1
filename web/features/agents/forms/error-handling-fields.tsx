import { Collapsible, NativeSelect, Stack, Textarea, Button } from "@chakra-ui/react";
import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { COMMON_PARAMS } from "../../../../worker/contract/agent-components";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { NumberField } from "./number-field";

const METHODS = ["none", "comment", "goto"] as const;

// What happens when the component fails after its retries: stop the run, go on with a default text, or jump to a node.
export const ErrorHandlingFields = ({ node, form, set, nodes }: FieldsProps) => {
  const { t } = useTranslation();
  const method = (form.exception_method as string | null | undefined) ?? "none";
  const goto = ((form.exception_goto ?? []) as string[])[0] ?? "";
  const targets = nodes.filter(
    (other) =>
      other.id !== node.id &&
      (other.parentId ?? null) === (node.parentId ?? null) &&
      other.data.label !== "Note" &&
      other.id !== "begin",
  );
  return (
    <Collapsible.Root defaultOpen={method !== "none" || numberOr(form.max_retries, 0) > 0}>
      <Collapsible.Trigger asChild>
        <Button size="sm" variant="ghost" px="1" css={{ "&[data-state=open] svg": { transform: "rotate(90deg)" } }}>
          <ChevronRight /> {t("agents.form.errorHandling")}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="4" pt="2">
          <NumberField
            name="max_retries"
            label={t("agents.form.maxRetries")}
            value={numberOr(form.max_retries, COMMON_PARAMS.max_retries)}
            onChange={(value) => set("max_retries", value)}
            min={0}
            max={10}
          />
          <NumberField
            name="delay_after_error"
            label={t("agents.form.delayAfterError")}
            value={numberOr(form.delay_after_error, COMMON_PARAMS.delay_after_error)}
            onChange={(value) => set("delay_after_error", value)}
            min={0}
            max={60}
            step={0.5}
          />
          <FormField label={t("agents.form.exceptionMethod")}>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="exception_method"
                value={method}
                onChange={(e) => set("exception_method", e.target.value === "none" ? null : e.target.value)}
              >
                {METHODS.map((option) => (
                  <option key={option} value={option}>
                    {t(`agents.form.exceptionMethods.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {method === "comment" && (
            <FormField label={t("agents.form.exceptionDefault")} helper={t("agents.form.exceptionDefaultHint")}>
              <Textarea
                name="exception_default_value"
                rows={2}
                value={text(form.exception_default_value)}
                onChange={(e) => set("exception_default_value", e.target.value)}
              />
            </FormField>
          )}
          {method === "goto" && (
            <FormField label={t("agents.form.exceptionGoto")}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="exception_goto"
                  value={goto}
                  onChange={(e) => set("exception_goto", e.target.value ? [e.target.value] : [])}
                >
                  <option value="">{t("agents.variables.choose")}</option>
                  {targets.map((target) => (
                    <option key={target.id} value={target.id}>
                      {target.data.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
};
