import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NodeForm } from "../../../web/features/agents/forms/node-form";
import { dataflowForm } from "../../../web/features/agents/model/dataflow";
import type { EditorNode, NodeUpdate } from "../../../web/features/agents/model/graph";
import { DatasetConfigurationForm } from "../../../web/features/knowledge/configuration";
import { changeLanguage } from "../../../web/i18n";
import type { DataflowComponentName } from "../../../worker/contract/dataflow";
import type { Dataset } from "../../../worker/contract/datasets";
import { defaultParserConfig } from "../../../worker/contract/parser-config";
import { modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

// the configuration form takes more than a second to settle on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });

const pipelineNode = (label: DataflowComponentName, params: Record<string, unknown>): EditorNode => ({
  id: `${label}:abcd`,
  type: "component",
  position: { x: 0, y: 0 },
  data: { label, name: label, form: dataflowForm(label, params) },
});

// The form with the editor's part played by state, as in the editor.
const Harness = ({ initial, onUpdate }: { initial: EditorNode; onUpdate?: (update: NodeUpdate) => void }) => {
  const [node, setNode] = useState(initial);
  const update = (change: NodeUpdate) => {
    onUpdate?.(change);
    if (change.form) setNode((current) => ({ ...current, data: { ...current.data, form: change.form ?? {} } }));
  };
  return <NodeForm node={node} nodes={[node]} globals={{}} onUpdate={update} />;
};

describe("pipeline component forms", () => {
  // the Extractor's and Compiler's model select asks for the team's models
  beforeEach(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => ok(modelsAnswer(String(input)) ?? []));
  });

  it("edits the TitleChunker's levels as regex lists and says when one is no regular expression", async () => {
    const updates: NodeUpdate[] = [];
    renderWithProviders(
      <Harness initial={pipelineNode("TitleChunker", { levels: [["^#[^#]"]] })} onUpdate={(u) => updates.push(u)} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ebene hinzufügen" }));
    fireEvent.change(screen.getByLabelText("H2"), { target: { value: "^(##" } });
    expect(await screen.findByText("Mindestens ein Ausdruck ist kein gültiger regulärer Ausdruck.")).toBeTruthy();
    expect(screen.getByLabelText("H2").getAttribute("aria-invalid")).toBe("true");
    expect(updates.at(-1)?.form?.levels).toEqual([["^#[^#]", "^(##"]]);
    fireEvent.change(screen.getByLabelText("H2"), { target: { value: "^##[^#]" } });
    await waitFor(() => expect(screen.queryByText(/kein gültiger regulärer Ausdruck/)).toBeNull());
    await changeLanguage("en");
    fireEvent.change(screen.getByLabelText("H2"), { target: { value: "[" } });
    expect(await screen.findByText("At least one expression is not a valid regular expression.")).toBeTruthy();
    await changeLanguage("de");
  }, 20_000);

  it("requires a Tokenizer search method and writes the TokenChunker's delimiters as typed", async () => {
    const updates: NodeUpdate[] = [];
    const { unmount } = renderWithProviders(
      <Harness
        initial={pipelineNode("Tokenizer", { search_method: ["full_text"] })}
        onUpdate={(u) => updates.push(u)}
      />,
    );
    fireEvent.click(screen.getByText("Volltext"));
    await waitFor(() => expect(updates.at(-1)?.form?.search_method).toEqual([]));
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    unmount();
    const chunker: NodeUpdate[] = [];
    renderWithProviders(
      <Harness initial={pipelineNode("TokenChunker", { delimiters: ["\n"] })} onUpdate={(u) => chunker.push(u)} />,
    );
    expect((screen.getByLabelText("Trennzeichen 1") as HTMLInputElement).value).toBe("\\n");
    fireEvent.change(screen.getByLabelText("Trennzeichen 1"), { target: { value: "\\n\\n" } });
    expect(chunker.at(-1)?.form?.delimiters).toEqual(["\n\n"]);
  });

  it("says what Buddy does with a Compiler", () => {
    renderWithProviders(<Harness initial={pipelineNode("Compiler", {})} />);
    expect(screen.getByTestId("compiler-note").textContent).toMatch(/kann ihn aber nicht ausführen/);
  });
});

const DATASET_ID = "0123456789abcdef0123456789abcdef";
const PIPELINE_ID = "fedcba9876543210fedcba9876543210";

const dataset: Dataset = {
  id: DATASET_ID,
  name: "Leitlinien",
  avatar: null,
  description: null,
  language: "German",
  embedding_model: "builtin-hash@Builtin",
  permission: "me",
  chunk_method: "naive",
  parse_type: 1,
  pipeline_id: null,
  parser_config: defaultParserConfig("naive"),
  pagerank: 0,
  similarity_threshold: 0.2,
  vector_similarity_weight: 0.3,
  chunk_count: 0,
  document_count: 0,
  token_num: 0,
  status: "1",
  tenant_id: "a".repeat(32),
  created_by: "a".repeat(32),
  create_time: 0,
  create_date: "",
  update_time: 0,
  update_date: "",
};

describe("dataset configuration: chunk method or ingestion pipeline", () => {
  it("hides the chunk method for a pipeline and saves parse_type 2 with the chosen pipeline", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith("/api/v1/agents"))
        return ok({
          canvas: [{ id: PIPELINE_ID, title: "Leitlinien-Pipeline", canvas_category: "dataflow_canvas" }],
          total: 1,
        });
      if (init?.method === "PUT") return ok({ ...dataset, parse_type: 2, pipeline_id: PIPELINE_ID });
      return ok(modelsAnswer(url) ?? []);
    });
    // the form's link to the pipeline needs a router
    const root = createRootRoute({ component: Outlet });
    const page = createRoute({
      getParentRoute: () => root,
      path: "/",
      component: () => <DatasetConfigurationForm dataset={dataset} />,
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ["/"] }),
    });
    await router.load();
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByTestId("chunk-method-info")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Ingestion-Pipeline"));
    await waitFor(() => expect(screen.queryByTestId("chunk-method-info")).toBeNull());
    expect(document.querySelector('[name="chunk_token_num"]')).toBeNull();
    // saving without a pipeline is refused next to the select
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    const select = (await screen.findByRole("combobox", { name: /Pipeline/ })) as HTMLSelectElement;
    await waitFor(() => expect(select.getAttribute("aria-invalid")).toBe("true"));
    const listCall = fetchSpy.mock.calls.find(([url]) => String(url).startsWith("/api/v1/agents"));
    expect(String(listCall?.[0])).toContain("canvas_category=dataflow_canvas");
    fireEvent.change(select, { target: { value: PIPELINE_ID } });
    expect(screen.getByTestId("open-pipeline").getAttribute("href")).toBe(`/flow/${PIPELINE_ID}`);
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(true));
    const [, put] = fetchSpy.mock.calls.find(([, init]) => init?.method === "PUT") as [string, RequestInit];
    const body = JSON.parse(String(put.body));
    expect(body).toMatchObject({ parse_type: 2, pipeline_id: PIPELINE_ID });
    expect(body).not.toHaveProperty("chunk_method");
    // back to the built-in method: the chunk method goes again, no pipeline
    fireEvent.click(screen.getByLabelText("Eingebaute Chunk-Methode"));
    expect(await screen.findByTestId("chunk-method-info")).toBeTruthy();
  }, 30_000);
});
