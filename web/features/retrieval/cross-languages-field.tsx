import { Checkbox, CheckboxGroup, Fieldset, SimpleGrid } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { CROSS_LANGUAGE_CHOICES } from "../../../worker/contract/retrieval";

type Props = { value: string[]; onChange: (languages: string[]) => void };

// RAGFlow's cross-language search: the languages the question is also searched in (translated by the chat model).
// A language saved through the API that the list does not offer stays shown, so it can be unticked.
export const CrossLanguagesField = ({ value, onChange }: Props) => {
  const { t } = useTranslation();
  const offered: readonly string[] = CROSS_LANGUAGE_CHOICES;
  const choices = [...offered, ...value.filter((language) => !offered.includes(language))];
  return (
    <Fieldset.Root size="sm">
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t("retrieval.crossLanguages.label")}
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="xs">{t("retrieval.crossLanguages.hint")}</Fieldset.HelperText>
      <CheckboxGroup value={value} onValueChange={onChange} name="cross_languages">
        <SimpleGrid columns={2} gap="2" mt="1">
          {choices.map((language) => (
            <Checkbox.Root key={language} value={language} size="sm" colorPalette="teal">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {t(`retrieval.crossLanguages.names.${language}`, { defaultValue: language })}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </CheckboxGroup>
    </Fieldset.Root>
  );
};
