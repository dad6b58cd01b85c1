import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationPane, ExportDialog, StatsDialog } from "../../../web/features/chat/conversation";
import { SessionList } from "../../../web/features/conversation/session-list";
import { AnswerMarkdown } from "../../../web/features/conversation/answer-markdown";
import { changeLanguage } from "../../../web/i18n";
import type {
  Chat,
  ChatMessage,
  ChatStats,
  CompletionFrame,
  PromptConfig,
  Reference,
  ReferenceChunk,
  Session,
} from "../../../worker/contract/chats";
import { renderWithProviders } from "../helpers/render";

const CHAT_ID = "c0ffee00c0ffee00c0ffee00c0ffee00";
const SESSION_ID = "5e55105e55105e55105e55105e551050";
const SESSION_URL = `/api/v1/chats/${CHAT_ID}/sessions/${SESSION_ID}`;
const SESSIONS_URL = `/api/v1/chats/${CHAT_ID}/sessions?page_size=1000&orderby=update_time`;
const COMPLETIONS_URL = `/api/v1/chats/${CHAT_ID}/completions`;
const OPENER = "Hallo! Wie kann ich helfen?";
const CHUNK_TEXT = "Regelmäßige Bewegung senkt den Blutdruck um 5 bis 8 mmHg.";

const promptConfig = (overrides: Partial<PromptConfig> = {}): PromptConfig => ({
  system: "{knowledge}",
  prologue: OPENER,
  parameters: [{ key: "knowledge", optional: false }],
  empty_response: "",
  quote: true,
  keyword: false,
  tts: false,
  stt: false,
  refine_multiturn: false,
  self_rag: false,
  suggested_questions: true,
  show_images: false,
  prompt_icon: false,
  llm_for_quotes: false,
  reasoning: false,
  use_kg: false,
  refine_prompt: "",
  citation_prompt: "",
  followup_prompt: "",
  glossary: [],
  ...overrides,
});

const makeChat = (overrides: Partial<PromptConfig> = {}): Chat => ({
  id: CHAT_ID,
  tenant_id: "t1",
  name: "Gesundheits-Buddy",
  icon: null,
  avatar: null,
  description: null,
  language: "German",
  dataset_ids: ["ds-1"],
  kb_ids: ["ds-1"],
  kb_names: ["Leitlinien"],
  llm_id: "builtin-extractive@Builtin",
  tenant_llm_id: "builtin-extractive@Builtin",
  llm_setting: { max_tokens: 512, max_token: 512 },
  prompt_type: "simple",
  prompt_config: promptConfig(overrides),
  design: {
    disclaimer_show: false,
    disclaimer_title: "",
    disclaimer_text: "",
    background_color: "#ffffff",
    button_color: "#1a7f64",
    footer_color: "#ffffff",
    user_bubble_color: "#1a7f64",
    assistant_bubble_color: "#f4f4f5",
    text_color: "#111111",
    border_color: "#e4e4e7",
    input_color: "#ffffff",
    footer_text: "",
    input_placeholder: "",
  },
  similarity_threshold: 0.2,
  vector_similarity_weight: 0.3,
  top_n: 6,
  top_k: 1024,
  rerank_id: "",
  meta_data_filter: { method: "disabled", logic: "and", manual: [] },
  do_refer: "1",
  status: "1",
  create_time: 1,
  create_date: "",
  update_time: 1,
  update_date: "",
});

const chunk: ReferenceChunk = {
  id: "chunk-1",
  content: CHUNK_TEXT,
  document_id: "doc-1",
  document_name: "leitlinie.pdf",
  dataset_id: "ds-1",
  image_id: "",
  positions: [],
  url: null,
  similarity: 0.8123,
  vector_similarity: 0.7,
  term_similarity: 0.9,
  doc_type: "",
};
const reference: Reference = {
  total: 1,
  chunks: [chunk],
  doc_aggs: [{ doc_name: "leitlinie.pdf", doc_id: "doc-1", count: 1 }],
};

const message = (
  role: ChatMessage["role"],
  content: string,
  id: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({ id, role, content, created_at: 1_700_000_000, ...extra });
const opener = message("assistant", OPENER, "m0");

const makeSession = (messages: ChatMessage[], overrides: Partial<Session> = {}): Session => ({
  id: SESSION_ID,
  chat_id: CHAT_ID,
  name: "Blutdruck",
  messages,
  reference: [],
  user_id: "u1",
  source: "web",
  create_time: 1_700_000_000_000,
  create_date: "",
  update_time: 1_700_000_000_000,
  update_date: "",
  ...overrides,
});

const answered = (extra: Partial<ChatMessage> = {}) =>
  makeSession([
    opener,
    message("user", "Was senkt den Blutdruck?", "m1"),
    message("assistant", "Bewegung hilft [ID:0].", "m1", { reference, ...extra }),
  ]);

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "success", data }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
const fail = (code: number, text: string) =>
  new Response(JSON.stringify({ code, message: text, data: null }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

type Body = Record<string, unknown>;
type Call = { method: string; url: string; body: Body | null; signal: AbortSignal | null };
type Route = (call: Call) => Response;

const mockApi = (routes: Record<string, Route>) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = {
      method: init?.method ?? "GET",
      url: String(input),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : null,
      signal: init?.signal ?? null,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.url}`];
    return answer ? answer(call) : new Response("not found", { status: 404 });
  });
  return {
    calls,
    sent: (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url),
  };
};

// An SSE response the test feeds frame by frame; aborting the request errors it as fetch does.
const sseStream = () => {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const send = (payload: unknown) => controller.enqueue(encoder.encode(`data:${JSON.stringify(payload)}\n\n`));
  return {
    respond: (call: Call) => {
      call.signal?.addEventListener("abort", () =>
        controller.error(new DOMException("The operation was aborted.", "AbortError")),
      );
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    },
    frame: (data: CompletionFrame) => send({ code: 0, message: "", data }),
    send,
    end: () => {
      send({ code: 0, message: "", data: true });
      controller.close();
    },
  };
};

const delta = (answer: string): CompletionFrame => ({
  answer,
  reference: {},
  audio_binary: null,
  id: "m1",
  session_id: SESSION_ID,
  chat_id: CHAT_ID,
  final: false,
});
const finalFrame = (content: string, related: string[] = []): CompletionFrame => ({
  ...delta(""),
  final: true,
  content,
  reference,
  related_questions: related,
});

const questionBox = () => screen.getByRole("textbox", { name: "Ihre Frage" }) as HTMLTextAreaElement;
const askQuestion = (text: string) => {
  fireEvent.change(questionBox(), { target: { value: text } });
  fireEvent.keyDown(questionBox(), { key: "Enter" });
};
const log = () => screen.getByRole("log");

// Ark's radio groups take the click's value on their next tick.
const chooseRadio = async (container: HTMLElement, name: string) => {
  const radio = within(container).getByRole("radio", { name });
  fireEvent.click(radio);
  await waitFor(() => expect(radio.closest("label")?.getAttribute("data-state")).toBe("checked"));
};

// MediaRecorder and getUserMedia as a browser with a microphone has them.
const stubRecording = () => {
  const recording = { tracksStopped: 0 };
  class FakeRecorder {
    mimeType = "audio/webm";
    state = "inactive";
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    start() {
      this.state = "recording";
    }
    stop() {
      this.state = "inactive";
      this.ondataavailable?.({ data: new Blob(["voice"]) });
      this.onstop?.();
    }
  }
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  const track = { stop: () => (recording.tracksStopped += 1) };
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: async () => ({ getTracks: () => [track] }) },
  });
  return recording;
};

// The browser's speech recognition, hearing one sentence.
class FakeRecognition {
  lang = "";
  interimResults = true;
  onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  start() {
    queueMicrotask(() => {
      this.onresult?.({ results: [[{ transcript: "Wie hoch ist mein Puls?" }]] });
      this.onend?.();
    });
  }
  stop() {}
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("ConversationPane", () => {
  it("streams the answer in, then shows the final content with a citation whose popover holds the chunk", async () => {
    const stream = sseStream();
    let stored = makeSession([opener]);
    const { sent } = mockApi({ [`GET ${SESSION_URL}`]: () => ok(stored), [`POST ${COMPLETIONS_URL}`]: stream.respond });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    expect(await screen.findByText(OPENER)).toBeTruthy();

    fireEvent.change(questionBox(), { target: { value: "Was senkt den Blutdruck?\nKurz bitte." } });
    fireEvent.keyDown(questionBox(), { key: "Enter", shiftKey: true });
    expect(sent("POST", COMPLETIONS_URL)).toHaveLength(0);
    fireEvent.keyDown(questionBox(), { key: "Enter" });

    expect(await within(log()).findByText(/Was senkt den Blutdruck\?/)).toBeTruthy();
    expect(await screen.findByRole("status", { name: "Die Antwort wird erstellt …" })).toBeTruthy();
    expect(questionBox().disabled).toBe(true);
    expect(questionBox().value).toBe("");
    expect(sent("POST", COMPLETIONS_URL)[0]?.body).toEqual({
      question: "Was senkt den Blutdruck?\nKurz bitte.",
      session_id: SESSION_ID,
      stream: true,
    });

    stream.frame(delta("Bewegung "));
    expect(await within(log()).findByText("Bewegung")).toBeTruthy();
    expect(screen.queryByTestId("typing")).toBeNull();
    stream.frame(delta("senkt ihn."));
    expect(await within(log()).findByText("Bewegung senkt ihn.")).toBeTruthy();

    stream.frame(finalFrame("Bewegung senkt den Blutdruck [ID:0].", ["Wie viel Bewegung?"]));
    const citation = await screen.findByRole("button", { name: "Quelle 1 anzeigen" });
    expect(within(log()).queryByText(/\[ID:0\]/)).toBeNull();
    expect(within(log()).queryByText("Bewegung senkt ihn.")).toBeNull();
    fireEvent.click(citation);
    expect((await screen.findByTestId("citation-chunk")).textContent).toBe(CHUNK_TEXT);
    const open = screen.getByRole("link", { name: /Dokument öffnen/ });
    expect(open.getAttribute("href")).toBe("/document/doc-1?source=document&dataset=ds-1&chunk=chunk-1");
    expect(within(screen.getByRole("dialog")).getByText("Ähnlichkeit 0,81")).toBeTruthy();

    stored = makeSession([
      opener,
      message("user", "Was senkt den Blutdruck?\nKurz bitte.", "m1"),
      message("assistant", "Bewegung senkt den Blutdruck [ID:0].", "m1", {
        reference,
        related_questions: ["Wie viel Bewegung?"],
      }),
    ]);
    stream.end();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
    expect(sent("GET", SESSION_URL)).toHaveLength(2);
    const articles = within(log()).getAllByRole("article");
    expect(articles.map((article) => article.dataset.role)).toEqual(["assistant", "user", "assistant"]);
    expect(within(articles[2] as HTMLElement).getByRole("button", { name: "Hilfreiche Antwort" })).toBeTruthy();
    expect(within(articles[2] as HTMLElement).getByText("leitlinie.pdf")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Wie viel Bewegung\?/ }));
    await waitFor(() => expect(sent("POST", COMPLETIONS_URL)).toHaveLength(2));
    expect(sent("POST", COMPLETIONS_URL)[1]?.body).toMatchObject({ question: "Wie viel Bewegung?" });
  });

  it("shows the offline notice the server puts on a built-in answer, linking to the model settings", async () => {
    const stream = sseStream();
    const notice = { code: "offline_model" as const, message: "Offline model: quotes the sources only." };
    let stored = answered();
    mockApi({ [`GET ${SESSION_URL}`]: () => ok(stored), [`POST ${COMPLETIONS_URL}`]: stream.respond });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByText(OPENER);
    expect(await within(log()).findByText(/Bewegung hilft/)).toBeTruthy();
    // an answer without a notice (a configured model's) shows none
    expect(within(log()).queryByRole("note")).toBeNull();

    askQuestion("Was hilft noch?");
    stream.frame({ ...delta("Aus den Quellen: "), id: "m2" });
    stream.frame({ ...finalFrame("Aus den Quellen:\n\n> Bewegung hilft. [ID:0]"), id: "m2", notice });
    const note = await within(log()).findByRole("note");
    expect(note.textContent).toContain("Offline-Modell: zitiert nur aus den Quellen.");
    expect(
      within(note).getByRole("link", { name: "Für formulierte Antworten ein Modell verbinden →" }).getAttribute("href"),
    ).toBe("/user-setting/model");

    stored = makeSession([
      ...answered().messages,
      message("user", "Was hilft noch?", "m2"),
      message("assistant", "Aus den Quellen:\n\n> Bewegung hilft. [ID:0]", "m2", { reference, notice }),
    ]);
    stream.end();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
    const articles = within(log()).getAllByRole("article");
    expect(articles.map((article) => within(article).queryByRole("note") !== null)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it("renders raw HTML in an answer as text, opens links in a new tab and folds <think> away", async () => {
    const answer =
      'Hallo <script>window.hacked = true</script> <img src="x" onerror="window.hacked = true"> **fett** [Quelle](https://example.org)';
    mockApi({
      [`GET ${SESSION_URL}`]: () =>
        ok(
          makeSession([
            opener,
            message("user", "Test", "m1"),
            message("assistant", `<think>Ich überlege kurz.</think>${answer}`, "m1"),
          ]),
        ),
    });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    const markdown = (await screen.findAllByTestId("answer-markdown"))[1] as HTMLElement;
    expect(markdown.querySelector("script")).toBeNull();
    expect(markdown.querySelector("img")).toBeNull();
    expect(markdown.textContent).toContain("<script>window.hacked = true</script>");
    expect(markdown.textContent).toContain('onerror="window.hacked = true"');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(markdown.querySelector("strong")?.textContent).toBe("fett");
    const link = within(markdown).getByRole("link", { name: "Quelle" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noreferrer noopener");
    expect(markdown.textContent).not.toContain("Ich überlege");

    fireEvent.click(screen.getByRole("button", { name: "Gedankengang" }));
    expect((await screen.findByTestId("reasoning")).textContent).toBe("Ich überlege kurz.");
  });

  it("stops a streaming answer: the request is aborted and the partial text stays", async () => {
    const stream = sseStream();
    let stored = makeSession([opener]);
    const { sent } = mockApi({ [`GET ${SESSION_URL}`]: () => ok(stored), [`POST ${COMPLETIONS_URL}`]: stream.respond });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByText(OPENER);
    askQuestion("Erzähl mir alles.");
    stream.frame(delta("Das ist eine lange"));
    expect(await within(log()).findByText("Das ist eine lange")).toBeTruthy();

    stored = makeSession([opener, message("user", "Erzähl mir alles.", "m1")]);
    fireEvent.click(screen.getByRole("button", { name: "Antwort anhalten" }));
    expect(sent("POST", COMPLETIONS_URL)[0]?.signal?.aborted).toBe(true);
    expect(await screen.findByText("Angehalten.")).toBeTruthy();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
    expect(within(log()).getByText("Das ist eine lange")).toBeTruthy();
    expect(within(log()).getAllByText("Erzähl mir alles.")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Antwort anhalten" })).toBeNull();
  });

  it("regenerates the last answer by sending the history up to the last question", async () => {
    const stream = sseStream();
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(answered()),
      [`POST ${COMPLETIONS_URL}`]: stream.respond,
    });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Antwort neu erzeugen" }));
    await waitFor(() => expect(sent("POST", COMPLETIONS_URL)).toHaveLength(1));
    expect(sent("POST", COMPLETIONS_URL)[0]?.body).toEqual({
      messages: [
        { role: "assistant", content: OPENER, id: "m0" },
        { role: "user", content: "Was senkt den Blutdruck?", id: "m1" },
      ],
      session_id: SESSION_ID,
      stream: true,
    });
    // the old answer gives way to the new one
    expect(within(log()).queryByText(/Bewegung hilft/)).toBeNull();
    stream.frame(delta("Neue Antwort"));
    expect(await within(log()).findByText("Neue Antwort")).toBeTruthy();
    stream.end();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
  });

  it("shows the server's message when the completion is refused, and gives the question back", async () => {
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(makeSession([opener])),
      [`POST ${COMPLETIONS_URL}`]: () => fail(102, "Miss parameter: topic"),
    });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByText(OPENER);
    askQuestion("Hallo?");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Die Antwort ist fehlgeschlagen")).toBeTruthy();
    expect(within(alert).getByText("Miss parameter: topic")).toBeTruthy();
    await waitFor(() => expect(questionBox().value).toBe("Hallo?"));
    expect(sent("POST", COMPLETIONS_URL)).toHaveLength(1);
  });

  it("shows an error frame from the middle of the stream", async () => {
    const stream = sseStream();
    mockApi({ [`GET ${SESSION_URL}`]: () => ok(makeSession([opener])), [`POST ${COMPLETIONS_URL}`]: stream.respond });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByText(OPENER);
    askQuestion("Hallo?");
    stream.frame(delta("Ich"));
    await within(log()).findByText("Ich");
    stream.send({
      code: 500,
      message: "The model provider timed out.",
      data: { answer: "**ERROR**: The model provider timed out.", reference: [] },
    });
    stream.end();
    expect(await screen.findByText("The model provider timed out.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Die Antwort ist fehlgeschlagen");
    expect(within(log()).getByText("Ich")).toBeTruthy();
  });

  it("asks for required prompt variables and sends them with the question", async () => {
    const stream = sseStream();
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(makeSession([opener])),
      [`POST ${COMPLETIONS_URL}`]: stream.respond,
    });
    const chat = makeChat({
      parameters: [
        { key: "knowledge", optional: false },
        { key: "topic", optional: false },
        { key: "tone", optional: true },
      ],
    });
    renderWithProviders(<ConversationPane chat={chat} sessionId={SESSION_ID} />);
    await screen.findByText(OPENER);
    expect(screen.queryByRole("textbox", { name: /knowledge/ })).toBeNull();
    askQuestion("Was ist wichtig?");
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(sent("POST", COMPLETIONS_URL)).toHaveLength(0);
    expect(questionBox().value).toBe("Was ist wichtig?");

    fireEvent.change(screen.getByRole("textbox", { name: /topic/ }), { target: { value: "Diabetes" } });
    fireEvent.keyDown(questionBox(), { key: "Enter" });
    await waitFor(() => expect(sent("POST", COMPLETIONS_URL)).toHaveLength(1));
    expect(sent("POST", COMPLETIONS_URL)[0]?.body).toEqual({
      topic: "Diabetes",
      question: "Was ist wichtig?",
      session_id: SESSION_ID,
      stream: true,
    });
    stream.end();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
  });

  it("sends thumbs down with the reason and the comment", async () => {
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(answered()),
      [`PUT ${SESSION_URL}/messages/m1/feedback`]: () =>
        ok(answered({ thumbup: false, reason: "unclear", feedback: "Zu vage." })),
    });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    const down = await screen.findByRole("button", { name: "Nicht hilfreiche Antwort" });
    expect(down.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(down);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByRole("radio")).toHaveLength(7);
    await chooseRadio(dialog, "unklar");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Kommentar/ }), { target: { value: " Zu vage. " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Feedback senden" }));
    await waitFor(() => expect(sent("PUT", `${SESSION_URL}/messages/m1/feedback`)).toHaveLength(1));
    expect(sent("PUT", `${SESSION_URL}/messages/m1/feedback`)[0]?.body).toEqual({
      thumbup: false,
      reason: "unclear",
      feedback: "Zu vage.",
    });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Nicht hilfreiche Antwort" }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes a question with its answer after confirming", async () => {
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(answered()),
      [`DELETE ${SESSION_URL}/messages/m1`]: () => ok(makeSession([opener])),
    });
    renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Frage und Antwort löschen" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(within(log()).queryByText("Was senkt den Blutdruck?")).toBeNull());
    expect(sent("DELETE", `${SESSION_URL}/messages/m1`)).toHaveLength(1);
    expect(within(log()).getAllByRole("article")).toHaveLength(1);
    // the opener has no question: nothing to rate or delete
    expect(screen.queryByRole("button", { name: "Frage und Antwort löschen" })).toBeNull();
  });

  it("names a new conversation after its first question", async () => {
    const stream = sseStream();
    let stored = makeSession([opener], { name: "Neuer Chat" });
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(stored),
      [`POST ${COMPLETIONS_URL}`]: stream.respond,
      [`PATCH ${SESSION_URL}`]: () => ok({ ...stored, name: "Was hilft gegen Kopfschmerzen?" }),
    });
    const onSessionRenamed = vi.fn();
    renderWithProviders(
      <ConversationPane chat={makeChat()} sessionId={SESSION_ID} onSessionRenamed={onSessionRenamed} />,
    );
    await screen.findByText(OPENER);
    askQuestion("Was hilft gegen Kopfschmerzen?");
    stream.frame(delta("Ruhe."));
    stream.frame(finalFrame("Ruhe."));
    stored = makeSession(
      [opener, message("user", "Was hilft gegen Kopfschmerzen?", "m1"), message("assistant", "Ruhe.", "m1")],
      { name: "Neuer Chat" },
    );
    stream.end();
    await waitFor(() => expect(onSessionRenamed).toHaveBeenCalled());
    expect(sent("PATCH", SESSION_URL)[0]?.body).toEqual({ name: "Was hilft gegen Kopfschmerzen?" });
  });

  it("says in German that a TTS model is missing when the browser cannot speak either", async () => {
    vi.stubGlobal("speechSynthesis", undefined);
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(answered()),
      "POST /api/v1/chat/audio/speech": () => fail(102, "No default TTS model is set"),
    });
    renderWithProviders(<ConversationPane chat={makeChat({ tts: true })} sessionId={SESSION_ID} />);
    const buttons = await screen.findAllByRole("button", { name: "Vorlesen" });
    fireEvent.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByText("Bitte zuerst das Text-to-Speech-Modell festlegen.")).toBeTruthy();
    expect(sent("POST", "/api/v1/chat/audio/speech")[0]?.body).toEqual({ text: "Bewegung hilft ." });
  });

  it("records a question, and without an ASR model falls back to the browser's speech recognition", async () => {
    const recording = stubRecording();
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    const { sent } = mockApi({
      [`GET ${SESSION_URL}`]: () => ok(makeSession([opener])),
      "POST /api/v1/chat/audio/transcription": () => fail(102, "No default ASR model is set"),
    });
    renderWithProviders(<ConversationPane chat={makeChat({ stt: true })} sessionId={SESSION_ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Spracheingabe starten" }));
    fireEvent.click(await screen.findByRole("button", { name: "Spracheingabe beenden" }));
    await waitFor(() => expect(questionBox().value).toBe("Wie hoch ist mein Puls?"));
    expect(sent("POST", "/api/v1/chat/audio/transcription")).toHaveLength(1);
    expect(recording.tracksStopped).toBe(1);
    expect(screen.getByText(/die Spracherkennung des Browsers hört jetzt zu/)).toBeTruthy();
  });

  it("says in German that a speech-to-text model is missing when the browser cannot recognise speech either", async () => {
    stubRecording();
    vi.stubGlobal("webkitSpeechRecognition", undefined);
    vi.stubGlobal("SpeechRecognition", undefined);
    mockApi({
      [`GET ${SESSION_URL}`]: () => ok(makeSession([opener])),
      "POST /api/v1/chat/audio/transcription": () => fail(102, "No default ASR model is set"),
    });
    renderWithProviders(<ConversationPane chat={makeChat({ stt: true })} sessionId={SESSION_ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Spracheingabe starten" }));
    fireEvent.click(await screen.findByRole("button", { name: "Spracheingabe beenden" }));
    expect(await screen.findByText("Bitte zuerst das Speech-to-Text-Modell festlegen.")).toBeTruthy();
    expect(questionBox().value).toBe("");
  });

  it("hides read aloud and the microphone unless the assistant enables them", async () => {
    mockApi({ [`GET ${SESSION_URL}`]: () => ok(answered()) });
    const { unmount } = renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByRole("button", { name: "Antwort neu erzeugen" });
    expect(screen.queryByRole("button", { name: "Vorlesen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Spracheingabe starten" })).toBeNull();
    unmount();
    renderWithProviders(<ConversationPane chat={makeChat({ stt: true })} sessionId={SESSION_ID} />);
    expect(await screen.findByRole("button", { name: "Spracheingabe starten" })).toBeTruthy();
  });

  it("shows an answer's prompt behind the prompt icon, only while the assistant has it on", async () => {
    mockApi({
      [`GET ${SESSION_URL}`]: () => ok(answered({ prompt: "SYSTEM: Wissen …\nUSER: Senkt Sport den Blutdruck?" })),
    });
    const { unmount } = renderWithProviders(<ConversationPane chat={makeChat()} sessionId={SESSION_ID} />);
    await screen.findByRole("button", { name: "Antwort neu erzeugen" });
    expect(screen.queryByRole("button", { name: "Prompt anzeigen" })).toBeNull();
    unmount();
    renderWithProviders(<ConversationPane chat={makeChat({ prompt_icon: true })} sessionId={SESSION_ID} />);
    fireEvent.click(await screen.findByRole("button", { name: "Prompt anzeigen" }));
    const dialog = await screen.findByTestId("prompt-dialog");
    expect(within(dialog).getByText("Prompt dieser Antwort")).toBeTruthy();
    expect(dialog.querySelector("pre")?.textContent).toBe("SYSTEM: Wissen …\nUSER: Senkt Sport den Blutdruck?");
  });
});

describe("SessionList", () => {
  const existing = makeSession([opener], { name: "Blutdruck" });

  it("creates a conversation named „Neuer Chat“ and selects it", async () => {
    const created = makeSession([opener], { id: "new-session", name: "Neuer Chat" });
    const { sent } = mockApi({
      [`GET ${SESSIONS_URL}`]: () => ok([existing]),
      [`POST /api/v1/chats/${CHAT_ID}/sessions`]: () => ok(created),
    });
    const onSelect = vi.fn();
    renderWithProviders(<SessionList chatId={CHAT_ID} selectedId={null} onSelect={onSelect} />);
    expect(screen.getByTestId("sessions-loading")).toBeTruthy();
    expect(await screen.findByRole("button", { name: /^Blutdruck/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Neuer Chat" }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith("new-session"));
    expect(sent("POST", `/api/v1/chats/${CHAT_ID}/sessions`)[0]?.body).toEqual({ name: "Neuer Chat" });
    await waitFor(() => expect(sent("GET", SESSIONS_URL)).toHaveLength(2));
  });

  it("deletes the selected conversation after confirming and clears the selection", async () => {
    let sessions = [existing];
    const { sent } = mockApi({
      [`GET ${SESSIONS_URL}`]: () => ok(sessions),
      [`DELETE /api/v1/chats/${CHAT_ID}/sessions`]: () => {
        sessions = [];
        return ok({ success_count: 1 });
      },
    });
    const onSelect = vi.fn();
    renderWithProviders(<SessionList chatId={CHAT_ID} selectedId={SESSION_ID} onSelect={onSelect} />);
    expect((await screen.findByRole("button", { name: /^Blutdruck/ })).getAttribute("aria-current")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "„Blutdruck“ löschen" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/Die Unterhaltung „Blutdruck“ wird mit allen Nachrichten gelöscht/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(null));
    expect(sent("DELETE", `/api/v1/chats/${CHAT_ID}/sessions`)[0]?.body).toEqual({ ids: [SESSION_ID] });
    expect(await screen.findByText("Noch keine Unterhaltungen")).toBeTruthy();
  });

  it("renames a conversation", async () => {
    const { sent } = mockApi({
      [`GET ${SESSIONS_URL}`]: () => ok([existing]),
      [`PATCH ${SESSION_URL}`]: () => ok({ ...existing, name: "Hypertonie" }),
    });
    renderWithProviders(<SessionList chatId={CHAT_ID} selectedId={null} onSelect={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "„Blutdruck“ umbenennen" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Name/ }), { target: { value: " Hypertonie " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(sent("PATCH", SESSION_URL)).toHaveLength(1));
    expect(sent("PATCH", SESSION_URL)[0]?.body).toEqual({ name: "Hypertonie" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("ExportDialog", () => {
  it("downloads the history of the last 30 days as CSV", async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 31, 12), toFake: ["Date"] });
    const url = `/api/v1/chats/${CHAT_ID}/export?from=2026-03-02&to=2026-03-31&format=csv`;
    const { sent } = mockApi({
      [`GET ${url}`]: () =>
        new Response("question,answer\r\n", { headers: { "Content-Type": "text/csv; charset=utf-8" } }),
    });
    const createUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const onClose = vi.fn();
    renderWithProviders(<ExportDialog chatId={CHAT_ID} chatName="Gesundheits Buddy" onClose={onClose} />);
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Von") as HTMLInputElement).value).toBe("2026-03-02");
    expect((within(dialog).getByLabelText("Bis") as HTMLInputElement).value).toBe("2026-03-31");
    await chooseRadio(dialog, "CSV");
    fireEvent.click(within(dialog).getByRole("button", { name: "Herunterladen" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent("GET", url)).toHaveLength(1);
    expect(createUrl).toHaveBeenCalledWith(expect.any(Blob));
    expect(downloads).toEqual(["Gesundheits_Buddy_2026-03-02_2026-03-31.csv blob:export"]);
  });

  it("refuses a range whose start lies after its end", async () => {
    const { calls } = mockApi({});
    renderWithProviders(<ExportDialog chatId={CHAT_ID} chatName="Buddy" onClose={vi.fn()} />);
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Von"), { target: { value: "2099-01-01" } });
    expect(await within(dialog).findByText("Das Startdatum darf nicht nach dem Enddatum liegen.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Herunterladen" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe("StatsDialog", () => {
  it("shows the six figures and a bar per day", async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 31, 12), toFake: ["Date"] });
    const stats: ChatStats = {
      from: "2026-03-02",
      to: "2026-03-31",
      totals: {
        messages: 12,
        active_users: 3,
        tokens: 12_345,
        token_speed: 42.5,
        rounds: 2.4,
        satisfaction: null,
        unanswered: 1,
      },
      days: [
        {
          date: "2026-03-30",
          messages: 12,
          active_users: 3,
          tokens: 12_345,
          token_speed: 42.5,
          rounds: 2.4,
          satisfaction: null,
        },
      ],
    };
    const { sent } = mockApi({ [`GET /api/v1/chats/${CHAT_ID}/stats?from=2026-03-02&to=2026-03-31`]: () => ok(stats) });
    renderWithProviders(<StatsDialog chatId={CHAT_ID} chatName="Buddy" onClose={vi.fn()} />);
    const figures = await screen.findAllByTestId("stat");
    expect(figures.map((figure) => figure.textContent)).toEqual([
      "Nachrichten12",
      "Aktive Nutzer3",
      "Token-Geschwindigkeit42,5Token/s",
      "Verbrauchte Token12.345",
      "Runden pro Unterhaltung2,4",
      "Zufriedenheit–",
    ]);
    const [messages] = screen.getAllByTestId("day-bars");
    expect(messages?.children).toHaveLength(30);
    expect(messages?.querySelector('[title="30.03.2026: 12"]')).toBeTruthy();
    expect(sent("GET", `/api/v1/chats/${CHAT_ID}/stats?from=2026-03-02&to=2026-03-31`)).toHaveLength(1);
  });
});

describe("in English", () => {
  it("renders the conversation and the session list in English", async () => {
    await changeLanguage("en");
    try {
      mockApi({ [`GET ${SESSION_URL}`]: () => ok(makeSession([])), [`GET ${SESSIONS_URL}`]: () => ok([]) });
      renderWithProviders(
        <>
          <SessionList chatId={CHAT_ID} selectedId={null} onSelect={vi.fn()} />
          <ConversationPane chat={makeChat()} sessionId={SESSION_ID} />
        </>,
      );
      expect(await screen.findByText("Ask your first question.")).toBeTruthy();
      expect(screen.getByRole("textbox", { name: "Your question" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
      expect(await screen.findByText("No conversations yet")).toBeTruthy();
      expect(screen.getByRole("button", { name: "New chat" })).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });
});

describe("AnswerMarkdown citations", () => {
  it("offer no document link for the knowledge-graph chunk, which has no document", async () => {
    const graphChunk: ReferenceChunk = {
      id: "knowledge-graph-ds-1",
      content: "Entities:\n- ROBERT KOCH-INSTITUT (organization): Bundesinstitut.",
      document_id: "",
      document_name: "Related content in Knowledge Graph",
      dataset_id: "ds-1",
      image_id: "",
      positions: [],
      url: null,
      similarity: 1,
      vector_similarity: 1,
      term_similarity: 1,
      doc_type: "",
    };
    renderWithProviders(
      <AnswerMarkdown
        content="Das RKI ist ein Bundesinstitut [ID:0]."
        reference={{ total: 1, chunks: [graphChunk], doc_aggs: [] }}
      />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Quelle 1 anzeigen" }));
    expect((await screen.findByTestId("citation-chunk")).textContent).toContain("ROBERT KOCH-INSTITUT");
    expect(screen.queryByRole("link", { name: /Dokument öffnen/ })).toBeNull();
  });

  it("show the images of cited image chunks with the assistant's show images, once each, and none without it", () => {
    const imageChunk = (id: string, name: string, image_url?: string): ReferenceChunk => ({
      id,
      content: `Inhalt ${id}`,
      document_id: `doc-${id}`,
      document_name: name,
      dataset_id: "ds-1",
      image_id: image_url ? `ds-1-doc-${id}` : "",
      ...(image_url ? { image_url } : {}),
      positions: [],
      url: null,
      similarity: 1,
      vector_similarity: 1,
      term_similarity: 1,
      doc_type: image_url ? "image" : "",
    });
    const cited: Reference = {
      total: 3,
      chunks: [
        imageChunk("a", "impfpass.png", "/api/v1/document/image/a?signature=1"),
        imageChunk("b", "text.txt"),
        imageChunk("c", "ungenannt.png", "/api/v1/document/image/c?signature=3"),
      ],
      doc_aggs: [],
    };
    const content = "Der Pass [ID:0] und der Text [ID:1]. Noch einmal der Pass [ID:0].";
    const { unmount } = renderWithProviders(<AnswerMarkdown content={content} reference={cited} showImages />);
    const images = within(screen.getByTestId("answer-images")).getAllByRole("img");
    expect(images.map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([
      ["/api/v1/document/image/a?signature=1", "impfpass.png"],
    ]);
    expect(screen.getByRole("link", { name: "Bild aus impfpass.png öffnen" }).getAttribute("target")).toBe("_blank");
    unmount();
    renderWithProviders(<AnswerMarkdown content={content} reference={cited} />);
    expect(screen.queryByTestId("answer-images")).toBeNull();
  });
});
