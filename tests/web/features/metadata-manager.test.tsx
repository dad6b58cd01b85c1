import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MetadataManagerButton } from "../../../web/features/documents/metadata-manager";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

describe("metadata manager", () => {
  const SUMMARY = {
    summary: {
      Quelle: {
        type: "string",
        values: [
          ["RKI", 2],
          ["PEI", 1],
        ],
      },
      Jahr: { type: "number", values: [["2020", 2]] },
    },
  };
  const api = (summary: unknown = SUMMARY) =>
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) =>
      Response.json({
        code: 0,
        data: String(url).endsWith("/metadata/update") ? { updated: 2, matched_docs: 2 } : summary,
      }),
    );
  // dialogs left open would keep the page hidden from the next test's queries
  const closeAll = async () => {
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Schließen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  };
  const posted = (spy: ReturnType<typeof api>) =>
    spy.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

  it("lists each field's values with their document counts and renames a value in every document", async () => {
    const spy = api();
    renderWithProviders(<MetadataManagerButton datasetId="ds-1" />);
    fireEvent.click(screen.getByRole("button", { name: "Metadaten verwalten" }));
    const values = await screen.findByRole("table", { name: "Werte von „Quelle“" });
    expect(
      within(values)
        .getAllByRole("row")
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole("cell")
            .slice(0, 2)
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ["RKI", "2"],
      ["PEI", "1"],
    ]);
    expect(await screen.findByText("Zahl")).toBeTruthy();
    // a number field keeps numbers
    fireEvent.click(screen.getByRole("button", { name: "Wert „2020“ von „Jahr“ umbenennen" }));
    // the rename dialog opens over the manager
    fireEvent.change(await screen.findByLabelText(/Neuer Wert/, {}, { timeout: 3000 }), { target: { value: "2021" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(posted(spy)).toEqual([
        [
          "/api/v1/datasets/ds-1/metadata/update",
          { updates: [{ key: "Jahr", value: 2021, match: "2020" }], deletes: [] },
        ],
      ]),
    );
    await closeAll();
  });

  it("deletes a value or a whole field after asking", async () => {
    const spy = api();
    renderWithProviders(<MetadataManagerButton datasetId="ds-1" />);
    fireEvent.click(screen.getByRole("button", { name: "Metadaten verwalten" }));
    fireEvent.click(await screen.findByRole("button", { name: "Wert „PEI“ von „Quelle“ löschen" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog", {}, { timeout: 3000 })).getByRole("button", { name: "Löschen" }),
    );
    await waitFor(() => expect(posted(spy)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Feld „Jahr“ löschen" }));
    const confirm = await screen.findByRole("alertdialog", {}, { timeout: 3000 });
    expect(await within(confirm).findByText("Feld „Jahr“ löschen?")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Löschen" }));
    await waitFor(() =>
      expect(posted(spy).map(([, body]) => body)).toEqual([
        { updates: [], deletes: [{ key: "Quelle", value: "PEI" }] },
        { updates: [], deletes: [{ key: "Jahr" }] },
      ]),
    );
    await closeAll();
  });

  it("says how to add metadata when there is none, in English too", async () => {
    api({ summary: {} });
    await changeLanguage("en");
    try {
      renderWithProviders(<MetadataManagerButton datasetId="ds-1" />);
      fireEvent.click(screen.getByRole("button", { name: "Manage metadata" }));
      expect((await screen.findByTestId("metadata-empty")).textContent).toContain("Add it from a document's row menu");
    } finally {
      await changeLanguage("de");
    }
  });
});
