// Every component recipe of Chakra's default theme, as a chunk of its own (loaded by loadAllRecipes in theme.ts).
export { recipes, slotRecipes } from "@chakra-ui/react/theme";
