import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../../web/i18n";
import { parseHighlight } from "../../../web/features/retrieval/highlight";
import { RetrievalTestingPage } from "../../../web/features/retrieval";
import type { RetrievalResult, RetrievedChunk } from "../../../worker/contract/retrieval";
import { MODEL_URLS, modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const ID = "0123456789abcdef0123456789abcdef";
const DOC_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const DOC_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

const makeChunk = (overrides: Partial<RetrievedChunk> = {}): RetrievedChunk => ({
  id: "c1",
  content: "Der Blutdruck steigt.",
  content_ltks: "der blutdruck steigt",
  document_id: DOC_A,
  document_keyword: "leitlinie.pdf",
  dataset_id: ID,
  highlight: "Der <em>Blutdruck</em> steigt.",
  image_id: "",
  important_keywords: [],
  questions: [],
  positions: [],
  similarity: 0.8567,
  term_similarity: 0.5,
  vector_similarity: 0.123,
  tag_kwd: [],
  ...overrides,
});

const result = (overrides: Partial<RetrievalResult> = {}): RetrievalResult => ({
  chunks: [makeChunk()],
  doc_aggs: [
    { doc_id: DOC_A, doc_name: "leitlinie.pdf", count: 3 },
    { doc_id: DOC_B, doc_name: "notizen.txt", count: 1 },
  ],
  total: 4,
  ...overrides,
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });

type Body = Record<string, unknown>;
const retrievalCalls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([input]) => String(input) === "/api/v1/retrieval");

// Answers POST /retrieval with `answer(body)` and records every request body.
const mockRetrieval = (answer: (body: Body) => unknown = () => result()) => {
  const bodies: Body[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    // the rerank choice lists the team's models
    if (MODEL_URLS.includes(String(input))) return ok(modelsAnswer(String(input)));
    expect(String(input)).toBe("/api/v1/retrieval");
    expect(init?.method).toBe("POST");
    const body = JSON.parse(String(init?.body)) as Body;
    bodies.push(body);
    return ok(answer(body));
  });
  return { spy, bodies };
};

const questionBox = () => screen.getByRole("textbox", { name: /Frage/ });
const ask = (question: string) => {
  fireEvent.change(questionBox(), { target: { value: question } });
  fireEvent.keyDown(questionBox(), { key: "Enter" });
};
const keywordWeight = () => screen.getByTestId("keyword_similarity_weight-value").textContent;
const vectorWeight = () => screen.getByTestId("vector_similarity_weight-value").textContent;

describe("RetrievalTestingPage", () => {
  it("asks for the knowledge graph chunk when the switch is on", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    const useKg = screen.getByLabelText("Wissensgraph verwenden") as HTMLInputElement;
    fireEvent.click(useKg);
    await waitFor(() => expect(useKg.checked).toBe(true));
    ask("Wer leitet das Institut?");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ question: "Wer leitet das Institut?", use_kg: true });
  });

  it("sends the languages ticked for cross-language search", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    const languages = within(screen.getByRole("group", { name: /Sprachübergreifende Suche/ }));
    const english = languages.getByRole("checkbox", { name: "Englisch" }) as HTMLInputElement;
    fireEvent.click(english);
    await waitFor(() => expect(english.checked).toBe(true));
    fireEvent.click(languages.getByRole("checkbox", { name: "Französisch" }));
    await waitFor(() =>
      expect((languages.getByRole("checkbox", { name: "Französisch" }) as HTMLInputElement).checked).toBe(true),
    );
    ask("Wer leitet das Institut?");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ question: "Wer leitet das Institut?", cross_languages: ["English", "French"] });
  });

  it("POSTs the question as snake_case JSON with this dataset and weights that add up to 1", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    expect(screen.getByText("Geben Sie eine Frage ein und klicken Sie auf „Testen“.")).toBeTruthy();
    ask("  Wie hoch ist der Blutdruck?  ");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    const [, init] = retrievalCalls(spy)[0] as [string, RequestInit];
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(bodies[0]).toEqual({
      question: "Wie hoch ist der Blutdruck?",
      dataset_ids: [ID],
      document_ids: [],
      similarity_threshold: 0.2,
      vector_similarity_weight: 0.3,
      keyword_similarity_weight: 0.7,
      top_k: 1024,
      highlight: true,
      use_kg: false,
      cross_languages: [],
      page: 1,
      page_size: 10,
    });
    const body = bodies[0] as { vector_similarity_weight: number; keyword_similarity_weight: number };
    expect(body.vector_similarity_weight + body.keyword_similarity_weight).toBeCloseTo(1, 6);
    expect(await screen.findByText("4 Abschnitte gefunden")).toBeTruthy();
  });

  it("sends the rerank model, top K and the test button's click", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    fireEvent.change(questionBox(), { target: { value: "Blutdruck" } });
    const rerank = screen.getByRole("combobox", { name: "Rerank-Modell" }) as HTMLSelectElement;
    expect([...rerank.options].map((option) => [option.value, option.text])).toEqual([
      ["", "Keines"],
      ["builtin-rerank@Builtin", "Integrierter lexikalischer Reranker (builtin-rerank)"],
    ]);
    fireEvent.change(rerank, { target: { value: "builtin-rerank@Builtin" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Top K" }), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Testen" }));
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ rerank_id: "builtin-rerank@Builtin", top_k: 50 });
    await screen.findByText("4 Abschnitte gefunden");
    // testing the same question again asks the server again
    fireEvent.click(screen.getByRole("button", { name: "Testen" }));
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(2));
  });

  it("requires a question and a top K of at least 1; Shift+Enter only adds a line", () => {
    const { spy } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    fireEvent.change(questionBox(), { target: { value: "   " } });
    fireEvent.keyDown(questionBox(), { key: "Enter" });
    expect(screen.getByText("Bitte geben Sie eine Frage ein.")).toBeTruthy();
    fireEvent.change(questionBox(), { target: { value: "Blutdruck" } });
    fireEvent.keyDown(questionBox(), { key: "Enter", shiftKey: true });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Top K" }), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Testen" }));
    expect(screen.getByText("Top K muss eine ganze Zahl ab 1 sein.")).toBeTruthy();
    expect(retrievalCalls(spy)).toHaveLength(0);
  });

  it("keeps keyword weight = 1 − vector weight when the slider moves or a value is typed", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    expect(vectorWeight()).toBe("0,30");
    expect(keywordWeight()).toBe("0,70");
    // happy-dom cannot measure the thumb, so zag keeps it visibility: hidden (and nameless for the a11y queries)
    const label = screen.getByText("Gewicht der Vektorähnlichkeit", { selector: "label" });
    const thumb = screen
      .getAllByRole("slider", { hidden: true })
      .find((el) => el.getAttribute("aria-labelledby") === label.id);
    if (!thumb) throw new Error("no vector weight slider");
    fireEvent.focus(thumb);
    fireEvent.keyDown(thumb, { key: "ArrowRight" });
    await waitFor(() => expect(vectorWeight()).toBe("0,31"));
    expect(keywordWeight()).toBe("0,69");
    fireEvent.keyDown(thumb, { key: "End" });
    await waitFor(() => expect(keywordWeight()).toBe("0,00"));
    expect(vectorWeight()).toBe("1,00");
    const box = screen.getByRole("spinbutton", { name: "Gewicht der Vektorähnlichkeit als Zahl" }) as HTMLInputElement;
    expect(box.value).toBe("1");
    fireEvent.change(box, { target: { value: "0.45" } });
    expect(vectorWeight()).toBe("0,45");
    expect(keywordWeight()).toBe("0,55");
    expect(thumb.getAttribute("aria-valuenow")).toBe("0.45");
    ask("Blutdruck");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ vector_similarity_weight: 0.45, keyword_similarity_weight: 0.55 });
  });

  it("marks the matched words and renders everything else as text, scripts included", async () => {
    mockRetrieval(() =>
      result({
        chunks: [
          makeChunk(),
          makeChunk({
            id: "c2",
            document_keyword: "notizen.txt",
            document_id: DOC_B,
            highlight:
              "Vorsicht <script>alert(1)</script> beim <em>Blutdruck</em> &amp; &lt;b&gt;Puls&lt;/b&gt; <img src=x onerror=alert(2)>",
            similarity: 0.5,
            term_similarity: 1,
            vector_similarity: 0,
          }),
        ],
      }),
    );
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    // the color-mode provider has a script of its own
    const scripts = document.querySelectorAll("script").length;
    ask("Blutdruck");
    const cards = await screen.findAllByTestId("retrieval-chunk");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect([...first.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Blutdruck"]);
    expect(within(first).getByText("leitlinie.pdf")).toBeTruthy();
    expect(within(first).getByText("Ähnlichkeit 0,86")).toBeTruthy();
    expect(within(first).getByText("Begriffsähnlichkeit 0,50")).toBeTruthy();
    expect(within(first).getByText("Vektorähnlichkeit 0,12")).toBeTruthy();
    expect(document.querySelectorAll("script")).toHaveLength(scripts);
    expect(second.querySelector("script")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect(second.querySelector("b")).toBeNull();
    expect([...second.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Blutdruck"]);
    expect(within(second).getByTestId("retrieval-chunk-text").textContent).toBe(
      "Vorsicht <script>alert(1)</script> beim Blutdruck & <b>Puls</b> <img src=x onerror=alert(2)>",
    );
    expect(within(second).getByText("Vektorähnlichkeit 0,00")).toBeTruthy();
  });

  it("shows a chunk's image as a thumbnail that opens full size", async () => {
    const url = `/api/v1/document/image/${ID}-${DOC_B}?signature=${"a".repeat(64)}`;
    mockRetrieval(() =>
      result({
        chunks: [
          makeChunk(),
          makeChunk({
            id: "c2",
            document_keyword: "impfpass.png",
            document_id: DOC_B,
            image_id: `${ID}-${DOC_B}`,
            image_url: url,
          }),
        ],
      }),
    );
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    ask("Blutdruck");
    const [first, second] = (await screen.findAllByTestId("retrieval-chunk")) as [HTMLElement, HTMLElement];
    expect(first.querySelector("img")).toBeNull();
    const link = within(second).getByRole("link", { name: "Bild aus impfpass.png öffnen" });
    expect(link.getAttribute("href")).toBe(url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(link).getByRole("img", { name: "impfpass.png" }).getAttribute("src")).toBe(url);
  });

  it("shows the empty state when no chunk passes the threshold", async () => {
    mockRetrieval(() => ({ chunks: [], doc_aggs: [], total: 0 }));
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    ask("Etwas ganz anderes");
    expect(await screen.findByText("Kein Abschnitt hat die Ähnlichkeitsschwelle erreicht.")).toBeTruthy();
    expect(screen.getByText("0 Abschnitte gefunden")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Dokumente im Ergebnis" })).toBeNull();
  });

  it("speaks English too", async () => {
    await changeLanguage("en");
    try {
      mockRetrieval(() => ({ chunks: [], doc_aggs: [], total: 0 }));
      renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
      expect(screen.getByRole("heading", { level: 1, name: "Retrieval testing" })).toBeTruthy();
      expect(screen.getByText("Keyword similarity weight")).toBeTruthy();
      expect(keywordWeight()).toBe("0.70");
      fireEvent.change(screen.getByRole("textbox", { name: /Question/ }), { target: { value: "blood pressure" } });
      fireEvent.click(screen.getByRole("button", { name: "Test" }));
      expect(await screen.findByText("No chunk passed the similarity threshold.")).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });

  it("limits the test to the documents picked in the filter", async () => {
    const bodies: Body[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (MODEL_URLS.includes(url)) return ok(modelsAnswer(url));
      if (url.startsWith(`/api/v1/datasets/${ID}/documents`)) {
        expect(url).toContain("page_size=1000");
        return ok({
          total: 2,
          docs: [
            { id: DOC_A, name: "leitlinie.pdf", run: "DONE" },
            { id: DOC_B, name: "notizen.txt", run: "DONE" },
          ],
        });
      }
      bodies.push(JSON.parse(String(init?.body)) as Body);
      return ok(result());
    });
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    // the document list loads only when the filter opens
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes("/documents"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Alle Dokumente" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "notizen.txt" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "1 Dokument" })).toBeTruthy());
    ask("Blutdruck");
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dataset_ids: [ID], document_ids: [DOC_B] });
  });

  it("sends metadata conditions, refusing a condition without a field name", async () => {
    const { spy, bodies } = mockRetrieval();
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    const add = screen.getByRole("button", { name: "Bedingung hinzufügen" });
    fireEvent.click(add);
    ask("Impfung");
    expect(await screen.findByText("Jede Bedingung braucht einen Feldnamen.")).toBeTruthy();
    expect(retrievalCalls(spy)).toHaveLength(0);

    fireEvent.change(screen.getByRole("textbox", { name: "Feld der Bedingung 1" }), { target: { value: " Jahr " } });
    fireEvent.change(screen.getByRole("combobox", { name: "Vergleich der Bedingung 1" }), { target: { value: "≥" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Wert der Bedingung 1" }), { target: { value: "2023" } });
    fireEvent.click(add);
    fireEvent.change(screen.getByRole("textbox", { name: "Feld der Bedingung 2" }), { target: { value: "Quelle" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Vergleich der Bedingung 2" }), {
      target: { value: "empty" },
    });
    // "is empty" takes no value
    expect(screen.queryByRole("textbox", { name: "Wert der Bedingung 2" })).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Verknüpfung" }), { target: { value: "or" } });
    ask("Impfung");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(1));
    expect(bodies[0]?.metadata_condition).toEqual({
      logic: "or",
      conditions: [
        { name: "Jahr", comparison_operator: "≥", value: "2023" },
        { name: "Quelle", comparison_operator: "empty", value: "" },
      ],
    });

    fireEvent.click(screen.getByRole("button", { name: "Bedingung 2 entfernen" }));
    fireEvent.click(screen.getByRole("button", { name: "Bedingung 1 entfernen" }));
    ask("Impfung");
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty("metadata_condition");
  });

  it("shows the server's message when retrieval fails", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      MODEL_URLS.includes(String(input))
        ? ok(modelsAnswer(String(input)))
        : new Response(JSON.stringify({ code: 102, message: "You don't own the dataset x.", data: null }), {
            status: 200,
          }),
    );
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    ask("Blutdruck");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Darauf haben Sie keinen Zugriff.");
  });

  it("narrows the request to a document when its aggregate is clicked, and back", async () => {
    const { spy, bodies } = mockRetrieval((body) =>
      (body.document_ids as string[]).length
        ? result({ doc_aggs: [{ doc_id: DOC_B, doc_name: "notizen.txt", count: 1 }], total: 1 })
        : result(),
    );
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    ask("Blutdruck");
    const sidebar = await screen.findByRole("navigation", { name: "Dokumente im Ergebnis" });
    const notes = within(sidebar).getByRole("button", { name: "Nur Treffer aus notizen.txt anzeigen (1)" });
    fireEvent.click(notes);
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ question: "Blutdruck", dataset_ids: [ID], document_ids: [DOC_B], page: 1 });
    expect(await screen.findByText("1 Abschnitt gefunden")).toBeTruthy();
    // the sidebar still lists every document of the whole result
    expect(
      within(sidebar)
        .getByRole("button", { name: /leitlinie\.pdf/ })
        .getAttribute("aria-pressed"),
    ).toBe("false");
    expect(notes.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(sidebar).getByRole("button", { name: "Alle Dokumente anzeigen" }));
    expect(await screen.findByText("4 Abschnitte gefunden")).toBeTruthy();
    expect(retrievalCalls(spy)).toHaveLength(2);
  });

  it("pages through the hits ten at a time", async () => {
    const { spy, bodies } = mockRetrieval(() => result({ total: 25 }));
    renderWithProviders(<RetrievalTestingPage datasetId={ID} />);
    ask("Blutdruck");
    expect(await screen.findByText("Seite 1 von 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    await waitFor(() => expect(retrievalCalls(spy)).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ page: 2, page_size: 10, document_ids: [] });
    expect(await screen.findByText("Seite 2 von 3")).toBeTruthy();
  });
});

describe("parseHighlight", () => {
  it("turns only <em> pairs into marked pieces and decodes the server's escaping once", () => {
    expect(parseHighlight("a <em>b</em> &amp;lt; <em>c &lt;d&gt;</em> <em>open")).toEqual([
      { text: "a ", marked: false },
      { text: "b", marked: true },
      { text: " &lt; ", marked: false },
      { text: "c <d>", marked: true },
      { text: " <em>open", marked: false },
    ]);
  });
});
