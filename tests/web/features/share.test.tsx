import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shareUrl } from "../../../web/api/share";
import { ShareDialog } from "../../../web/features/share-links";
import { checkAllowedOrigins } from "../../../web/features/share-links/allowed-origins";
import { buildExtensionZip } from "../../../web/features/share-links/chrome-extension";
import { parseShareParams } from "../../../web/features/share/share-params";
import { SharedChatPage } from "../../../web/features/share/shared-chat-page";
import { changeLanguage } from "../../../web/i18n";
import type { Chat, ChatMessage, CompletionFrame, Session } from "../../../worker/contract/chats";
import type { SharedChatInfo, ShareToken } from "../../../worker/contract/share";
import { renderWithProviders } from "../helpers/render";

const CHAT_ID = "c0ffee00c0ffee00c0ffee00c0ffee00";
const SESSION_ID = "5e55105e55105e55105e55105e551050";
const TOKEN = "share-abcdefabcdefabcdefabcdefabcdef12";
const VISITOR = "v-testvisitor0000000000000000";
const OPENER = "Hallo! Ich beantworte Fragen zur Praxis.";

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "success", data }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
const fail = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), {
    status,
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

// An SSE response the test feeds frame by frame.
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
    respond: () => new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    frame: (data: CompletionFrame) => send({ code: 0, message: "", data }),
    end: () => {
      send({ code: 0, message: "", data: true });
      controller.close();
    },
  };
};

afterEach(async () => {
  sessionStorage.clear();
  document.documentElement.classList.remove("dark");
  await changeLanguage("de");
});

// ---- the owner's "Share & embed" dialog ----

const makeChat = (): Chat =>
  ({
    id: CHAT_ID,
    tenant_id: "t1",
    name: "Praxis-Buddy",
    icon: null,
    avatar: null,
    description: null,
    language: "German",
    dataset_ids: [],
    kb_ids: [],
    kb_names: [],
    llm_id: "builtin-extractive@Builtin",
    llm_setting: { max_tokens: 512 },
    prompt_type: "simple",
    prompt_config: { prologue: OPENER, parameters: [] },
    design: { button_color: "#123456" },
    similarity_threshold: 0.2,
    vector_similarity_weight: 0.3,
    top_n: 6,
    top_k: 1024,
    rerank_id: "",
    do_refer: "1",
    status: "1",
    create_time: 1,
    create_date: "",
    update_time: 1,
    update_date: "",
  }) as unknown as Chat;

const makeLink = (overrides: Partial<ShareToken> = {}): ShareToken => ({
  id: "link-1",
  token: TOKEN,
  name: "Website",
  target_type: "chat",
  target_id: CHAT_ID,
  allowed_origins: [],
  rate_per_minute: 20,
  daily_cap: 500,
  used_today: 7,
  create_time: 1,
  last_used_at: null,
  ...overrides,
});

const LINKS_URL = `/api/v1/chats/${CHAT_ID}/share-tokens`;

describe("Share & embed dialog", () => {
  it("refuses an origin with a path in the form and creates the link with the server's JSON", async () => {
    let links: ShareToken[] = [];
    const created = makeLink({ allowed_origins: ["https://praxis.example", "https://intranet.example:8443"] });
    const { sent } = mockApi({
      [`GET ${LINKS_URL}`]: () => ok(links),
      [`POST ${LINKS_URL}`]: () => {
        links = [created];
        return ok(created);
      },
    });
    renderWithProviders(<ShareDialog chat={makeChat()} onClose={() => undefined} />);
    expect(await screen.findByText("Noch keine Freigabelinks")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Neuer Link" }));
    const form = await screen.findByRole("dialog", { name: "Freigabelink erstellen" });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Website" } });
    const origins = within(form).getByLabelText("Erlaubte Websites");
    fireEvent.change(origins, { target: { value: "https://praxis.example/kontakt" } });
    fireEvent.click(within(form).getByRole("button", { name: "Erstellen" }));
    expect(await within(form).findByText(/Keine gültige Adresse.*https:\/\/praxis\.example\/kontakt/)).toBeTruthy();
    expect(sent("POST", LINKS_URL)).toHaveLength(0);

    fireEvent.change(origins, { target: { value: "https://praxis.example/\nhttps://Intranet.Example:8443" } });
    fireEvent.change(within(form).getByLabelText("Anfragen pro Minute"), { target: { value: "30" } });
    fireEvent.click(within(form).getByRole("button", { name: "Erstellen" }));
    await waitFor(() => expect(sent("POST", LINKS_URL)).toHaveLength(1));
    expect(sent("POST", LINKS_URL)[0]?.body).toEqual({
      name: "Website",
      allowed_origins: ["https://praxis.example", "https://intranet.example:8443"],
      rate_per_minute: 30,
      daily_cap: 500,
    });
    const row = await screen.findByTestId("share-link");
    expect(within(row).getByText("https://praxis.example, https://intranet.example:8443")).toBeTruthy();
    expect(within(row).getByText("heute 7 / 500")).toBeTruthy();
  });

  it("puts the share URL into the iframe and widget codes, with the start question", async () => {
    mockApi({ [`GET ${LINKS_URL}`]: () => ok([makeLink()]) });
    renderWithProviders(<ShareDialog chat={makeChat()} onClose={() => undefined} />);
    const panel = await screen.findByTestId("embed-panel");
    const url = shareUrl(window.location.origin, CHAT_ID, TOKEN, { theme: "light", visibleAvatar: true });
    expect(within(panel).getByRole("region", { name: "Ganze Seite (iframe)" }).textContent).toBe(
      `<iframe src="${url}" style="width:100%;height:100%;min-height:600px" frameborder="0" allow="microphone"></iframe>`,
    );

    fireEvent.change(within(panel).getByLabelText("Sprache"), { target: { value: "en" } });
    fireEvent.change(within(panel).getByLabelText("Design"), { target: { value: "dark" } });
    const english = shareUrl(window.location.origin, CHAT_ID, TOKEN, {
      locale: "en",
      theme: "dark",
      visibleAvatar: true,
    });
    await waitFor(() =>
      expect(within(panel).getByRole("region", { name: "Ganze Seite (iframe)" }).textContent).toContain(
        `src="${english}"`,
      ),
    );
    expect((within(panel).getByTitle("Live-Vorschau") as HTMLIFrameElement).getAttribute("src")).toBe(english);

    fireEvent.click(within(panel).getByRole("tab", { name: /Chat-Button/ }));
    fireEvent.change(await within(panel).findByLabelText("Startfrage (optional)"), {
      target: { value: 'Was kostet "Akupunktur"?' },
    });
    const widget = within(panel).getByRole("region", { name: "Chat-Button (Skript)" }).textContent ?? "";
    expect(widget).toBe(
      `<script src="${window.location.origin}/embed/widget.js" data-buddy-src="${english}" data-buddy-question="Was kostet &quot;Akupunktur&quot;?" data-buddy-title="Praxis-Buddy" async></script>`,
    );
  });

  it("downloads a Manifest V3 extension whose side panel shows the share URL", async () => {
    mockApi({ [`GET ${LINKS_URL}`]: () => ok([makeLink()]) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:extension";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderWithProviders(<ShareDialog chat={makeChat()} onClose={() => undefined} />);
    const panel = await screen.findByTestId("embed-panel");
    fireEvent.click(within(panel).getByRole("tab", { name: /Chrome-Erweiterung/ }));
    fireEvent.click(await within(panel).findByRole("button", { name: "Erweiterung herunterladen (.zip)" }));
    expect(within(panel).getByText("Oben rechts den Entwicklermodus einschalten.")).toBeTruthy();

    expect(blobs).toHaveLength(1);
    const files = unzipSync(new Uint8Array(await (blobs[0] as Blob).arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files["manifest.json"] as Uint8Array)) as Record<string, unknown> & {
      side_panel: { default_path: string };
      background: { service_worker: string };
      icons: Record<string, string>;
      action: { default_title: string };
    };
    expect(manifest).toMatchObject({
      manifest_version: 3,
      name: "Praxis-Buddy",
      permissions: ["sidePanel"],
      side_panel: { default_path: "sidepanel.html" },
    });
    expect(manifest.action.default_title).toBe("Praxis-Buddy");
    expect(strFromU8(files[manifest.background.service_worker] as Uint8Array)).toContain(
      "chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })",
    );
    const url = shareUrl(window.location.origin, CHAT_ID, TOKEN, { theme: "light", visibleAvatar: true });
    const sidePanel = new DOMParser().parseFromString(strFromU8(files["sidepanel.html"] as Uint8Array), "text/html");
    expect(sidePanel.querySelector("iframe")?.getAttribute("src")).toBe(url);
    for (const icon of Object.values(manifest.icons))
      expect(Array.from((files[icon] as Uint8Array).slice(0, 8))).toEqual([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
      ]);
    expect(strFromU8(files["README.txt"] as Uint8Array)).toContain(url);
  });

  it("checks allowed origins like the server and keeps the extension's manifest name within Chrome's limit", () => {
    expect(
      checkAllowedOrigins("https://a.example\nftp://b.example\nhttps://c.example?x=1\n\n https://a.example "),
    ).toEqual({
      origins: ["https://a.example"],
      invalid: ["ftp://b.example", "https://c.example?x=1"],
      tooMany: false,
    });
    const files = unzipSync(
      buildExtensionZip({
        name: "x".repeat(90),
        description: "d",
        url: "https://buddy.example/chat/share",
        color: "#123456",
        readme: "r",
      }),
    );
    expect((JSON.parse(strFromU8(files["manifest.json"] as Uint8Array)) as { name: string }).name).toHaveLength(75);
  });
});

// ---- the visitor's shared chat page ----

const INFO_URL = `/api/v1/share/chats/${CHAT_ID}?visitor_id=${VISITOR}`;
const SESSIONS_URL = `/api/v1/share/chats/${CHAT_ID}/sessions?visitor_id=${VISITOR}`;
const SESSION_URL = `/api/v1/share/chats/${CHAT_ID}/sessions/${SESSION_ID}?visitor_id=${VISITOR}`;
const COMPLETIONS_URL = `/api/v1/share/chats/${CHAT_ID}/completions?visitor_id=${VISITOR}`;

const makeInfo = (
  overrides: Partial<SharedChatInfo> = {},
  design: Record<string, string | boolean> = {},
): SharedChatInfo => ({
  id: CHAT_ID,
  name: "Praxis-Buddy",
  icon: null,
  description: "Fragen zu Terminen und Leistungen",
  language: "German",
  prologue: OPENER,
  suggested_questions: true,
  quote: true,
  tts: false,
  show_images: false,
  stt: false,
  variables: [],
  design: {
    disclaimer_show: false,
    disclaimer_title: "",
    disclaimer_text: "",
    background_color: "#fdf6e3",
    button_color: "#123456",
    footer_color: "#eeeeee",
    user_bubble_color: "#123456",
    assistant_bubble_color: "#f4f4f5",
    text_color: "#222222",
    border_color: "#dddddd",
    input_color: "#ffffff",
    footer_text: "Ein Angebot der Praxis Sonnenschein",
    input_placeholder: "Ihre Frage an die Praxis …",
    ...design,
  },
  ...overrides,
});

const message = (role: ChatMessage["role"], content: string, id: string): ChatMessage => ({
  id,
  role,
  content,
  created_at: 1_700_000_000,
});

const makeSession = (messages: ChatMessage[], overrides: Partial<Session> = {}): Session => ({
  id: SESSION_ID,
  chat_id: CHAT_ID,
  name: "Neuer Chat",
  messages,
  reference: [],
  user_id: VISITOR,
  source: "shared",
  create_time: 1_700_000_000_000,
  create_date: "",
  update_time: 1_700_000_000_000,
  update_date: "",
  ...overrides,
});

const delta = (answer: string): CompletionFrame => ({
  answer,
  reference: {},
  audio_binary: null,
  id: "m1",
  session_id: SESSION_ID,
  chat_id: CHAT_ID,
  final: false,
});

const openPage = (query: string) => {
  localStorage.setItem("buddy-visitor-id", VISITOR);
  return renderWithProviders(
    <SharedChatPage params={parseShareParams(`?shared_id=${CHAT_ID}&from=chat&auth=${TOKEN}${query}`)} />,
  );
};

const questionBox = () => screen.getByRole("textbox", { name: "Ihre Frage" }) as HTMLTextAreaElement;

describe("shared chat page", () => {
  it("shows the design's texts and colours, starts a conversation with the first question and streams the answer", async () => {
    const stream = sseStream();
    const opener = message("assistant", OPENER, "m0");
    let sessions: Session[] = [];
    let stored = makeSession([opener], { name: "Wann ist die Praxis geöffnet?" });
    const { sent } = mockApi({
      [`GET ${INFO_URL}`]: () =>
        ok(
          makeInfo({
            variables: [
              { key: "city", optional: false },
              { key: "age", optional: true },
            ],
          }),
        ),
      [`GET ${SESSIONS_URL}`]: () => ok(sessions),
      [`POST ${SESSIONS_URL}`]: () => {
        sessions = [stored];
        return ok(stored);
      },
      [`GET ${SESSION_URL}`]: () => ok(stored),
      [`POST ${COMPLETIONS_URL}`]: stream.respond,
    });
    openPage("&data_city=Berlin");

    expect(await screen.findByRole("heading", { name: "Praxis-Buddy" })).toBeTruthy();
    expect(screen.getByText(OPENER)).toBeTruthy();
    expect(screen.getByText("Fragen zu Terminen und Leistungen")).toBeTruthy();
    expect(screen.getByTestId("footer-text").textContent).toBe("Ein Angebot der Praxis Sonnenschein");
    expect(questionBox().getAttribute("placeholder")).toBe("Ihre Frage an die Praxis …");
    expect(screen.getByTestId("shared-chat").style.getPropertyValue("--chakra-colors-teal-solid")).toBe("#123456");
    // city comes from the link (data_city); only the optional age is asked for
    expect(screen.queryByLabelText(/^city/)).toBeNull();
    expect(screen.getByLabelText("age")).toBeTruthy();

    fireEvent.change(questionBox(), { target: { value: "Wann ist die Praxis geöffnet?" } });
    fireEvent.keyDown(questionBox(), { key: "Enter" });
    await waitFor(() => expect(sent("POST", SESSIONS_URL)[0]?.body).toEqual({ name: "Wann ist die Praxis geöffnet?" }));
    await waitFor(() => expect(sent("POST", COMPLETIONS_URL)).toHaveLength(1));
    expect(sent("POST", COMPLETIONS_URL)[0]?.body).toEqual({
      city: "Berlin",
      question: "Wann ist die Praxis geöffnet?",
      session_id: SESSION_ID,
      stream: true,
    });

    const log = screen.getByRole("log");
    stream.frame(delta("Montag bis "));
    expect(await within(log).findByText("Montag bis")).toBeTruthy();
    stream.frame(delta("Freitag."));
    expect(await within(log).findByText("Montag bis Freitag.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Antwort anhalten" })).toBeTruthy();
    const notice = { code: "offline_model" as const, message: "Offline model: quotes the sources only." };
    const answer = {
      ...message("assistant", "Montag bis Freitag.", "m1"),
      related_questions: ["Auch samstags?"],
      notice,
    };
    stored = makeSession([opener, message("user", "Wann ist die Praxis geöffnet?", "m1"), answer], {
      name: "Wann ist die Praxis geöffnet?",
    });
    stream.frame({
      ...delta(""),
      final: true,
      content: "Montag bis Freitag.",
      related_questions: ["Auch samstags?"],
      notice,
    });
    stream.end();

    expect(await screen.findByRole("button", { name: "Hilfreiche Antwort" })).toBeTruthy();
    // the built-in model's notice, without the owner's model settings link a visitor could not use
    const note = within(log).getByRole("note");
    expect(note.textContent).toBe("Offline-Modell: zitiert nur aus den Quellen.");
    expect(within(note).queryByRole("link")).toBeNull();
    expect(await screen.findByRole("button", { name: /Auch samstags\?/ })).toBeTruthy();
    const list = screen.getByRole("navigation", { name: "Unterhaltungen" });
    expect(await within(list).findByText("Wann ist die Praxis geöffnet?")).toBeTruthy();
  });

  it("creates a new conversation with “New chat” and asks a required variable before sending", async () => {
    let sessions: Session[] = [makeSession([message("assistant", OPENER, "m0")], { id: "old", name: "Frühere Frage" })];
    const fresh = makeSession([message("assistant", OPENER, "m0")]);
    const { sent } = mockApi({
      [`GET ${INFO_URL}`]: () => ok(makeInfo({ variables: [{ key: "city", optional: false }] })),
      [`GET ${SESSIONS_URL}`]: () => ok(sessions),
      [`POST ${SESSIONS_URL}`]: () => {
        sessions = [fresh, ...sessions];
        return ok(fresh);
      },
      [`GET ${SESSION_URL}`]: () => ok(fresh),
    });
    openPage("");
    const list = await screen.findByRole("navigation", { name: "Unterhaltungen" });
    expect(await within(list).findByText("Frühere Frage")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Neuer Chat" }));
    await waitFor(() => expect(sent("POST", SESSIONS_URL)[0]?.body).toEqual({ name: "Neuer Chat" }));
    await waitFor(() => expect(within(list).getAllByTestId("shared-session")).toHaveLength(2));
    const [created] = within(list).getAllByTestId("shared-session");
    expect(created?.textContent).toContain("Neuer Chat");
    await waitFor(() => expect(created?.querySelector("[aria-current=true]")).not.toBeNull());

    fireEvent.change(questionBox(), { target: { value: "Hallo?" } });
    fireEvent.keyDown(questionBox(), { key: "Enter" });
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(sent("POST", COMPLETIONS_URL)).toHaveLength(0);
  });

  it("asks the link's start question once and shows the notice to accept first", async () => {
    const stream = sseStream();
    const { sent } = mockApi({
      [`GET ${INFO_URL}`]: () =>
        ok(
          makeInfo(
            {},
            {
              disclaimer_show: true,
              disclaimer_title: "Bitte beachten",
              disclaimer_text: "Keine medizinische Beratung.",
            },
          ),
        ),
      [`GET ${SESSIONS_URL}`]: () => ok([]),
      [`POST ${SESSIONS_URL}`]: () =>
        ok(makeSession([message("assistant", OPENER, "m0")], { name: "Habt ihr heute offen?" })),
      [`GET ${SESSION_URL}`]: () => ok(makeSession([message("assistant", OPENER, "m0")])),
      [`POST ${COMPLETIONS_URL}`]: stream.respond,
    });
    openPage("&question=Habt%20ihr%20heute%20offen%3F");
    const notice = await screen.findByRole("alertdialog", { name: "Bitte beachten" });
    expect(within(notice).getByText("Keine medizinische Beratung.")).toBeTruthy();
    expect(sent("POST", SESSIONS_URL)).toHaveLength(0);
    fireEvent.click(within(notice).getByRole("button", { name: "Verstanden" }));
    await waitFor(() => expect(sent("POST", COMPLETIONS_URL)).toHaveLength(1));
    expect(sent("POST", COMPLETIONS_URL)[0]?.body).toMatchObject({
      question: "Habt ihr heute offen?",
      session_id: SESSION_ID,
    });
    expect(sent("POST", SESSIONS_URL)).toHaveLength(1);
    expect(localStorage.getItem(`buddy-share-disclaimer:${CHAT_ID}`)).toBe("1");
    stream.end();
  });

  it.each([
    [
      401,
      109,
      "Authentication error: the share link is invalid or was revoked.",
      "Link ungültig oder widerrufen",
      null,
    ],
    [403, 403, "Requests from https://evil.example are not allowed for this share link.", "Hier nicht erlaubt", null],
    [
      429,
      429,
      "This share link has reached its daily limit of 500 answers. Please try again tomorrow.",
      "Limit erreicht",
      "This share link has reached its daily limit of 500 answers. Please try again tomorrow.",
    ],
  ])("explains an HTTP %i from the server", async (status, code, serverMessage, title, shown) => {
    mockApi({ [`GET ${INFO_URL}`]: () => fail(status, code, serverMessage) });
    openPage("");
    const problem = await screen.findByRole("alert");
    expect(within(problem).getByRole("heading", { name: title })).toBeTruthy();
    if (shown) expect(within(problem).getByText(shown)).toBeTruthy();
  });

  it("shows an incomplete link as invalid without asking the server", async () => {
    const { calls } = mockApi({});
    renderWithProviders(<SharedChatPage params={parseShareParams(`?shared_id=${CHAT_ID}`)} />);
    expect(await screen.findByRole("heading", { name: "Link ungültig oder widerrufen" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("speaks English with locale=en and takes the dark theme from the link", async () => {
    mockApi({
      [`GET ${INFO_URL}`]: () => ok(makeInfo()),
      [`GET ${SESSIONS_URL}`]: () => ok([]),
    });
    localStorage.setItem("lng", "de");
    openPage("&locale=en&theme=dark&visible_avatar=0");
    expect(await screen.findByRole("button", { name: "New chat" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Your question" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Conversations" })).toBeTruthy();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    // the link's language is not remembered as the app's language
    expect(localStorage.getItem("lng")).toBe("de");
  });

  it("shows a 429 during an answer with the server's words", async () => {
    const stored = makeSession([message("assistant", OPENER, "m0")]);
    mockApi({
      [`GET ${INFO_URL}`]: () => ok(makeInfo()),
      [`GET ${SESSIONS_URL}`]: () => ok([stored]),
      [`POST ${SESSIONS_URL}`]: () => ok(stored),
      [`GET ${SESSION_URL}`]: () => ok(stored),
      [`POST ${COMPLETIONS_URL}`]: () =>
        fail(429, 429, "Too many requests: this share link allows 20 per minute. Please wait a moment."),
    });
    openPage("");
    await screen.findByRole("heading", { name: "Praxis-Buddy" });
    fireEvent.change(questionBox(), { target: { value: "Noch eine Frage" } });
    fireEvent.keyDown(questionBox(), { key: "Enter" });
    const alert = await screen.findByText(
      "Too many requests: this share link allows 20 per minute. Please wait a moment.",
    );
    expect(alert.closest("[role=alert]")?.textContent).toContain("Limit erreicht");
    await waitFor(() => expect(questionBox().value).toBe("Noch eine Frage"));
  });
});
