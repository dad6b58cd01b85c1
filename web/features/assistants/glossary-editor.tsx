import { Field, HStack, Input, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { type GlossaryEntry, MAX_GLOSSARY } from "../../../worker/contract/chats";
import { RemoveRowButton, RowsFieldset } from "../../components/rows-fieldset";
import type { ConfigErrors } from "./config-form";

type Props = { glossary: GlossaryEntry[]; errors: ConfigErrors; onChange: (glossary: GlossaryEntry[]) => void };

// Terms and explanations as editable rows; rows left completely empty are dropped on save.
export const GlossaryEditor = ({ glossary, errors, onChange }: Props) => {
  const { t } = useTranslation();
  const change = (index: number, next: Partial<GlossaryEntry>) =>
    onChange(glossary.map((entry, i) => (i === index ? { ...entry, ...next } : entry)));
  return (
    <RowsFieldset
      legend={t("chatConfig.prompt.glossary")}
      hint={t("chatConfig.prompt.glossaryHint")}
      addLabel={t("chatConfig.prompt.addTerm")}
      addDisabled={glossary.length >= MAX_GLOSSARY}
      onAdd={() => onChange([...glossary, { term: "", explanation: "" }])}
    >
      {glossary.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t("chatConfig.prompt.glossaryEmpty")}
        </Text>
      )}
      {glossary.map((entry, index) => {
        const position = index + 1;
        const error = errors[`glossary.${index}`];
        return (
          <HStack key={index} align="start" gap="2" data-testid="glossary-row">
            <Field.Root invalid={Boolean(error)} flex="1">
              <Input
                size="sm"
                name={`glossary.${index}.term`}
                placeholder={t("chatConfig.prompt.term")}
                aria-label={t("chatConfig.prompt.termOf", { index: position })}
                value={entry.term}
                onChange={(e) => change(index, { term: e.target.value })}
              />
              {error && <Field.ErrorText>{t(error.key, error.values ?? {})}</Field.ErrorText>}
            </Field.Root>
            <Input
              size="sm"
              flex="2"
              name={`glossary.${index}.explanation`}
              placeholder={t("chatConfig.prompt.explanation")}
              aria-label={t("chatConfig.prompt.explanationOf", { index: position })}
              value={entry.explanation}
              onChange={(e) => change(index, { explanation: e.target.value })}
            />
            <RemoveRowButton
              label={t("chatConfig.prompt.removeTerm", { index: position })}
              onClick={() => onChange(glossary.filter((_, i) => i !== index))}
            />
          </HStack>
        );
      })}
    </RowsFieldset>
  );
};
