import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { initI18n } from "../../web/i18n";
import { loadAllRecipes } from "../../web/theme";

// as in the app's signed-in pages: every component recipe in the theme (web/routes/__root.tsx)
beforeAll(async () => {
  await Promise.all([initI18n(), loadAllRecipes()]);
});

// A console.error in a web test is a bug (failed prop types, act warnings, render errors).
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
