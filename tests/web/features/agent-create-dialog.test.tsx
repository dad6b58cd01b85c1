import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AGENT_TITLE_MAX, type AgentTemplate } from "../../../worker/contract/agents";
import { CreateAgentDialog } from "../../../web/features/agents/list/create-agent-dialog";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

type Call = { method: string; url: string; body: Record<string, unknown> | null };

const envelope = (code: number, data: unknown, message = "") =>
  new Response(JSON.stringify({ code, message, data }), { headers: { "Content-Type": "application/json" } });

const template: AgentTemplate = {
  id: "health-faq",
  title: { de: "Gesundheits-FAQ", en: "Health FAQ" },
  description: { de: "Beantwortet Fragen aus einer Wissensdatenbank.", en: "Answers questions from a knowledge base." },
  canvas_type: "Recommended",
  canvas_category: "agent_canvas",
  dsl: {
    components: {
      begin: { obj: { component_name: "Begin", params: { name: "Start" } }, downstream: [], upstream: [] },
    },
    graph: { nodes: [], edges: [] },
    globals: {},
  },
};

// the server writes the flow's own texts in the language asked for
const englishTemplate: AgentTemplate = {
  ...template,
  dsl: {
    ...template.dsl,
    components: {
      begin: {
        obj: { component_name: "Begin", params: { name: "Start", prologue: "Hello!" } },
        downstream: [],
        upstream: [],
      },
    },
  },
};

const mockApi = (create: (call: Call) => Response) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = {
      method: init?.method ?? "GET",
      url: String(input),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    };
    calls.push(call);
    const templates = /\/agents\/templates\?language=(de|en)$/.exec(call.url);
    if (templates) return envelope(0, [templates[1] === "en" ? englishTemplate : template]);
    if (call.method === "POST" && call.url.endsWith("/api/v1/agents")) return create(call);
    return new Response("not found", { status: 404 });
  });
  return { posts: () => calls.filter((call) => call.method === "POST") };
};

const dialog = () => screen.getByRole("dialog");
const titleBox = () => within(dialog()).getByRole("textbox", { name: /^(Titel|Title)/ }) as HTMLInputElement;
const submit = () => fireEvent.click(within(dialog()).getByRole("button", { name: "Erstellen" }));

describe("create agent dialog", () => {
  it("refuses an empty title without asking the server", async () => {
    const api = mockApi(() => envelope(0, {}));
    renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.change(titleBox(), { target: { value: "   " } });
    submit();
    expect(await within(dialog()).findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
  });

  it("refuses a title over the contract's 128 characters without asking the server", async () => {
    const api = mockApi(() => envelope(0, {}));
    renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={() => undefined} />);
    // the field stops typing at the limit; a value set past it (pasted by a script) is still refused
    expect(titleBox().maxLength).toBe(AGENT_TITLE_MAX);
    fireEvent.change(titleBox(), { target: { value: "B".repeat(300) } });
    submit();
    expect(await within(dialog()).findByText("Der Wert ist zu lang (höchstens 128 Zeichen).")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
  });

  it("creates one Buddy however often Create is clicked, busy meanwhile, and closes on success (issue 32)", async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    // the server takes its time: the answer comes when the test says so
    const api = mockApi(() => pending as unknown as Response);
    const closed = vi.fn();
    const created = vi.fn();
    renderWithProviders(<CreateAgentDialog onClose={closed} onCreated={created} />);
    await screen.findByTestId("template-gallery");
    fireEvent.change(titleBox(), { target: { value: "Triage" } });
    const button = within(dialog()).getByRole("button", { name: "Erstellen" }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(titleBox().closest("form") as HTMLFormElement);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute("data-loading")).not.toBeNull();
    answer(envelope(0, { id: "a".repeat(32), title: "Triage" }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(closed).toHaveBeenCalledTimes(1);
    expect(api.posts()).toHaveLength(1);
  });

  it("shows the server's message when the title is taken in the team", async () => {
    const api = mockApi(() => envelope(102, null, "Agent with title Triage already exists."));
    const created = vi.fn();
    renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={created} />);
    fireEvent.change(titleBox(), { target: { value: "Triage" } });
    submit();
    // the server's message, in the user's language
    expect(await within(dialog()).findByText("Es gibt bereits einen Buddy namens „Triage“.")).toBeTruthy();
    expect(titleBox().getAttribute("aria-invalid")).toBe("true");
    expect(created).not.toHaveBeenCalled();
    const body = api.posts()[0]?.body as {
      title: string;
      permission: string;
      dsl: { components: Record<string, unknown> };
    };
    expect(body).toMatchObject({ title: "Triage", permission: "me" });
    expect(Object.keys(body.dsl.components)).toEqual(["begin"]);
  });

  it("starts from a template: its title fills the form and its DSL is sent", async () => {
    const api = mockApi((call) => envelope(0, { id: "a".repeat(32), ...call.body }));
    const created = vi.fn();
    renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={created} />);
    const gallery = await screen.findByTestId("template-gallery");
    const option = await within(gallery).findByRole("radio", { name: /Gesundheits-FAQ/ });
    fireEvent.click(option);
    await waitFor(() => expect(titleBox().value).toBe("Gesundheits-FAQ"));
    submit();
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(api.posts()[0]?.body).toMatchObject({
      title: "Gesundheits-FAQ",
      description: "Beantwortet Fragen aus einer Wissensdatenbank.",
      dsl: template.dsl,
    });
  });

  it("in English asks for the template in English and sends its English flow", async () => {
    const api = mockApi((call) => envelope(0, { id: "a".repeat(32), ...call.body }));
    await changeLanguage("en");
    try {
      const created = vi.fn();
      renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={created} />);
      fireEvent.click(
        await within(await screen.findByTestId("template-gallery")).findByRole("radio", { name: /Health FAQ/ }),
      );
      await waitFor(() => expect(titleBox().value).toBe("Health FAQ"));
      fireEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
      await waitFor(() => expect(created).toHaveBeenCalled());
      expect(api.posts()[0]?.body).toMatchObject({
        title: "Health FAQ",
        description: "Answers questions from a knowledge base.",
        dsl: englishTemplate.dsl,
      });
    } finally {
      await changeLanguage("de");
    }
  });

  it("imports a flow from a JSON file, refusing other files and broken JSON", async () => {
    const api = mockApi((call) => envelope(0, { id: "a".repeat(32), ...call.body }));
    const created = vi.fn();
    renderWithProviders(<CreateAgentDialog onClose={() => undefined} onCreated={created} />);
    const choose = (file: File) =>
      fireEvent.change(screen.getByTestId("import-dsl-input"), { target: { files: [file] } });

    fireEvent.click(
      await within(await screen.findByTestId("template-gallery")).findByRole("radio", { name: /Gesundheits-FAQ/ }),
    );
    choose(new File(["a,b"], "flow.csv"));
    expect(await within(dialog()).findByText("Bitte eine JSON-Datei hochladen.")).toBeTruthy();
    choose(new File(["{ nicht json"], "flow.json"));
    expect(await within(dialog()).findByText("JSON-Datei fehlerhaft: Sie enthält keinen Flow.")).toBeTruthy();
    choose(new File([JSON.stringify({ title: "x" })], "flow.json"));
    expect(await within(dialog()).findByText("JSON-Datei fehlerhaft: Sie enthält keinen Flow.")).toBeTruthy();

    // RAGFlow exports only the editor graph: the components are built from it
    const graph = {
      nodes: [
        { id: "begin", position: { x: 0, y: 0 }, data: { label: "Begin", name: "Start", form: { prologue: "Hallo" } } },
        {
          id: "Message:m1",
          position: { x: 200, y: 0 },
          data: { label: "Message", name: "Gruß", form: { content: ["Willkommen"] } },
        },
      ],
      edges: [{ id: "e1", source: "begin", target: "Message:m1" }],
    };
    choose(new File([JSON.stringify(graph)], "Begrüßung.json"));
    expect(await within(dialog()).findByTestId("imported-file")).toBeTruthy();
    expect(within(dialog()).queryByText("Bitte eine JSON-Datei hochladen.")).toBeNull();
    expect(titleBox().value).toBe("Begrüßung");
    // the file replaced the template as the source: no card stays selected (the radio group updates its inputs
    // after the render)
    const radios = within(screen.getByTestId("template-gallery")).getAllByRole("radio") as HTMLInputElement[];
    await waitFor(() => expect(radios.filter((radio) => radio.checked)).toEqual([]));
    submit();
    await waitFor(() => expect(created).toHaveBeenCalled());
    const body = api.posts()[0]?.body as
      | {
          dsl: {
            components: Record<
              string,
              { obj: { component_name: string; params: Record<string, unknown> }; downstream: string[] }
            >;
          };
        }
      | undefined;
    expect(body?.dsl.components.begin?.downstream).toEqual(["Message:m1"]);
    expect(body?.dsl.components["Message:m1"]?.obj).toMatchObject({
      component_name: "Message",
      params: { name: "Gruß", content: ["Willkommen"] },
    });
  });
});
