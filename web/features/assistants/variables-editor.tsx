import { Field, HStack, Input, Switch } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { KNOWLEDGE_KEY, MAX_VARIABLES, type Variable } from "../../../worker/contract/chats";
import { RemoveRowButton, RowsFieldset } from "../../components/rows-fieldset";
import type { ConfigErrors } from "./config-form";

type Props = { variables: Variable[]; errors: ConfigErrors; onChange: (variables: Variable[]) => void };

// Prompt variables; the first row is the reserved `knowledge` and cannot be renamed or removed.
export const VariablesEditor = ({ variables, errors, onChange }: Props) => {
  const { t } = useTranslation();
  const change = (index: number, next: Partial<Variable>) =>
    onChange(variables.map((variable, i) => (i === index ? { ...variable, ...next } : variable)));
  return (
    <RowsFieldset
      legend={t("chatConfig.prompt.variables")}
      hint={t("chatConfig.prompt.variablesHint")}
      addLabel={t("chatConfig.prompt.addVariable")}
      addDisabled={variables.length >= MAX_VARIABLES}
      onAdd={() => onChange([...variables, { key: "", optional: false }])}
    >
      {variables.map((variable, index) => {
        const position = index + 1;
        const reserved = index === 0 && variable.key === KNOWLEDGE_KEY;
        const error = errors[`variables.${index}`];
        return (
          <HStack key={index} align="start" gap="3" data-testid="variable-row">
            <Field.Root invalid={Boolean(error)} flex="1">
              <Input
                size="sm"
                fontFamily="mono"
                name={`variables.${index}.key`}
                placeholder={t("chatConfig.prompt.variableKey")}
                aria-label={t("chatConfig.prompt.variableKeyOf", { index: position })}
                value={variable.key}
                readOnly={reserved}
                onChange={(e) => change(index, { key: e.target.value })}
              />
              {reserved && <Field.HelperText>{t("chatConfig.prompt.knowledgeReserved")}</Field.HelperText>}
              {error && <Field.ErrorText>{t(error.key, error.values ?? {})}</Field.ErrorText>}
            </Field.Root>
            {!reserved && (
              <>
                <Switch.Root
                  size="sm"
                  mt="1.5"
                  colorPalette="teal"
                  checked={variable.optional}
                  onCheckedChange={(e) => change(index, { optional: e.checked })}
                >
                  <Switch.HiddenInput aria-label={t("chatConfig.prompt.optionalOf", { index: position })} />
                  <Switch.Control />
                  <Switch.Label aria-hidden>{t("chatConfig.prompt.optional")}</Switch.Label>
                </Switch.Root>
                <RemoveRowButton
                  label={t("chatConfig.prompt.removeVariable", { index: position })}
                  onClick={() => onChange(variables.filter((_, i) => i !== index))}
                />
              </>
            )}
          </HStack>
        );
      })}
    </RowsFieldset>
  );
};
