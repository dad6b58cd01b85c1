import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { META_FIELDS_MAX_BYTES } from "../../../worker/contract/limits";
import { MetaDialog } from "../../../web/features/documents/meta-dialog";
import { renderWithProviders } from "../helpers/render";

const doc = { id: "doc-1", name: "bericht.pdf", meta_fields: { Quelle: "RKI" } } as unknown as DatasetDocument;

const submit = (json: string) => {
  fireEvent.change(screen.getByRole("textbox", { name: "Metadaten (JSON)" }), { target: { value: json } });
  fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
};

describe("document metadata dialog", () => {
  it("refuses a list and oversized metadata with their own messages, sending nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<MetaDialog datasetId="ds-1" doc={doc} onClose={() => {}} />);
    submit('["RKI"]');
    expect(
      await screen.findByText("Bitte ein JSON-Objekt mit Texten, Zahlen oder Listen davon eingeben."),
    ).toBeTruthy();
    submit(JSON.stringify({ Notiz: "x".repeat(META_FIELDS_MAX_BYTES) }));
    expect(await screen.findByText("Die Metadaten dürfen als JSON höchstens 16 KB groß sein.")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("saves an object with its field names as written", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ code: 0, data: {} }));
    const onClose = vi.fn();
    renderWithProviders(<MetaDialog datasetId="ds-1" doc={doc} onClose={onClose} />);
    submit('{"Erstellt am": "2024-05-01", "Seiten": 12}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/datasets/ds-1/documents/doc-1");
    expect(JSON.parse(init.body as string)).toEqual({ meta_fields: { "Erstellt am": "2024-05-01", Seiten: 12 } });
  });
});
