import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { datasetKeys } from "../../../web/api/datasets";
import { toaster } from "../../../web/components/ui/toaster";
import { DatasetConfigurationForm, DatasetConfigurationPage } from "../../../web/features/knowledge/configuration";
import { changeLanguage } from "../../../web/i18n";
import type { Dataset } from "../../../worker/contract/datasets";
import { defaultParserConfig, type ParserConfig } from "../../../worker/contract/parser-config";
import type { ModelsOverview } from "../../../web/api/models";
import { configuredModel, MODEL_URLS, modelsAnswer, NO_MODELS } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const ID = "0123456789abcdef0123456789abcdef";
const TAG_KB = "fedcba9876543210fedcba9876543210";

vi.mock("../../../web/features/knowledge/use-dataset-id", () => ({ useDatasetId: () => ID }));

// the whole page (a router, the form and three index panels) takes more than a second to settle on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const makeDataset = (overrides: Partial<Dataset> = {}, config: Partial<ParserConfig> = {}): Dataset => ({
  id: ID,
  name: "Leitlinien",
  avatar: null,
  description: "Kardiologie",
  language: "German",
  embedding_model: "text-embedding-3-small@OpenAI",
  permission: "me",
  chunk_method: "naive",
  parse_type: 1,
  pipeline_id: null,
  parser_config: { ...defaultParserConfig("naive"), ...config },
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
  ...overrides,
});

const raptorOn = (raptor: Partial<ParserConfig["raptor"]> = {}) => ({
  raptor: { ...defaultParserConfig().raptor, use_raptor: true, ...raptor },
});

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const save = (label = "Speichern") => fireEvent.click(screen.getByRole("button", { name: label }));
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });

describe("DatasetConfigurationForm", () => {
  it("requires the RAPTOR settings while RAPTOR is on and sends nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset({}, raptorOn())} />);
    fill("raptor_max_token", "");
    save();
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(input("raptor_max_token").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Bitte korrigieren Sie die markierten Felder.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the RAPTOR options only after the switch is turned on", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
    expect(input("raptor_prompt")).toBeNull();
    fireEvent.click(screen.getByLabelText("RAPTOR verwenden"));
    await waitFor(() => expect(input("raptor_prompt")).not.toBeNull());
    fill("raptor_prompt", "   ");
    fill("raptor_threshold", "1.5");
    save();
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(screen.getByText("Der Wert darf höchstens 1 sein.")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("explains the backtick rule for an unbalanced delimiter", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
    fill("delimiter", "\\n`##");
    save();
    expect(await screen.findByText(/Ungerade Anzahl von Backticks/)).toBeTruthy();
    expect(input("delimiter").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("rejects overlapping and reversed page ranges", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset({}, { pages: [[1, 10]] })} />);
    fireEvent.click(screen.getByRole("button", { name: "Bereich hinzufügen" }));
    fill("pages.1.from", "5");
    save();
    expect(await screen.findByText("Jeder Bereich muss nach dem Ende des vorherigen Bereichs beginnen.")).toBeTruthy();
    fill("pages.1.from", "20");
    fill("pages.1.to", "15");
    save();
    expect(await screen.findByText("Die Bis-Seite muss größer oder gleich der Von-Seite sein.")).toBeTruthy();
    expect(screen.getByLabelText("Bereich 2: bis Seite").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Jeder Bereich muss nach dem Ende des vorherigen Bereichs beginnen.")).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("locks the embedding model once the knowledge base has chunks and leaves it out of the request", async () => {
    const dataset = makeDataset({ chunk_count: 5 });
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(ok(dataset));
    renderWithProviders(<DatasetConfigurationForm dataset={dataset} />);
    const select = screen.getByLabelText(/Embedding-Modell/) as HTMLSelectElement;
    expect(select.name).toBe("embedding_model");
    expect(select.disabled).toBe(true);
    expect(screen.getByText(/bereits 5 Abschnitte enthält/)).toBeTruthy();
    save();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body).not.toHaveProperty("embedding_model");
  });

  it("offers the built-in model while the knowledge base is empty, and keeps a current model that is gone", () => {
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
    const select = input("embedding_model") as unknown as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["text-embedding-3-small@OpenAI", "text-embedding-3-small@OpenAI"],
      ["builtin-hash@Builtin", "Integriertes lexikalisches Offline-Modell (builtin-hash)"],
    ]);
  });

  it("describes the selected chunk method", () => {
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
    fireEvent.change(input("chunk_method"), { target: { value: "qa" } });
    expect(screen.getByTestId("chunk-method-info").textContent).toContain("Frage: Was ist HbA1c?");
  });

  it("PUTs the whole configuration as snake_case JSON and reports success", async () => {
    const dataset = makeDataset({}, raptorOn({ max_token: 300 }));
    const saved = { ...dataset, name: "Neue Leitlinien" };
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(ok(saved));
    const toast = vi.spyOn(toaster, "create");
    const { queryClient } = renderWithProviders(
      <DatasetConfigurationForm dataset={dataset} tagSets={[{ id: TAG_KB, name: "Symptom-Tags" }]} />,
    );
    const team = screen.getByLabelText("Team");
    fireEvent.click(team);
    await waitFor(() => expect(team.closest("label")?.getAttribute("data-state")).toBe("checked"));
    fill("name", "  Neue Leitlinien ");
    fill("chunk_token_num", "256");
    fill("delimiter", "\\n`##`");
    const tagSet = screen.getByLabelText("Symptom-Tags");
    fireEvent.click(tagSet);
    await waitFor(() => expect(tagSet.closest("label")?.getAttribute("data-state")).toBe("checked"));
    fill("auto_keywords", "4");
    fireEvent.change(input("embedding_model"), { target: { value: "builtin-hash@Builtin" } });
    fireEvent.click(screen.getByRole("button", { name: "Semikolon einfügen" }));
    fireEvent.click(screen.getByRole("button", { name: "person entfernen" }));
    const wholeBase = screen.getByLabelText("Wissensdatenbank (ein Baum über alle Dateien)");
    fireEvent.click(wholeBase);
    await waitFor(() => expect(wholeBase.closest("label")?.getAttribute("data-state")).toBe("checked"));
    fill("entity_types", "medication,");
    const general = screen.getByLabelText(/^General: /);
    fireEvent.click(general);
    await waitFor(() => expect(general.closest("label")?.getAttribute("data-state")).toBe("checked"));
    const community = screen.getByLabelText("Community-Berichte");
    fireEvent.click(community);
    await waitFor(() => expect(community.closest("label")?.getAttribute("data-state")).toBe("checked"));
    // parent-child chunking: the children's delimiter shows once switched on
    expect(screen.queryByLabelText(/Trennzeichen für Kind-Abschnitte/)).toBeNull();
    const children = screen.getByLabelText("Eltern-Kind-Abschnitte");
    fireEvent.click(children);
    await waitFor(() => expect(children.closest("label")?.getAttribute("data-state")).toBe("checked"));
    fill("children_delimiter", "`. `");
    save();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/datasets/${ID}`);
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Neue Leitlinien",
      avatar: "",
      description: "Kardiologie",
      language: "German",
      permission: "team",
      embedding_model: "builtin-hash@Builtin",
      chunk_method: "naive",
      pagerank: 0,
      parser_config: {
        chunk_token_num: 256,
        delimiter: "\n`##`;",
        enable_children: true,
        children_delimiter: "`. `",
        layout_recognize: "DeepDOC",
        html4excel: false,
        auto_keywords: 4,
        auto_questions: 0,
        pages: [[1, 1_000_000]],
        task_page_size: 12,
        tag_kb_ids: [TAG_KB],
        topn_tags: 3,
        raptor: {
          use_raptor: true,
          prompt: dataset.parser_config.raptor?.prompt,
          max_token: 300,
          threshold: 0.1,
          max_cluster: 64,
          random_seed: 0,
          scope: "dataset",
        },
        graphrag: {
          entity_types: ["organization", "geo", "event", "category", "medication"],
          method: "general",
          resolution: false,
          community: true,
        },
        enable_metadata: false,
        metadata: [],
      },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Aktualisiert" })),
    );
    expect(queryClient.getQueryData(datasetKeys.detail(ID))).toEqual(saved);
  });

  it("edits the automatic metadata fields and refuses a name given twice", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => ok(makeDataset()));
    const kept = { key: "Quelle", type: "string" as const, description: "Herausgeber", enum: ["RKI", "PEI"] };
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset({}, { metadata: [kept] })} />);
    expect((screen.getByLabelText("Erlaubte Werte von Feld 1") as HTMLInputElement).value).toBe("RKI, PEI");
    const toggle = screen.getByLabelText("Metadaten beim Parsen erzeugen");
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.closest("label")?.getAttribute("data-state")).toBe("checked"));
    fireEvent.click(screen.getByRole("button", { name: "Feld hinzufügen" }));
    fireEvent.change(screen.getByLabelText("Name von Feld 2"), { target: { value: "Quelle" } });
    save();
    expect(await screen.findByText("Jeder Feldname darf nur einmal vorkommen.")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Name von Feld 2"), { target: { value: "Themen" } });
    fireEvent.change(screen.getByLabelText("Art von Feld 2"), { target: { value: "list" } });
    fireEvent.change(screen.getByLabelText("Erlaubte Werte von Feld 2"), {
      target: { value: "Impfung, Reisen, Impfung," },
    });
    fireEvent.change(screen.getByLabelText("Beschreibung von Feld 2"), { target: { value: "Worum es geht" } });
    fireEvent.click(screen.getByRole("button", { name: "Feld 1 entfernen" }));
    fireEvent.click(screen.getByRole("button", { name: "Feld hinzufügen" }));
    save();
    // the empty new field needs a name
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name von Feld 2"), { target: { value: "Jahr" } });
    fireEvent.change(screen.getByLabelText("Art von Feld 2"), { target: { value: "number" } });
    expect((screen.getByLabelText("Erlaubte Werte von Feld 2") as HTMLInputElement).disabled).toBe(true);
    save();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body.parser_config).toMatchObject({
      enable_metadata: true,
      metadata: [
        { key: "Themen", type: "list", description: "Worum es geht", enum: ["Impfung", "Reisen"] },
        { key: "Jahr", type: "number", description: "", enum: null },
      ],
    });
  });

  it("shows the server's message when saving fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ code: 102, message: "Dataset name 'X' already exists", data: null }), {
        status: 200,
      }),
    );
    const toast = vi.spyOn(toaster, "create");
    renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
    save();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: "error", description: "Es gibt bereits eine Wissensdatenbank namens „X“." }),
      ),
    );
  });

  it("translates field errors into English", async () => {
    await changeLanguage("en");
    try {
      renderWithProviders(<DatasetConfigurationForm dataset={makeDataset()} />);
      fill("chunk_token_num", "4096");
      save("Save");
      expect(await screen.findByText("The value must be at most 2048.")).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });
});

const modelsOverview: ModelsOverview = {
  providers: [
    {
      name: "Builtin",
      local: true,
      types: ["embedding", "chat"],
      models: [model("builtin-hash", "Builtin", "embedding"), model("builtin-extractive", "Builtin", "chat")],
    },
    {
      name: "OpenAI",
      local: false,
      types: ["chat", "embedding"],
      models: [
        model("text-embedding-3-large", "OpenAI", "embedding"),
        model("gpt-4o", "OpenAI", "chat"),
        model("text-embedding-3-small", "OpenAI", "embedding", false),
      ],
    },
  ],
  available: [],
  defaults: NO_MODELS.defaults,
};

function model(name: string, provider: string, type: "chat" | "embedding", enabled = true) {
  return configuredModel({ model_id: `${name}@${provider}`, llm_name: name, model_type: type, enabled });
}

// the page's requests: the dataset, the team's knowledge bases (for tag sets), and the team's models while the
// embedding model may still change
const api = (dataset: Dataset, others: Dataset[] = [], models = modelsOverview) =>
  vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (url) =>
      MODEL_URLS.includes(String(url))
        ? ok(modelsAnswer(String(url), models))
        : String(url).endsWith("/tags")
          ? ok([["Reise", 2]])
          : String(url).includes("/index?type=")
            ? ok({})
            : String(url).includes("/datasets?")
              ? new Response(JSON.stringify({ code: 0, data: [dataset, ...others], total_datasets: others.length + 1 }))
              : ok(dataset),
    );

// in a router (the index panels link to the model settings), loaded before it renders
const renderPage = async () => {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: "/",
    component: () => (
      <Suspense fallback="…">
        <DatasetConfigurationPage />
      </Suspense>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await router.load();
  return renderWithProviders(<RouterProvider router={router} />);
};

describe("DatasetConfigurationPage", () => {
  it("offers the team's enabled embedding models while the knowledge base is empty", async () => {
    api(makeDataset({ embedding_model: "builtin-hash@Builtin" }));
    await renderPage();
    await waitFor(() => expect((input("embedding_model") as unknown as HTMLSelectElement).options).toHaveLength(2));
    const select = input("embedding_model") as unknown as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["builtin-hash@Builtin", "Integriertes lexikalisches Offline-Modell (builtin-hash)"],
      ["text-embedding-3-large@OpenAI", "text-embedding-3-large (OpenAI)"],
    ]);
  });

  it("asks for the models once, for the index panels' model check, once the knowledge base has chunks", async () => {
    const fetchSpy = api(makeDataset({ chunk_count: 3 }));
    await renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Konfiguration" })).toBeTruthy();
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).includes("/datasets?"))).toBe(true));
    await screen.findByTestId("graph-needs-model", {}, { timeout: 10_000 });
    expect(fetchSpy.mock.calls.filter(([url]) => String(url) === "/api/v1/models")).toHaveLength(1);
  });

  it("says why the graph and mind map cannot be built with only the built-in model, and links to the models (issue 32)", async () => {
    api(makeDataset({ chunk_count: 3 }));
    await renderPage();
    const graph = await screen.findByTestId("graph-needs-model", {}, { timeout: 10_000 });
    expect(graph.textContent).toContain("Der Wissensgraph braucht ein Chat-Modell");
    expect(
      within(graph)
        .getByRole("link", { name: /Zu den Modelleinstellungen/ })
        .getAttribute("href"),
    ).toBe("/user-setting/model");
    expect(await screen.findByTestId("mindmap-needs-model")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Wissensgraph erzeugen" })).toBeNull();
  });

  it("says next to the Resume method that it needs a chat model the team has not set", {
    timeout: 20_000,
  }, async () => {
    api(makeDataset({ chunk_method: "resume" }));
    await renderPage();
    const note = await screen.findByTestId("chunk-method-needs-model", {}, { timeout: 10_000 });
    expect(note.textContent).toContain("Es ist kein Chat-Modell festgelegt, das schreiben kann");
    expect(
      within(note)
        .getByRole("link", { name: /Zu den Modelleinstellungen/ })
        .getAttribute("href"),
    ).toBe("/user-setting/model");
  });

  it("checks Resume against the knowledge base's own chat model before the team's default", {
    timeout: 20_000,
  }, async () => {
    // the team's default writes, but the knowledge base names the built-in extractive model, which Resume uses
    api(makeDataset({ chunk_method: "resume" }, { llm_id: "builtin-extractive@Builtin" }), [], {
      ...modelsOverview,
      defaults: { ...modelsOverview.defaults, llm_id: "gpt-4o@OpenAI" },
    });
    await renderPage();
    const note = await screen.findByTestId("chunk-method-needs-model", {}, { timeout: 15_000 });
    expect(note.textContent).toContain("Es ist kein Chat-Modell festgelegt, das schreiben kann");
  });

  it("offers to build the graph when the knowledge base has a chat model of its own", async () => {
    api(makeDataset({ chunk_count: 3 }, { llm_id: "gpt-4o@OpenAI" }));
    await renderPage();
    expect(await screen.findByRole("button", { name: "Wissensgraph erzeugen" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("graph-needs-model")).toBeNull();
  });

  it("loads the dataset named in the URL", async () => {
    const fetchSpy = api(makeDataset({ name: "Aus der API" }));
    await renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Konfiguration" })).toBeTruthy();
    expect(input("name").value).toBe("Aus der API");
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(`/api/v1/datasets/${ID}`);
  });

  it("offers the team's tag-method knowledge bases as tag sets, keeping a chosen one that is gone", async () => {
    const gone = "9".repeat(32);
    api(makeDataset({ chunk_method: "tag", name: "Ich selbst" }, { tag_kb_ids: [gone] }), [
      makeDataset({ id: TAG_KB, name: "Symptom-Tags", chunk_method: "tag" }),
      makeDataset({ id: "b".repeat(32), name: "Leitlinien", chunk_method: "naive" }),
    ]);
    await renderPage();
    const labels = () =>
      [...document.querySelectorAll("label")]
        .filter((label) => label.querySelector("[name='tag_kb_ids']"))
        .map((label) => label.textContent);
    await waitFor(() => expect(labels()).toEqual(["Symptom-Tags", `Unbekannte Wissensdatenbank (${gone})`]));
    // a tag set's own page lists its tags
    expect(await screen.findByRole("table", { name: "Tags dieses Tag-Sets" })).toBeTruthy();
    expect((screen.getByLabelText(`Unbekannte Wissensdatenbank (${gone})`) as HTMLInputElement).checked).toBe(true);
  });

  it("says how to make a tag set when the team has none", async () => {
    api(makeDataset(), [makeDataset({ id: "b".repeat(32), name: "Leitlinien" })]);
    await renderPage();
    expect((await screen.findByTestId("tag-sets-empty")).textContent).toContain("Chunk-Methode „Tag“");
  });
});
