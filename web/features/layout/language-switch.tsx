import { Button } from "@chakra-ui/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { changeLanguage, UI_LANGUAGES } from "../../i18n";

// The sign-in page's language choice: one button naming the other language (there are two), without the menu
// and its positioning code, which the page would otherwise load only for this.
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  const other = UI_LANGUAGES.find((language) => language !== i18n.language) ?? UI_LANGUAGES[0];
  return (
    <Button
      variant="ghost"
      size="sm"
      lang={other}
      onClick={() => void changeLanguage(other)}
      data-testid={`language-switch-${other}`}
    >
      <Languages />
      {t(`languages.${other}`)}
    </Button>
  );
};
