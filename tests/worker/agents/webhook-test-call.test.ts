import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { joinTeam } from "../../helpers/worker/teams";

type Log = { status: number; success: boolean; request: { test?: boolean } };

const webhookFlow = (begin: Record<string, unknown>) =>
  flow([
    [
      "begin",
      "Begin",
      {
        mode: "Webhook",
        execution_mode: "Streaming",
        inputs: { patient: { name: "Patient", type: "line" } },
        ...begin,
      },
      ["Message:m"],
    ],
    ["Message:m", "Message", { content: ["Test: {begin@patient}"] }],
  ]);

const STRICT = {
  auth_type: "token",
  token: { token_header: "X-Hook-Secret", token_value: "nur-fuer-aufrufer" },
  ip_whitelist: ["192.0.2.1"],
  rate_limit: { limit: 1, per: "hour" },
  max_body_size: "1KB",
};

const testCall = (agentId: string, init: { token?: string; method?: string; body?: string; tenant?: string }) =>
  SELF.fetch(`${BASE}/agents/${agentId}/webhook/test`, {
    method: init.method ?? "POST",
    headers: {
      "Content-Type": "application/json",
      ...(init.token ? { Authorization: init.token } : {}),
      ...(init.tenant ? { "X-Tenant-Id": init.tenant } : {}),
    },
    body: init.method === "GET" ? undefined : (init.body ?? JSON.stringify({ patient: "Ada" })),
  });

const logsOf = async (user: TestUser, agentId: string) =>
  (await callApi<{ logs: Log[] }>(`/agents/${agentId}/webhook/logs`, { token: user.token })).body.data.logs;

describe("webhook test call", () => {
  it("runs the flow for its editor without the caller's proof, address or rate limit, and marks the log entry", async () => {
    const user = await createUser();
    const agent = await createAgent(user, webhookFlow({ security: STRICT, methods: ["POST"] }));
    for (let i = 0; i < 2; i++) {
      const answered = await testCall(agent.id, { token: user.token });
      expect(await answered.json()).toEqual({ message: "Test: Ada", success: true, code: 200 });
    }
    // the flow's methods and body size still apply
    const wrongMethod = await testCall(agent.id, { token: user.token, method: "GET" });
    expect(wrongMethod.status).toBe(405);
    const big = JSON.stringify({ patient: "x".repeat(1100) });
    expect(await (await testCall(agent.id, { token: user.token, body: big })).json()).toMatchObject({
      code: 413,
      message: `Request body too large: ${big.length} > 1024`,
    });
    // the real webhook still wants the secret, from the allowed address
    const real = await SELF.fetch(`${BASE}/agents/${agent.id}/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.1" },
      body: "{}",
    });
    expect(await real.json()).toMatchObject({ code: 401, message: "Invalid token authentication" });

    const logs = await logsOf(user, agent.id);
    expect(logs.map((log) => [log.status, log.request.test ?? false])).toEqual([
      [401, false],
      [413, true],
      [405, true],
      [200, true],
      [200, true],
    ]);
  });

  it("refuses callers who are not signed in or may not edit the flow, and logs nothing for them", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, webhookFlow({ security: STRICT }), "Team-Hook", { permission: "team" });
    expect((await testCall(agent.id, {})).status).toBe(401);
    expect((await testCall(agent.id, { token: "falsch" })).status).toBe(401);
    const byMember = await testCall(agent.id, { token: member.token, tenant: owner.id });
    expect(await byMember.json()).toMatchObject({ code: 103 });
    const stranger = await createUser();
    expect(await (await testCall(agent.id, { token: stranger.token })).json()).not.toMatchObject({ code: 0 });
    expect(await logsOf(owner, agent.id)).toEqual([]);
  });
});

describe("webhook security settings", () => {
  it("refuses a flow whose webhook security settings RAGFlow's route would refuse, naming the field", async () => {
    const user = await createUser();
    // [settings, RAGFlow's (or pydantic's) words, the field the answer names]
    const cases: [Record<string, unknown>, string, string][] = [
      [{ max_body_size: "10 GB" }, "Invalid max_body_size format", "max_body_size"],
      [{ max_body_size: "20MB" }, "max_body_size exceeds maximum allowed size (10MB)", "max_body_size"],
      [{ ip_whitelist: ["10.0.0.0/33"] }, "Invalid IP address or CIDR range: 10.0.0.0/33", "ip_whitelist"],
      [{ ip_whitelist: "10.0.0.1" }, "Input should be a valid list", "ip_whitelist"],
      [{ rate_limit: { limit: 0 } }, "rate_limit.limit must be > 0", "limit"],
      [{ rate_limit: { per: "week" } }, "Invalid rate_limit.per: week", "per"],
      [{ auth_type: "oauth" }, "Input should be 'token', 'api_key', 'basic', 'jwt' or 'none'", "auth_type"],
      [
        { auth_type: "jwt", jwt: { algorithm: "RS999" } },
        "Input should be 'HS256', 'HS384', 'HS512', 'RS256'",
        "algorithm",
      ],
      [{ jwt: { required_claims: ["sub"] } }, "Reserved JWT claim cannot be required: sub", "required_claims"],
    ];
    for (const [security, message, field] of cases) {
      const res = await callApi("/agents", {
        token: user.token,
        json: { title: "Hook", dsl: webhookFlow({ security }) },
      });
      expect(res.status, message).toBeLessThan(500);
      expect(res.body.code, message).not.toBe(0);
      expect(res.body.message, message).toContain(message);
      expect(res.body.message, message).toContain(field);
    }
    expect((await callApi<{ total: number }>("/agents", { token: user.token })).body.data.total).toBe(0);

    const valid = {
      auth_type: "jwt",
      jwt: { secret: "s", algorithm: "hs512", required_claims: "praxis_id" },
      ip_whitelist: ["10.0.0.0/8", "2001:db8::/32", "::1", ""],
      rate_limit: { limit: 5, per: "second" },
      max_body_size: "512kb",
    };
    expect((await createAgent(user, webhookFlow({ security: valid }))).id).toBeTruthy();
  });
});
