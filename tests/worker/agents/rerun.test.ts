import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TraceEntry } from "../../../worker/contract/agents";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";

type Ended = {
  message_id: string;
  session_id: string;
  data: { content: string; error: string | null; trace: TraceEntry[] };
};

const run = async (user: TestUser, agentId: string, question: string) =>
  (
    await callApi<Ended>("/agents/chat/completions", {
      token: user.token,
      json: { agent_id: agentId, question, return_trace: true },
    })
  ).body.data;

// Invoke:first reaches /flaky once more than it fails (a retry), so its answer counts its calls: a rerun that
// repeated it would see 3. Invoke:second fails on its first call and answers on the next.
const flakyFlow = () => {
  const first = crypto.randomUUID();
  const second = crypto.randomUUID();
  return flow([
    ["begin", "Begin", {}, ["Invoke:first"]],
    [
      "Invoke:first",
      "Invoke",
      { url: `${env.TEST_SITE_URL}/flaky?key=${first}`, max_retries: 1, delay_after_error: 0 },
      ["Invoke:second"],
    ],
    ["Invoke:second", "Invoke", { url: `${env.TEST_SITE_URL}/flaky?key=${second}`, name: "Zweiter" }, ["Message:m"]],
    ["Message:m", "Message", { content: ["{sys.query}: {Invoke:first@result} {Invoke:second@result}"] }],
  ]);
};

describe("per-run logs and rerun from the failed step", () => {
  it("logs a failed run and reruns it from the failed step without repeating the earlier ones", async () => {
    const user = await createUser();
    const agent = await createAgent(user, flakyFlow());
    const failed = await run(user, agent.id, "Puls");
    expect(failed.data.error).toMatch(/^Zweiter: .*HTTP 503/);

    const log = await callApi<{ failed_component_id: string; question: string; trace: TraceEntry[] }>(
      `/agents/${agent.id}/logs/${failed.message_id}`,
      { token: user.token },
    );
    expect(log.body.data).toMatchObject({ failed_component_id: "Invoke:second", question: "Puls" });
    expect(log.body.data.trace.map((entry) => entry.component_id)).toEqual(["begin", "Invoke:first", "Invoke:second"]);

    const rerun = await callApi<Ended>("/agents/rerun", {
      token: user.token,
      json: { id: failed.message_id, component_id: "Invoke:second", dsl: {} },
    });
    expect(rerun.body.code).toBe(0);
    expect(rerun.body.data.data.error).toBeNull();
    expect(rerun.body.data.data.content).toBe('Puls: {"calls":2} {"calls":2}');
    expect(rerun.body.data.data.trace.map((entry) => entry.component_id)).toEqual(["Invoke:second", "Message:m"]);

    // the rerun's answer takes the failed one's place in the conversation, and it has a log of its own
    const session = await callApi<{ message: { id: string; content: string }[] }>(
      `/agents/${agent.id}/sessions/${failed.session_id}`,
      { token: user.token },
    );
    const assistant = session.body.data.message.filter((message) => message.id === rerun.body.data.message_id);
    expect(assistant).toHaveLength(1);
    expect(session.body.data.message.some((message) => message.id === failed.message_id)).toBe(false);
    const logs = await callApi<{ logs: { id: string; error: string | null }[]; total: number }>(
      `/agents/${agent.id}/logs`,
      { token: user.token },
    );
    expect(logs.body.data.total).toBe(2);
    expect(logs.body.data.logs.map((entry) => entry.id)).toEqual([rerun.body.data.message_id, failed.message_id]);
    expect(logs.body.data.logs[0]?.error).toBeNull();

    // a run that did not fail has no failed step to rerun from
    const again = await callApi("/agents/rerun", { token: user.token, json: { id: rerun.body.data.message_id } });
    expect(again.body).toMatchObject({ code: 102, message: "Only a failed run can be rerun." });
  });

  it("refuses bad reruns with the field named and lets nobody else read or rerun a run", async () => {
    const user = await createUser();
    const agent = await createAgent(user, flakyFlow());
    const failed = await run(user, agent.id, "Puls");

    const missing = await callApi("/agents/rerun", { token: user.token, json: {} });
    expect(missing.status).toBeLessThan(500);
    expect(missing.body.code).not.toBe(0);
    expect(missing.body.message).toContain("id");
    const unknown = await callApi("/agents/rerun", {
      token: user.token,
      json: { id: failed.message_id, component_id: "Message:m" },
    });
    expect(unknown.body).toMatchObject({ code: 102, message: "`component_id`: Message:m did not run in that run." });
    const nested = await callApi("/agents/rerun", {
      token: user.token,
      json: { id: failed.message_id, component_id: "begin" },
    });
    expect(nested.body.code).toBe(102);

    const stranger = await createUser();
    // another team's run is no run of theirs: the id is read as an ingestion log (RAGFlow's pipeline rerun)
    const foreign = await callApi("/agents/rerun", {
      token: stranger.token,
      json: { id: failed.message_id, dsl: {}, component_id: "Invoke:x" },
    });
    expect(foreign.body).toMatchObject({ code: 102, message: "Document not found." });
    const peek = await callApi(`/agents/${agent.id}/logs/${failed.message_id}`, { token: stranger.token });
    expect(peek.body.code).not.toBe(0);

    // nothing was run by the refused calls: the failed run is still the only one
    const logs = await callApi<{ total: number }>(`/agents/${agent.id}/logs`, { token: user.token });
    expect(logs.body.data.total).toBe(1);
  });

  it("keeps a run whose outputs are too large for a log row, without them and without a rerun", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["StringTransform:big"]],
        ["StringTransform:big", "StringTransform", { script: "{sys.query}".repeat(40) }, ["Invoke:x"]],
        ["Invoke:x", "Invoke", { url: `${env.TEST_SITE_URL}/nowhere`, name: "Abruf" }, []],
      ]),
    );
    const failed = await run(user, agent.id, "x".repeat(50_000));
    expect(failed.data.error).toMatch(/^Abruf: .*HTTP 404/);
    const log = await callApi<{ failed_component_id: string; trace: TraceEntry[] }>(
      `/agents/${agent.id}/logs/${failed.message_id}`,
      { token: user.token },
    );
    expect(log.body.data.failed_component_id).toBe("Invoke:x");
    expect(log.body.data.trace.find((entry) => entry.component_id === "StringTransform:big")?.outputs).toEqual({
      trimmed: true,
    });
    const rerun = await callApi("/agents/rerun", { token: user.token, json: { id: failed.message_id } });
    expect(rerun.body).toMatchObject({
      code: 102,
      message: "The run's outputs were too large to keep; run it again instead.",
    });
  });

  it("streams a rerun as the run's event frames", async () => {
    const user = await createUser();
    const agent = await createAgent(user, flakyFlow());
    const failed = await run(user, agent.id, "Puls");
    const response = await callApi<string>("/agents/rerun", {
      token: user.token,
      json: { id: failed.message_id, stream: true },
    });
    const text = String(response.body);
    expect(response.status).toBe(200);
    expect(text).toContain('"component_id":"Invoke:second"');
    expect(text).not.toContain('"component_id":"Invoke:first"');
    expect(text).toContain("data:[DONE]");
  });
});

describe("single component test", () => {
  const componentFlow = () =>
    flow([
      ["begin", "Begin", {}, ["StringTransform:s"]],
      [
        "StringTransform:s",
        "StringTransform",
        { method: "merge", script: "{begin@name} fragt: {sys.query}" },
        ["Message:m"],
      ],
      ["Message:m", "Message", { content: ["{StringTransform:s@result}"] }],
    ]);

  it("lists a component's inputs and runs it alone on sample values", async () => {
    const user = await createUser();
    const agent = await createAgent(user, componentFlow());
    const form = await callApi<Record<string, { name: string }>>(
      `/agents/${agent.id}/components/StringTransform:s/input-form`,
      { token: user.token },
    );
    expect(Object.keys(form.body.data).toSorted()).toEqual(["begin@name", "sys.query"]);

    const debug = await callApi<Record<string, unknown>>(`/agents/${agent.id}/components/StringTransform:s/debug`, {
      token: user.token,
      json: { params: { "begin@name": { value: "Anna" }, "sys.query": { value: "Fieber?" } } },
    });
    expect(debug.body.code).toBe(0);
    expect(debug.body.data.result).toBe("Anna fragt: Fieber?");
    expect(debug.body.data).not.toHaveProperty("_ERROR");

    // nothing ran after it and nothing was logged
    const logs = await callApi<{ total: number }>(`/agents/${agent.id}/logs`, { token: user.token });
    expect(logs.body.data.total).toBe(0);
  });

  it("reports a failing component as _ERROR and refuses bad samples and non-editors", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Invoke:x"]],
        ["Invoke:x", "Invoke", { url: `${env.TEST_SITE_URL}/nowhere` }, []],
      ]),
    );
    const failing = await callApi<Record<string, unknown>>(`/agents/${agent.id}/components/Invoke:x/debug`, {
      token: user.token,
      json: { params: {} },
    });
    expect(failing.body.code).toBe(0);
    expect(String(failing.body.data["_ERROR"])).toMatch(/HTTP 404/);

    const badKey = await callApi(`/agents/${agent.id}/components/Invoke:x/debug`, {
      token: user.token,
      json: { params: { "kein variable": { value: 1 } } },
    });
    expect(badKey.body.code).not.toBe(0);
    expect(badKey.body.message).toContain("params.kein variable");
    const badShape = await callApi(`/agents/${agent.id}/components/Invoke:x/debug`, {
      token: user.token,
      json: { params: { "sys.query": "x" } },
    });
    expect(badShape.status).toBeLessThan(500);
    expect(badShape.body.code).not.toBe(0);
    expect(badShape.body.message).toContain("params");
    const noComponent = await callApi(`/agents/${agent.id}/components/Invoke:none/debug`, {
      token: user.token,
      json: { params: {} },
    });
    expect(noComponent.body).toMatchObject({ code: 102, message: "The flow has no component Invoke:none." });

    const stranger = await createUser();
    const foreign = await callApi(`/agents/${agent.id}/components/Invoke:x/debug`, {
      token: stranger.token,
      json: { params: {} },
    });
    expect(foreign.body.code).not.toBe(0);
  });
});
