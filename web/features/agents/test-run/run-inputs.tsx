import { Checkbox, Field, Input, SimpleGrid, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { BeginInput } from "../forms/begin-fields";

type Props = { inputs: Record<string, BeginInput>; values: Record<string, unknown>; missing: string[]; onChange: (key: string, value: unknown) => void };

// The Begin component's inputs, filled in for the test run; required ones must have a value.
export const RunInputs = ({ inputs, values, missing, onChange }: Props) => {
  const { t } = useTranslation();
  const entries = Object.entries(inputs);
  if (entries.length === 0) return null;
  return (
    <SimpleGrid as="fieldset" columns={1} gap="2" aria-label={t("agents.run.inputs")}>
      {entries.map(([key, input]) => {
        const label = input.name || key;
        const value = values[key];
        return (
          <Field.Root key={key} required={!input.optional} invalid={missing.includes(key)}>
            {input.type === "boolean" ? (
              <Checkbox.Root size="sm" checked={value === true} onCheckedChange={(e) => onChange(key, e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{label}</Checkbox.Label>
              </Checkbox.Root>
            ) : (
              <>
                <Field.Label fontSize="xs">
                  {label}
                  <Field.RequiredIndicator />
                </Field.Label>
                {input.type === "paragraph" ? (
                  <Textarea size="xs" rows={2} value={String(value ?? "")} onChange={(e) => onChange(key, e.target.value)} />
                ) : (
                  <Input size="xs" type={input.type === "number" ? "number" : "text"} value={String(value ?? "")} onChange={(e) => onChange(key, input.type === "number" && e.target.value !== "" ? Number(e.target.value) : e.target.value)} />
                )}
              </>
            )}
            <Field.ErrorText>{t("validation.required")}</Field.ErrorText>
          </Field.Root>
        );
      })}
    </SimpleGrid>
  );
};

export { missingBeginInputs as missingInputs } from "../../../../worker/contract/agents";
