import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComponentTest } from "../../../web/features/agents/forms/component-test";
import type { EditorNode } from "../../../web/features/agents/model/graph";
import { TestRunPanel } from "../../../web/features/agents/test-run/test-run-panel";
import { renderWithProviders } from "../helpers/render";

const AGENT_ID = "a".repeat(32);

const frame = (event: string, data: unknown, messageId: string) =>
  `data:${JSON.stringify({ event, message_id: messageId, created_at: 1, task_id: "t1", session_id: "s1", data })}\n\n`;
const sse = (frames: string[]) =>
  new Response([...frames, "data:[DONE]\n\n"].join(""), { headers: { "Content-Type": "text/event-stream" } });
const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "success", data }), {
    headers: { "Content-Type": "application/json" },
  });

const nodes: EditorNode[] = [
  {
    id: "begin",
    type: "component",
    position: { x: 0, y: 0 },
    data: { label: "Begin", name: "Start", form: { prologue: "", mode: "conversational", inputs: {} } },
  },
];

afterEach(() => vi.restoreAllMocks());

describe("rerun from the failed step", () => {
  it("offers the rerun after a failed run and shows the rerun's answer in the failed one's place", async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      if (calls.length === 1)
        return sse([
          frame("message", { content: "**ERROR**: Abruf: HTTP 503" }, "m1"),
          frame("workflow_finished", { outputs: {}, elapsed_time: 0.2, error: "Abruf: HTTP 503" }, "m1"),
        ]);
      return sse([
        frame("message", { content: "Puls ist normal." }, "m2"),
        frame("workflow_finished", { outputs: {}, elapsed_time: 0.1, error: null }, "m2"),
      ]);
    });
    const beforeRun = vi.fn(async () => true);
    renderWithProviders(
      <TestRunPanel agentId={AGENT_ID} agentName="Triage" nodes={nodes} beforeRun={beforeRun} onClose={() => {}} />,
    );
    expect(screen.queryByRole("button", { name: "Ab fehlgeschlagenem Schritt erneut ausführen" })).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "Ihre Frage" }), { target: { value: "Puls?" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    const rerun = await screen.findByRole("button", { name: "Ab fehlgeschlagenem Schritt erneut ausführen" });
    fireEvent.click(rerun);

    expect(await within(screen.getByRole("log")).findByText("Puls ist normal.")).toBeTruthy();
    expect(calls[1]).toEqual({ url: "/api/v1/agents/rerun", body: { id: "m1", stream: true } });
    expect(beforeRun).toHaveBeenCalledTimes(2);
    // the failed answer made way; the question stays once, and a run that did not fail offers no rerun
    expect(within(screen.getByRole("log")).getAllByText("Puls?")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Ab fehlgeschlagenem Schritt erneut ausführen" })).toBeNull();
  });
});

describe("single component test", () => {
  it("asks for the component's variables, runs it on the samples and shows its outputs or its error", async () => {
    const calls: { url: string; body?: unknown }[] = [];
    let answer: Record<string, unknown> = { result: "Anna fragt: Fieber?" };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith("/input-form"))
        return json({
          "begin@name": { name: "begin@name", type: "line", value: "" },
          "sys.query": { name: "sys.query", type: "line", value: "" },
        });
      return json(answer);
    });
    const beforeRun = vi.fn(async () => true);
    renderWithProviders(<ComponentTest agentId={AGENT_ID} componentId="StringTransform:s" beforeRun={beforeRun} />);
    fireEvent.click(screen.getByRole("button", { name: "Testen" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "begin@name" }), { target: { value: "Anna" } });
    fireEvent.change(screen.getByRole("textbox", { name: "sys.query" }), { target: { value: "Fieber?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));

    await waitFor(() =>
      expect(screen.getByTestId("component-test-outputs").textContent).toContain('"result": "Anna fragt: Fieber?"'),
    );
    expect(calls[0]?.url).toBe(`/api/v1/agents/${AGENT_ID}/components/StringTransform%3As/input-form`);
    expect(calls[1]).toEqual({
      url: `/api/v1/agents/${AGENT_ID}/components/StringTransform%3As/debug`,
      body: { params: { "begin@name": { value: "Anna" }, "sys.query": { value: "Fieber?" } } },
    });
    expect(beforeRun).toHaveBeenCalledTimes(2);

    answer = { _ERROR: "HTTP 404" };
    fireEvent.click(screen.getByRole("button", { name: "Ausführen" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Fehlgeschlagen: HTTP 404");
    expect(screen.getByTestId("component-test-outputs").textContent).not.toContain("_ERROR");
  });
});
