import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SearchApp, SearchBackend, SearchFrame, SearchRequest } from "../../../web/api/searches";
import { searchShareUrl } from "../../../web/api/searches";
import { SearchRunner } from "../../../web/features/search/search-runner";
import { SearchSettingsDialog } from "../../../web/features/search/settings-dialog";
import { parseSharedSearchParams } from "../../../web/features/search/shared-search-page";
import { settingsValuesOf, validateSettings } from "../../../web/features/search/settings-form";
import type { Reference } from "../../../worker/contract/chats";
import type { RetrievalResult, RetrievedChunk } from "../../../worker/contract/retrieval";
import { MODEL_URLS, modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const DOC_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const DOC_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const KB = "0123456789abcdef0123456789abcdef";

const chunk = (id: string, documentId: string, name: string, content: string): RetrievedChunk => ({
  id,
  content,
  content_ltks: content.toLowerCase(),
  document_id: documentId,
  document_keyword: name,
  dataset_id: KB,
  highlight: content.replace("Impfung", "<em>Impfung</em>"),
  image_id: "",
  important_keywords: [],
  questions: [],
  positions: [],
  similarity: 0.8,
  term_similarity: 0.6,
  vector_similarity: 0.4,
  tag_kwd: [],
});

const HITS = [
  chunk("c1", DOC_A, "impfung.txt", "Die Impfung ist ab 60 empfohlen."),
  chunk("c2", DOC_B, "kosten.txt", "Die Impfung zahlt die Kasse."),
];

// A backend that answers from memory: results filtered by document, a scripted summary, related questions.
const fakeBackend = (frames: SearchFrame[] = [], related: string[] = []) => {
  const requests: SearchRequest[] = [];
  const asked: { question: string; docIds: string[] }[] = [];
  const backend: SearchBackend = {
    key: ["test-search", crypto.randomUUID()],
    results: async (request) => {
      requests.push(request);
      const chunks = HITS.filter((hit) => request.docIds.length === 0 || request.docIds.includes(hit.document_id));
      const result: RetrievalResult = {
        chunks,
        total: chunks.length,
        doc_aggs: chunks.map((hit) => ({ doc_id: hit.document_id, doc_name: hit.document_keyword, count: 1 })),
      };
      return result;
    },
    ask: async (question, docIds, onFrame) => {
      asked.push({ question, docIds });
      for (const frame of frames) onFrame(frame);
    },
    related: vi.fn(async () => related),
    mindMap: vi.fn(async (question: string) => ({
      id: "Impfen",
      children: [
        { id: question, children: [{ id: "ab 60 empfohlen", children: [] }] },
        { id: "Kosten", children: [] },
      ],
    })),
  };
  return { backend, requests, asked };
};

const search = (text: string) => {
  fireEvent.change(screen.getByRole("textbox", { name: "Suchbegriff oder Frage" }), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Suchen" }));
};

const reference: Reference = {
  total: 1,
  chunks: [
    {
      id: "c1",
      content: "Die Impfung ist ab 60 empfohlen.",
      document_id: DOC_A,
      document_name: "impfung.txt",
      dataset_id: KB,
      image_id: "",
      positions: [],
      url: null,
      similarity: 0.8,
      vector_similarity: 0.4,
      term_similarity: 0.6,
      doc_type: "",
    },
  ],
  doc_aggs: [{ doc_id: DOC_A, doc_name: "impfung.txt", count: 1 }],
};

describe("search page", () => {
  it("lists hits with highlight and document names, and the document filter narrows them", async () => {
    const { backend, requests } = fakeBackend();
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: false, related: false, highlight: true, mindMap: false }}
        documentLinks
      />,
    );
    expect(screen.getByTestId("search-idle")).toBeTruthy();
    search("Impfung");
    await waitFor(() => expect(screen.getAllByTestId("retrieval-chunk")).toHaveLength(2));
    expect(screen.getByTestId("search-total").textContent).toContain("2 Treffer");
    expect(screen.getAllByText("Impfung", { selector: "mark" })).toHaveLength(2);
    expect(screen.getByText("kosten.txt")).toBeTruthy();

    const filter = screen.getByTestId("search-document-filter");
    fireEvent.click(within(filter).getByText("kosten.txt (1)"));
    await waitFor(() => expect(screen.getAllByTestId("retrieval-chunk")).toHaveLength(1));
    expect(within(screen.getByTestId("search-hits")).getByText("kosten.txt")).toBeTruthy();
    expect(within(screen.getByTestId("search-hits")).queryByText("impfung.txt")).toBeNull();
    expect(requests.at(-1)).toMatchObject({ question: "Impfung", docIds: [DOC_B], page: 1 });
    // the filter still offers every document of the whole result
    expect(within(filter).getByText("impfung.txt (1)")).toBeTruthy();

    fireEvent.click(within(filter).getByRole("button", { name: "Alle Dokumente" }));
    await waitFor(() => expect(screen.getAllByTestId("retrieval-chunk")).toHaveLength(2));
  });

  it("refuses an empty search and shows no highlight when the app turns it off", async () => {
    const { backend, requests } = fakeBackend();
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: false, related: false, highlight: false, mindMap: false }}
        documentLinks
      />,
    );
    search("   ");
    expect(screen.getByText("Bitte geben Sie einen Suchbegriff ein.")).toBeTruthy();
    expect(requests).toHaveLength(0);
    search("Impfung");
    await waitFor(() => expect(screen.getAllByTestId("retrieval-chunk")).toHaveLength(2));
    expect(screen.queryAllByText("Impfung", { selector: "mark" })).toHaveLength(0);
  });

  it("renders the streamed summary with citations, and related questions as chips that search again", async () => {
    const frames: SearchFrame[] = [
      { answer: "Ab 60 Jahren ", reference: {}, final: false },
      { answer: "empfohlen [ID:0].", reference: {}, final: false },
      { answer: "", reference, final: true, content: "Ab 60 Jahren empfohlen [ID:0]." },
    ];
    const { backend, asked } = fakeBackend(frames, ["Wer zahlt die Impfung?"]);
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: true, related: true, highlight: true, mindMap: false }}
        documentLinks={false}
      />,
    );
    search("Grippeimpfung");
    const summary = await screen.findByTestId("search-summary");
    await waitFor(() =>
      expect(within(summary).getByTestId("answer-markdown").textContent).toContain("Ab 60 Jahren empfohlen"),
    );
    const citation = within(summary).getByTestId("citation");
    expect(citation.textContent).toContain("1");
    fireEvent.click(citation);
    expect((await screen.findByTestId("citation-chunk")).textContent).toContain("Die Impfung ist ab 60 empfohlen.");
    expect(asked).toEqual([{ question: "Grippeimpfung", docIds: [] }]);

    const chip = await screen.findByRole("button", { name: "Wer zahlt die Impfung?" });
    fireEvent.click(chip);
    await waitFor(() => expect(asked.at(-1)).toEqual({ question: "Wer zahlt die Impfung?", docIds: [] }));
    expect((screen.getByRole("textbox", { name: "Suchbegriff oder Frage" }) as HTMLInputElement).value).toBe(
      "Wer zahlt die Impfung?",
    );
  });

  it("shows the offline notice of a built-in summary, with the model settings link only on the owner's page", async () => {
    const notice = { code: "offline_model" as const, message: "Offline model: quotes the sources only." };
    const frames: SearchFrame[] = [
      { answer: "Aus den Quellen: ", reference: {}, final: false },
      { answer: "", reference, final: true, content: "Aus den Quellen:\n\n> Ab 60 Jahren empfohlen. [ID:0]", notice },
    ];
    for (const owner of [true, false]) {
      const { backend } = fakeBackend(frames);
      const view = renderWithProviders(
        <SearchRunner
          backend={backend}
          switches={{ summary: true, related: false, highlight: true, mindMap: false }}
          documentLinks={owner}
        />,
      );
      search("Grippeimpfung");
      const note = await within(await screen.findByTestId("search-summary")).findByRole("note");
      expect(note.textContent).toContain("Offline-Modell: zitiert nur aus den Quellen.");
      expect(within(note).queryByRole("link")?.getAttribute("href") ?? null).toBe(owner ? "/user-setting/model" : null);
      view.unmount();
    }
    // a configured model's summary carries no notice
    const { backend } = fakeBackend([{ answer: "", reference, final: true, content: "Ab 60 [ID:0]." }]);
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: true, related: false, highlight: true, mindMap: false }}
        documentLinks
      />,
    );
    search("Grippeimpfung");
    const summary = await screen.findByTestId("search-summary");
    await waitFor(() => expect(within(summary).getByTestId("answer-markdown").textContent).toContain("Ab 60"));
    expect(within(summary).queryByRole("note")).toBeNull();
  });

  it("shows the search's mind map as an outline when the app asks for one, and can fold it", async () => {
    const { backend } = fakeBackend();
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: false, related: false, highlight: true, mindMap: true }}
        documentLinks
      />,
    );
    search("Grippeimpfung");
    const panel = await screen.findByTestId("search-mindmap");
    expect((await within(panel).findByTestId("mindmap-root")).textContent).toBe("Impfen");
    expect(within(panel).getByText("Grippeimpfung")).toBeTruthy();
    expect(within(panel).getByText("ab 60 empfohlen")).toBeTruthy();
    expect(backend.mindMap).toHaveBeenCalledWith("Grippeimpfung");
    const toggle = within(panel).getByRole("button", { name: "Mindmap" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("false"));
  });

  it("asks for no mind map when the app has it off, and says when it found nothing", async () => {
    const off = fakeBackend();
    const { unmount } = renderWithProviders(
      <SearchRunner
        backend={off.backend}
        switches={{ summary: false, related: false, highlight: true, mindMap: false }}
        documentLinks
      />,
    );
    search("Grippeimpfung");
    await screen.findByTestId("search-total");
    expect(off.backend.mindMap).not.toHaveBeenCalled();
    expect(screen.queryByTestId("search-mindmap")).toBeNull();
    unmount();
    const empty = fakeBackend();
    empty.backend.mindMap = vi.fn(async () => ({ id: "root", children: [] }));
    renderWithProviders(
      <SearchRunner
        backend={empty.backend}
        switches={{ summary: false, related: false, highlight: true, mindMap: true }}
        documentLinks
      />,
    );
    search("Quantenphysik");
    expect(await screen.findByText("Keine Abschnitte für eine Mindmap gefunden.")).toBeTruthy();
  });

  it("says so when the summary found nothing", async () => {
    const { backend } = fakeBackend([
      { answer: "", reference: { total: 0, chunks: [], doc_aggs: [] }, final: true, content: "" },
    ]);
    renderWithProviders(
      <SearchRunner
        backend={backend}
        switches={{ summary: true, related: false, highlight: true, mindMap: false }}
        documentLinks
      />,
    );
    search("Quantenphysik");
    expect(await screen.findByText("In den Wissensdatenbanken wurde dazu nichts gefunden.")).toBeTruthy();
  });
});

const APP: SearchApp = {
  id: "5ea5c4005ea5c4005ea5c4005ea5c400",
  tenant_id: "7e7a7e7a7e7a7e7a7e7a7e7a7e7a7e7a",
  created_by: "7e7a7e7a7e7a7e7a7e7a7e7a7e7a7e7a",
  name: "Impfungen",
  description: "",
  avatar: null,
  search_config: {
    kb_ids: [],
    doc_ids: [],
    similarity_threshold: 0.2,
    vector_similarity_weight: 0.3,
    top_k: 1024,
    rerank_id: "",
    keyword: false,
    highlight: true,
    use_kg: false,
    cross_languages: [],
    summary: true,
    meta_data_filter: { method: "disabled", logic: "and", manual: [] },
    related_search: true,
    query_mindmap: false,
    chat_id: "",
    llm_setting: {},
  },
  create_time: 1,
  update_time: 1,
};

// The settings dialog's requests: one knowledge base, no models; every PUT body is recorded and answered.
const settingsApi = () => {
  const puts: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (data: unknown, extra: Record<string, unknown> = {}) =>
      new Response(JSON.stringify({ code: 0, message: "success", data, ...extra }), { status: 200 });
    if (url.startsWith("/api/v1/datasets"))
      return json([{ id: KB, name: "Leitlinien", embedding_model: "builtin-hash@Builtin", chunk_count: 4 }], {
        total_datasets: 1,
      });
    if (MODEL_URLS.includes(url)) return json(modelsAnswer(url));
    if (url === `/api/v1/searches/${APP.id}` && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return json({ ...APP, search_config: { ...APP.search_config, ...(body.search_config as object) } });
    }
    return new Response("not found", { status: 404 });
  });
  return puts;
};

describe("search app settings", () => {
  it("validates name, knowledge bases and top_k", () => {
    const values = settingsValuesOf(APP);
    expect(validateSettings(values)).toEqual({ kbIds: "search.config.errors.knowledge" });
    expect(validateSettings({ ...values, name: " ", kbIds: [KB], topK: "0" })).toEqual({
      name: "validation.required",
      topK: "search.config.errors.topK",
    });
    expect(validateSettings({ ...values, kbIds: [KB], topK: "2049" })).toEqual({ topK: "search.config.errors.topK" });
    expect(validateSettings({ ...values, kbIds: [KB], topK: "1.5" })).toEqual({ topK: "search.config.errors.topK" });
    expect(validateSettings({ ...values, kbIds: [KB], topK: "12" })).toEqual({});
  });

  it("saves nothing until a knowledge base is chosen, shows the keyword weight as 1 − vector weight, then saves", async () => {
    const puts = settingsApi();
    const onClose = vi.fn();
    renderWithProviders(<SearchSettingsDialog app={APP} onClose={onClose} />);
    expect(screen.getByTestId("search-keyword-weight").textContent).toContain("0,7");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Bitte wählen Sie mindestens eine Wissensdatenbank.")).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.click(await screen.findByRole("checkbox", { name: "Leitlinien" }));
    await waitFor(() => expect(screen.queryByText("Bitte wählen Sie mindestens eine Wissensdatenbank.")).toBeNull());
    fireEvent.change(screen.getByRole("spinbutton", { name: /Top-K/ }), { target: { value: "64" } });
    const useKg = screen.getByLabelText("Wissensgraph verwenden") as HTMLInputElement;
    fireEvent.click(useKg);
    await waitFor(() => expect(useKg.checked).toBe(true));
    const english = within(screen.getByRole("group", { name: /Sprachübergreifende Suche/ })).getByRole("checkbox", {
      name: "Englisch",
    }) as HTMLInputElement;
    fireEvent.click(english);
    await waitFor(() => expect(english.checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]).toMatchObject({
      name: "Impfungen",
      search_config: {
        kb_ids: [KB],
        top_k: 64,
        vector_similarity_weight: 0.3,
        summary: true,
        use_kg: true,
        cross_languages: ["English"],
      },
    });
    expect((puts[0]?.search_config as Record<string, unknown> | undefined)?.meta_data_filter).toEqual({
      method: "disabled",
      logic: "and",
      manual: [],
    });
  });

  it("saves a metadata filter as the app's meta_data_filter, refusing a condition without a field name", async () => {
    const puts = settingsApi();
    const app = { ...APP, search_config: { ...APP.search_config, kb_ids: [KB] } };
    const { unmount } = renderWithProviders(<SearchSettingsDialog app={app} onClose={() => undefined} />);
    const method = () => screen.getByRole("combobox", { name: "Metadaten-Filter" });
    fireEvent.change(method(), { target: { value: "manual" } });
    fireEvent.click(screen.getByRole("button", { name: "Bedingung hinzufügen" }));
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Jede Bedingung braucht einen Feldnamen.")).toBeTruthy();
    expect(puts).toHaveLength(0);
    fireEvent.change(screen.getByRole("textbox", { name: "Feld der Bedingung 1" }), { target: { value: "Autor" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Wert der Bedingung 1" }), { target: { value: "RKI" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0]?.search_config as Record<string, unknown> | undefined)?.meta_data_filter).toEqual({
      method: "manual",
      logic: "and",
      manual: [{ key: "Autor", op: "=", value: "RKI" }],
    });
    unmount();

    // semi-automatic: the chat model may filter on the fields named, and needs at least one
    renderWithProviders(<SearchSettingsDialog app={app} onClose={() => undefined} />);
    fireEvent.change(method(), { target: { value: "semi_auto" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Bitte mindestens ein Feld nennen.")).toBeTruthy();
    expect(puts).toHaveLength(1);
    fireEvent.change(screen.getByRole("textbox", { name: /Felder für das Chat-Modell/ }), {
      target: { value: " Autor, Jahr,Autor " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1]?.search_config as Record<string, unknown> | undefined)?.meta_data_filter).toEqual({
      method: "semi_auto",
      logic: "and",
      manual: [],
      semi_auto: ["Autor", "Jahr"],
    });
  });
});

describe("search share links", () => {
  it("builds RAGFlow's share URL and reads it back", () => {
    const url = searchShareUrl("https://buddy.example", APP, "share-abc", { locale: "en", theme: "dark" });
    expect(url).toBe(
      `https://buddy.example/next-search/share?shared_id=${APP.id}&from=search&auth=share-abc&tenantId=${APP.tenant_id}&locale=en&theme=dark`,
    );
    expect(parseSharedSearchParams(new URL(url).search)).toEqual({
      searchId: APP.id,
      token: "share-abc",
      locale: "en",
      theme: "dark",
    });
  });
});
