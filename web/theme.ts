import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { BRAND } from "./config";

const palette = BRAND.primaryPalette;
const shade = (step: number) => ({ value: `{colors.${palette}.${step}}` });

const config = defineConfig({
  theme: {
    tokens: {
      fonts: { heading: { value: BRAND.font }, body: { value: BRAND.font } },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: `{colors.${palette}.600}`, _dark: `{colors.${palette}.500}` } },
          contrast: { value: "white" },
          fg: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.300}` } },
          muted: { value: { _light: `{colors.${palette}.100}`, _dark: `{colors.${palette}.900}` } },
          subtle: { value: { _light: `{colors.${palette}.50}`, _dark: `{colors.${palette}.950}` } },
          emphasized: { value: { _light: `{colors.${palette}.200}`, _dark: `{colors.${palette}.800}` } },
          focusRing: shade(500),
        },
        app: {
          bg: { value: { _light: "{colors.gray.50}", _dark: "{colors.gray.950}" } },
          surface: { value: { _light: "white", _dark: "{colors.gray.900}" } },
        },
      },
    },
  },
  globalCss: {
    "html, body": { bg: "app.bg", color: "fg", minHeight: "100%" },
  },
});

export const system = createSystem(defaultConfig, config);
