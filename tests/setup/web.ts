import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { initI18n } from "../../web/i18n";

beforeAll(async () => {
  await initI18n();
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
