import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { COMPONENT_DEFAULTS } from "../../../worker/contract/agent-components";
import { PALETTE } from "../../../web/features/agents/model/catalog";
import { NodeForm } from "../../../web/features/agents/forms/node-form";
import type { EditorNode } from "../../../web/features/agents/model/graph";
import { renderWithProviders } from "../helpers/render";

const stubFetch = () =>
  vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ code: 0, message: "", data: { providers: [], available: [], defaults: {}, total: 0 } }),
          { headers: { "Content-Type": "application/json" } },
        ),
    );

// The form with its node in state, so each change shows; the last form written is reported.
const Harness = ({ initial, onForm }: { initial: EditorNode; onForm: (form: Record<string, unknown>) => void }) => {
  const [node, setNode] = useState(initial);
  return (
    <NodeForm
      node={node}
      nodes={[node]}
      globals={{}}
      onUpdate={(change) => {
        if (!change.form) return;
        onForm(change.form);
        setNode((old) => ({ ...old, data: { ...old.data, form: change.form as Record<string, unknown> } }));
      }}
    />
  );
};

const agentNode = (form: Record<string, unknown> = {}): EditorNode => ({
  id: "Agent:a1",
  type: "component",
  position: { x: 0, y: 0 },
  data: { label: "Agent", name: "Rechercheur", form: { ...COMPONENT_DEFAULTS.Agent, ...form } },
});

describe("Agent and LLM in the editor", () => {
  it("the palette offers LLM, Agent and the Tavily tools", () => {
    expect(PALETTE).toEqual(expect.arrayContaining(["LLM", "Agent", "TavilySearch", "TavilyExtract"]));
  });

  it("adds a tool, marks it until its API key is set, and writes the user prompt and max rounds", () => {
    stubFetch();
    const onForm = vi.fn();
    renderWithProviders(<Harness initial={agentNode()} onForm={onForm} />);
    const form = screen.getByTestId("node-form");
    expect(within(form).getByText("Keine Werkzeuge: der Agent antwortet wie ein Sprachmodell.")).toBeTruthy();

    fireEvent.change(within(form).getByRole("combobox", { name: "Art des neuen Werkzeugs" }), {
      target: { value: "TavilySearch" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Werkzeug hinzufügen" }));
    expect(onForm).toHaveBeenLastCalledWith(
      expect.objectContaining({
        tools: [expect.objectContaining({ component_name: "TavilySearch", name: "TavilySearch" })],
      }),
    );
    expect(within(form).getByText("Ein Werkzeug braucht noch Angaben (rot umrandet).")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("api_key von Werkzeug 1"), { target: { value: "tvly-1" } });
    expect(within(form).queryByText("Ein Werkzeug braucht noch Angaben (rot umrandet).")).toBeNull();
    expect(onForm.mock.lastCall?.[0].tools[0].params.api_key).toBe("tvly-1");

    fireEvent.change(within(form).getByRole("textbox", { name: /^Benutzer-Prompt/ }), {
      target: { value: "Frage: {sys.query}" },
    });
    expect(onForm.mock.lastCall?.[0].prompts).toEqual([{ role: "user", content: "Frage: {sys.query}" }]);

    fireEvent.change(within(form).getByRole("spinbutton", { name: /^Höchstzahl Runden/ }), { target: { value: "3" } });
    expect(onForm.mock.lastCall?.[0].max_rounds).toBe(3);

    fireEvent.click(within(form).getByRole("button", { name: "Werkzeug TavilySearch entfernen" }));
    expect(onForm.mock.lastCall?.[0].tools).toEqual([]);
  });

  it("an empty user prompt is marked as required", () => {
    stubFetch();
    renderWithProviders(<Harness initial={agentNode({ prompts: [{ role: "user", content: "" }] })} onForm={vi.fn()} />);
    expect(within(screen.getByTestId("node-form")).getByText("Dieses Feld ist erforderlich.")).toBeTruthy();
  });
});
