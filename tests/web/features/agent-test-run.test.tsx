import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TraceEntry } from "../../../worker/contract/agents";
import { ApiError } from "../../../web/api/client";
import { parseAgentPayload, readAgentFrames, splitSseData, SSE_DONE, type AgentFrame } from "../../../web/api/agents";
import type { EditorNode } from "../../../web/features/agents/model/graph";
import { TestRunPanel } from "../../../web/features/agents/test-run/test-run-panel";
import { renderWithProviders } from "../helpers/render";

const AGENT_ID = "a".repeat(32);
const TASK_ID = "t".repeat(32);
const SESSION_ID = "s".repeat(32);

const frame = (event: string, data: unknown) =>
  `data:${JSON.stringify({ event, message_id: "m1", created_at: 1, task_id: TASK_ID, session_id: SESSION_ID, data })}\n\n`;

const entry = (
  component_id: string,
  component_name: TraceEntry["component_name"],
  extra: Partial<TraceEntry> = {},
): TraceEntry => ({
  component_id,
  component_name,
  inputs: { query: "Ich habe Fieber" },
  outputs: { content: "ok" },
  error: null,
  elapsed_time: 0.012,
  created_at: 1,
  ...extra,
});

describe("agent SSE parsing", () => {
  it("splits complete data lines and keeps an unfinished one", () => {
    const { payloads, rest } = splitSseData('data:{"a":1}\n\ndata: {"b":2}\r\n\nevent: x\ndata:{"c"');
    expect(payloads).toEqual(['{"a":1}', '{"b":2}']);
    expect(rest).toBe('data:{"c"');
  });

  it("reads events, the end marker and error envelopes", () => {
    expect(parseAgentPayload(SSE_DONE)).toBe(SSE_DONE);
    expect(parseAgentPayload('{"event":"message","data":{"content":"Hi"}}')).toEqual({
      event: "message",
      data: { content: "Hi" },
    });
    expect(() => parseAgentPayload('{"code":102,"message":"Agent not found."}')).toThrow(ApiError);
  });

  it("reads a response split in odd places up to [DONE]", async () => {
    const text =
      frame("message", { content: "Hal" }) +
      frame("message", { content: "lo" }) +
      "data:[DONE]\n\n" +
      frame("message", { content: "never" });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < text.length; i += 7) controller.enqueue(encoder.encode(text.slice(i, i + 7)));
        controller.close();
      },
    });
    const frames: AgentFrame[] = [];
    await readAgentFrames(new Response(body, { headers: { "Content-Type": "text/event-stream" } }), (next) =>
      frames.push(next),
    );
    expect(frames.map((next) => (next.event === "message" ? next.data.content : next.event))).toEqual(["Hal", "lo"]);
  });
});

const nodes: EditorNode[] = [
  {
    id: "begin",
    type: "component",
    position: { x: 0, y: 0 },
    data: {
      label: "Begin",
      name: "Start",
      form: { prologue: "Hallo! Wie kann ich helfen?", mode: "conversational", inputs: {} },
    },
  },
  {
    id: "Retrieval:kb01",
    type: "component",
    position: { x: 0, y: 0 },
    data: { label: "Retrieval", name: "Wissen suchen", form: { kb_ids: ["k".repeat(32)] } },
  },
  {
    id: "Generate:gen1",
    type: "component",
    position: { x: 0, y: 0 },
    data: { label: "Generate", name: "Antwort schreiben", form: { prompt: "{sys.query}" } },
  },
];

describe("test run panel", () => {
  it("greets with the prologue, streams the answer and lists every finished node in the trace", async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      const text = [
        frame("workflow_started", { inputs: {} }),
        frame("node_started", { component_id: "begin", component_name: "Begin" }),
        frame("node_finished", entry("begin", "Begin", { elapsed_time: 0.001 })),
        frame(
          "node_finished",
          entry("Retrieval:kb01", "Retrieval", { error: "Knowledge base not found.", elapsed_time: 1.234 }),
        ),
        frame("node_finished", entry("Generate:gen1", "Generate")),
        frame("message", { content: "Viel " }),
        frame("message", { content: "trinken." }),
        frame("message_end", { reference: null }),
        frame("workflow_finished", { outputs: {}, elapsed_time: 1.3, error: null }),
        "data:[DONE]\n\n",
      ].join("");
      return new Response(text, { headers: { "Content-Type": "text/event-stream" } });
    });
    const beforeRun = vi.fn(async () => true);
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Triage"
        nodes={nodes}
        beforeRun={beforeRun}
        onClose={() => undefined}
      />,
    );
    expect(within(screen.getByRole("log")).getByText("Hallo! Wie kann ich helfen?")).toBeTruthy();

    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Ich habe Fieber" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await within(screen.getByRole("log")).findByText("Viel trinken.")).toBeTruthy();
    expect(beforeRun).toHaveBeenCalled();
    expect(calls[0]).toMatchObject({
      url: "/api/v1/agents/chat/completions",
      body: { agent_id: AGENT_ID, question: "Ich habe Fieber", stream: true, return_trace: true },
    });
    expect(calls[0]?.body.session_id).toBeUndefined();

    fireEvent.click(screen.getByRole("tab", { name: /Ablauf/ }));
    const rows = await screen.findAllByTestId("trace-entry");
    expect(rows.map((row) => within(row).getAllByText(/./)[0]?.textContent)).toEqual([
      "Start",
      "Wissen suchen",
      "Antwort schreiben",
    ]);
    const failed = rows[1] as HTMLElement;
    expect(within(failed).getByRole("alert").textContent).toBe("Knowledge base not found.");
    expect(within(failed).getByText("Wissensabruf")).toBeTruthy();
    expect(within(failed).getByText("1.234 ms")).toBeTruthy();
    fireEvent.click(within(rows[2] as HTMLElement).getByRole("button", { name: "Ausgaben" }));
    await waitFor(() => expect(within(rows[2] as HTMLElement).getByText(/"content": "ok"/)).toBeTruthy());
    expect(screen.getByText("Lauf beendet nach 1.300 ms.")).toBeTruthy();

    // the follow-up continues the session; a new conversation starts without one
    fireEvent.click(screen.getByRole("tab", { name: "Gespräch" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Und dann?" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.session_id).toBe(SESSION_ID);
    await waitFor(() => expect(screen.getAllByText("Viel trinken.")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Neues Gespräch" }));
    expect(screen.queryByText("Viel trinken.")).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Neu" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body.session_id).toBeUndefined();
    await screen.findByText("Viel trinken.");
  });

  it("plays a Message's audio piece by piece, in order, and falls silent when stopped", async () => {
    const played: string[] = [];
    const paused: string[] = [];
    // one element per piece: it "plays" until the test ends it
    const playing: { src: string; onended: (() => void) | null }[] = [];
    class FakeAudio {
      onended: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public src: string) {}
      play() {
        played.push(this.src);
        playing.push(this);
        return Promise.resolve();
      }
      pause() {
        paused.push(this.src);
      }
    }
    vi.stubGlobal("Audio", FakeAudio);
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => `blob:${blobs.push(blob as Blob)}`);
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const hex = (text: string) =>
      Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      const text = [
        frame("message", { content: "Erster Satz. ", audio_binary: hex("eins") }),
        frame("message", { content: "Zweiter Satz." }),
        frame("message", { content: "", audio_binary: hex("zwei") }),
        frame("workflow_finished", { outputs: {}, elapsed_time: 0.1, error: null }),
        "data:[DONE]\n\n",
      ].join("");
      return new Response(text, { headers: { "Content-Type": "text/event-stream" } });
    });
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Triage"
        nodes={nodes}
        beforeRun={async () => true}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Erster Satz. Zweiter Satz.")).toBeTruthy();
    // the second piece waits for the first to end
    await waitFor(() => expect(played).toEqual(["blob:1"]));
    expect(new TextDecoder().decode(await (blobs[0] as Blob).arrayBuffer())).toBe("eins");
    expect((blobs[0] as Blob).type).toBe("audio/mpeg");
    playing[0]?.onended?.();
    await waitFor(() => expect(played).toEqual(["blob:1", "blob:2"]));
    expect(new TextDecoder().decode(await (blobs[1] as Blob).arrayBuffer())).toBe("zwei");
    // a new conversation silences what plays
    fireEvent.click(screen.getByRole("button", { name: "Neues Gespräch" }));
    expect(paused).toEqual(["blob:2"]);
    vi.unstubAllGlobals();
  });

  it("stops a run: the request is aborted, the server told to cancel the task and the partial answer kept", async () => {
    const encoder = new TextEncoder();
    const calls: { method: string; url: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ method: init?.method ?? "GET", url: String(input) });
      if (init?.method === "PUT")
        return new Response(JSON.stringify({ code: 0, message: "", data: true }), {
          headers: { "Content-Type": "application/json" },
        });
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      init?.signal?.addEventListener("abort", () =>
        controller.error(new DOMException("The operation was aborted.", "AbortError")),
      );
      controller.enqueue(
        encoder.encode(frame("workflow_started", { inputs: {} }) + frame("message", { content: "Einen Moment" })),
      );
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    });
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Triage"
        nodes={nodes}
        beforeRun={async () => true}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Einen Moment")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Antwort anhalten" }));
    await waitFor(() => expect(calls).toContainEqual({ method: "PUT", url: `/api/v1/agents/tasks/${TASK_ID}/cancel` }));
    expect(await screen.findByText("Angehalten.")).toBeTruthy();
    expect(screen.getByText("Einen Moment")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Ihre Frage" }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it("does not run a flow with an incomplete node", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const incomplete = nodes.map((item) =>
      item.id === "Generate:gen1" ? { ...item, data: { ...item.data, form: { prompt: "" } } } : item,
    );
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Triage"
        nodes={incomplete}
        beforeRun={async () => true}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Bitte zuerst vervollständigen: Antwort schreiben")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("counts an options input without options as incomplete", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const choiceless = nodes.map((item) =>
      item.id === "begin"
        ? {
            ...item,
            data: {
              ...item.data,
              form: {
                ...item.data.form,
                inputs: { art: { name: "Art", type: "options", optional: true, options: [] } },
              },
            },
          }
        : item,
    );
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Triage"
        nodes={choiceless}
        beforeRun={async () => true}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Bitte zuerst vervollständigen: Start")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("task mode and the shared agent page", () => {
  const answer = () =>
    new Response(
      [
        frame("workflow_started", { inputs: {} }),
        frame("message", { content: "Bericht fertig." }),
        frame("message_end", { reference: null }),
        "data:[DONE]\n\n",
      ].join(""),
      {
        headers: { "Content-Type": "text/event-stream" },
      },
    );

  it("a task flow's test run starts without a question and shows no empty question", async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answer();
    });
    const taskNodes = nodes.map((node) =>
      node.id === "begin" ? { ...node, data: { ...node.data, form: { ...node.data.form, mode: "task" } } } : node,
    );
    renderWithProviders(
      <TestRunPanel
        agentId={AGENT_ID}
        agentName="Bericht"
        nodes={taskNodes}
        beforeRun={async () => true}
        onClose={() => undefined}
      />,
    );
    const send = screen.getByRole("button", { name: "Senden" });
    expect(send.hasAttribute("disabled")).toBe(false);
    fireEvent.click(send);
    expect(await within(screen.getByRole("log")).findByText("Bericht fertig.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ question: "" });
    expect(screen.getByRole("log").querySelectorAll("[data-role=user]")).toHaveLength(0);
  });

  it("the shared page asks for the Begin inputs, fills them from data_ link parameters and runs a task flow without a question", async () => {
    const { SharedAgentPage } = await import("../../../web/features/agents/share/shared-agent-page");
    const bodies: Record<string, unknown>[] = [];
    const info = {
      id: AGENT_ID,
      title: "Bericht",
      description: null,
      avatar: null,
      prologue: "",
      mode: "task",
      inputs: {
        Stadt: { name: "Stadt", type: "line" },
        Alter: { name: "Alter", type: "number" },
        Notiz: { name: "Notiz", type: "paragraph", optional: true },
      },
    };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (String(input).includes("/completions")) {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return answer();
      }
      return new Response(JSON.stringify({ code: 0, message: "", data: info }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    renderWithProviders(
      <SharedAgentPage client={{ agentId: AGENT_ID, token: "share-x" }} prefilled={{ Alter: "42", Fremd: "x" }} />,
    );
    const age = (await screen.findByLabelText(/Alter/)) as HTMLInputElement;
    expect(age.value).toBe("42");
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    // Stadt is required and empty: nothing is sent
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Stadt/), { target: { value: "Berlin" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Bericht fertig.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ question: "", inputs: { Stadt: "Berlin", Alter: 42 } });
    expect(bodies[0]?.inputs).not.toHaveProperty("Fremd");
  });

  it("offers an options input as a list; a link value that is not one of them is left out", async () => {
    const { SharedAgentPage } = await import("../../../web/features/agents/share/shared-agent-page");
    const bodies: Record<string, unknown>[] = [];
    const info = {
      id: AGENT_ID,
      title: "Beratung",
      description: null,
      avatar: null,
      prologue: "",
      mode: "task",
      inputs: {
        art: { name: "Versicherung", type: "options", options: ["gesetzlich", "privat"] },
        plan: { name: "Tarif", type: "options", options: ["Basis", "Plus"], optional: true },
      },
    };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (String(input).includes("/completions")) {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return answer();
      }
      return new Response(JSON.stringify({ code: 0, message: "", data: info }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    renderWithProviders(
      <SharedAgentPage client={{ agentId: AGENT_ID, token: "share-x" }} prefilled={{ art: "keine", plan: "Plus" }} />,
    );
    const kind = (await screen.findByLabelText(/Versicherung/)) as HTMLSelectElement;
    expect(kind.value).toBe("");
    expect([...kind.options].map((option) => option.value)).toEqual(["", "gesetzlich", "privat"]);
    expect((screen.getByLabelText(/Tarif/) as HTMLSelectElement).value).toBe("Plus");
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    fireEvent.change(kind, { target: { value: "privat" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Bericht fertig.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ inputs: { art: "privat", plan: "Plus" } });
  });

  it("reads a file for a file input through the server and sends its text; a refused file shows why", async () => {
    const { SharedAgentPage } = await import("../../../web/features/agents/share/shared-agent-page");
    const bodies: Record<string, unknown>[] = [];
    const uploads: string[] = [];
    const info = {
      id: AGENT_ID,
      title: "Befunde",
      description: null,
      avatar: null,
      prologue: "",
      mode: "task",
      inputs: { befund: { name: "Befund", type: "file" } },
    };
    const json = (code: number, data: unknown, message = "") =>
      new Response(JSON.stringify({ code, message, data }), { headers: { "Content-Type": "application/json" } });
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("/upload")) {
        const file = (init?.body as FormData | undefined)?.get("file") as File;
        uploads.push(file.name);
        return file.size === 0
          ? json(102, null, `No text found in "${file.name}".`)
          : json(0, { name: file.name, size: file.size, content: "Blutdruck 135/85", truncated: false });
      }
      if (url.includes("/completions")) {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return answer();
      }
      return json(0, info);
    });
    renderWithProviders(<SharedAgentPage client={{ agentId: AGENT_ID, token: "share-x" }} />);
    const picker = await screen.findByLabelText("Befund", { selector: "input" });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Dieses Feld ist erforderlich.")).toBeTruthy();

    // a kind of file the server cannot read is refused before it is sent
    fireEvent.change(picker, { target: { files: [new File(["MZ"], "programm.exe")] } });
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Diese Dateiart wird nicht gelesen\. Möglich: \.pdf .*\.docx/,
    );
    fireEvent.change(picker, { target: { files: [new File([], "leer.txt", { type: "text/plain" })] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe('No text found in "leer.txt".'));
    fireEvent.change(picker, {
      target: { files: [new File(["Blutdruck 135/85"], "notiz.txt", { type: "text/plain" })] },
    });
    expect((await screen.findByTestId("file-input-read")).textContent).toBe("notiz.txt (16 B): 16 Zeichen Text");
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByText("Bericht fertig.")).toBeTruthy();
    expect(uploads).toEqual(["leer.txt", "notiz.txt"]);
    expect(bodies[0]).toMatchObject({ question: "", inputs: { befund: "Blutdruck 135/85" } });
  });
});
