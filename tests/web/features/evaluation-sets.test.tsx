import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
  useParams,
  useSearch,
} from "@tanstack/react-router";
import { configure, fireEvent, getConfig, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  EvaluationAlert,
  EvaluationQuestion,
  EvaluationRun,
  EvaluationRunSummary,
  EvaluationSet,
  RunComparison,
} from "../../../web/features/evaluation-sets/types";
import { toaster } from "../../../web/components/ui/toaster";
import { EvaluationAlerts } from "../../../web/features/evaluation-sets/alerts-card";
import { type SetSearch, SetSearchSchema } from "../../../web/features/evaluation-sets/search";
import { SetPage } from "../../../web/features/evaluation-sets/set-page";
import { EvaluationPage } from "../../../web/features/evaluation/evaluation-page";
import { type EvaluationSearch, EvaluationSearchSchema } from "../../../web/features/evaluation/search";
import { renderWithProviders } from "../helpers/render";

// Answers shaped exactly as issue 37's contract (/work/prompts/eval-contract.md) says, from an in-memory server.

const envelope = (data: unknown, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code: 0, message: "success", data, ...extra }), {
    headers: { "Content-Type": "application/json" },
  });
const refusal = (message: string) =>
  new Response(JSON.stringify({ code: 101, message, data: null }), { headers: { "Content-Type": "application/json" } });

type Call = { method: string; path: string; params: URLSearchParams; body: unknown };

const run = (overrides: Partial<EvaluationRunSummary> = {}): EvaluationRunSummary => ({
  id: "r1",
  set_id: "s1",
  label: "Standard",
  status: "done",
  progress: 1,
  settings: { similarity_threshold: 0.2, vector_similarity_weight: 0.3, top_k: 1024 },
  metrics: { ndcg_at_10: 0.5, hit_at_1: 0.5, hit_at_5: 1, hit_at_10: 1, mrr: 0.75, recall_at_10: 0.8 },
  error: null,
  trigger: "manual",
  create_time: Date.UTC(2026, 10, 20, 9),
  finish_time: Date.UTC(2026, 10, 20, 9, 1),
  ...overrides,
});

const testSet = (overrides: Partial<EvaluationSet> = {}): EvaluationSet => ({
  id: "s1",
  name: "Impf-FAQ",
  description: "Fragen zur Grippeimpfung",
  dataset_ids: ["d1"],
  question_count: 2,
  schedule_after_reparse: false,
  alert_margin: 0.05,
  last_run: run(),
  create_time: Date.UTC(2026, 10, 1),
  update_time: Date.UTC(2026, 10, 1),
  ...overrides,
});

const question = (overrides: Partial<EvaluationQuestion> = {}): EvaluationQuestion => ({
  id: "q1",
  question: "Ab wann Grippeimpfung?",
  expected_doc_ids: [],
  expected_chunk_ids: ["c1"],
  expected_text: null,
  relevance: null,
  reference_answer: null,
  source: "manual",
  create_time: Date.UTC(2026, 10, 2),
  ...overrides,
});

const chunk = (id: string, correct: boolean, content = `Inhalt ${id}`) => ({
  id,
  document_id: "doc1",
  document_name: "impfung.md",
  content,
  similarity: 0.8,
  correct,
});

type Server = {
  sets: EvaluationSet[];
  questions: EvaluationQuestion[];
  runs: EvaluationRunSummary[];
  runDetail?: (id: string) => EvaluationRun;
  comparison?: RunComparison;
  alerts?: EvaluationAlert[];
  importResult?: { added: number; errors: { line: number; message: string }[] };
  refuse?: Record<string, string>;
};

const mockApi = (server: Server) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://buddy.test");
    const raw = init?.body;
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname.replace("/api/v1", ""),
      params: url.searchParams,
      body: raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : null,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    if (server.refuse?.[key]) return refusal(server.refuse[key]);
    if (key === "GET /datasets")
      return envelope(
        [
          { id: "d1", name: "Gesundheit", chunk_count: 12, document_count: 1 },
          { id: "d2", name: "Schlaf", chunk_count: 4, document_count: 1 },
        ],
        { total_datasets: 2 },
      );
    if (key === "GET /chats")
      return envelope({
        chats: [
          {
            id: "c9",
            name: "Impfberater",
            dataset_ids: ["d1"],
            similarity_threshold: 0.35,
            vector_similarity_weight: 0.6,
            top_k: 512,
            top_n: 6,
            rerank_id: "",
          },
        ],
        total: 1,
      });
    if (key === "GET /evaluation/sets") return envelope({ total: server.sets.length, items: server.sets });
    if (key === "POST /evaluation/sets") {
      const created = testSet({
        ...(call.body as Partial<EvaluationSet>),
        id: "s2",
        question_count: 0,
        last_run: null,
      });
      server.sets.push(created);
      return envelope(created);
    }
    const setMatch = call.path.match(/^\/evaluation\/sets\/(\w+)$/);
    if (setMatch) return envelope(server.sets.find((item) => item.id === setMatch[1]));
    if (key === "GET /evaluation/sets/s1/questions")
      return envelope({ total: server.questions.length, items: server.questions });
    if (key === "POST /evaluation/sets/s1/questions") {
      const items = (call.body as { items: Partial<EvaluationQuestion>[] }).items.map((item, i) =>
        question({ ...item, id: `new${i}` }),
      );
      server.questions.push(...items);
      return envelope({ added: items.length, items });
    }
    if (key === "DELETE /evaluation/sets/s1/questions") {
      const ids = (call.body as { ids: string[] }).ids;
      server.questions = server.questions.filter((item) => !ids.includes(item.id));
      return envelope({ success_count: ids.length, errors: [] });
    }
    if (key === "POST /evaluation/sets/s1/import") return envelope(server.importResult);
    if (key === "POST /evaluation/sets/s1/questions/from-feedback") return envelope(question({ source: "feedback" }));
    if (key === "GET /evaluation/sets/s1/runs") return envelope({ total: server.runs.length, items: server.runs });
    if (key === "POST /evaluation/sets/s1/runs") {
      server.runs.unshift(run({ id: "r9", label: "neu", status: "queued", progress: 0, metrics: null }));
      return envelope({ run_id: "r9" });
    }
    if (key === "GET /evaluation/runs/compare") return envelope(server.comparison);
    const runMatch = call.path.match(/^\/evaluation\/runs\/(\w+)$/);
    if (runMatch && call.method === "GET") return envelope(server.runDetail?.(runMatch[1] ?? ""));
    if (key.startsWith("POST /evaluation/runs/") && key.endsWith("/apply")) return envelope(true);
    if (key === "GET /evaluation/alerts") return envelope(server.alerts ?? []);
    if (key === "POST /retrieval")
      return envelope({
        total: 2,
        doc_aggs: [],
        chunks: [
          { id: "c1", content: "Die Grippeimpfung wird ab 60 Jahren empfohlen.", document_keyword: "impfung.md" },
          { id: "c2", content: "Schlafhygiene: feste Zeiten.", document_keyword: "schlaf.md" },
        ].map((item) => ({ ...item, document_id: "doc1", dataset_id: "d1", similarity: 0.7, highlight: "" })),
      });
    if (key === "GET /evaluation/stats")
      return envelope({ from: "2026-11-01", to: "2026-11-27", totals: {}, days: [] });
    if (key === "GET /evaluation/feedback")
      return envelope({
        total: 1,
        items: [
          {
            id: "t1",
            chat_id: "c9",
            chat_name: "Impfberater",
            conversation_id: null,
            user_id: "u1",
            user_name: "Erika",
            source: "web",
            question: "Grippeimpfung ab wann?",
            answer: "Ab 60.",
            thumbup: false,
            feedback_reason: "wrong",
            feedback: "",
            create_time: Date.UTC(2026, 10, 20),
          },
        ],
      });
    if (key === "GET /evaluation/unanswered")
      return envelope({
        total: 1,
        items: [
          {
            question: "Wie lange schlafen?",
            count: 3,
            last_time: Date.UTC(2026, 10, 20),
            chats: [{ id: "c9", name: "Impfberater" }],
            resolved_chunk_id: null,
          },
        ],
      });
    return envelope(null);
  });
  const last = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path).at(-1);
  return { calls, last };
};

// The set page under a memory router wired like /test-sets/$setId, so its view and picks travel through the URL.
const renderSetPage = (url = "/test-sets/s1") => {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: "/test-sets/$setId",
    validateSearch: SetSearchSchema,
    component: function Page() {
      const navigate = useNavigate();
      const { setId } = useParams({ strict: false }) as { setId: string };
      const search = useSearch({ strict: false }) as SetSearch;
      return (
        <SetPage setId={setId} search={search} onSearchChange={(next) => void navigate({ to: ".", search: next })} />
      );
    },
  });
  const evaluation = createRoute({
    getParentRoute: () => root,
    path: "/buddy-eval",
    validateSearch: EvaluationSearchSchema,
    component: function Evaluation() {
      const navigate = useNavigate();
      const search = useSearch({ strict: false }) as EvaluationSearch;
      const go = (next: EvaluationSearch) => void navigate({ to: ".", search: next });
      return (
        <EvaluationPage
          chatId={search.chat}
          search={search}
          onSearchChange={go}
          onChatChange={(chat) => go({ ...search, chat })}
        />
      );
    },
  });
  const home = createRoute({ getParentRoute: () => root, path: "/", component: EvaluationAlerts });
  const router = createRouter({
    routeTree: root.addChildren([page, evaluation, home]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const dialog = () => screen.findByRole("dialog");

// these flows chain many requests and renders; on a busy machine one second per step is too tight
const defaultTimeout = getConfig().asyncUtilTimeout;
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultTimeout }));

// Chakra's checkboxes and switches are controlled: the native input flips at once, the component (and the state
// behind it) a moment later; its root's data-state tells when the click has arrived.
const tick = async (box: HTMLElement) => {
  fireEvent.click(box);
  await waitFor(() => expect(box.closest("[data-part=root]")?.getAttribute("data-state")).toBe("checked"));
};

describe("test sets: the list", () => {
  it("shows each set with its last run's metrics in the evaluation page's Testsets tab", async () => {
    mockApi({ sets: [testSet()], questions: [], runs: [] });
    renderSetPage("/buddy-eval?tab=sets");
    const row = await screen.findByTestId("set-row");
    expect(within(row).getByRole("link", { name: "Impf-FAQ" }).getAttribute("href")).toBe("/test-sets/s1");
    // nDCG@10 and Hit@1 are both 0,500
    expect(within(row).getAllByText("0,500")).toHaveLength(2);
    expect(within(row).getByText("0,750")).toBeTruthy();
    expect(within(row).getByText("fertig")).toBeTruthy();
    await waitFor(() => expect(within(row).getByText("Gesundheit")).toBeTruthy());
    // the date filters and stats belong to the feedback, not to the sets
    expect(screen.queryByLabelText("Von")).toBeNull();
  });

  it("creates a set over the chosen bases, refusing it without a base, and opens it", async () => {
    const { last } = mockApi({ sets: [], questions: [], runs: [] });
    const router = renderSetPage("/buddy-eval?tab=sets");
    await screen.findByTestId("sets-empty");
    fireEvent.click(screen.getByRole("button", { name: "Testset anlegen" }));
    const form = await dialog();
    fireEvent.change(within(form).getByRole("textbox", { name: /Name/ }), { target: { value: "Schlaf-Set" } });
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    expect(await within(form).findByText("Bitte wählen Sie mindestens eine Wissensdatenbank.")).toBeTruthy();
    expect(last("POST", "/evaluation/sets")).toBeUndefined();

    await tick(await within(form).findByRole("checkbox", { name: "Schlaf" }));
    await tick(within(form).getByRole("checkbox", { name: /Nach jedem Neu-Parsen prüfen/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(last("POST", "/evaluation/sets")).toBeTruthy());
    expect(last("POST", "/evaluation/sets")?.body).toEqual({
      name: "Schlaf-Set",
      description: "",
      dataset_ids: ["d2"],
      schedule_after_reparse: true,
      alert_margin: 0.05,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/test-sets/s2"));
  });
});

describe("test sets: questions", () => {
  it("adds a question from a retrieval over the set's bases with the ticked chunk as expected", async () => {
    const { last } = mockApi({ sets: [testSet()], questions: [], runs: [] });
    renderSetPage();
    await screen.findByText("Dieses Testset hat noch keine Fragen.");
    fireEvent.click(screen.getByRole("button", { name: "Frage hinzufügen" }));
    const form = await dialog();
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    expect(await within(form).findByText("Bitte geben Sie eine Frage ein.")).toBeTruthy();

    fireEvent.change(within(form).getByRole("textbox", { name: /Frage/ }), {
      target: { value: "Ab wann Grippeimpfung?" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    expect(
      await within(form).findByText(
        "Haken Sie mindestens einen Abschnitt an oder geben Sie einen erwarteten Text ein.",
      ),
    ).toBeTruthy();
    expect(last("POST", "/evaluation/sets/s1/questions")).toBeUndefined();

    fireEvent.click(within(form).getByRole("button", { name: "Abschnitte suchen" }));
    const correct = await within(form).findByRole("checkbox", { name: /impfung\.md.*ab 60 Jahren empfohlen/ });
    expect(last("POST", "/retrieval")?.body).toMatchObject({
      question: "Ab wann Grippeimpfung?",
      dataset_ids: ["d1"],
      page_size: 10,
    });
    await tick(correct);
    fireEvent.change(within(form).getByRole("textbox", { name: /Referenzantwort/ }), {
      target: { value: "Ab 60 Jahren." },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(last("POST", "/evaluation/sets/s1/questions")).toBeTruthy());
    expect(last("POST", "/evaluation/sets/s1/questions")?.body).toEqual({
      items: [
        {
          question: "Ab wann Grippeimpfung?",
          expected_chunk_ids: ["c1"],
          reference_answer: "Ab 60 Jahren.",
          source: "manual",
        },
      ],
    });
    expect(await screen.findByTestId("question-row")).toBeTruthy();
    expect(screen.getByText("1 Abschnitt")).toBeTruthy();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    mockApi({
      sets: [testSet()],
      questions: [],
      runs: [],
      refuse: { "POST /evaluation/sets/s1/questions": "items[0].expected_chunk_ids: unknown chunk" },
    });
    const toast = vi.spyOn(toaster, "create");
    renderSetPage();
    fireEvent.click(await screen.findByRole("button", { name: "Frage hinzufügen" }));
    const form = await dialog();
    fireEvent.change(within(form).getByRole("textbox", { name: /Frage/ }), { target: { value: "Wer?" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /Erwarteter Text/ }), { target: { value: "ab 60" } });
    fireEvent.click(within(form).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: "error", description: "items[0].expected_chunk_ids: unknown chunk" }),
      ),
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("imports a file and lists the lines that were not taken", async () => {
    const { last } = mockApi({
      sets: [testSet()],
      questions: [],
      runs: [],
      importResult: { added: 2, errors: [{ line: 3, message: "question is required" }] },
    });
    renderSetPage();
    fireEvent.click(await screen.findByRole("button", { name: "Importieren" }));
    const form = await dialog();
    fireEvent.click(within(form).getByRole("button", { name: "Importieren" }));
    expect(await within(form).findByText("Bitte wählen Sie eine Datei.")).toBeTruthy();
    const file = new File(["question,expected_text\nA,b\n"], "fragen.csv", { type: "text/csv" });
    fireEvent.change(form.querySelector("input[type=file]") as HTMLInputElement, { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Importieren" }));
    const result = await within(form).findByTestId("import-result");
    expect(within(result).getByText("2 Fragen übernommen")).toBeTruthy();
    expect(within(result).getByText("Zeile 3: question is required")).toBeTruthy();
    const sent = last("POST", "/evaluation/sets/s1/import")?.body as FormData;
    expect((sent.get("file") as File).name).toBe("fragen.csv");
  });

  it("deletes the ticked questions", async () => {
    const { last } = mockApi({
      sets: [testSet()],
      questions: [question(), question({ id: "q2", question: "Wer zahlt?", expected_text: "Kasse" })],
      runs: [],
    });
    renderSetPage();
    await waitFor(() => expect(screen.getAllByTestId("question-row")).toHaveLength(2));
    await tick(screen.getByRole("checkbox", { name: "„Wer zahlt?“ auswählen" }));
    fireEvent.click(screen.getByRole("button", { name: "Ausgewählte löschen (1)" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(last("DELETE", "/evaluation/sets/s1/questions")?.body).toEqual({ ids: ["q2"] }));
    await waitFor(() => expect(screen.getAllByTestId("question-row")).toHaveLength(1));
  });
});

describe("test sets: runs", () => {
  it("starts a run with an assistant's settings and polls its progress until it is done", async () => {
    const server: Server = { sets: [testSet()], questions: [question()], runs: [run()] };
    let polls = 0;
    server.runDetail = (id) => {
      polls += 1;
      const summary = server.runs.find((item) => item.id === id) ?? run();
      const finished = polls > 1;
      return {
        ...summary,
        status: finished ? "done" : "running",
        progress: finished ? 1 : 0.5,
        metrics: finished ? run().metrics : null,
        questions: finished
          ? [
              {
                question_id: "q1",
                question: "Ab wann Grippeimpfung?",
                hit_rank: 2,
                ndcg_at_10: 0.63,
                recall_at_10: 1,
                chunks: [chunk("c7", false, "Falscher Abschnitt"), chunk("c1", true, "Ab 60 Jahren")],
              },
            ]
          : [],
      };
    };
    const { last } = mockApi(server);
    renderSetPage();
    fireEvent.click(await screen.findByRole("button", { name: "Lauf starten" }));
    const form = await dialog();
    await waitFor(() => expect(within(form).getAllByRole("option", { name: "Impfberater" })).toHaveLength(1));
    fireEvent.change(within(form).getByRole("combobox", { name: /Einstellungen eines Assistenten/ }), {
      target: { value: "c9" },
    });
    expect((within(form).getByRole("spinbutton", { name: /Top K/i }) as HTMLInputElement).value).toBe("512");
    // a tag filter: only hits carrying one of the tags count
    fireEvent.change(within(form).getByRole("textbox", { name: /Nur Abschnitte mit diesen Tags/ }), {
      target: { value: " Impfung, Leitlinie ,, Impfung" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Lauf starten" }));
    await waitFor(() => expect(last("POST", "/evaluation/sets/s1/runs")).toBeTruthy());
    expect(last("POST", "/evaluation/sets/s1/runs")?.body).toEqual({
      label: "Impfberater",
      settings: {
        similarity_threshold: 0.35,
        vector_similarity_weight: 0.6,
        top_k: 512,
        keyword: false,
        use_kg: false,
        cross_languages: [],
        chat_id: "c9",
        tag_ids: ["Impfung", "Leitlinie"],
      },
    });

    // the run's page: a progress bar while it runs, then the metrics and each question's result
    expect(await screen.findByTestId("run-progress")).toBeTruthy();
    expect(await screen.findByTestId("metric-ndcg_at_10", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId("run-progress")).toBeNull();
    const result = screen.getByTestId("result-row");
    expect(within(result).getByText("2")).toBeTruthy();
    fireEvent.click(within(result).getByRole("button", { name: "Gefundene Abschnitte zeigen" }));
    const found = await screen.findAllByTestId("found-chunk");
    expect(found.map((item) => item.dataset.correct)).toEqual(["false", "true"]);
  });

  it("compares two runs with signed deltas, filters worse questions and applies the better settings", async () => {
    const older = run({ id: "r1", label: "Standard" });
    const newer = run({
      id: "r2",
      label: "Schwelle 0,4",
      settings: { similarity_threshold: 0.4 },
      metrics: { ndcg_at_10: 0.7, hit_at_1: 0.4, hit_at_5: 1, hit_at_10: 1, mrr: 0.75, recall_at_10: 0.8 },
    });
    const comparison: RunComparison = {
      a: older,
      b: newer,
      delta: {
        ndcg_at_10: 0.2,
        hit_at_1: -0.1,
        hit_at_5: 0,
        hit_at_10: 0,
        mrr: 0,
        recall_at_10: 0,
        answer_fact_recall: 0,
        answer_citation_precision: 0,
      },
      questions: [
        {
          question_id: "q1",
          question: "Ab wann Grippeimpfung?",
          a_rank: 3,
          b_rank: 1,
          change: "better",
          a_chunks: [chunk("x", false)],
          b_chunks: [chunk("c1", true)],
        },
        {
          question_id: "q2",
          question: "Wer zahlt?",
          a_rank: 1,
          b_rank: null,
          change: "worse",
          a_chunks: [chunk("c5", true)],
          b_chunks: [],
        },
      ],
    };
    const { last } = mockApi({ sets: [testSet()], questions: [], runs: [newer, older], comparison });
    const router = renderSetPage("/test-sets/s1?view=runs");
    await waitFor(() => expect(screen.getAllByTestId("run-row")).toHaveLength(2));
    const compare = screen.getByRole("button", { name: "Vergleichen" });
    expect(compare.hasAttribute("disabled")).toBe(true);
    await tick(screen.getByRole("checkbox", { name: "„Standard“ zum Vergleich wählen" }));
    await tick(screen.getByRole("checkbox", { name: "„Schwelle 0,4“ zum Vergleich wählen" }));
    await waitFor(() => expect(compare.hasAttribute("disabled")).toBe(false));
    fireEvent.click(compare);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: "compare", a: "r1", b: "r2" }));
    await waitFor(() =>
      expect(Object.fromEntries(last("GET", "/evaluation/runs/compare")?.params ?? [])).toEqual({ a: "r1", b: "r2" }),
    );

    const ndcg = await screen.findByTestId("delta-ndcg_at_10");
    expect(within(ndcg).getByText("+0,200")).toBeTruthy();
    expect(within(screen.getByTestId("delta-hit_at_1")).getByText("−0,100")).toBeTruthy();
    expect(within(screen.getByTestId("delta-mrr")).getByText("±0,000")).toBeTruthy();

    expect(screen.getAllByTestId("compare-row")).toHaveLength(2);
    fireEvent.click(screen.getByText("schlechter (1)"));
    await waitFor(() => expect(screen.getAllByTestId("compare-row")).toHaveLength(1));
    const worse = screen.getByTestId("compare-row");
    expect(within(worse).getByText("Wer zahlt?")).toBeTruthy();
    fireEvent.click(within(worse).getByRole("button", { name: "Gefundene Abschnitte zeigen" }));
    expect(await screen.findByRole("list", { name: "Gefunden in A" })).toBeTruthy();

    // B is better on nDCG@10: its settings go to the assistant after confirming
    fireEvent.click(screen.getByRole("button", { name: "Bessere Einstellungen übernehmen" }));
    const apply = await dialog();
    expect(within(apply).getByText("Einstellungen von „Schwelle 0,4“ übernehmen")).toBeTruthy();
    fireEvent.click(within(apply).getByRole("button", { name: "Übernehmen" }));
    expect(await within(apply).findByText("Bitte wählen Sie ein Ziel.")).toBeTruthy();
    await waitFor(() => expect(within(apply).getAllByRole("option", { name: "Impfberater" })).toHaveLength(1));
    fireEvent.change(within(apply).getByRole("combobox", { name: /Assistent wählen/ }), { target: { value: "c9" } });
    fireEvent.click(within(apply).getByRole("button", { name: "Übernehmen" }));
    await waitFor(() =>
      expect(last("POST", "/evaluation/runs/r2/apply")?.body).toEqual({ target: "chat", chat_id: "c9" }),
    );
  });

  it("draws one chart per metric over the finished runs, oldest first", async () => {
    mockApi({
      sets: [testSet()],
      questions: [],
      runs: [
        run({ id: "r3", status: "running", progress: 0.4, metrics: null }),
        run({ id: "r2", label: "B", metrics: { ...run().metrics!, ndcg_at_10: 0.9 } }),
        run({ id: "r1", label: "A" }),
      ],
    });
    renderSetPage("/test-sets/s1?view=chart");
    const charts = await screen.findAllByTestId("metric-chart");
    expect(charts).toHaveLength(6);
    const ndcg = screen.getByRole("img", { name: "nDCG@10 über 2 Läufe, zuletzt 0,900" });
    const points = within(ndcg.closest("figure") as HTMLElement).getAllByTestId("chart-point");
    expect(points.map((point) => point.textContent)).toEqual(["A: 0,500", "B: 0,900"]);
    // higher values sit higher
    expect(Number(points[1]?.getAttribute("cy"))).toBeLessThan(Number(points[0]?.getAttribute("cy")));
  });
});

describe("test sets: from real traffic and alerts", () => {
  it("takes a feedback row and an unanswered question into a set", async () => {
    const { calls } = mockApi({ sets: [testSet()], questions: [], runs: [] });
    const toast = vi.spyOn(toaster, "create");
    renderSetPage("/buddy-eval");
    const row = await screen.findByTestId("feedback-row");
    fireEvent.click(within(row).getByRole("button", { name: "„Grippeimpfung ab wann?“ als Testfrage übernehmen" }));
    let form = await dialog();
    await waitFor(() => expect(within(form).getAllByRole("option", { name: "Impf-FAQ" })).toHaveLength(1));
    fireEvent.change(within(form).getByRole("combobox", { name: /Testset/ }), { target: { value: "s1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Als Testfrage übernehmen" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Als Testfrage in „Impf-FAQ“ übernommen" })),
    );
    const takes = () => calls.filter((call) => call.path === "/evaluation/sets/s1/questions/from-feedback");
    expect(takes().map((call) => call.body)).toEqual([{ feedback_id: "t1" }]);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("tab", { name: "Unbeantwortete Fragen" }));
    const unanswered = await screen.findByTestId("unanswered-row");
    fireEvent.click(within(unanswered).getByRole("button", { name: "„Wie lange schlafen?“ als Testfrage übernehmen" }));
    form = await dialog();
    await waitFor(() => expect(within(form).getAllByRole("option", { name: "Impf-FAQ" })).toHaveLength(1));
    fireEvent.change(within(form).getByRole("combobox", { name: /Testset/ }), { target: { value: "s1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Als Testfrage übernehmen" }));
    await waitFor(() => expect(takes()).toHaveLength(2));
    expect(takes()[1]?.body).toEqual({ unanswered_question: "Wie lange schlafen?" });
  });

  it("shows a drop beyond the margin with a link to the comparison", async () => {
    mockApi({
      sets: [],
      questions: [],
      runs: [],
      alerts: [
        {
          set_id: "s1",
          set_name: "Impf-FAQ",
          run_id: "r2",
          previous_run_id: "r1",
          metric: "ndcg_at_10",
          previous: 0.8,
          current: 0.6,
          drop: 0.2,
        },
      ],
    });
    renderSetPage("/");
    const alert = await screen.findByTestId("evaluation-alert");
    expect(within(alert).getByText("Testset „Impf-FAQ“: nDCG@10 fiel von 0,800 auf 0,600 (−0,200).")).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "Vergleich öffnen" }).getAttribute("href")).toBe(
      "/test-sets/s1?view=compare&a=r1&b=r2",
    );
  });
});
