import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

type Log = {
  method: string;
  status: number;
  success: boolean;
  error: string | null;
  request: { query: Record<string, string>; headers: Record<string, string>; body: unknown };
  response: { body: unknown; finished: boolean; content?: string };
};

const webhookFlow = (begin: Record<string, unknown>) =>
  flow([
    [
      "begin",
      "Begin",
      { mode: "Webhook", inputs: { patient: { name: "Patient", type: "line", optional: false } }, ...begin },
      ["Message:m"],
    ],
    ["Message:m", "Message", { content: ["Neu: {begin@patient} ({sys.query})"] }],
  ]);

const hook = (agentId: string, init: RequestInit & { query?: string } = {}) =>
  SELF.fetch(`${BASE}/agents/${agentId}/webhook${init.query ?? ""}`, { method: "POST", ...init });

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

const logsOf = async (user: TestUser, agentId: string) =>
  (await callApi<{ logs: Log[] }>(`/agents/${agentId}/webhook/logs`, { token: user.token })).body.data.logs;

const SECRET = { auth_type: "token", token: { token_header: "X-Hook-Secret", token_value: "s3cret-value" } };

describe("agent webhook", () => {
  it("runs the flow for a caller with the secret and answers with the result; a wrong secret is refused and logged", async () => {
    const user = await createUser();
    const agent = await createAgent(user, webhookFlow({ security: SECRET, execution_mode: "Streaming" }));

    const refused = await hook(agent.id, json({ patient: "Ada" }, { "X-Hook-Secret": "falsch" }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, message: "Invalid token authentication" });

    const answered = await hook(
      agent.id,
      json({ patient: "Ada", question: "Termin" }, { "X-Hook-Secret": "s3cret-value" }),
    );
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ message: "Neu: Ada (Termin)", success: true, code: 200 });

    // the Begin input from the URL's query when the body lacks it; a missing required input names the input
    const fromQuery = await hook(agent.id, { query: "?patient=Bo", headers: { "X-Hook-Secret": "s3cret-value" } });
    expect(((await fromQuery.json()) as { message: string }).message).toBe("Neu: Bo ()");
    const missing = await hook(agent.id, json({}, { "X-Hook-Secret": "s3cret-value" }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "The input `Patient` is required." });

    const logs = await logsOf(user, agent.id);
    expect(logs.map((log) => [log.status, log.success])).toEqual([
      [400, false],
      [200, true],
      [200, true],
      [401, false],
    ]);
    expect(logs[2]).toMatchObject({
      method: "POST",
      request: { body: { patient: "Ada", question: "Termin" }, headers: { "content-type": "application/json" } },
      response: { body: { message: "Neu: Ada (Termin)" }, finished: true },
    });
    // the secret itself is never logged
    expect(JSON.stringify(logs)).not.toContain("s3cret-value");
    expect(JSON.stringify(logs)).not.toContain("falsch");
  });

  it("accepts at once with the configured status and body, runs in the background and logs the outcome", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      webhookFlow({
        security: { auth_type: "none", allow_anonymous: true },
        execution_mode: "Immediately",
        response: { status: 202, body_template: '{"accepted": true}' },
      }),
    );
    const accepted = await hook(agent.id, json({ patient: "Cleo" }));
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ accepted: true });
    let logs: Log[] = [];
    for (let i = 0; i < 50 && !logs[0]?.response.finished; i++) {
      logs = await logsOf(user, agent.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(logs[0]).toMatchObject({
      status: 202,
      success: true,
      response: { content: "Neu: Cleo ()", finished: true },
    });
  });

  it("checks the team's API key, Basic credentials, the method and anonymous access as configured", async () => {
    const user = await createUser();
    const other = await createUser();
    const keyOf = async (who: TestUser) =>
      (await callApi<{ token: string }>("/system/tokens", { method: "POST", token: who.token })).body.data.token;
    const byKey = await createAgent(
      user,
      webhookFlow({ security: { auth_type: "api_key" }, execution_mode: "Streaming" }),
    );
    const withKey = (key: string) => json({ patient: "Dan" }, { Authorization: `Bearer ${key}` });
    expect((await hook(byKey.id, withKey(await keyOf(other)))).status).toBe(401);
    expect((await hook(byKey.id, withKey(await keyOf(user)))).status).toBe(200);

    const basic = await createAgent(
      user,
      webhookFlow({
        security: { auth_type: "basic", basic_auth: { username: "praxis", password: "pw-123" } },
        execution_mode: "Streaming",
        methods: ["PUT"],
      }),
    );
    const credentials = (pw: string) => ({ Authorization: `Basic ${btoa(`praxis:${pw}`)}` });
    expect((await hook(basic.id, { method: "PUT", ...json({ patient: "E" }, credentials("nope")) })).status).toBe(401);
    const wrongMethod = await hook(basic.id, json({ patient: "E" }, credentials("pw-123")));
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toMatchObject({ message: "HTTP method 'POST' not allowed for this webhook." });
    expect((await hook(basic.id, { method: "PUT", ...json({ patient: "E" }, credentials("pw-123")) })).status).toBe(
      200,
    );

    // "none" needs allow_anonymous, as in RAGFlow
    const open = await createAgent(user, webhookFlow({ security: { auth_type: "none" } }));
    expect(await (await hook(open.id, json({ patient: "F" }))).json()).toMatchObject({
      message: "Anonymous webhook access requires allow_anonymous to be true",
    });
  });

  it("refuses flows without a webhook and unknown flows, and shows logs to those who may change the flow", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const plain = await createAgent(
      owner,
      flow([
        ["begin", "Begin", {}, ["Message:m"]],
        ["Message:m", "Message", { content: ["x"] }],
      ]),
    );
    const notConfigured = await hook(plain.id, json({}));
    expect(notConfigured.status).toBe(400);
    expect(await notConfigured.json()).toMatchObject({ message: "Webhook not configured for this agent." });
    expect(await (await hook("0".repeat(32), json({}))).json()).toMatchObject({ message: "Canvas not found." });

    const team = await createAgent(owner, webhookFlow({ security: SECRET }), "Team-Hook", { permission: "team" });
    expect((await callApi(`/agents/${team.id}/webhook/logs`, inTeam(member, owner.id))).body.code).toBe(103);
    expect((await callApi(`/agents/${team.id}/webhook/logs?since_ts=abc`, { token: owner.token })).body).toMatchObject({
      code: 102,
      message: "`since_ts` must be a number of seconds.",
    });
    // the member reads the flow without the webhook's secret
    const read = await callApi<{ dsl: { components: Record<string, { obj: { params: Record<string, unknown> } }> } }>(
      `/agents/${team.id}`,
      inTeam(member, owner.id),
    );
    expect(JSON.stringify(read.body.data.dsl)).not.toContain("s3cret-value");
  });
});
