import { Button, Field, Fieldset, HStack, IconButton, Input, Stack, Switch } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { KNOWLEDGE_KEY, MAX_VARIABLES, type Variable } from "../../../worker/contract/chats";
import type { ConfigErrors } from "./config-form";

type Props = { variables: Variable[]; errors: ConfigErrors; onChange: (variables: Variable[]) => void };

// Prompt variables; the first row is the reserved `knowledge` and cannot be renamed or removed.
export const VariablesEditor = ({ variables, errors, onChange }: Props) => {
  const { t } = useTranslation();
  const change = (index: number, next: Partial<Variable>) =>
    onChange(variables.map((variable, i) => (i === index ? { ...variable, ...next } : variable)));
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">{t("chatConfig.prompt.variables")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("chatConfig.prompt.variablesHint")}</Fieldset.HelperText>
      <Stack gap="2">
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
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t("chatConfig.prompt.removeVariable", { index: position })}
                    onClick={() => onChange(variables.filter((_, i) => i !== index))}
                  >
                    <Trash2 />
                  </IconButton>
                </>
              )}
            </HStack>
          );
        })}
      </Stack>
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        disabled={variables.length >= MAX_VARIABLES}
        onClick={() => onChange([...variables, { key: "", optional: false }])}
      >
        <Plus /> {t("chatConfig.prompt.addVariable")}
      </Button>
    </Fieldset.Root>
  );
};
