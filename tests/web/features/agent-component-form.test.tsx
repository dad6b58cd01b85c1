import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { COMPONENT_DEFAULTS } from "../../../worker/contract/agent-components";
import { PALETTE } from "../../../web/features/agents/model/catalog";
import { NodeForm } from "../../../web/features/agents/forms/node-form";
import { dslOfJson } from "../../../web/features/agents/model/dsl-file";
import { runErrorText } from "../../../web/features/agents/model/run-error";
import i18n from "../../../web/i18n";
import { type EditorNode, graphOfDsl } from "../../../web/features/agents/model/graph";
import type { Dsl } from "../../../worker/contract/agents";
import { configuredModel, MODEL_URLS, modelsAnswer } from "../helpers/models-api";
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
  }, 15_000);

  it("an empty user prompt is marked as required", () => {
    stubFetch();
    renderWithProviders(<Harness initial={agentNode({ prompts: [{ role: "user", content: "" }] })} onForm={vi.fn()} />);
    expect(within(screen.getByTestId("node-form")).getByText("Dieses Feld ist erforderlich.")).toBeTruthy();
  });
});

// RAGFlow v0.27 draws an Agent's tools and sub-agents as nodes of their own; they live in the Agent's params.
const ragflowGraph = {
  nodes: [
    { id: "begin", type: "beginNode", position: { x: 0, y: 0 }, data: { label: "Begin", name: "begin", form: {} } },
    {
      id: "Agent:Lead",
      type: "agentNode",
      position: { x: 300, y: 0 },
      data: { label: "Agent", name: "Lead", form: { tools: [{ component_name: "Agent", name: "Helfer" }] } },
    },
    { id: "Agent:Helper", type: "agentNode", position: { x: 300, y: 200 }, data: { label: "Agent", name: "Helfer" } },
    { id: "Tool:Search", type: "toolNode", position: { x: 300, y: 400 }, data: { label: "Tool", name: "flow.tool" } },
  ],
  edges: [
    { id: "e1", source: "begin", sourceHandle: "start", target: "Agent:Lead", targetHandle: "end" },
    { id: "e2", source: "Agent:Lead", sourceHandle: "agentBottom", target: "Agent:Helper", targetHandle: "agentTop" },
    { id: "e3", source: "Agent:Helper", sourceHandle: "tool", target: "Tool:Search", targetHandle: "end" },
  ],
};

describe("RAGFlow v0.27 graphs in the editor", () => {
  it("an imported graph keeps the Agent and drops its tool and sub-agent nodes", () => {
    const dsl = dslOfJson({ graph: ragflowGraph }) as Dsl;
    expect(Object.keys(dsl.components).toSorted()).toEqual(["Agent:Lead", "begin"]);
    expect(dsl.components["Agent:Lead"]?.downstream).toEqual([]);
  });

  it("a saved flow with such nodes opens without them", () => {
    const dsl = {
      components: {
        begin: { obj: { component_name: "Begin", params: {} }, downstream: ["Agent:Lead"], upstream: [] },
        "Agent:Lead": { obj: { component_name: "Agent", params: {} }, downstream: [], upstream: ["begin"] },
      },
      graph: ragflowGraph,
      globals: {},
    } as unknown as Dsl;
    const graph = graphOfDsl(dsl, "Start");
    expect(graph.nodes.map((node) => node.id).toSorted()).toEqual(["Agent:Lead", "begin"]);
    expect(graph.edges.map((edge) => edge.id)).toEqual(["e1"]);
  });
});

describe("models and function calling in the Agent form", () => {
  it("with tools, names a chosen model that cannot call tools, else says which models can", () => {
    stubFetch();
    const tools = [{ component_name: "Wikipedia", name: "Wikipedia", params: {} }];
    const { unmount } = renderWithProviders(
      <Harness initial={agentNode({ tools, llm_id: "@cf/meta/llama-3.1-8b-instruct@Workers AI" })} onForm={vi.fn()} />,
    );
    expect(screen.getByTestId("agent-model-tools").textContent).toBe(
      "@cf/meta/llama-3.1-8b-instruct@Workers AI kann keine Werkzeuge aufrufen: der Lauf würde abbrechen. Wählen Sie ein Modell mit Function Calling.",
    );
    unmount();
    renderWithProviders(
      <Harness initial={agentNode({ tools, llm_id: "claude-sonnet-4-5@Anthropic" })} onForm={vi.fn()} />,
    );
    expect(screen.getByTestId("agent-model-tools").textContent).toMatch(
      /^Werkzeuge brauchen ein Modell mit Function Calling/,
    );
  });

  it("marks the team's models without tool calls (GET /models' is_tools) and warns by that flag", async () => {
    const overview = {
      providers: [
        {
          name: "Ollama",
          local: true,
          types: ["chat" as const],
          models: [
            configuredModel({ llm_name: "llama2", model_type: "chat", model_id: "llama2@Ollama", is_tools: false }),
            configuredModel({ llm_name: "qwen3", model_type: "chat", model_id: "qwen3@Ollama", is_tools: true }),
          ],
        },
      ],
      available: [],
      defaults: { llm_id: "", embd_id: "", img2txt_id: "", asr_id: "", rerank_id: "", tts_id: "" },
    };
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async (input) =>
        new Response(JSON.stringify({ code: 0, message: "", data: modelsAnswer(String(input), overview) ?? null }), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    expect(MODEL_URLS).toContain("/api/v1/models");
    const tools = [{ component_name: "Wikipedia", name: "Wikipedia", params: {} }];
    renderWithProviders(<Harness initial={agentNode({ tools, llm_id: "llama2@Ollama" })} onForm={vi.fn()} />);
    // the adapters would let any Ollama model try; the listing says this one cannot
    expect(await screen.findByText("llama2 (Ollama) – ohne Werkzeug-Aufrufe")).toBeTruthy();
    expect(screen.getByText("qwen3 (Ollama)")).toBeTruthy();
    expect(
      screen.getByText("Eingebautes Offline-Modell (schreibt keinen eigenen Text) – ohne Werkzeug-Aufrufe"),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/^llama2@Ollama kann keine Werkzeuge aufrufen/);
    fireEvent.change(screen.getByRole("combobox", { name: "Sprachmodell" }), { target: { value: "qwen3@Ollama" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("agent-model-tools").textContent).toMatch(/^Werkzeuge brauchen ein Modell/);
  });

  it("without tools says nothing about function calling", () => {
    stubFetch();
    renderWithProviders(<Harness initial={agentNode({ llm_id: "builtin-extractive@Builtin" })} onForm={vi.fn()} />);
    expect(screen.queryByTestId("agent-model-tools")).toBeNull();
  });

  it("a run stopped for a model without function calling is explained in the user's words", () => {
    const error = "Agent:a: Model @cf/meta/llama-3.1-8b-instruct@Workers AI does not support tool calls.";
    expect(runErrorText(i18n.t, error)).toBe(
      "Lauf abgebrochen: @cf/meta/llama-3.1-8b-instruct@Workers AI kann keine Werkzeuge aufrufen (kein Function Calling). Wählen Sie ein Modell, das es kann, oder entfernen Sie die Werkzeuge.",
    );
    expect(runErrorText(i18n.t, "Agent:a: HTTP 500")).toBe("Lauf abgebrochen: Agent:a: HTTP 500");
  });
});
