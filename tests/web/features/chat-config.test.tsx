import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ModelsOverview } from "../../../web/api/models";
import { toaster } from "../../../web/components/ui/toaster";
import { AssistantList, ChatConfigDialog } from "../../../web/features/assistants";
import { initialValues, toPayload, validate } from "../../../web/features/assistants/config-form";
import { changeLanguage } from "../../../web/i18n";
import {
  type Chat,
  DEFAULT_ANSWER_THRESHOLD,
  DEFAULT_PROLOGUE,
  DEFAULT_SYSTEM_PROMPT,
} from "../../../worker/contract/chats";
import type { Dataset } from "../../../worker/contract/datasets";
import { configuredModel, modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const KB_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const KB_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const KB_C = "cccccccccccccccccccccccccccccccc";

const makeDataset = (id: string, name: string, embedding: string): Dataset => ({
  id,
  name,
  avatar: null,
  description: null,
  language: "German",
  embedding_model: embedding,
  permission: "me",
  chunk_method: "naive",
  parse_type: 1,
  pipeline_id: null,
  parser_config: {} as Dataset["parser_config"],
  pagerank: 0,
  similarity_threshold: 0.2,
  vector_similarity_weight: 0.3,
  chunk_count: 12,
  document_count: 2,
  token_num: 100,
  status: "1",
  tenant_id: "t".repeat(32),
  created_by: "u".repeat(32),
  create_time: 0,
  create_date: "",
  update_time: 0,
  update_date: "",
});

const DATASETS = [
  makeDataset(KB_A, "Leitlinien", "builtin-hash@Builtin"),
  makeDataset(KB_B, "Studien", "builtin-hash@Builtin"),
  makeDataset(KB_C, "Handbuch", "text-embedding-3-small@OpenAI"),
];

const model = (name: string, provider: string, type: "chat" | "rerank" | "embedding") =>
  configuredModel({
    id: `${name}@${provider}`,
    model_id: `${name}@${provider}`,
    llm_name: name,
    model_type: type,
    builtin: provider === "Builtin",
  });

const OVERVIEW: ModelsOverview = {
  providers: [
    {
      name: "Builtin",
      local: true,
      types: ["chat", "rerank"],
      models: [model("builtin-extractive", "Builtin", "chat"), model("builtin-rerank", "Builtin", "rerank")],
    },
    { name: "OpenAI", local: false, types: ["chat"], models: [model("gpt-4o", "OpenAI", "chat")] },
  ],
  available: [],
  defaults: {
    llm_id: "builtin-extractive@Builtin",
    embd_id: "builtin-hash@Builtin",
    img2txt_id: "",
    asr_id: "",
    rerank_id: "",
    tts_id: "",
  },
};

const makeChat = (overrides: Partial<Chat> = {}): Chat => {
  const base = initialValues();
  return {
    id: "c1",
    tenant_id: "t".repeat(32),
    name: "Kardio-Assistent",
    icon: null,
    avatar: null,
    description: "Fragen zur Kardiologie",
    language: "German",
    dataset_ids: [KB_A, KB_B],
    kb_ids: [KB_A, KB_B],
    kb_names: ["Leitlinien", "Studien"],
    llm_id: "gpt-4o@OpenAI",
    llm_setting: {
      freedom: "balance",
      temperature: 0.5,
      top_p: 0.85,
      presence_penalty: 0.2,
      frequency_penalty: 0.3,
      max_tokens: 1024,
      max_token: 1024,
    },
    prompt_type: "simple",
    prompt_config: {
      system: DEFAULT_SYSTEM_PROMPT,
      prologue: DEFAULT_PROLOGUE,
      parameters: [{ key: "knowledge", optional: false }],
      empty_response: "",
      quote: true,
      keyword: false,
      tts: false,
      stt: false,
      refine_multiturn: true,
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
    },
    design: {
      ...base.colors,
      disclaimer_show: false,
      disclaimer_title: "",
      disclaimer_text: "",
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
    create_time: 0,
    create_date: "",
    update_time: 0,
    update_date: "",
    ...overrides,
  };
};

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });
const fail = (code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), { status: 200 });

type Body = Record<string, unknown>;
type Call = { method: string; path: string; body: Body | null };
type Route = (body: Body | null) => Response;

// Answers "METHOD /path" (query string ignored) from `routes` and records every request.
const mockApi = (routes: Record<string, Route> = {}) => {
  const calls: Call[] = [];
  const table: Record<string, Route> = {
    "GET /api/v1/datasets": () => ok(DATASETS),
    "GET /api/v1/models": () => ok(modelsAnswer("/api/v1/models", OVERVIEW)),
    "GET /api/v1/providers": () => ok(modelsAnswer("/api/v1/providers?available=true", OVERVIEW)),
    "GET /api/v1/users/me/models": () => ok(modelsAnswer("/api/v1/users/me/models", OVERVIEW)),
    "GET /api/v1/chats": () => ok({ chats: [], total: 0 }),
    ...routes,
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input).split("?")[0] ?? "";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : null;
    calls.push({ method, path, body });
    const answer = table[`${method} ${path}`];
    return answer ? answer(body) : new Response("not found", { status: 404 });
  });
  const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  const writes = () => calls.filter((call) => call.method !== "GET");
  return { spy, calls, sent, writes };
};

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const openDialog = async () => {
  const dialog = await screen.findByRole("dialog");
  // the knowledge bases load with the dialog
  await within(dialog).findByLabelText("Leitlinien");
  return dialog;
};
// zag applies a controlled tab value one tick later
const openTab = async (dialog: HTMLElement, name: RegExp) => {
  const tab = within(dialog).getByRole("tab", { name });
  fireEvent.click(tab);
  await waitFor(() => expect(tab.getAttribute("aria-selected")).toBe("true"));
};
const submit = (dialog: HTMLElement, label = "Erstellen") =>
  fireEvent.click(within(dialog).getByRole("button", { name: label }));
// zag selects the highlighted item, and a pointer press is what highlights it
const chooseMenuItem = async (name: string) => {
  const item = await screen.findByRole("menuitem", { name });
  fireEvent.pointerDown(item);
  await waitFor(() => expect(item.hasAttribute("data-highlighted")).toBe(true));
  fireEvent.click(item);
};
const renderCreate = (onSaved = vi.fn()) => {
  renderWithProviders(<ChatConfigDialog onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
};

describe("ChatConfigDialog", () => {
  it("requires name, system prompt and max tokens, marks their tabs and sends nothing", async () => {
    const { writes } = mockApi();
    renderCreate();
    const dialog = await openDialog();
    fill("system", "   ");
    fill("max_tokens", "");
    submit(dialog);
    expect(await within(dialog).findAllByText("Dieses Feld ist erforderlich.")).toHaveLength(3);
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
    expect(field("system").getAttribute("aria-invalid")).toBe("true");
    expect(field("max_tokens").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByRole("alert").textContent).toContain("Bitte korrigieren Sie die markierten Felder.");
    expect(within(dialog).getByRole("tab", { name: "Assistent (enthält Fehler)" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Prompt-Engine (enthält Fehler)" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Modell (enthält Fehler)" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Design" })).toBeTruthy();
    expect(writes()).toEqual([]);

    // fixing a field clears its error and its tab's mark at once
    fill("name", "Kardio");
    await waitFor(() => expect(within(dialog).queryByTestId("tab-error-assistant")).toBeNull());
    expect(within(dialog).getByTestId("tab-error-prompt")).toBeTruthy();
  });

  it("moves to the first tab with an error when the open tab has none", async () => {
    mockApi();
    renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    await openTab(dialog, /Design/);
    fill("button_color", "teal");
    await openTab(dialog, /Modell/);
    submit(dialog);
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole("tab", { name: /^Design/ })
          .getAttribute("aria-selected"),
      ).toBe("true"),
    );
    expect(within(dialog).getByText("Bitte einen Hex-Farbwert wie #1a7f64 eingeben.")).toBeTruthy();
  });

  it("refuses a required variable that the system prompt does not use", async () => {
    const { sent } = mockApi({ "POST /api/v1/chats": (body) => ok(makeChat({ id: "new", name: String(body?.name) })) });
    const onSaved = renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    await openTab(dialog, /Prompt-Engine/);
    expect((within(dialog).getByLabelText("Schlüssel der Variable 1") as HTMLInputElement).readOnly).toBe(true);
    expect(within(dialog).queryByRole("button", { name: "Variable 1 entfernen" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Variable hinzufügen" }));
    fireEvent.change(within(dialog).getByLabelText("Schlüssel der Variable 2"), { target: { value: "patient" } });
    submit(dialog);
    const message =
      "Die Pflichtvariable „patient“ kommt im System-Prompt nicht vor. Fügen Sie {patient} ein oder machen Sie sie optional.";
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByTestId("tab-error-prompt")).toBeTruthy();
    expect(sent("POST", "/api/v1/chats")).toHaveLength(0);

    fill("system", `${DEFAULT_SYSTEM_PROMPT}\nPatient: {patient}`);
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    submit(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const body = sent("POST", "/api/v1/chats")[0]?.body as Body;
    expect((body.prompt_config as Body).parameters).toEqual([
      { key: "knowledge", optional: false },
      { key: "patient", optional: false },
    ]);
  });

  it("rejects invalid and duplicate variable keys", async () => {
    const { writes } = mockApi();
    renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    await openTab(dialog, /Prompt-Engine/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Variable hinzufügen" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Variable hinzufügen" }));
    fireEvent.change(within(dialog).getByLabelText("Schlüssel der Variable 2"), { target: { value: "1abc" } });
    fireEvent.change(within(dialog).getByLabelText("Schlüssel der Variable 3"), { target: { value: "knowledge" } });
    submit(dialog);
    expect(
      await within(dialog).findByText(
        "Der Schlüssel besteht aus Buchstaben, Ziffern und _ und beginnt nicht mit einer Ziffer.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Der Schlüssel „knowledge“ kommt mehrfach vor.")).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("warns about knowledge bases with different embedding models and refuses to save them", async () => {
    const { writes } = mockApi();
    renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    fireEvent.click(within(dialog).getByLabelText("Leitlinien"));
    fireEvent.click(within(dialog).getByLabelText("Studien"));
    expect(within(dialog).queryByTestId("mixed-embedding")).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("Handbuch"));
    const warning = await within(dialog).findByTestId("mixed-embedding");
    expect(warning.textContent).toContain("builtin-hash@Builtin, text-embedding-3-small@OpenAI");
    submit(dialog);
    expect(await within(dialog).findByText(/Bitte nur Wissensdatenbanken mit demselben Modell wählen/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("keeps keyword and vector weight adding up to 1", async () => {
    const { sent } = mockApi({ "POST /api/v1/chats": () => ok(makeChat()) });
    const onSaved = renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    await openTab(dialog, /Prompt-Engine/);
    expect(within(dialog).getByTestId("keywords_similarity_weight-value").textContent).toBe("0,70");
    expect(within(dialog).getByTestId("vector_similarity_weight-value").textContent).toBe("0,30");
    fireEvent.change(within(dialog).getByLabelText("Gewicht der Schlüsselwortähnlichkeit als Zahl"), {
      target: { value: "0.33" },
    });
    expect(within(dialog).getByTestId("vector_similarity_weight-value").textContent).toBe("0,67");
    submit(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = sent("POST", "/api/v1/chats")[0]?.body as Body;
    expect(body.keywords_similarity_weight).toBe(0.33);
    expect(body.vector_similarity_weight).toBe(0.67);
    expect((body.keywords_similarity_weight as number) + (body.vector_similarity_weight as number)).toBe(1);
  });

  it("sets the four model values from a freedom preset and switches to custom when one is moved", async () => {
    const { sent } = mockApi({ "POST /api/v1/chats": () => ok(makeChat()) });
    const onSaved = renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    await openTab(dialog, /Modell/);
    const freedom = field("freedom") as unknown as HTMLSelectElement;
    expect(freedom.value).toBe("precise");
    fireEvent.change(freedom, { target: { value: "improvise" } });
    const box = (label: string) => within(dialog).getByLabelText(`${label} als Zahl`) as HTMLInputElement;
    await waitFor(() => expect(box("Temperatur").value).toBe("0.8"));
    expect(box("Top P").value).toBe("0.9");
    expect(box("Präsenzstrafe").value).toBe("0.1");
    expect(box("Häufigkeitsstrafe").value).toBe("0.1");
    expect(freedom.value).toBe("improvise");

    fireEvent.change(box("Temperatur"), { target: { value: "1.3" } });
    await waitFor(() => expect(freedom.value).toBe("custom"));
    submit(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent("POST", "/api/v1/chats")[0]?.body?.llm_setting).toEqual({
      freedom: "custom",
      temperature: 1.3,
      top_p: 0.9,
      presence_penalty: 0.1,
      frequency_penalty: 0.1,
      max_tokens: 512,
    });
  });

  it("labels the built-in chat model honestly and offers the configured models", async () => {
    mockApi();
    renderCreate();
    const dialog = await openDialog();
    const select = field("llm_id") as unknown as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["", "Standard-Chat-Modell des Systems"],
      [
        "builtin-extractive@Builtin",
        "Integriertes Offline-Modell (builtin-extractive): zitiert nur gefundene Passagen, formuliert nicht selbst",
      ],
      ["gpt-4o@OpenAI", "gpt-4o (OpenAI)"],
    ]);
    const rerank = field("rerank_id") as unknown as HTMLSelectElement;
    expect([...rerank.options].map((option) => option.value)).toEqual(["", "builtin-rerank@Builtin"]);
    expect(within(dialog).getByText(/sucht mit einer umformulierten Frage erneut/)).toBeTruthy();
  });

  it("POSTs the new assistant as snake_case JSON, reports success and hands it over", async () => {
    const created = makeChat({ id: "new-chat", name: "Kardio" });
    const { sent } = mockApi({ "POST /api/v1/chats": () => ok(created) });
    const toast = vi.spyOn(toaster, "create");
    const onSaved = renderCreate();
    const dialog = await openDialog();
    fill("name", "  Kardio  ");
    fill("description", "Herz und Kreislauf");
    fireEvent.click(within(dialog).getByLabelText("Leitlinien"));
    fireEvent.click(within(dialog).getByLabelText("Sprachausgabe (Text zu Sprache)"));
    fireEvent.click(within(dialog).getByLabelText("Wissensgraph verwenden"));
    await openTab(dialog, /Prompt-Engine/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Begriff hinzufügen" }));
    fireEvent.change(within(dialog).getByLabelText("Begriff 1"), { target: { value: " RR " } });
    fireEvent.change(within(dialog).getByLabelText("Erklärung 1"), { target: { value: "Blutdruck nach Riva-Rocci" } });
    fill("top_n", "8");
    fireEvent.change(field("rerank_id"), { target: { value: "builtin-rerank@Builtin" } });
    fireEvent.click(within(dialog).getByLabelText("Self-RAG"));
    await openTab(dialog, /Modell/);
    await waitFor(() => expect((field("llm_id") as unknown as HTMLSelectElement).options).toHaveLength(3));
    fireEvent.change(field("llm_id"), { target: { value: "gpt-4o@OpenAI" } });
    await openTab(dialog, /Design/);
    fill("footer_text", "Keine ärztliche Beratung");
    fill("button_color", "#123456");
    expect(within(dialog).getByTestId("design-preview").textContent).toContain("Keine ärztliche Beratung");
    await waitFor(() => expect((within(dialog).getByLabelText("Self-RAG") as HTMLInputElement).checked).toBe(true));
    submit(dialog);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Erstellt" }));
    const [call] = sent("POST", "/api/v1/chats");
    expect(call?.body).toEqual({
      name: "Kardio",
      avatar: "",
      description: "Herz und Kreislauf",
      language: "German",
      dataset_ids: [KB_A],
      llm_id: "gpt-4o@OpenAI",
      llm_setting: {
        freedom: "precise",
        temperature: 0.2,
        top_p: 0.75,
        presence_penalty: 0.5,
        frequency_penalty: 0.5,
        max_tokens: 512,
      },
      prompt_config: {
        system: DEFAULT_SYSTEM_PROMPT,
        prologue: DEFAULT_PROLOGUE,
        parameters: [{ key: "knowledge", optional: false }],
        empty_response: "",
        quote: true,
        keyword: false,
        tts: true,
        stt: false,
        refine_multiturn: true,
        self_rag: true,
        suggested_questions: true,
        show_images: false,
        prompt_icon: false,
        use_kg: true,
        cross_languages: [],
        llm_for_quotes: false,
        refine_prompt: "",
        citation_prompt: "",
        followup_prompt: "",
        glossary: [{ term: "RR", explanation: "Blutdruck nach Riva-Rocci" }],
      },
      design: {
        disclaimer_show: false,
        disclaimer_title: "",
        disclaimer_text: "",
        background_color: "#ffffff",
        button_color: "#123456",
        footer_color: "#f4f4f5",
        user_bubble_color: "#0f766e",
        assistant_bubble_color: "#f4f4f5",
        text_color: "#18181b",
        border_color: "#e4e4e7",
        input_color: "#ffffff",
        footer_text: "Keine ärztliche Beratung",
        input_placeholder: "",
      },
      similarity_threshold: DEFAULT_ANSWER_THRESHOLD,
      vector_similarity_weight: 0.3,
      keywords_similarity_weight: 0.7,
      top_n: 8,
      rerank_id: "builtin-rerank@Builtin",
      meta_data_filter: { method: "disabled", logic: "and", manual: [] },
    });
  });

  it("shows the server's error inside the dialog and keeps it open", async () => {
    mockApi({ "POST /api/v1/chats": () => fail(102, "duplicated chat name in creating chat") });
    const onSaved = renderCreate();
    const dialog = await openDialog();
    fill("name", "Kardio");
    submit(dialog);
    const alert = await within(dialog).findByTestId("chat-config-error");
    expect(alert.textContent).toContain("Speichern fehlgeschlagen");
    expect(alert.textContent).toContain("Es gibt bereits einen Chat-Assistenten mit diesem Namen.");
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(field("name").value).toBe("Kardio");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("edits an assistant: starts from its values and PATCHes /chats/{id}", async () => {
    const chat = makeChat();
    const { sent } = mockApi({ "PATCH /api/v1/chats/c1": (body) => ok({ ...chat, name: String(body?.name) }) });
    const toast = vi.spyOn(toaster, "create");
    const onSaved = vi.fn();
    renderWithProviders(<ChatConfigDialog chat={chat} onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = await openDialog();
    expect(within(dialog).getByText("Assistent „Kardio-Assistent“ bearbeiten")).toBeTruthy();
    expect(field("name").value).toBe("Kardio-Assistent");
    expect((within(dialog).getByLabelText("Leitlinien") as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText("Handbuch") as HTMLInputElement).checked).toBe(false);
    expect((field("freedom") as unknown as HTMLSelectElement).value).toBe("balance");
    expect(field("max_tokens").value).toBe("1024");
    fill("name", "Herz-Assistent");
    submit(dialog, "Speichern");
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: "Herz-Assistent" })));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Aktualisiert" }));
    const [call] = sent("PATCH", "/api/v1/chats/c1");
    expect(call?.body).toMatchObject({
      name: "Herz-Assistent",
      dataset_ids: [KB_A, KB_B],
      llm_id: "gpt-4o@OpenAI",
      llm_setting: { freedom: "balance", max_tokens: 1024 },
    });
    // an assistant saved before cross-language search existed keeps none
    expect(call?.body).toMatchObject({ prompt_config: { cross_languages: [] } });
    expect(sent("POST", "/api/v1/chats")).toHaveLength(0);
  });

  it("edits the assistant's metadata filter on the prompt tab and refuses a condition without a field name", async () => {
    const chat = makeChat({
      meta_data_filter: { method: "manual", logic: "and", manual: [{ key: "Quelle", op: "=", value: "STIKO" }] },
    });
    const { sent } = mockApi({ "PATCH /api/v1/chats/c1": () => ok(chat) });
    renderWithProviders(<ChatConfigDialog chat={chat} onClose={vi.fn()} onSaved={vi.fn()} />);
    const dialog = await openDialog();
    await openTab(dialog, /Prompt/);
    expect((within(dialog).getByRole("textbox", { name: "Feld der Bedingung 1" }) as HTMLInputElement).value).toBe(
      "Quelle",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Bedingung hinzufügen" }));
    submit(dialog, "Speichern");
    expect(await within(dialog).findByText("Jede Bedingung braucht einen Feldnamen.")).toBeTruthy();
    expect(sent("PATCH", "/api/v1/chats/c1")).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole("textbox", { name: "Feld der Bedingung 2" }), {
      target: { value: "Jahr" },
    });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Vergleich der Bedingung 2" }), {
      target: { value: "≥" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Wert der Bedingung 2" }), {
      target: { value: "2023" },
    });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Verknüpfung" }), { target: { value: "or" } });
    submit(dialog, "Speichern");
    await waitFor(() => expect(sent("PATCH", "/api/v1/chats/c1")).toHaveLength(1));
    expect(sent("PATCH", "/api/v1/chats/c1")[0]?.body?.meta_data_filter).toEqual({
      method: "manual",
      logic: "or",
      manual: [
        { key: "Quelle", op: "=", value: "STIKO" },
        { key: "Jahr", op: "≥", value: "2023" },
      ],
    });
  });

  it("speaks English", async () => {
    mockApi();
    await changeLanguage("en");
    try {
      renderCreate();
      const dialog = await openDialog();
      expect(within(dialog).getByText("Create assistant")).toBeTruthy();
      expect(within(dialog).getByRole("tab", { name: "Prompt engine" })).toBeTruthy();
      expect(within(dialog).getByText("Show sources")).toBeTruthy();
      submit(dialog, "Create");
      expect(await within(dialog).findByRole("tab", { name: "Assistant (has errors)" })).toBeTruthy();
      expect(within(dialog).getAllByText("This field is required.").length).toBeGreaterThan(0);
    } finally {
      await changeLanguage("de");
    }
  });
});

describe("config-form", () => {
  it("validates and converts without a UI", () => {
    const values = { ...initialValues(), name: "Kardio", datasetIds: [KB_A, KB_C], keywordWeight: 0.45 };
    const { errors, tabErrors } = validate(values, DATASETS);
    expect(errors.datasetIds?.key).toBe("chatConfig.errors.mixedEmbedding");
    expect(tabErrors).toEqual({ assistant: true, prompt: false, model: false, design: false });
    const payload = toPayload(values);
    expect(payload.vector_similarity_weight).toBe(0.55);
    expect(payload.keywords_similarity_weight).toBe(0.45);
  });

  it("shows a stored preset whose values were changed elsewhere as custom", () => {
    const chat = makeChat({
      llm_setting: {
        freedom: "precise",
        temperature: 0.1,
        top_p: 0.3,
        presence_penalty: 0.4,
        frequency_penalty: 0.7,
        max_tokens: 512,
        max_token: 512,
      },
    });
    expect(initialValues(chat).freedom).toBe("custom");
    expect(initialValues(makeChat()).freedom).toBe("balance");
  });
});

describe("AssistantList", () => {
  const chats = [
    makeChat(),
    makeChat({ id: "c2", name: "Diabetes-Hilfe", description: "Insulin und Ernährung", dataset_ids: [KB_C] }),
    makeChat({ id: "c3", name: "Allgemein", description: null, dataset_ids: [] }),
  ];

  it("lists the assistants from GET /chats and marks the selected one", async () => {
    mockApi({ "GET /api/v1/chats": () => ok({ chats, total: 3 }) });
    const onSelect = vi.fn();
    renderWithProviders(<AssistantList selectedId="c2" onSelect={onSelect} />);
    expect(screen.getByTestId("assistants-loading")).toBeTruthy();
    const items = await screen.findAllByTestId("assistant-item");
    expect(items).toHaveLength(3);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText("Kardio-Assistent")).toBeTruthy();
    expect(within(first).getByText("Fragen zur Kardiologie")).toBeTruthy();
    expect(within(first).getByText("2 Wissensdatenbanken")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("1 Wissensdatenbank")).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText("0 Wissensdatenbanken")).toBeTruthy();
    const selected = screen.getByRole("button", { current: true });
    expect(selected.textContent).toContain("Diabetes-Hilfe");
    fireEvent.click(within(first).getByRole("button", { name: /^Kardio-Assistent/ }));
    expect(onSelect).toHaveBeenCalledWith("c1");
  });

  it("filters by name and description", async () => {
    mockApi({ "GET /api/v1/chats": () => ok({ chats, total: 3 }) });
    renderWithProviders(<AssistantList selectedId={null} onSelect={vi.fn()} />);
    await screen.findAllByTestId("assistant-item");
    fireEvent.change(screen.getByRole("searchbox", { name: "Assistenten suchen" }), { target: { value: "insulin" } });
    await waitFor(() => expect(screen.getAllByTestId("assistant-item")).toHaveLength(1));
    expect(screen.getByText("Diabetes-Hilfe")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Assistenten suchen" }), { target: { value: "xyz" } });
    expect(await screen.findByText("Kein Assistent passt zu „xyz“.")).toBeTruthy();
    expect(screen.queryAllByTestId("assistant-item")).toHaveLength(0);
  });

  it("deletes an assistant only after confirmation and clears the selection", async () => {
    const { sent } = mockApi({
      "GET /api/v1/chats": () => ok({ chats, total: 3 }),
      "DELETE /api/v1/chats/c1": () => ok(true),
    });
    const toast = vi.spyOn(toaster, "create");
    const onSelect = vi.fn();
    renderWithProviders(<AssistantList selectedId="c1" onSelect={onSelect} />);
    await screen.findAllByTestId("assistant-item");
    fireEvent.click(screen.getByRole("button", { name: "Aktionen für Kardio-Assistent" }));
    await chooseMenuItem("Löschen");
    const confirm = await screen.findByRole("alertdialog");
    expect(
      within(confirm).getByText("„Kardio-Assistent“ und alle seine Unterhaltungen werden dauerhaft gelöscht."),
    ).toBeTruthy();
    expect(sent("DELETE", "/api/v1/chats/c1")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(null));
    expect(sent("DELETE", "/api/v1/chats/c1")).toHaveLength(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Gelöscht" }));
  });

  it("opens the dialog for editing from the menu", async () => {
    mockApi({ "GET /api/v1/chats": () => ok({ chats, total: 3 }) });
    renderWithProviders(<AssistantList selectedId={null} onSelect={vi.fn()} />);
    await screen.findAllByTestId("assistant-item");
    fireEvent.click(screen.getByRole("button", { name: "Aktionen für Diabetes-Hilfe" }));
    await chooseMenuItem("Bearbeiten");
    const dialog = await openDialog();
    expect(within(dialog).getByText("Assistent „Diabetes-Hilfe“ bearbeiten")).toBeTruthy();
    expect(field("name").value).toBe("Diabetes-Hilfe");
  });

  it("shows the empty state and selects a newly created assistant", async () => {
    const created = makeChat({ id: "fresh", name: "Neu" });
    const { sent } = mockApi({ "POST /api/v1/chats": () => ok(created) });
    const onSelect = vi.fn();
    renderWithProviders(<AssistantList selectedId={null} onSelect={onSelect} />);
    expect(await screen.findByText("Noch keine Assistenten")).toBeTruthy();
    const [, emptyStateButton] = screen.getAllByRole("button", { name: "Assistent erstellen" });
    fireEvent.click(emptyStateButton as HTMLElement);
    const dialog = await openDialog();
    fill("name", "Neu");
    submit(dialog);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith("fresh"));
    expect(sent("POST", "/api/v1/chats")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a failed list with a retry button", async () => {
    const { sent } = mockApi({ "GET /api/v1/chats": () => fail(102, "Datenbank nicht erreichbar.") });
    renderWithProviders(<AssistantList selectedId={null} onSelect={vi.fn()} />);
    expect(await screen.findByText("Datenbank nicht erreichbar.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await waitFor(() => expect(sent("GET", "/api/v1/chats")).toHaveLength(2));
  });
});
