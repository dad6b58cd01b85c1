import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { type AgentInputFile, beginOptions, isNumberInput } from "../../../../worker/contract/agents";
import { FileInputField } from "./file-input-field";
import type { BeginInput } from "../forms/begin-fields";

// upload: reads a file for a file input (the owner's or the visitor's route)
type Props = {
  inputs: Record<string, BeginInput>;
  values: Record<string, unknown>;
  missing: string[];
  onChange: (key: string, value: unknown) => void;
  upload: (file: File) => Promise<AgentInputFile>;
};

// The Begin component's inputs, filled in for the test run; required ones must have a value.
export const RunInputs = ({ inputs, values, missing, onChange, upload }: Props) => {
  const { t } = useTranslation();
  const entries = Object.entries(inputs);
  if (entries.length === 0) return null;
  return (
    <SimpleGrid as="fieldset" columns={1} gap="2" aria-label={t("agents.run.inputs")}>
      {entries.map(([key, input]) => {
        const label = input.name || key;
        const value = values[key];
        const numeric = isNumberInput(input);
        return (
          <Field.Root key={key} required={!input.optional} invalid={missing.includes(key)}>
            {input.type === "boolean" ? (
              <Checkbox.Root
                size="sm"
                checked={value === true}
                onCheckedChange={(e) => onChange(key, e.checked === true)}
              >
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
                  <Textarea
                    size="xs"
                    rows={2}
                    value={String(value ?? "")}
                    onChange={(e) => onChange(key, e.target.value)}
                  />
                ) : input.type === "file" ? (
                  <FileInputField label={label} upload={upload} onChange={(text) => onChange(key, text)} />
                ) : input.type === "options" ? (
                  <NativeSelect.Root size="xs">
                    <NativeSelect.Field value={String(value ?? "")} onChange={(e) => onChange(key, e.target.value)}>
                      <option value="">{t("agents.run.choose")}</option>
                      {beginOptions(input).map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                ) : (
                  <Input
                    size="xs"
                    type={numeric ? "number" : "text"}
                    value={String(value ?? "")}
                    onChange={(e) =>
                      onChange(key, numeric && e.target.value !== "" ? Number(e.target.value) : e.target.value)
                    }
                  />
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
