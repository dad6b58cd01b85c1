import type { AnyRouter } from "@tanstack/react-router";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "../../../web/i18n";
import { syncDocumentTitle } from "../../../web/lib/document-title";

const staticDataOf = (key: string | undefined) => ({
  staticData: key === "own" ? { ownTitle: true } : key ? { titleKey: key } : {},
});

// The parts of the router the title follows: its matches and the "resolved" event.
const fakeRouter = (titleKeys: (string | undefined)[]) => {
  const listeners: (() => void)[] = [];
  const router = {
    state: { matches: titleKeys.map(staticDataOf) },
    subscribe: (_event: string, listener: () => void) => listeners.push(listener),
  };
  return {
    router: router as unknown as AnyRouter,
    navigate: (keys: (string | undefined)[]) => (
      (router.state.matches = keys.map(staticDataOf)), listeners.forEach((listener) => listener())
    ),
  };
};

describe("document title", () => {
  afterEach(async () => {
    await changeLanguage("de");
  });

  it("names the deepest titled page in the interface language and follows navigation and language", async () => {
    const { router, navigate } = fakeRouter([undefined, "knowledgeList", undefined]);
    syncDocumentTitle(router);
    expect(document.title).toBe("Wissensdatenbanken – Buddy");
    navigate([undefined, "dataset", "chunks"]);
    expect(document.title).toBe("Abschnitte – Buddy");
    await changeLanguage("en");
    expect(document.title).toBe("Chunks – Buddy");
    navigate([undefined]);
    expect(document.title).toBe("Buddy");
    // a page that names the tab itself keeps its name through language changes
    document.title = "Impf-Assistent";
    navigate(["own"]);
    await changeLanguage("de");
    expect(document.title).toBe("Impf-Assistent");
  });
});
