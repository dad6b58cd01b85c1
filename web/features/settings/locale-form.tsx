import { RadioGroup, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../worker/contract/locale";
import { useUpdateProfileMutation } from "../../api/auth";
import { notifyError } from "../../components/notify";
import { changeLanguage, UI_LANGUAGES } from "../../i18n";
import { SectionHeader } from "./section-header";

// Applies at once in the browser and is saved to the profile so other devices follow.
export const LocaleForm = () => {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfileMutation();

  const choose = async (language: Language) => {
    await changeLanguage(language);
    update.mutate({ language }, { onError: notifyError });
  };

  return (
    <>
      <SectionHeader title={t("settings.locale")} description={t("settings.localeDescription")} />
      <RadioGroup.Root
        value={i18n.language}
        onValueChange={(e) => e.value && void choose(e.value as Language)}
        colorPalette="teal"
      >
        <Stack gap="3">
          {UI_LANGUAGES.map((language) => (
            <RadioGroup.Item key={language} value={language}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`languages.${language}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </>
  );
};
