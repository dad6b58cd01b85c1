import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AvailableProvider, ConfiguredModel, CredentialFieldView, ModelsOverview } from "../../../web/api/models";
import { toaster } from "../../../web/components/ui/toaster";
import { ModelProvidersPage, SystemModelsPage } from "../../../web/features/models";
import { changeLanguage } from "../../../web/i18n";
import { availableProvider, configuredModel, MODEL_URLS, modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const builtin = (name: string, type: ConfiguredModel["model_type"]): ConfiguredModel =>
  configuredModel({
    id: `${name}@Builtin`,
    model_id: `${name}@Builtin`,
    llm_name: name,
    model_type: type,
    builtin: true,
  });

const openAi = (
  name: string,
  type: ConfiguredModel["model_type"],
  overrides: Partial<ConfiguredModel> = {},
): ConfiguredModel =>
  configuredModel({
    model_id: `${name}@main@OpenAI`,
    llm_name: name,
    model_type: type,
    instance_name: "main",
    api_base: "https://api.openai.com/v1",
    api_key_hint: "sk-…abcd",
    used_tokens: 1234,
    ...overrides,
  });

const addable = (name: string): AvailableProvider => availableProvider(name);

const credential = (key: string, overrides: Partial<CredentialFieldView> = {}): CredentialFieldView => ({
  key,
  secret: false,
  required: false,
  or_api_key: false,
  json: false,
  default: "",
  pattern: "",
  example: "",
  ...overrides,
});

const overview = (): ModelsOverview => ({
  providers: [
    {
      name: "Builtin",
      local: true,
      types: ["chat", "embedding", "rerank"],
      models: [
        builtin("builtin-hash", "embedding"),
        builtin("builtin-extractive", "chat"),
        builtin("builtin-rerank", "rerank"),
      ],
    },
    {
      name: "OpenAI",
      local: false,
      types: ["chat", "embedding", "image2text", "speech2text", "tts"],
      models: [
        openAi("text-embedding-3-small", "embedding"),
        openAi("gpt-4o", "chat", { id: "id-gpt", used_tokens: 0 }),
      ],
    },
  ],
  available: [
    {
      ...addable("OpenAI"),
      url: { default: "https://api.openai.com/v1" },
      model_types: ["chat", "embedding", "image2text", "speech2text", "tts"],
      models: [
        { name: "gpt-4o", type: "chat" },
        { name: "gpt-4o-mini", type: "chat" },
        { name: "text-embedding-3-small", type: "embedding" },
      ],
    },
    {
      ...addable("Ollama"),
      local: true,
      any_model: true,
      url: { default: "http://localhost:11434" },
      model_types: ["chat", "embedding", "image2text"],
    },
    { ...addable("Azure-OpenAI"), any_model: true, model_types: ["chat", "embedding"] },
    {
      ...addable("Workers AI"),
      local: true,
      any_model: true,
      binding: true,
      model_types: ["chat", "rerank"],
      models: [{ name: "@cf/meta/llama-3.1-8b-instruct", type: "chat" }],
    },
    {
      ...addable("Bedrock"),
      any_model: true,
      base_template: "https://bedrock-runtime.{aws_region}.amazonaws.com/openai/v1",
      credentials: [
        credential("aws_access_key_id", { secret: true, or_api_key: true, example: "AKIA…" }),
        credential("aws_secret_access_key", { secret: true, or_api_key: true }),
        credential("aws_session_token", { secret: true }),
        credential("aws_region", { required: true, pattern: "^[a-z]{2}(-[a-z]+)+-\\d+$", example: "us-east-1" }),
      ],
    },
    {
      ...addable("VertexAI"),
      any_model: true,
      keyless: true,
      base_template:
        "https://{google_region}-aiplatform.googleapis.com/v1/projects/{google_project_id}/locations/{google_region}/endpoints/openapi",
      credentials: [
        credential("google_project_id", { required: true, example: "my-project" }),
        credential("google_region", { default: "us-central1", example: "us-central1" }),
        credential("google_service_account_key", { secret: true, required: true, json: true }),
      ],
    },
  ],
  defaults: {
    llm_id: "builtin-extractive@Builtin",
    embd_id: "builtin-hash@Builtin",
    img2txt_id: "",
    asr_id: "",
    rerank_id: "",
    tts_id: "",
  },
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });
const fail = (code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), { status: 200 });

type Body = Record<string, unknown>;
type Call = { method: string; url: string; body: Body | null };

// Answers each "METHOD /url" from `routes` (the overview's three GETs by default) and records every request.
const mockApi = (routes: Record<string, (body: Body | null) => Response> = {}) => {
  const calls: Call[] = [];
  const table: Record<string, (body: Body | null) => Response> = {
    ...Object.fromEntries(MODEL_URLS.map((url) => [`GET ${url}`, () => ok(modelsAnswer(url, overview()))])),
    ...routes,
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const url = String(input);
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : null;
    calls.push({ method, url, body });
    const answer = table[`${method} ${url}`];
    return answer ? answer(body) : new Response("not found", { status: 404 });
  });
  const sent = (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url);
  return { spy, calls, sent };
};

const availableCard = (name: string) => {
  const card = screen.getAllByTestId("available-provider").find((el) => within(el).queryByRole("heading", { name }));
  if (!card) throw new Error(`no available card for ${name}`);
  return card;
};

const openAddDialog = async (provider: string) => {
  await screen.findByRole("heading", { name: "Anbieter zum Hinzufügen" });
  fireEvent.click(within(availableCard(provider)).getByRole("button", { name: `Modell hinzufügen: ${provider}` }));
  return screen.findByRole("dialog");
};

describe("ModelProvidersPage", () => {
  it("lists the configured providers (built-ins first, explained honestly) and the providers to add", async () => {
    mockApi();
    renderWithProviders(<ModelProvidersPage />);
    expect(screen.getByTestId("models-loading")).toBeTruthy();
    const cards = await screen.findAllByTestId("configured-provider");
    expect(cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Builtin",
      "OpenAI",
    ]);

    const [builtinCard, openAiCard] = cards as [HTMLElement, HTMLElement];
    expect(within(builtinCard).getByText(/Lexikalischer Platzhalter für ein echtes Embedding-Modell/)).toBeTruthy();
    expect(within(builtinCard).getByText(/zitiert/)).toBeTruthy();
    expect(within(builtinCard).getByText(/Lexikalischer Reranker/)).toBeTruthy();
    expect(within(builtinCard).queryByRole("button", { name: /löschen/ })).toBeNull();

    const rows = within(openAiCard).getAllByTestId("configured-model");
    expect(rows).toHaveLength(2);
    const embedding = rows[0] as HTMLElement;
    expect(within(embedding).getByText("text-embedding-3-small")).toBeTruthy();
    expect(within(embedding).getByText("Embedding")).toBeTruthy();
    expect(within(embedding).getByText("sk-…abcd")).toBeTruthy();
    expect(within(embedding).getByText("https://api.openai.com/v1")).toBeTruthy();
    expect(within(embedding).getByText("1.234")).toBeTruthy();
    expect(within(openAiCard).getByRole("button", { name: "Modell „text-embedding-3-small“ löschen" })).toBeTruthy();

    const available = screen.getAllByTestId("available-provider");
    expect(available.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "OpenAI",
      "Ollama",
      "Azure-OpenAI",
      "Workers AI",
      "Bedrock",
      "VertexAI",
    ]);
    expect(within(availableCard("Ollama")).getByText("lokal")).toBeTruthy();
    expect(within(availableCard("OpenAI")).queryByText("lokal")).toBeNull();
    expect(within(availableCard("OpenAI")).getByText("Text zu Sprache")).toBeTruthy();
  });

  it("shows a failed GET /models with a retry button", async () => {
    mockApi({ "GET /api/v1/models": () => fail(102, "Datenbank nicht erreichbar.") });
    renderWithProviders(<ModelProvidersPage />);
    expect(await screen.findByText("Datenbank nicht erreichbar.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeTruthy();
  });

  it("requires an API key for a provider that is not local and sends nothing", async () => {
    const { calls } = mockApi();
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("OpenAI");
    expect((within(dialog).getByRole("combobox", { name: /Modelltyp/ }) as HTMLSelectElement).value).toBe("chat");
    expect((within(dialog).getByLabelText(/Basis-URL/) as HTMLInputElement).value).toBe("https://api.openai.com/v1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Dieser Anbieter braucht einen API-Schlüssel.")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/API-Schlüssel/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(MODEL_URLS.map((url) => `GET ${url}`));
  });

  it("tests the connection with snake_case JSON and shows the provider's error message", async () => {
    const message = "Connection test failed: Invalid API key (401): Incorrect API key provided.";
    const { sent } = mockApi({ "POST /api/v1/providers/OpenAI/connection": () => fail(102, message) });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("OpenAI");
    fireEvent.change(within(dialog).getByRole("combobox", { name: /^Modell\b/ }), { target: { value: "gpt-4o-mini" } });
    fireEvent.change(within(dialog).getByLabelText(/API-Schlüssel/), { target: { value: " sk-test " } });
    const vision = within(dialog).getByLabelText("Unterstützt Bilder (Vision)") as HTMLInputElement;
    fireEvent.click(vision);
    await waitFor(() => expect(vision.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    // the catalogue's German frame around the provider's own words
    expect(
      await within(dialog).findByText(
        "Verbindungstest fehlgeschlagen: Invalid API key (401): Incorrect API key provided.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Verbindungstest fehlgeschlagen")).toBeTruthy();
    const [call] = sent("POST", "/api/v1/providers/OpenAI/connection");
    expect(call?.body).toEqual({
      api_key: "sk-test",
      base_url: "https://api.openai.com/v1",
      credentials: {},
      model_info: [{ model_name: "gpt-4o-mini", model_type: ["chat"], max_tokens: 8192, extra: { vision: true } }],
    });
    expect(sent("POST", "/api/v1/providers/OpenAI/instances")).toHaveLength(0);
  });

  it("shows a successful connection test with the provider's detail", async () => {
    mockApi({
      "POST /api/v1/providers/OpenAI/connection": () =>
        ok([{ model_name: "text-embedding-3-small", model_type: "embedding", detail: "1536 dimensions" }]),
    });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("OpenAI");
    fireEvent.change(within(dialog).getByRole("combobox", { name: /Modelltyp/ }), { target: { value: "embedding" } });
    expect((within(dialog).getByRole("combobox", { name: /^Modell\b/ }) as HTMLSelectElement).value).toBe(
      "text-embedding-3-small",
    );
    expect(within(dialog).queryByLabelText("Unterstützt Bilder (Vision)")).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/API-Schlüssel/), { target: { value: "sk-test" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    expect(await within(dialog).findByText("Verbindung erfolgreich")).toBeTruthy();
    expect(within(dialog).getByText("1536 dimensions")).toBeTruthy();
  });

  it("requires a base URL where the provider has none and a valid max tokens value", async () => {
    const { calls } = mockApi();
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("Azure-OpenAI");
    fireEvent.change(within(dialog).getByLabelText(/Modell/, { selector: "input" }), {
      target: { value: "my-deployment" },
    });
    fireEvent.change(within(dialog).getByLabelText(/API-Schlüssel/), { target: { value: "key" } });
    fireEvent.change(within(dialog).getByLabelText(/Maximale Tokens/), { target: { value: "-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Dieser Anbieter braucht eine Basis-URL.")).toBeTruthy();
    expect(within(dialog).getByText("Bitte geben Sie eine ganze Zahl ab 0 ein.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Basis-URL/), { target: { value: "kein-link" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(
      await within(dialog).findByText("Bitte geben Sie eine URL ein, die mit http:// oder https:// beginnt."),
    ).toBeTruthy();
    expect(calls).toHaveLength(MODEL_URLS.length);
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    const message = "Already exist instance 'main' for provider 'Ollama'";
    mockApi({
      "PUT /api/v1/providers": () => ok(true),
      "POST /api/v1/providers/Ollama/instances": () => fail(102, message),
    });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("Ollama");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Modell/ }), { target: { value: "llama3.1:8b" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByText("Das Modell wurde nicht gespeichert")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("saves a model of a local provider without a key, closes the dialog and announces it", async () => {
    const toast = vi.spyOn(toaster, "create");
    const { sent } = mockApi({
      "PUT /api/v1/providers": () => fail(102, "Provider Ollama already exists"),
      "POST /api/v1/providers/Ollama/instances": () => ok(true),
    });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("Ollama");
    expect((within(dialog).getByLabelText(/Instanz/) as HTMLInputElement).value).toBe("main");
    expect(within(dialog).queryByText("Dieser Anbieter braucht einen API-Schlüssel.")).toBeNull();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Modell/ }), { target: { value: "  llama3.1:8b " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("PUT", "/api/v1/providers")[0]?.body).toEqual({ provider_name: "Ollama" });
    const [call] = sent("POST", "/api/v1/providers/Ollama/instances");
    expect(call?.body).toEqual({
      instance_name: "main",
      api_key: "",
      base_url: "http://localhost:11434",
      credentials: {},
      model_info: [{ model_name: "llama3.1:8b", model_type: ["chat"], max_tokens: 8192, extra: { vision: false } }],
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Modell hinzugefügt" }));
  });

  it("adds a Workers AI model without key or URL fields and says where it runs", async () => {
    const { sent } = mockApi({
      "PUT /api/v1/providers": () => ok(true),
      "POST /api/v1/providers/Workers%20AI/instances": () => ok(true),
    });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("Workers AI");
    expect(within(dialog).queryByLabelText(/API-Schlüssel/)).toBeNull();
    expect(within(dialog).queryByLabelText(/Basis-URL/)).toBeNull();
    expect(within(dialog).getByText(/AI-Binding von Cloudflare/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("POST", "/api/v1/providers/Workers%20AI/instances")[0]?.body).toMatchObject({
      api_key: "",
      base_url: "",
      model_info: [expect.objectContaining({ model_name: "@cf/meta/llama-3.1-8b-instruct" })],
    });
  });

  it("asks Bedrock for an API key or access keys, checks the region and sends the credentials", async () => {
    const { calls, sent } = mockApi({
      "POST /api/v1/providers/Bedrock/connection": () => ok([{ detail: "OK" }]),
      "PUT /api/v1/providers": () => ok(true),
      "POST /api/v1/providers/Bedrock/instances": () => ok(true),
    });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("Bedrock");
    expect(
      within(dialog).getByText(
        /entweder ein Bedrock-API-Schlüssel oder Zugriffsschlüssel-ID und geheimer Zugriffsschlüssel/,
      ),
    ).toBeTruthy();
    const accessKeyId = within(dialog).getByLabelText(/AWS-Zugriffsschlüssel-ID/) as HTMLInputElement;
    const secret = within(dialog).getByLabelText(/Geheimer AWS-Zugriffsschlüssel/) as HTMLInputElement;
    const region = within(dialog).getByLabelText(/AWS-Region/) as HTMLInputElement;
    expect([
      accessKeyId.type,
      secret.type,
      (within(dialog).getByLabelText(/AWS-Sitzungstoken/) as HTMLInputElement).type,
      region.type,
    ]).toEqual(["password", "password", "password", "text"]);
    expect(region.required).toBe(true);
    expect((within(dialog).getByLabelText(/API-Schlüssel/) as HTMLInputElement).required).toBe(false);
    expect(within(dialog).getByText(/bedrock-runtime\.\{aws_region\}\.amazonaws\.com/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Modell/, { selector: "input" }), {
      target: { value: "openai.gpt-oss-20b-1:0" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Dieser Anbieter braucht diesen Wert.")).toBeTruthy();
    expect(
      within(dialog).getAllByText(
        "Geben Sie einen API-Schlüssel oder Zugriffsschlüssel-ID und geheimen Zugriffsschlüssel an.",
      ),
    ).toHaveLength(3);
    expect(region.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(region, { target: { value: "Frankfurt" } });
    fireEvent.change(accessKeyId, { target: { value: " AKIDTEST " } });
    fireEvent.change(secret, { target: { value: "geheim" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    expect(
      await within(dialog).findByText("Der Wert hat nicht das erwartete Format (siehe Beispiel im Feld)."),
    ).toBeTruthy();
    expect(calls).toHaveLength(MODEL_URLS.length);

    fireEvent.change(region, { target: { value: "eu-central-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    expect(await within(dialog).findByText("Verbindung erfolgreich")).toBeTruthy();
    const credentials = { aws_access_key_id: "AKIDTEST", aws_secret_access_key: "geheim", aws_region: "eu-central-1" };
    expect(sent("POST", "/api/v1/providers/Bedrock/connection")[0]?.body).toEqual({
      api_key: "",
      base_url: "",
      credentials,
      model_info: [
        { model_name: "openai.gpt-oss-20b-1:0", model_type: ["chat"], max_tokens: 8192, extra: { vision: false } },
      ],
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("POST", "/api/v1/providers/Bedrock/instances")[0]?.body).toMatchObject({
      instance_name: "main",
      credentials,
    });
  });

  it("takes Vertex AI's service account key from a .json file, without an API key field", async () => {
    const { sent } = mockApi({ "POST /api/v1/providers/VertexAI/connection": () => ok([{ detail: "OK" }]) });
    renderWithProviders(<ModelProvidersPage />);
    const dialog = await openAddDialog("VertexAI");
    expect(within(dialog).queryByLabelText(/API-Schlüssel/)).toBeNull();
    expect((within(dialog).getByLabelText(/^Region/) as HTMLInputElement).value).toBe("us-central1");
    const keyField = within(dialog).getByRole("textbox", {
      name: /Dienstkonto-Schlüssel \(JSON\)/,
    }) as HTMLTextAreaElement;
    fireEvent.change(within(dialog).getByLabelText(/Modell/, { selector: "input" }), {
      target: { value: "google/gemini-2.5-flash" },
    });
    fireEvent.change(within(dialog).getByLabelText(/Projekt-ID/), { target: { value: "buddy-test" } });
    fireEvent.change(keyField, { target: { value: "kein json" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    expect(await within(dialog).findByText(/Bitte fügen Sie den Dienstkonto-Schlüssel als JSON ein/)).toBeTruthy();

    const key = JSON.stringify({
      type: "service_account",
      client_email: "sa@buddy-test.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----",
      token_uri: "https://oauth2.googleapis.com/token",
    });
    const file = new File([key], "buddy-test.json", { type: "application/json" });
    fireEvent.change(within(dialog).getByLabelText("Dienstkonto-Schlüsseldatei (.json) wählen"), {
      target: { files: [file] },
    });
    await waitFor(() => expect(keyField.value).toBe(key));
    fireEvent.click(within(dialog).getByRole("button", { name: "Verbindung testen" }));
    await waitFor(() => expect(sent("POST", "/api/v1/providers/VertexAI/connection")).toHaveLength(1));
    expect(sent("POST", "/api/v1/providers/VertexAI/connection")[0]?.body).toMatchObject({
      api_key: "",
      credentials: { google_project_id: "buddy-test", google_region: "us-central1", google_service_account_key: key },
    });
  });

  it("names the credential fields and their checks in English", async () => {
    mockApi();
    await changeLanguage("en");
    try {
      renderWithProviders(<ModelProvidersPage />);
      await screen.findByRole("heading", { name: "Providers to add" });
      fireEvent.click(within(availableCard("Bedrock")).getByRole("button", { name: "Add model: Bedrock" }));
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByLabelText(/AWS secret access key/)).toBeTruthy();
      expect(
        within(dialog).getByText(/either a Bedrock API key, or an access key ID and secret access key/),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      expect(await within(dialog).findByText("This provider needs this value.")).toBeTruthy();
      expect(within(dialog).getAllByText("Enter an API key or an access key ID and secret access key.")).toHaveLength(
        3,
      );
    } finally {
      await changeLanguage("de");
    }
  });

  it("deletes a configured model after confirmation", async () => {
    const { sent } = mockApi({ "DELETE /api/v1/providers/OpenAI/instances/main/models": () => ok(true) });
    renderWithProviders(<ModelProvidersPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Modell „gpt-4o“ löschen" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(sent("DELETE", "/api/v1/providers/OpenAI/instances/main/models")).toHaveLength(1));
    expect(sent("DELETE", "/api/v1/providers/OpenAI/instances/main/models")[0]?.body).toEqual({
      model_name: ["gpt-4o"],
    });
    await waitFor(() => expect(sent("GET", "/api/v1/models")).toHaveLength(2));
  });

  it("switches a configured model off with PATCH status=inactive", async () => {
    const path = "/api/v1/providers/OpenAI/instances/main/models/gpt-4o";
    const { sent } = mockApi({ [`PATCH ${path}`]: () => ok(true) });
    renderWithProviders(<ModelProvidersPage />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "„gpt-4o“ verwenden" }));
    await waitFor(() => expect(sent("PATCH", path)).toHaveLength(1));
    expect(sent("PATCH", path)[0]?.body).toEqual({ status: "inactive" });
  });

  it("speaks English", async () => {
    mockApi();
    await changeLanguage("en");
    try {
      renderWithProviders(<ModelProvidersPage />);
      expect(await screen.findByRole("heading", { name: "Added models" })).toBeTruthy();
      expect(screen.getByRole("heading", { name: "Providers to add" })).toBeTruthy();
      expect(screen.getByText(/A lexical stand-in for a real embedding model/)).toBeTruthy();
      expect(within(availableCard("Ollama")).getByText("local")).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });
});

describe("SystemModelsPage", () => {
  it("offers the configured models per type and PATCHes the chosen chat model", async () => {
    const toast = vi.spyOn(toaster, "create");
    const { sent } = mockApi({
      "PATCH /api/v1/models/default": (body) =>
        ok({ ...overview().defaults, [body?.model_type === "chat" ? "llm_id" : "rerank_id"]: body?.model_id ?? "" }),
    });
    renderWithProviders(<SystemModelsPage />);
    const chat = (await screen.findByRole("combobox", { name: /Chat-Modell/ })) as HTMLSelectElement;
    expect(chat.value).toBe("builtin-extractive@Builtin");
    expect([...chat.options].map((option) => [option.value, option.text])).toEqual([
      ["builtin-extractive@Builtin", "builtin-extractive (Builtin)"],
      ["gpt-4o@main@OpenAI", "gpt-4o (OpenAI)"],
    ]);
    const embedding = screen.getByRole("combobox", { name: /Embedding-Modell/ }) as HTMLSelectElement;
    expect([...embedding.options].map((option) => option.value)).toEqual([
      "builtin-hash@Builtin",
      "text-embedding-3-small@main@OpenAI",
    ]);
    const rerank = screen.getByRole("combobox", { name: /Rerank-Modell/ }) as HTMLSelectElement;
    expect([...rerank.options].map((option) => [option.value, option.text])).toEqual([
      ["", "Keines"],
      ["builtin-rerank@Builtin", "builtin-rerank (Builtin)"],
    ]);
    expect(screen.getAllByRole("combobox")).toHaveLength(6);

    fireEvent.change(chat, { target: { value: "gpt-4o@main@OpenAI" } });
    fireEvent.change(rerank, { target: { value: "builtin-rerank@Builtin" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: "success", title: "Systemmodelle gespeichert" }),
      ),
    );
    // one request per changed default, in RAGFlow v0.27's body
    expect(sent("PATCH", "/api/v1/models/default").map((call) => call.body)).toEqual([
      { model_type: "chat", model_id: "gpt-4o@main@OpenAI" },
      { model_type: "rerank", model_id: "builtin-rerank@Builtin" },
    ]);
  });
});
