import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";
import { BRAND } from "./config";
import { withChunkTimeout } from "./lib/load-chunk";

const palette = BRAND.primaryPalette;
const shade = (step: number) => ({ value: `{colors.${palette}.${step}}` });

// Chakra's default theme without its ~90 component recipes: the first page (sign-in, a shared chat) needs
// only a few; the rest arrive with the signed-in app (web/theme-recipes.ts).
const baseTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles },
});

const firstPageRecipes = defineConfig({
  theme: {
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

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
    // a table's visually hidden header texts are positioned absolutely: contained by the table's scroll area,
    // they
    // cannot widen the page past a narrow window
    ":where(div:has(> .chakra-table__root))": { position: "relative" },
  },
});

export const system = createSystem(defaultBaseConfig, baseTheme, firstPageRecipes, config);

let allRecipes: Promise<void> | undefined;

// Chakra looks a component's recipe up in the theme when the component first renders, so the recipes the first
// page did not need join the theme later, before a page that uses them renders (the signed-in app's routes
// wait for this).
export const loadAllRecipes = (): Promise<void> =>
  (allRecipes ??= withChunkTimeout(() => import("./theme-recipes")).then(({ recipes, slotRecipes }) => {
    // the system keeps its merged config here, and reads recipes from it on every lookup
    // oxlint-disable-next-line no-underscore-dangle
    const theme = system._config.theme ?? {};
    theme.recipes = { ...recipes, ...theme.recipes };
    theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes };
  }));
