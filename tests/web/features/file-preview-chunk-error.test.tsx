import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FilePreview } from "../../../web/features/preview/file-preview";
import { renderWithProviders } from "../helpers/render";

// the Word viewer's converter chunk cannot be fetched (network gone, or a new release removed the old file)
vi.mock("mammoth", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("FilePreview when a viewer's code does not load", () => {
  it("asks to reload the page instead of calling the file unreadable", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: { "Content-Disposition": "attachment; filename=bericht.docx" },
      }),
    );
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    renderWithProviders(<FilePreview url="/api/v1/files/f1" />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Die Vorschau konnte nicht geladen werden");
    expect(alert.textContent).not.toContain("Die Datei konnte nicht gelesen werden");
    fireEvent.click(screen.getByRole("button", { name: "Seite neu laden" }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
