import { Button, Menu, Text } from "@chakra-ui/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../worker/contract/locale";
import { PopupMenu } from "../../components/popup-menu";
import { changeLanguage, UI_LANGUAGES } from "../../i18n";

export const LanguageMenu = () => {
  const { t, i18n } = useTranslation();
  const current = (UI_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "de";
  return (
    <PopupMenu
      onSelect={({ value }) => void changeLanguage(value as Language)}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t("nav.language")} data-testid="language-menu">
          <Languages />
          <Text as="span" hideBelow="2xl">
            {t(`languages.${current}`)}
          </Text>
        </Button>
      }
    >
      <Menu.RadioItemGroup value={current}>
        {UI_LANGUAGES.map((language) => (
          <Menu.RadioItem key={language} value={language} data-testid={`language-${language}`}>
            <Menu.ItemIndicator />
            {t(`languages.${language}`)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
    </PopupMenu>
  );
};
