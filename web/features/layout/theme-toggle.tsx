import { IconButton } from "@chakra-ui/react";
import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../components/ui/color-mode";

export const ThemeToggle = () => {
  const { t } = useTranslation();
  const { colorMode, toggleColorMode } = useColorMode();
  const label = t(colorMode === "dark" ? "nav.toLight" : "nav.toDark");
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      onClick={toggleColorMode}
      data-testid="theme-toggle"
    >
      {colorMode === "dark" ? <Sun /> : <Moon />}
    </IconButton>
  );
};
