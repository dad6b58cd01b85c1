import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { NodeForm } from "../../../web/features/agents/forms/node-form";
import type { EditorEdge, EditorNode, NodeUpdate } from "../../../web/features/agents/model/graph";
import { configuredModel, modelsAnswer, NO_MODELS } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const stubModels = () =>
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async (input) =>
      new Response(JSON.stringify({ code: 0, message: "", data: modelsAnswer(String(input)) ?? [] }), {
        headers: { "Content-Type": "application/json" },
      }),
  );

const node = (
  id: string,
  label: EditorNode["data"]["label"],
  name: string,
  form: Record<string, unknown>,
): EditorNode => ({ id, type: "component", position: { x: 0, y: 0 }, data: { label, name, form } });

// The form with the editor's part played by state: every update lands in the nodes (and edges) it shows.
const Harness = ({
  initial,
  edges: initialEdges = [],
  onUpdate,
}: {
  initial: EditorNode[];
  edges?: EditorEdge[];
  onUpdate: (update: NodeUpdate, edges: EditorEdge[]) => void;
}) => {
  const [nodes, setNodes] = useState(initial);
  const [edges, setEdges] = useState(initialEdges);
  const current = nodes[0] as EditorNode;
  const update = (change: NodeUpdate) => {
    const nextEdges = change.edges ? change.edges(edges) : edges;
    setEdges(nextEdges);
    onUpdate(change, nextEdges);
    setNodes((all) =>
      all.map((entry) =>
        entry.id === current.id
          ? {
              ...entry,
              data: {
                ...entry.data,
                ...(change.name === undefined ? {} : { name: change.name }),
                ...(change.form ? { form: change.form } : {}),
              },
            }
          : entry,
      ),
    );
  };
  return <NodeForm node={current} nodes={nodes} globals={{}} onUpdate={update} />;
};

const generate = node("Generate:gen1", "Generate", "Zusammenfassen", {
  llm_id: "",
  sys_prompt: "",
  prompt: "{sys.query}",
  temperature: 0.1,
  max_tokens: 512,
  cite: true,
});
const answer = node("Answer:ans1", "Answer", "Antwort", { content: "" });

describe("node form", () => {
  it("refuses a display name another node has, and an empty one", () => {
    stubModels();
    const onUpdate = vi.fn();
    renderWithProviders(<Harness initial={[generate, answer]} onUpdate={onUpdate} />);
    const name = screen.getByRole("textbox", { name: /^Name/ });
    fireEvent.change(name, { target: { value: "antwort" } });
    expect(screen.getByText("Dieser Name ist schon vergeben.")).toBeTruthy();
    fireEvent.change(name, { target: { value: "" } });
    expect(within(screen.getByTestId("node-form")).getByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(onUpdate).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: "Kurzfassung" } });
    expect(onUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Kurzfassung" }), []);
    expect(screen.queryByText("Dieser Name ist schon vergeben.")).toBeNull();
  });

  it("gives an options input its choices, one per line, and asks for at least one", () => {
    stubModels();
    const onUpdate = vi.fn();
    const begin = node("begin", "Begin", "Start", {
      prologue: "",
      mode: "task",
      inputs: { art: { name: "Versicherung", type: "line", optional: false } },
    });
    renderWithProviders(<Harness initial={[begin]} onUpdate={onUpdate} />);
    expect(screen.queryByRole("textbox", { name: "Auswahl für art" })).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Art von art" }), { target: { value: "options" } });
    const options = screen.getByRole("textbox", { name: "Auswahl für art" });
    expect(screen.getByText("Mindestens eine Auswahl angeben.")).toBeTruthy();
    fireEvent.change(options, { target: { value: "gesetzlich\n privat \n\nprivat" } });
    expect(onUpdate.mock.lastCall?.[0].form.inputs).toEqual({
      art: { name: "Versicherung", type: "options", optional: false, options: ["gesetzlich", "privat"] },
    });
    expect(screen.queryByText("Mindestens eine Auswahl angeben.")).toBeNull();
  });

  it("marks an emptied required field", () => {
    stubModels();
    renderWithProviders(<Harness initial={[generate, answer]} onUpdate={() => undefined} />);
    expect(screen.queryByText("Dieses Feld ist erforderlich.")).toBeNull();
    const prompt = screen.getByRole("textbox", { name: /^Prompt/ });
    fireEvent.change(prompt, { target: { value: "  " } });
    expect(screen.getByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(prompt.getAttribute("aria-invalid")).toBe("true");
  });

  it("sends Generate's sampling parameters only while switched on, and its history window", async () => {
    stubModels();
    const onUpdate = vi.fn();
    renderWithProviders(<Harness initial={[generate, answer]} onUpdate={onUpdate} />);
    const lastForm = () => (onUpdate.mock.calls.at(-1)?.[0] as NodeUpdate | undefined)?.form ?? {};
    const topP = screen.getByRole("checkbox", { name: "Top P" });
    fireEvent.click(topP);
    await vi.waitFor(() => expect(lastForm()).toMatchObject({ top_p: 0.3 }));
    expect(screen.getByRole("spinbutton", { name: "Wert von Top P" })).toBeTruthy();
    fireEvent.click(topP);
    await vi.waitFor(() => expect("top_p" in lastForm() && lastForm().top_p !== undefined).toBe(false));
    fireEvent.change(screen.getByRole("spinbutton", { name: /Verlaufsfenster/ }), { target: { value: "3" } });
    expect(lastForm()).toMatchObject({ message_history_window_size: 3 });
  });

  it("lets Retrieval pick the built-in or one of the team's rerank models", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const data =
        modelsAnswer(String(input), {
          ...NO_MODELS,
          providers: [
            {
              name: "Jina",
              local: false,
              types: ["rerank"],
              models: [
                configuredModel({ model_id: "jina-reranker@Jina", llm_name: "jina-reranker", model_type: "rerank" }),
              ],
            },
          ],
        }) ?? [];
      return new Response(JSON.stringify({ code: 0, message: "", data }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    const onUpdate = vi.fn();
    const retrieval = node("Retrieval:kb1", "Retrieval", "Wissen suchen", {
      kb_ids: [],
      query: "{sys.query}",
      empty_response: "",
    });
    renderWithProviders(<Harness initial={[retrieval, answer]} onUpdate={onUpdate} />);
    const select = screen.getByRole("combobox", { name: "Rerank-Modell" });
    await screen.findByRole("option", { name: "jina-reranker (Jina)" });
    fireEvent.change(select, { target: { value: "jina-reranker@Jina" } });
    expect((onUpdate.mock.calls.at(-1)?.[0] as NodeUpdate | undefined)?.form).toMatchObject({
      rerank_id: "jina-reranker@Jina",
    });
  });

  it("switches a message's reading aloud on", async () => {
    stubModels();
    const onUpdate = vi.fn();
    renderWithProviders(
      <Harness initial={[node("Message:msg1", "Message", "Begrüßung", { content: ["Hallo!"] })]} onUpdate={onUpdate} />,
    );
    const toggle = screen.getByLabelText("Automatisch vorlesen");
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect((onUpdate.mock.calls.at(-1)?.[0] as NodeUpdate | undefined)?.form).toMatchObject({
        content: ["Hallo!"],
        auto_play: true,
      }),
    );
  });

  it("asks to fill in or remove an empty message alternative", () => {
    stubModels();
    const message = node("Message:msg1", "Message", "Begrüßung", { content: ["Hallo!"] });
    renderWithProviders(<Harness initial={[message]} onUpdate={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: /Nachricht hinzufügen/ }));
    expect(screen.getByText("Jeden Eintrag ausfüllen oder entfernen.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nachricht 2 entfernen" }));
    expect(screen.queryByText("Jeden Eintrag ausfüllen oder entfernen.")).toBeNull();
  });

  it("adds a category and renames it when the field is left, its edge following", () => {
    stubModels();
    const triage = node("Categorize:tri1", "Categorize", "Triage", {
      llm_id: "",
      query: "{sys.query}",
      category_description: { Fieber: { description: "", examples: [] } },
    });
    const onUpdate = vi.fn();
    const edges = [{ id: "e1", source: triage.id, sourceHandle: "Fieber", target: answer.id }];
    renderWithProviders(<Harness initial={[triage, answer]} edges={edges} onUpdate={onUpdate} />);
    fireEvent.click(screen.getByRole("button", { name: "Kategorie hinzufügen" }));
    expect(onUpdate.mock.lastCall?.[0].form.category_description).toHaveProperty("Kategorie 1");

    const [fever, added] = screen.getAllByRole("textbox", { name: "Name der Kategorie" }) as HTMLInputElement[];
    fireEvent.change(added as HTMLInputElement, { target: { value: "fieber" } });
    expect(screen.getByText("Dieser Name ist hier schon vergeben.")).toBeTruthy();
    fireEvent.change(fever as HTMLInputElement, { target: { value: "Hohes Fieber" } });
    fireEvent.blur(fever as HTMLInputElement);
    const [update, nextEdges] = onUpdate.mock.lastCall as [NodeUpdate, EditorEdge[]];
    expect(Object.keys(update.form?.category_description as object)).toEqual(["Hohes Fieber", "Kategorie 1"]);
    expect(nextEdges[0]).toMatchObject({ sourceHandle: "Hohes Fieber", target: answer.id });
  });
});
