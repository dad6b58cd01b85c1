import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toaster } from "../../../web/components/ui/toaster";
import { ChatConfigDialog } from "../../../web/features/assistants";
import { PromptTemplatesPage } from "../../../web/features/prompts/prompt-templates-page";
import { TemplateDialog } from "../../../web/features/prompts/template-dialog";
import { validateTemplate } from "../../../web/features/prompts/template-form";
import { TemplateInsertMenu } from "../../../web/features/prompts/template-menu";
import { PROMPT_NAME_TAKEN, type PromptTemplate } from "../../../worker/contract/prompt-templates";
import { modelsAnswer } from "../helpers/models-api";
import { renderWithProviders } from "../helpers/render";

const makeTemplate = (overrides: Partial<PromptTemplate> = {}): PromptTemplate => ({
  id: "p1",
  tenant_id: "t".repeat(32),
  created_by: "u".repeat(32),
  name: "Kardiologie",
  description: "Für Herzpatienten",
  content: "Du bist Kardiologe.\n{knowledge}",
  create_time: 1_700_000_000_000,
  update_time: 1_700_000_000_000,
  ...overrides,
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });
const fail = (code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), { status: 200 });

type Body = Record<string, unknown>;
type Call = { method: string; path: string; query: string; body: Body | null };

const mockApi = (routes: Record<string, (body: Body | null, query: string) => Response>) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const [path = "", query = ""] = String(input).split("?");
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : null;
    calls.push({ method, path, query, body });
    const answer = routes[`${method} ${path}`];
    return answer ? answer(body, query) : new Response("not found", { status: 404 });
  });
  return { calls, writes: () => calls.filter((call) => call.method !== "GET") };
};

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe("validateTemplate", () => {
  it("requires name and content and names the limit of a field that is too long", () => {
    expect(validateTemplate({ name: " ", description: "", content: " \n" }).errors).toEqual({
      name: { key: "prompts.errors.required" },
      content: { key: "prompts.errors.required" },
    });
    const long = validateTemplate({
      name: "n".repeat(129),
      description: "d".repeat(1001),
      content: "c".repeat(100_001),
    });
    expect(long.output).toBeNull();
    expect(long.errors).toEqual({
      name: { key: "prompts.errors.tooLong", values: { max: 128 } },
      description: { key: "prompts.errors.tooLong", values: { max: 1000 } },
      content: { key: "prompts.errors.tooLong", values: { max: 100_000 } },
    });
    expect(validateTemplate({ name: "  Kardio  ", description: "", content: "x" })).toEqual({
      output: { name: "Kardio", description: "", content: "x" },
      errors: {},
    });
  });
});

describe("TemplateDialog", () => {
  it("shows the errors at their fields and sends nothing", async () => {
    const { writes } = mockApi({});
    renderWithProviders(<TemplateDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole("dialog");
    fill("name", "n".repeat(129));
    fireEvent.click(within(dialog).getByRole("button", { name: "Erstellen" }));
    expect(await within(dialog).findByText("Höchstens 128 Zeichen.")).toBeTruthy();
    expect(within(dialog).getByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
    expect(field("content").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText(/An der Stelle von \{knowledge\}/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("creates the template as typed, toasts Erstellt and closes", async () => {
    const created = makeTemplate({ id: "new" });
    const { writes } = mockApi({ "POST /api/v1/prompt-templates": () => ok(created) });
    const toast = vi.spyOn(toaster, "create");
    const onClose = vi.fn();
    const onSaved = vi.fn();
    renderWithProviders(
      <TemplateDialog initial={{ content: "Vorlage aus dem Chat {knowledge}" }} onClose={onClose} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole("dialog");
    expect(field("content").value).toBe("Vorlage aus dem Chat {knowledge}");
    fill("name", " Kardiologie ");
    fill("description", "Für Herzpatienten");
    fireEvent.click(within(dialog).getByRole("button", { name: "Erstellen" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      {
        method: "POST",
        path: "/api/v1/prompt-templates",
        query: "",
        body: { name: "Kardiologie", description: "Für Herzpatienten", content: "Vorlage aus dem Chat {knowledge}" },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(created);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Erstellt" }));
  });

  it("shows a taken name at the name field and stays open", async () => {
    mockApi({ "PUT /api/v1/prompt-templates/p1": () => fail(102, PROMPT_NAME_TAKEN) });
    const onClose = vi.fn();
    renderWithProviders(<TemplateDialog template={makeTemplate()} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog");
    expect(field("name").value).toBe("Kardiologie");
    fill("name", "Diabetes");
    fireEvent.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Eine Vorlage mit diesem Namen gibt es im Team schon.")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("PromptTemplatesPage", () => {
  it("lists the templates, searches by keywords and shows the empty state", async () => {
    const { calls } = mockApi({
      "GET /api/v1/prompt-templates": (_body, query) =>
        ok(
          new URLSearchParams(query).get("keywords")
            ? { templates: [], total: 0 }
            : { templates: [makeTemplate(), makeTemplate({ id: "p2", name: "Diabetes", description: "" })], total: 2 },
        ),
    });
    renderWithProviders(<PromptTemplatesPage />);
    const rows = await screen.findAllByTestId("prompt-template-row");
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["Kardiologie", "Diabetes"]);
    expect(within(rows[0] as HTMLElement).getByText("Für Herzpatienten")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Vorlagen durchsuchen" }), { target: { value: "xyz" } });
    expect(await screen.findByText("Keine Vorlage passt zu „xyz“.")).toBeTruthy();
    expect(calls.some((call) => new URLSearchParams(call.query).get("keywords") === "xyz")).toBe(true);
  });

  it("tells a team without templates how to start", async () => {
    mockApi({ "GET /api/v1/prompt-templates": () => ok({ templates: [], total: 0 }) });
    renderWithProviders(<PromptTemplatesPage />);
    expect(await screen.findByText(/Noch keine Vorlagen\. Legen Sie die erste an/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Neue Vorlage" }));
    expect(await screen.findByRole("dialog", { name: "Neue Prompt-Vorlage" })).toBeTruthy();
  });

  it("deletes after confirmation and toasts Gelöscht", async () => {
    let templates = [makeTemplate()];
    const { writes } = mockApi({
      "GET /api/v1/prompt-templates": () => ok({ templates, total: templates.length }),
      "DELETE /api/v1/prompt-templates/p1": () => {
        templates = [];
        return ok(true);
      },
    });
    const toast = vi.spyOn(toaster, "create");
    renderWithProviders(<PromptTemplatesPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Löschen: Kardiologie" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(/„Kardiologie“ wird gelöscht/)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(/Noch keine Vorlagen/)).toBeTruthy();
    expect(writes().map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /api/v1/prompt-templates/p1"]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Gelöscht" }));
  });
});

describe("TemplateInsertMenu", () => {
  it("loads the templates when opened and hands over the chosen one's content", async () => {
    const { calls } = mockApi({
      "GET /api/v1/prompt-templates": () =>
        ok({
          templates: [makeTemplate(), makeTemplate({ id: "p2", name: "Diabetes", content: "Diabetes-Prompt" })],
          total: 2,
        }),
    });
    const onInsert = vi.fn();
    renderWithProviders(<TemplateInsertMenu onInsert={onInsert} />);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Aus Vorlage einfügen" }));
    const item = await screen.findByRole("menuitem", { name: /^Diabetes/ });
    fireEvent.pointerDown(item);
    await waitFor(() => expect(item.hasAttribute("data-highlighted")).toBe(true));
    fireEvent.click(item);
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith("Diabetes-Prompt"));
    expect(onInsert).toHaveBeenCalledTimes(1);
  });
});

describe("chat configuration: templates next to the system prompt", () => {
  const chatRoutes = {
    "GET /api/v1/datasets": () => ok([]),
    "GET /api/v1/models": () => ok(modelsAnswer("/api/v1/models")),
    "GET /api/v1/providers": () => ok(modelsAnswer("/api/v1/providers?available=true")),
    "GET /api/v1/users/me/models": () => ok(modelsAnswer("/api/v1/users/me/models")),
    "GET /api/v1/chats": () => ok({ chats: [], total: 0 }),
  };
  const openPromptTab = async () => {
    const dialog = await screen.findByRole("dialog");
    const tab = within(dialog).getByRole("tab", { name: /Prompt-Engine/ });
    fireEvent.click(tab);
    await waitFor(() => expect(tab.getAttribute("aria-selected")).toBe("true"));
    return dialog;
  };

  it("replaces the system prompt with the chosen template", async () => {
    mockApi({ ...chatRoutes, "GET /api/v1/prompt-templates": () => ok({ templates: [makeTemplate()], total: 1 }) });
    renderWithProviders(<ChatConfigDialog onClose={vi.fn()} onSaved={vi.fn()} />);
    const dialog = await openPromptTab();
    fireEvent.click(within(dialog).getByRole("button", { name: "Aus Vorlage einfügen" }));
    const item = await screen.findByRole("menuitem", { name: /^Kardiologie/ });
    fireEvent.pointerDown(item);
    await waitFor(() => expect(item.hasAttribute("data-highlighted")).toBe(true));
    fireEvent.click(item);
    await waitFor(() => expect(field("system").value).toBe("Du bist Kardiologe.\n{knowledge}"));
  });

  it("saves the system prompt as a template without saving the assistant", async () => {
    const { writes } = mockApi({
      ...chatRoutes,
      "POST /api/v1/prompt-templates": () => ok(makeTemplate({ id: "saved" })),
    });
    const onSaved = vi.fn();
    renderWithProviders(<ChatConfigDialog onClose={vi.fn()} onSaved={onSaved} />);
    // a valid assistant: a submit that reached its form would save it
    await screen.findByRole("dialog");
    fill("name", "Kardio");
    const dialog = await openPromptTab();
    fill("system", "Mein System-Prompt {knowledge}");
    fireEvent.click(within(dialog).getByRole("button", { name: "Als Vorlage speichern" }));
    const templateDialog = await screen.findByRole("dialog", { name: "Neue Prompt-Vorlage" });
    expect((within(templateDialog).getByRole("textbox", { name: /Inhalt/ }) as HTMLTextAreaElement).value).toBe(
      "Mein System-Prompt {knowledge}",
    );
    fireEvent.change(within(templateDialog).getByRole("textbox", { name: /Name/ }), {
      target: { value: "Eigener Prompt" },
    });
    fireEvent.click(within(templateDialog).getByRole("button", { name: "Erstellen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Neue Prompt-Vorlage" })).toBeNull());
    expect(writes().map((call) => [call.method, call.path, call.body?.name])).toEqual([
      ["POST", "/api/v1/prompt-templates", "Eigener Prompt"],
    ]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
