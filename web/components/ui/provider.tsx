import { ChakraProvider } from "@chakra-ui/react";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { STORAGE_KEYS } from "../../config";
import { system } from "../../theme";

// Light by default; the choice lives in localStorage under "vite-ui-theme" as a class on <html>.
export const Provider = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={system}>
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
  </ChakraProvider>
);
