import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChunkCard } from "../../../web/features/chunks/chunk-card";
import { TagSetPanel } from "../../../web/features/knowledge/configuration/tag-set-panel";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

const ID = "0123456789abcdef0123456789abcdef";
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });

// GET answers the tags; PUT and DELETE are recorded and answered
const api = (tags: [string, number][]) =>
  vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (_url, init) =>
      ok(init?.method === "PUT" ? { from: "x", to: "y" } : init?.method === "DELETE" ? {} : tags),
    );

const sent = (spy: ReturnType<typeof api>, method: string) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

const rows = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 2)
        .map((cell) => cell.textContent),
    );

describe("TagSetPanel", () => {
  it("lists the tags with their row counts and filters them", async () => {
    api([
      ["Reise", 2],
      ["Impfung", 1],
    ]);
    renderWithProviders(<TagSetPanel datasetId={ID} />);
    expect(await screen.findByText("2 Tags")).toBeTruthy();
    expect(rows()).toEqual([
      ["Reise", "2"],
      ["Impfung", "1"],
    ]);
    fireEvent.change(screen.getByLabelText("Tags filtern"), { target: { value: "imp" } });
    await waitFor(() => expect(rows()).toEqual([["Impfung", "1"]]));
    fireEvent.change(screen.getByLabelText("Tags filtern"), { target: { value: "xyz" } });
    expect(await screen.findByText("Kein Tag passt zum Filter.")).toBeTruthy();
  });

  it("renames a tag, refusing an empty name", async () => {
    const spy = api([["Reise", 2]]);
    renderWithProviders(<TagSetPanel datasetId={ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Tag „Reise“ umbenennen" }));
    const name = await screen.findByLabelText(/Neuer Name/);
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(sent(spy, "PUT")).toEqual([]);
    fireEvent.change(name, { target: { value: "Reise/Urlaub" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(sent(spy, "PUT")).toEqual([
        [`/api/v1/datasets/${ID}/tags`, { from_tag: "Reise", to_tag: "Reise/Urlaub" }],
      ]),
    );
  });

  it("deletes a tag after asking", async () => {
    const spy = api([["Reise", 2]]);
    renderWithProviders(<TagSetPanel datasetId={ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Tag „Reise“ löschen" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Tag „Reise“ löschen?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(sent(spy, "DELETE")).toEqual([[`/api/v1/datasets/${ID}/tags`, { tags: ["Reise"] }]]));
  });

  it("explains how to fill an empty tag set, in English too", async () => {
    api([]);
    await changeLanguage("en");
    try {
      renderWithProviders(<TagSetPanel datasetId={ID} />);
      expect((await screen.findByTestId("tag-set-empty")).textContent).toContain("upload a table (CSV, Excel)");
      expect(screen.getByText("Tags of this tag set")).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });
});

describe("ChunkCard tags", () => {
  it("shows a chunk's own tags and those a tag set gave it, once each", () => {
    const chunk = {
      id: "c1",
      content: "Reisen ins Ausland",
      document_id: "d",
      docnm_kwd: "a.txt",
      dataset_id: ID,
      important_keywords: [],
      questions: [],
      tag_kwd: ["Reise"],
      tag_feas: { Reise: 1.4, Quarantäne: 0.8 },
      image_id: "",
      available: true,
      positions: [],
      page_num_int: [],
      token_count: 4,
      doc_type_kwd: "",
      manual: false,
      create_time: "",
      create_timestamp: 0,
    };
    const noop = () => undefined;
    renderWithProviders(
      <ChunkCard
        chunk={chunk}
        index={1}
        selected={false}
        active={false}
        onSelect={noop}
        onActivate={noop}
        onEdit={noop}
        onToggle={noop}
      />,
    );
    expect(
      screen.getAllByTitle("Tag (aus einem Tag-Set oder der Tag-Tabelle)").map((badge) => badge.textContent),
    ).toEqual(["Reise", "Quarantäne"]);
  });
});
