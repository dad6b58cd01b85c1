import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
  useSearch,
} from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatStats } from "../../../worker/contract/chats";
import type {
  ConversationHistory,
  FeedbackItem,
  FeedbackPage,
  UnansweredPage,
} from "../../../worker/contract/evaluation";
import { toaster } from "../../../web/components/ui/toaster";
import { EvaluationPage } from "../../../web/features/evaluation/evaluation-page";
import { type EvaluationSearch, EvaluationSearchSchema } from "../../../web/features/evaluation/search";
import { renderWithProviders } from "../helpers/render";

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "success", data }), {
    headers: { "Content-Type": "application/json" },
  });

type Call = { method: string; path: string; params: URLSearchParams; body: Record<string, unknown> | null };

const stats: ChatStats = {
  from: "2026-03-02",
  to: "2026-03-31",
  totals: { messages: 4, active_users: 1, tokens: 900, token_speed: 12.5, rounds: 2, satisfaction: 50, unanswered: 1 },
  days: [
    { date: "2026-03-30", messages: 4, active_users: 1, tokens: 900, token_speed: 12.5, rounds: 2, satisfaction: 50 },
  ],
};

const item = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: "t1",
  chat_id: "c1",
  chat_name: "Hausarzt",
  conversation_id: "s1",
  session_name: "Impffragen",
  message_id: "m1",
  user_id: "u1",
  user_name: "Erika",
  source: "web",
  question: "Grippeimpfung ab wann?",
  answer: "Ab 60 Jahren.",
  thumbup: false,
  feedback_reason: "wrong",
  feedback: "Stimmt nicht",
  tokens: 40,
  retrieved: 1,
  create_time: Date.UTC(2026, 2, 30, 9),
  create_date: "",
  ...overrides,
});

type Answers = {
  feedback?: (call: Call) => FeedbackPage;
  unanswered?: UnansweredPage;
  other?: (call: Call) => unknown;
};

const mockApi = (answers: Answers = {}) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://buddy.test");
    const call = {
      method: init?.method ?? "GET",
      path: url.pathname.replace("/api/v1", ""),
      params: url.searchParams,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    };
    calls.push(call);
    if (call.path === "/chats")
      return envelope({
        chats: [
          { id: "c1", name: "Hausarzt", dataset_ids: ["d1"] },
          { id: "c2", name: "Schlafcoach", dataset_ids: [] },
        ],
        total: 2,
      });
    if (call.path === "/evaluation/stats") return envelope(stats);
    if (call.path === "/evaluation/feedback")
      return envelope(answers.feedback ? answers.feedback(call) : { total: 1, items: [item()] });
    if (call.path === "/evaluation/unanswered") return envelope(answers.unanswered ?? { total: 0, items: [] });
    return envelope(answers.other?.(call) ?? null);
  });
  const last = (path: string) => calls.filter((call) => call.path === path).at(-1);
  return { calls, last };
};

// The page under a memory router wired like the /buddy-eval route, so filters travel through the URL.
const renderPage = (url = "/buddy-eval") => {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path: "/buddy-eval",
    validateSearch: EvaluationSearchSchema,
    component: function Page() {
      const navigate = useNavigate();
      const search = useSearch({ strict: false }) as EvaluationSearch;
      const go = (next: EvaluationSearch) => void navigate({ to: ".", search: next });
      return (
        <EvaluationPage
          chatId={search.chat}
          search={search}
          onSearchChange={go}
          onChatChange={(chat) => go({ ...search, chat, page: undefined })}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const select = (name: string) => screen.getByRole("combobox", { name }) as HTMLSelectElement;

afterEach(() => {
  vi.useRealTimers();
});

describe("evaluation page: filters", () => {
  it("asks for the last 30 days' rated feedback of all assistants and shows it", async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 31, 12), toFake: ["Date"] });
    const { last } = mockApi();
    renderPage();
    const row = await screen.findByTestId("feedback-row");
    expect(within(row).getByText("Grippeimpfung ab wann?")).toBeTruthy();
    expect(within(row).getByText("falsch")).toBeTruthy();
    expect(within(row).getByRole("img", { name: "Nicht hilfreich" })).toBeTruthy();
    expect(within(row).getByText("Hausarzt")).toBeTruthy();
    expect(Object.fromEntries(last("/evaluation/feedback")?.params ?? [])).toEqual({
      from: "2026-03-02",
      to: "2026-03-31",
      page: "1",
      page_size: "20",
    });
    expect(Object.fromEntries(last("/evaluation/stats")?.params ?? [])).toEqual({
      from: "2026-03-02",
      to: "2026-03-31",
    });
    expect(screen.getAllByTestId("stat")).toHaveLength(6);
    expect(screen.getAllByTestId("day-bars")).toHaveLength(6);
  });

  it("writes the thumbs, reason, assistant and date filters into the URL and the requests", async () => {
    const { last } = mockApi();
    const router = renderPage();
    await screen.findByTestId("feedback-row");

    fireEvent.change(select("Bewertung"), { target: { value: "down" } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ thumbs: "down" }));
    await waitFor(() => expect(last("/evaluation/feedback")?.params.get("thumbup")).toBe("false"));

    fireEvent.change(select("Grund"), { target: { value: "insufficient" } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ thumbs: "down", reason: "insufficient" }));
    await waitFor(() => expect(last("/evaluation/feedback")?.params.get("reason")).toBe("insufficient"));

    fireEvent.change(select("Bewertung"), { target: { value: "all" } });
    await waitFor(() => expect(last("/evaluation/feedback")?.params.get("rated")).toBe("false"));
    expect(last("/evaluation/feedback")?.params.has("thumbup")).toBe(false);

    await waitFor(() => expect(select("Assistent").options).toHaveLength(3));
    fireEvent.change(select("Assistent"), { target: { value: "c2" } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ chat: "c2" }));
    await waitFor(() => expect(last("/evaluation/feedback")?.params.get("chat_id")).toBe("c2"));
    expect(last("/evaluation/stats")?.params.get("chat_id")).toBe("c2");

    fireEvent.change(screen.getByLabelText("Von"), { target: { value: "2026-01-01" } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: "2026-01-01" }));
    await waitFor(() => expect(last("/evaluation/feedback")?.params.get("from")).toBe("2026-01-01"));

    fireEvent.change(select("Bewertung"), { target: { value: "rated" } });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty("thumbs"));
  });

  it("reads the filters from the URL and ignores values it does not know", async () => {
    const { last } = mockApi({ feedback: () => ({ total: 45, items: [item()] }) });
    renderPage("/buddy-eval?thumbs=up&reason=unclear&page=3&q=Impfung");
    await screen.findByTestId("feedback-row");
    expect(Object.fromEntries(last("/evaluation/feedback")?.params ?? [])).toMatchObject({
      thumbup: "true",
      reason: "unclear",
      page: "3",
      keywords: "Impfung",
    });
    expect(select("Bewertung").value).toBe("up");
    expect(select("Grund").value).toBe("unclear");
    expect(screen.getByText("Seite 3 von 3")).toBeTruthy();
  });

  it("falls back to the defaults for unknown values in the URL", async () => {
    const { last } = mockApi();
    renderPage("/buddy-eval?thumbs=maybe&reason=boring");
    await screen.findByTestId("feedback-row");
    const params = last("/evaluation/feedback")?.params;
    expect(params?.has("thumbup")).toBe(false);
    expect(params?.has("reason")).toBe(false);
    expect(select("Bewertung").value).toBe("rated");
  });

  it("shows an empty state and no export when nothing matches", async () => {
    mockApi({ feedback: () => ({ total: 0, items: [] }) });
    renderPage();
    expect(await screen.findByText("Kein Feedback im gewählten Zeitraum.")).toBeTruthy();
    expect(screen.queryByTestId("feedback-row")).toBeNull();
    expect((screen.getByRole("button", { name: /CSV exportieren/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("evaluation page: history and unanswered questions", () => {
  it("opens a conversation's history from its row", async () => {
    const history: ConversationHistory = {
      conversation_id: "s1",
      chat_id: "c1",
      chat_name: "Hausarzt",
      session_name: "Impffragen",
      user_id: "u1",
      user_name: "Erika",
      source: "web",
      turns: [
        item(),
        item({ id: "t2", question: "Und für Kinder?", thumbup: null, feedback_reason: null, feedback: "" }),
      ],
    };
    const { last } = mockApi({ other: (call) => (call.path === "/evaluation/conversations/s1" ? history : null) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Verlauf der Unterhaltung öffnen" }));
    const drawer = await screen.findByTestId("history-drawer");
    expect(await within(drawer).findAllByTestId("history-turn")).toHaveLength(2);
    expect(within(drawer).getByText("Und für Kinder?")).toBeTruthy();
    expect(within(drawer).getByText("Verlauf: Impffragen")).toBeTruthy();
    expect(last("/evaluation/conversations/s1")).toBeTruthy();
  });

  it("adds an answer to an unanswered question as a chunk and marks it answered", async () => {
    const { calls } = mockApi({
      unanswered: {
        total: 1,
        items: [
          {
            question: "Wann öffnet die Praxis?",
            count: 3,
            last_time: Date.UTC(2026, 2, 30),
            chat_id: "c1",
            chat_name: "Hausarzt",
            chats: [{ id: "c1", name: "Hausarzt" }],
            dataset_ids: ["d1"],
            resolved_chunk_id: null,
          },
        ],
      },
      other: (call) => {
        if (call.path === "/datasets")
          return [
            { id: "d1", name: "Praxiswissen" },
            { id: "d2", name: "Leitlinien" },
          ];
        if (call.path === "/datasets/d1/documents" && call.method === "GET")
          return { total: 1, docs: [{ id: "doc1", name: "faq.txt" }] };
        if (call.path === "/datasets/d1/documents/doc1/chunks") return { chunk: { id: "k1" } };
        if (call.path === "/evaluation/unanswered/resolve")
          return { resolved: 3, chunk_id: "k1", question: "Wann öffnet die Praxis?" };
        return null;
      },
    });
    const toast = vi.spyOn(toaster, "create");
    const router = renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: /Unbeantwortete Fragen/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: "unanswered" }));
    fireEvent.click(await screen.findByRole("button", { name: "Antwort hinzufügen für „Wann öffnet die Praxis?“" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() =>
      expect((within(dialog).getByRole("combobox", { name: "Dokument" }) as HTMLSelectElement).value).toBe("doc1"),
    );
    expect((within(dialog).getByRole("combobox", { name: "Wissensdatenbank" }) as HTMLSelectElement).value).toBe("d1");

    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Antwort/ }), {
      target: { value: "Montag bis Freitag 8 bis 18 Uhr." },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));

    expect(await screen.findByText("Beantwortet")).toBeTruthy();
    expect(calls.find((call) => call.path === "/datasets/d1/documents/doc1/chunks")?.body).toEqual({
      content: "Montag bis Freitag 8 bis 18 Uhr.",
      questions: ["Wann öffnet die Praxis?"],
    });
    expect(calls.find((call) => call.path === "/evaluation/unanswered/resolve")?.body).toEqual({
      question: "Wann öffnet die Praxis?",
      chunk_id: "k1",
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Erstellt" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
