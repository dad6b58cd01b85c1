import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { NodeForm } from "../../../web/features/agents/forms/node-form";
import { PALETTE } from "../../../web/features/agents/model/catalog";
import type { EditorNode } from "../../../web/features/agents/model/graph";
import { attachmentName } from "../../../web/features/conversation/attachment-link";
import { COMPONENT_DEFAULTS } from "../../../worker/contract/agent-components";
import { renderWithProviders } from "../helpers/render";

const node: EditorNode = {
  id: "DocGenerator:d1",
  type: "component",
  position: { x: 0, y: 0 },
  data: { label: "DocGenerator", name: "Brief", form: { ...COMPONENT_DEFAULTS.DocGenerator } },
};

const Harness = ({ onForm }: { onForm: (form: Record<string, unknown>) => void }) => {
  const [current, setCurrent] = useState(node);
  return (
    <NodeForm
      node={current}
      nodes={[current]}
      globals={{}}
      onUpdate={(change) => {
        if (!change.form) return;
        onForm(change.form);
        setCurrent((old) => ({ ...old, data: { ...old.data, form: change.form as Record<string, unknown> } }));
      }}
    />
  );
};

describe("DocGenerator in the editor", () => {
  it("is in the palette, and its form writes the format, file name and page options", () => {
    expect(PALETTE).toContain("DocGenerator");
    let form: Record<string, unknown> = {};
    renderWithProviders(<Harness onForm={(next) => (form = next)} />);
    expect(screen.getByText("Wasserzeichen")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Dateiformat" }), { target: { value: "docx" } });
    expect(form.output_format).toBe("docx");
    // a Word file has the PDF's watermark and page numbers; an HTML page has neither
    expect(screen.getByText("Wasserzeichen")).toBeTruthy();
    expect(screen.getByText("Seitenzahlen")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Dateiformat" }), { target: { value: "html" } });
    expect(screen.queryByText("Wasserzeichen")).toBeNull();
    expect(screen.queryByText("Seitenzahlen")).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Dateiformat" }), { target: { value: "docx" } });
    fireEvent.change(document.querySelector('input[name="filename"]') as HTMLInputElement, {
      target: { value: "Arztbrief" },
    });
    expect(form.filename).toBe("Arztbrief");
  });

  it("knows a generated document's link by its path and reads the file name from it", () => {
    const agent = "a".repeat(32);
    const doc = "b".repeat(32);
    expect(attachmentName(`/api/v1/agents/${agent}/attachments/${doc}/Brief%20J%C3%BCrgen.pdf`)).toBe(
      "Brief Jürgen.pdf",
    );
    expect(attachmentName(`/api/v1/agents/${agent}/sessions/${doc}/x`)).toBeNull();
    expect(attachmentName("https://example.com/a.pdf")).toBeNull();
  });
});
