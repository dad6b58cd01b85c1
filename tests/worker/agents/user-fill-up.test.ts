import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComponentSpec } from "../../../worker/contract/agent-graph";
import type { PendingFillUp } from "../../../worker/contract/agents";
import type { ShareToken } from "../../../worker/contract/share";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { BASE, callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const FIELDS = {
  age: { name: "Alter", type: "number", optional: false },
  note: { name: "Notiz", type: "line", optional: true },
};

const greeting: ComponentSpec = ["Message:hi", "Message", { content: ["Hallo {begin@name}."] }, ["UserFillUp:ask"]];

// Begin → Message → UserFillUp → Message: the second message reads the answer, the question and a Begin input.
const askingFlow = (greet = true) =>
  flow([
    [
      "begin",
      "Begin",
      { inputs: { name: { name: "Name", type: "line", optional: false } } },
      [greet ? "Message:hi" : "UserFillUp:ask"],
    ],
    ...(greet ? [greeting] : []),
    [
      "UserFillUp:ask",
      "UserFillUp",
      { enable_tips: true, tips: "Wie alt sind Sie, {begin@name}?", inputs: FIELDS },
      ["Message:out"],
    ],
    ["Message:out", "Message", { content: ["{begin@name} ist {UserFillUp:ask@age}; Frage: {sys.query}"] }],
  ]);

type Completion = {
  event: string;
  session_id: string;
  data: { content: string; inputs?: Record<string, unknown>; tips?: string; error: string | null };
};
const complete = (user: TestUser, json: Record<string, unknown>) =>
  callApi<Completion>("/agents/chat/completions", { token: user.token, json });

const sseEvents = async (response: Response) =>
  (await response.text())
    .split("\n\n")
    .filter((frame) => frame.startsWith("data:{"))
    .map((frame) => JSON.parse(frame.slice(5)) as { event: string; data: Record<string, unknown> });

const sessionState = async (sessionId: string) => {
  const row = await env.DB.prepare("SELECT state FROM agent_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ state: string }>();
  return JSON.parse(row?.state ?? "{}") as {
    resume: string[];
    awaiting?: PendingFillUp;
    kept?: Record<string, unknown>;
  };
};

describe("UserFillUp (human in the loop)", () => {
  it("pauses with RAGFlow's user_inputs, and the next completion resumes with the answer", async () => {
    const user = await createUser();
    const agent = await createAgent(user, askingFlow());
    const first = await complete(user, { agent_id: agent.id, question: "Grippe?", inputs: { name: "Ada" } });
    expect(first.body.code).toBe(0);
    // something was said before the pause: message_end, with the fields and tips alongside (RAGFlow's choice)
    expect(first.body.data.event).toBe("message_end");
    expect(first.body.data.data.content).toBe("Hallo Ada.");
    expect(first.body.data.data.tips).toBe("Wie alt sind Sie, Ada?");
    expect(first.body.data.data.inputs).toEqual(FIELDS);

    // RAGFlow's clients send each field back with its value
    const second = await runAgent(user, agent.id, {
      session_id: first.body.data.session_id,
      inputs: { age: { ...FIELDS.age, value: 42 } },
    });
    expect(second.body.code).toBe(0);
    expect(second.body.data.error).toBeNull();
    expect(second.body.data.content).toBe("Ada ist 42; Frage: Grippe?");
    const step = second.body.data.trace.find((entry) => entry.component_id === "UserFillUp:ask");
    expect(step?.outputs).toEqual({ tips: "Wie alt sind Sie, Ada?", age: 42, note: null });
    expect(second.body.data.trace.map((entry) => entry.component_id)).toEqual(["UserFillUp:ask", "Message:out"]);
    expect((await sessionState(second.body.data.session_id)).awaiting).toBeUndefined();

    // the flow is done: the next question starts from Begin and pauses again
    const third = await complete(user, {
      agent_id: agent.id,
      session_id: second.body.data.session_id,
      question: "Nochmal",
      inputs: { name: "Bo" },
    });
    expect(third.body.data.data.tips).toBe("Wie alt sind Sie, Bo?");
  });

  it("answers with the user_inputs event when nothing was said before the pause", async () => {
    const user = await createUser();
    const agent = await createAgent(user, askingFlow(false));
    const first = await complete(user, { agent_id: agent.id, question: "Hi", inputs: { name: "Ada" } });
    expect(first.body.data.event).toBe("user_inputs");
    expect(first.body.data.data).toMatchObject({ content: "", tips: "Wie alt sind Sie, Ada?", inputs: FIELDS });
  });

  it("refuses an answer that lacks a required field or does not fit, and still waits", async () => {
    const user = await createUser();
    const agent = await createAgent(user, askingFlow());
    const first = await complete(user, { agent_id: agent.id, question: "Hi", inputs: { name: "Ada" } });
    const session_id = first.body.data.session_id;
    const before = await sessionState(session_id);

    const missing = await complete(user, { agent_id: agent.id, session_id, inputs: { note: "x" } });
    expect(missing.body.code).not.toBe(0);
    expect(missing.body.message).toBe("The input `Alter` is required.");
    const wrong = await complete(user, { agent_id: agent.id, session_id, inputs: { age: "alt" } });
    expect(wrong.body.message).toBe("The input `Alter` must be a number.");
    expect(await sessionState(session_id)).toEqual(before);

    const answered = await runAgent(user, agent.id, { session_id, inputs: { age: 7, note: "ok" } });
    expect(answered.body.data.content).toBe("Ada ist 7; Frage: Hi");
  });

  it("keeps the pause in D1: a fresh streamed request from a share-link visitor resumes it", async () => {
    const owner = await createUser();
    const agent = await createAgent(owner, askingFlow());
    const token = (await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: {} })).body
      .data;
    const visit = (json: Record<string, unknown>) =>
      SELF.fetch(`${BASE}/share/agents/${agent.id}/completions?visitor_id=visitor-fillupfillupfill`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ stream: true, ...json }),
      });

    const paused = await sseEvents(await visit({ question: "Husten", inputs: { name: "Ada" } }));
    const asked = paused.find((event) => event.event === "user_inputs");
    expect(asked?.data).toEqual({ inputs: FIELDS, tips: "Wie alt sind Sie, Ada?" });
    expect(paused.map((event) => event.event).slice(-3)).toEqual(["message_end", "user_inputs", "workflow_finished"]);
    const sessionId = String((paused[0] as unknown as { session_id: string }).session_id);

    // nothing of the pause lives in memory: the session row holds where to go on and what ran before
    const state = await sessionState(sessionId);
    expect(state.resume).toEqual(["UserFillUp:ask"]);
    expect(state.awaiting).toEqual({ component_id: "UserFillUp:ask", inputs: FIELDS, tips: "Wie alt sind Sie, Ada?" });
    expect(state.kept).toMatchObject({
      begin: { query: "Husten", name: "Ada" },
      "Message:hi": { content: "Hallo Ada." },
    });

    const resumed = await sseEvents(await visit({ session_id: sessionId, inputs: { age: 30 } }));
    const said = resumed.filter((event) => event.event === "message").map((event) => String(event.data.content));
    expect(said.join("")).toBe("Ada ist 30; Frage: Husten");
    expect(resumed.some((event) => event.event === "user_inputs")).toBe(false);
  });

  it("the contract checks a UserFillUp's fields and keeps it out of loops", async () => {
    const user = await createUser();
    const badType = await callApi("/agents", {
      token: user.token,
      json: {
        title: "bad",
        dsl: flow([
          ["begin", "Begin", {}, ["UserFillUp:a"]],
          ["UserFillUp:a", "UserFillUp", { inputs: { x: { name: "X", type: "colour" } } }],
        ]),
      },
    });
    expect(badType.body.code).not.toBe(0);
    expect(badType.body.message).toContain("inputs.x.type");

    const nested = await callApi("/agents", {
      token: user.token,
      json: {
        title: "nested",
        dsl: flow([
          ["begin", "Begin", {}, ["Loop:l"]],
          ["Loop:l", "Loop", {}],
          ["LoopItem:i", "LoopItem", {}, ["UserFillUp:a"], "Loop:l"],
          ["UserFillUp:a", "UserFillUp", { inputs: {} }, [], "Loop:l"],
        ]),
      },
    });
    expect(nested.body.code).not.toBe(0);
    expect(nested.body.message).toContain("UserFillUp cannot wait inside a Loop or an Iteration");
    const list = await callApi<{ total: number }>("/agents", { token: user.token });
    expect(list.body.data.total).toBe(0);

    // RAGFlow's editor writes a UserFillUp without fields as an empty list
    const empty = await callApi("/agents", {
      token: user.token,
      json: {
        title: "empty",
        dsl: flow([
          ["begin", "Begin", {}, ["UserFillUp:a"]],
          ["UserFillUp:a", "UserFillUp", { inputs: [], enable_tips: true, tips: "Noch etwas?" }],
        ]),
      },
    });
    expect(empty.body.code).toBe(0);
  });
});
