import { useTheme } from "next-themes";

export type ColorMode = "light" | "dark";

export const useColorMode = () => {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === "dark" ? "dark" : "light";
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === "dark" ? "light" : "dark"),
  };
};
