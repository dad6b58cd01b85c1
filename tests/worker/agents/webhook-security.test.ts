import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { keyPair, nowSeconds, signJwt } from "../../helpers/worker/jwt";

type Log = { status: number; success: boolean; error: string | null; request: { body: unknown } };

// RAGFlow v0.27's webhook security beyond the caller's proof: JWT, the IP allow-list, the rate limit and the
// body size, each refused with RAGFlow's words and logged.
const webhookFlow = (security: Record<string, unknown>) =>
  flow([
    [
      "begin",
      "Begin",
      {
        mode: "Webhook",
        execution_mode: "Streaming",
        inputs: { patient: { name: "Patient", type: "line", optional: true } },
        security,
      },
      ["Message:m"],
    ],
    ["Message:m", "Message", { content: ["Neu: {begin@patient}"] }],
  ]);

const OPEN = { auth_type: "none", allow_anonymous: true };

const hook = (agentId: string, headers: Record<string, string> = {}, body: unknown = { patient: "Ada" }) =>
  SELF.fetch(`${BASE}/agents/${agentId}/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const answerOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as Record<string, unknown>) });

const logsOf = async (user: TestUser, agentId: string) =>
  (await callApi<{ logs: Log[] }>(`/agents/${agentId}/webhook/logs`, { token: user.token })).body.data.logs;

describe("webhook security", () => {
  it("accepts a JWT signed with the secret and carrying the configured claims, and refuses every other one", async () => {
    const user = await createUser();
    const secret = "jwt-geheimnis-1234";
    const agent = await createAgent(
      user,
      webhookFlow({
        auth_type: "jwt",
        jwt: { secret, algorithm: "HS256", issuer: "praxis", audience: "buddy", required_claims: ["praxis_id"] },
      }),
    );
    const good = { iss: "praxis", aud: ["buddy", "andere"], praxis_id: "p-7", exp: nowSeconds() + 60 };
    const bearer = async (claims: Record<string, unknown>, key = secret, alg: "HS256" | "HS512" = "HS256") => ({
      Authorization: `Bearer ${await signJwt(claims, key, alg)}`,
    });

    const accepted = await hook(agent.id, await bearer(good));
    expect(await answerOf(accepted)).toEqual({ status: 200, message: "Neu: Ada", success: true, code: 200 });

    const refusals: [Record<string, string>, string][] = [
      [{}, "Missing Bearer token"],
      [{ Authorization: "Bearer " }, "Missing Bearer token"],
      [{ Authorization: "Bearer a.b" }, "Invalid JWT: Not enough segments"],
      [await bearer(good, "falsches-geheimnis"), "Invalid JWT: Signature verification failed"],
      [await bearer(good, secret, "HS512"), "Invalid JWT: The specified alg value is not allowed"],
      [await bearer({ ...good, exp: nowSeconds() - 5 }), "Invalid JWT: Signature has expired"],
      [await bearer({ ...good, nbf: nowSeconds() + 600 }), "Invalid JWT: The token is not yet valid (nbf)"],
      [await bearer({ ...good, iss: "fremd" }), "Invalid JWT: Invalid issuer"],
      [await bearer({ ...good, aud: "fremd" }), "Invalid JWT: Audience doesn't match"],
      [await bearer({ iss: "praxis", praxis_id: "p-7" }), 'Invalid JWT: Token is missing the "aud" claim'],
      [await bearer({ iss: "praxis", aud: "buddy" }), "Missing JWT claim: praxis_id"],
    ];
    for (const [headers, message] of refusals) {
      const refused = await hook(agent.id, headers);
      expect(await answerOf(refused), message).toEqual({ status: 401, code: 401, message, success: false });
    }

    const logs = await logsOf(user, agent.id);
    expect(logs).toHaveLength(refusals.length + 1);
    expect(logs.map((log) => log.error).reverse()).toEqual([null, ...refusals.map(([, message]) => message)]);
    // the token is never logged (a JWT's segments start with "eyJ", base64 for '{"')
    expect(JSON.stringify(logs)).not.toContain("eyJ");
  });

  it("verifies RS256 and ES256 tokens with the PEM public key RAGFlow keeps in `secret`", async () => {
    const user = await createUser();
    for (const alg of ["RS256", "ES256"] as const) {
      const { privateKey, pem } = await keyPair(alg);
      const stranger = await keyPair(alg);
      const agent = await createAgent(
        user,
        webhookFlow({ auth_type: "jwt", jwt: { secret: pem, algorithm: alg.toLowerCase() } }),
      );
      const claims = { sub: "praxis", exp: nowSeconds() + 60 };
      const signed = await hook(agent.id, { Authorization: `Bearer ${await signJwt(claims, privateKey, alg)}` });
      expect(signed.status, alg).toBe(200);
      const forged = await hook(agent.id, {
        Authorization: `Bearer ${await signJwt(claims, stranger.privateKey, alg)}`,
      });
      expect(await forged.json(), alg).toMatchObject({ message: "Invalid JWT: Signature verification failed" });
    }
  });

  it("lets only addresses in the allow-list call, by CF-Connecting-IP, IPv4 and IPv6 ranges alike", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      webhookFlow({ ...OPEN, ip_whitelist: ["203.0.113.7", "198.51.100.0/24", "2001:db8:abcd::/48"] }),
    );
    const from = (ip: string) => hook(agent.id, { "CF-Connecting-IP": ip });
    for (const ip of ["203.0.113.7", "198.51.100.42", "2001:db8:abcd:12::1"])
      expect((await from(ip)).status, ip).toBe(200);
    for (const ip of ["203.0.113.8", "198.51.101.1", "2001:db8:abce::1", "::ffff:198.51.100.42"]) {
      const refused = await from(ip);
      expect(await answerOf(refused), ip).toEqual({
        status: 403,
        code: 403,
        message: `IP ${ip} is not allowed by whitelist`,
        success: false,
      });
    }
    expect(await (await hook(agent.id)).json()).toMatchObject({ message: "IP unknown is not allowed by whitelist" });
    const logs = await logsOf(user, agent.id);
    expect(logs.filter((log) => log.status === 403)).toHaveLength(5);
  });

  it("refuses calls over the flow's rate limit until its window has passed, counting per flow and every call", async () => {
    const user = await createUser();
    const limited = await createAgent(user, webhookFlow({ ...OPEN, rate_limit: { limit: 2, per: "minute" } }));
    const other = await createAgent(user, webhookFlow({ ...OPEN, rate_limit: { limit: 2, per: "minute" } }));
    expect((await hook(limited.id)).status).toBe(200);
    expect((await hook(limited.id)).status).toBe(200);
    const refused = await hook(limited.id);
    expect(await answerOf(refused)).toEqual({
      status: 429,
      code: 429,
      message: "Rate limit error: Too many requests (rate limit exceeded)",
      success: false,
    });
    expect((await hook(other.id)).status).toBe(200);
    expect((await logsOf(user, limited.id)).map((log) => log.status)).toEqual([429, 200, 200]);
    // once the minute has passed, the flow may be called again
    await env.DB.prepare("UPDATE login_attempts SET window_start = window_start - 60000 WHERE key = ?")
      .bind(`webhook:${limited.id}`)
      .run();
    expect((await hook(limited.id)).status).toBe(200);
    expect((await hook(limited.id)).status).toBe(200);
    expect((await hook(limited.id)).status).toBe(429);

    // RAGFlow's default without a setting: 60 calls a minute
    const unset = await createAgent(user, webhookFlow(OPEN));
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await hook(unset.id, {}, "")).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    // 68 webhook calls, each running its flow: more than the default 15 s on a loaded 2-core machine
  }, 60_000);

  it("refuses bodies over max_body_size without reading them into the log", async () => {
    const user = await createUser();
    const agent = await createAgent(user, webhookFlow({ ...OPEN, max_body_size: "1KB" }));
    expect((await hook(agent.id, {}, { patient: "x".repeat(900) })).status).toBe(200);
    const big = JSON.stringify({ patient: "x".repeat(2000) });
    const refused = await hook(agent.id, {}, big);
    expect(await answerOf(refused)).toEqual({
      status: 413,
      code: 413,
      message: `Request body too large: ${big.length} > 1024`,
      success: false,
    });
    const [log] = await logsOf(user, agent.id);
    expect(log).toMatchObject({ status: 413, success: false, request: { body: {} } });
  });
});
