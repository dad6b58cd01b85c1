import { ChakraProvider, LocaleProvider } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { STORAGE_KEYS } from "../../config";
import { system } from "../../theme";

// Light by default; the choice lives in localStorage under "vite-ui-theme" as a class on <html>. The component
// library follows the interface language (number formats, reading direction of its parts).
export const Provider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={i18n.language === "en" ? "en-US" : "de-DE"}>
        <ThemeProvider
          attribute="class"
          storageKey={STORAGE_KEYS.theme}
          defaultTheme="light"
          enableSystem={false}
          disableTransitionOnChange
          // index.html applies the stored theme before React starts; next-themes' own inline script
          // would only trigger React 19's "script tag" warning in a client-rendered app.
          scriptProps={{ type: "application/json" }}
        >
          {children}
        </ThemeProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
};
