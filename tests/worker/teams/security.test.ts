import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Agent } from "../../../worker/contract/agents";
import type { FileEntry, FileListing } from "../../../worker/contract/files";
import type { ShareToken } from "../../../worker/contract/share";
import { readConfig } from "../../../worker/lib/config";
import { email } from "../../../worker/services/agents/components/email";
import type { ComponentRun } from "../../../worker/services/agents/engine/types";
import { invoke } from "../../../worker/services/agents/components/invoke";
import type { ServiceContext } from "../../../worker/services/context";
import { createDeps } from "../../../worker/services/create-deps";
import { requestCrawl } from "../../../worker/services/documents/crawl-request";
import { listS3Objects } from "../../../worker/services/files/import-s3";
import { importWebsite } from "../../../worker/services/files/import-web";
import { testModel } from "../../../worker/services/models/connection";
import { assertProviderUrl } from "../../../worker/services/models/provider-url";
import { findProvider } from "../../../worker/platform/providers/catalogue";
import { GOOD_KEY } from "../../helpers/shared/model-key";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createChat } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const VISITOR = "visitor-eeeeeeeeeeeeeeee";
type Run = { data: { content: string; error: string | null }; session_id: string };

const shareAgent = async (user: TestUser, agentId: string, headers = {}) =>
  (await callApi<ShareToken>(`/agents/${agentId}/share-tokens`, { token: user.token, headers, json: { name: "Web" } }))
    .body.data;

const visitorRun = (token: string, agentId: string, json: unknown, visitor = VISITOR) =>
  callApi<Run>(`/share/agents/${agentId}/completions?visitor_id=${visitor}`, { token: `Bearer ${token}`, json });

// A private ("me") knowledge base of `user` inside `owner`'s team.
const privateBaseInTeam = async (user: TestUser, owner: TestUser) =>
  (
    await callApi<{ id: string }>("/datasets", {
      ...inTeam(user, owner.id),
      json: { name: `Privat ${crypto.randomUUID().slice(0, 6)}` },
    })
  ).body.data;

describe("agent globals", () => {
  const greeting = flow([
    ["begin", "Begin", {}, ["Answer:a"]],
    ["Answer:a", "Answer", { content: "{env.smtp_server}" }, []],
  ]);
  const withGlobals = {
    ...greeting,
    globals: { "env.smtp_server": "mail.example.org", "env.smtp_password": "geheim" },
  };

  it("only the flow's editors override env globals with inputs", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, withGlobals, "Globals", { permission: "team" });
    const run = (token: string, headers = {}) =>
      callApi<Run>("/agents/chat/completions", {
        token,
        headers,
        json: { agent_id: agent.id, question: "x", inputs: { smtp_server: "evil.example" } },
      });
    expect((await run(owner.token)).body.data.data.content).toBe("evil.example");
    expect((await run(member.token, inTeam(member, owner.id).headers)).body.data.data.content).toBe("mail.example.org");
    const token = await shareAgent(owner, agent.id);
    expect(
      (await visitorRun(token.token, agent.id, { question: "x", inputs: { smtp_server: "evil.example" } })).body.data
        .data.content,
    ).toBe("mail.example.org");
  });

  it("someone who may only run a flow reads and copies it with its credentials masked", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const dsl = flow([
      ["begin", "Begin", {}, ["Email:e"]],
      [
        "Email:e",
        "Email",
        {
          smtp_server: "smtp.example.org",
          email: "a@example.org",
          password: "geheim",
          to: "b@example.org",
          content: "x",
        },
        ["Generate:g"],
      ],
      ["Generate:g", "Generate", { prompt: "{sys.query}", max_tokens: 256, api_token: "tok" }, []],
    ]);
    const agent = await createAgent(
      owner,
      { ...dsl, globals: { "env.smtp_password": "auch-geheim", "env.city": "Berlin" } },
      "Mail",
      { permission: "team" },
    );
    const asMember = inTeam(member, owner.id);
    const seen = (await callApi<Agent>(`/agents/${agent.id}`, asMember)).body.data;
    expect(seen.dsl.components["Email:e"]?.obj.params).toMatchObject({
      password: "***",
      smtp_server: "smtp.example.org",
    });
    expect(seen.dsl.globals).toEqual({ "env.smtp_password": "***", "env.city": "Berlin" });
    // a limit named like a token count is no secret
    expect(seen.dsl.components["Generate:g"]?.obj.params).toMatchObject({ max_tokens: 256, api_token: "***" });
    const listed = (await callApi<{ canvas: Agent[] }>("/agents", asMember)).body.data.canvas.find(
      (item) => item.id === agent.id,
    );
    expect(listed?.dsl.components["Email:e"]?.obj.params.password).toBe("***");
    const copy = (await callApi<Agent>(`/agents/${agent.id}/duplicate`, { ...asMember, method: "POST" })).body.data;
    const stored = (await callApi<Agent>(`/agents/${copy.id}`, asMember)).body.data;
    expect(stored.dsl.components["Email:e"]?.obj.params.password).toBe("***");
    expect(
      (await callApi<Agent>(`/agents/${agent.id}`, { token: owner.token })).body.data.dsl.components["Email:e"]?.obj
        .params.password,
    ).toBe("geheim");
  });
});

describe("team boundaries", () => {
  it("removing a member ends the share links they made", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const asMember = inTeam(member, owner.id);
    const agent = (
      await callApi<Agent>("/agents", {
        ...asMember,
        json: {
          title: "Mitglied",
          dsl: flow([
            ["begin", "Begin", {}, ["Answer:a"]],
            ["Answer:a", "Answer", { content: "ok" }, []],
          ]),
        },
      })
    ).body.data;
    const token = await shareAgent(member, agent.id, asMember.headers);
    expect((await visitorRun(token.token, agent.id, { question: "x" })).body.data.data.content).toBe("ok");
    expect(
      (await callApi(`/tenants/${owner.id}/users/${member.id}`, { method: "DELETE", token: owner.token })).body.code,
    ).toBe(0);
    const after = await visitorRun(token.token, agent.id, { question: "x" });
    expect(after.status).toBe(403);
    expect(after.body.message).toContain("its maker has left the team");
  });

  it("a shared flow reads knowledge bases as its author sees them, not the whole team", async () => {
    const owner = await createUser();
    const [author, other] = [await createUser(), await createUser()];
    await joinTeam(owner, author);
    await joinTeam(owner, other);
    const secret = await privateBaseInTeam(other, owner);
    const asAuthor = inTeam(author, owner.id);
    const dsl = flow([
      ["begin", "Begin", {}, ["Retrieval:kb"]],
      ["Retrieval:kb", "Retrieval", { kb_ids: [secret.id] }, ["Answer:a"]],
      ["Answer:a", "Answer", { content: "{Retrieval:kb@formalized_content}" }, []],
    ]);
    const agent = (await callApi<Agent>("/agents", { ...asAuthor, json: { title: "Neugierig", dsl } })).body.data;
    const token = await shareAgent(author, agent.id, asAuthor.headers);
    const run = (await visitorRun(token.token, agent.id, { question: "Grippeimpfung" })).body.data.data;
    expect(run.error).toContain(`You don't own the dataset ${secret.id}`);
  });

  it("document ids outside the searched knowledge bases are refused, and files do not name a teammate's private base", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const mine = await callApi<{ id: string }>("/datasets", {
      token: owner.token,
      json: { name: "Offen", permission: "team" },
    });
    const secret = await privateBaseInTeam(member, owner);
    const form = new FormData();
    form.append("file", new File(["Geheime Notiz"], "notiz.txt"));
    const [file] = (await callApi<FileEntry[]>("/files", { ...inTeam(member, owner.id), body: form })).body.data as [
      FileEntry,
    ];
    const linked = await callApi<{ linked: { doc_id: string }[] }>("/files/link-to-datasets", {
      ...inTeam(member, owner.id),
      json: { file_ids: [file.id], kb_ids: [secret.id] },
    });
    const docId = linked.body.data.linked[0]?.doc_id as string;
    const search = await callApi("/retrieval", {
      token: owner.token,
      json: { question: "Notiz", dataset_ids: [mine.body.data.id], document_ids: [docId] },
    });
    expect(search.body).toMatchObject({ code: 102, message: `The datasets don't own the document ${docId}` });
    const listing = (await callApi<FileListing>("/files", { token: owner.token })).body.data;
    expect(listing.files.find((entry) => entry.id === file.id)?.kbs_info).toEqual([]);
    const memberListing = (await callApi<FileListing>("/files", inTeam(member, owner.id))).body.data;
    expect(memberListing.files.find((entry) => entry.id === file.id)?.kbs_info.map((kb) => kb.kb_id)).toEqual([
      secret.id,
    ]);
  });

  it("an API key manages only the team it was made in", async () => {
    const owner = await createUser();
    const member = await createUser();
    const stranger = await createUser();
    await joinTeam(owner, member);
    const key = (await callApi<{ token: string }>("/system/tokens", { ...inTeam(member, owner.id), method: "POST" }))
      .body.data.token;
    const invite = await callApi(`/tenants/${member.id}/users`, {
      token: `Bearer ${key}`,
      json: { email: stranger.email },
    });
    expect(invite.status).toBe(403);
    const ownTeam = await callApi(`/tenants/${member.id}/users`, {
      token: member.token,
      json: { email: stranger.email },
    });
    expect(ownTeam.body.code).toBe(0);
  });

  it("a share visitor naming a member's id does not continue the member's agent session", async () => {
    const owner = await createUser();
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", {}, ["Answer:a"]],
        ["Answer:a", "Answer", { content: "{sys.query}" }, []],
      ]),
      "Sitzung",
    );
    const mine = await callApi<Run>("/agents/chat/completions", {
      token: owner.token,
      json: { agent_id: agent.id, question: "privat" },
    });
    const token = await shareAgent(owner, agent.id);
    const visitor = await visitorRun(
      token.token,
      agent.id,
      { question: "x", session_id: mine.body.data.session_id },
      owner.id,
    );
    expect(visitor.body.code).toBe(102);
  });
});

describe("outbound addresses and secrets", () => {
  const noPrivate = { config: { ...readConfig(env as Env), allowPrivateFetch: false } };

  it("a hosted provider may not point at a private address; a self-hosted one may", () => {
    const hosted = findProvider("OpenAI");
    const local = findProvider("Ollama");
    const compatible = findProvider("OpenAI-API-Compatible");
    if (!hosted || !local || !compatible) throw new Error("catalogue");
    expect(() => assertProviderUrl(noPrivate, hosted, "http://10.0.0.5/v1", {})).toThrow("private or loopback");
    expect(() => assertProviderUrl(noPrivate, hosted, "http://169.254.169.254/v1", {})).toThrow(
      "Refusing to fetch a link-local address (cloud metadata services): 169.254.169.254.",
    );
    expect(() => assertProviderUrl(noPrivate, hosted, "https://api.example.org/v1", {})).not.toThrow();
    expect(() => assertProviderUrl(noPrivate, local, "http://localhost:11434", {})).not.toThrow();
    expect(() => assertProviderUrl(noPrivate, compatible, "http://10.0.0.5:8000/v1", {})).not.toThrow();
    const key = JSON.stringify({
      client_email: "a@b.iam.gserviceaccount.com",
      private_key: "k",
      token_uri: "http://127.0.0.1:9/token",
    });
    expect(() =>
      assertProviderUrl(noPrivate, hosted, "https://api.example.org/v1", { google_service_account_key: key }),
    ).toThrow("127.0.0.1");
  });

  it("the Email component dials neither private hosts nor other ports", async () => {
    const args = (params: Record<string, unknown>) =>
      ({
        ctx: noPrivate,
        params: { email: "a@example.org", password: "p", to: "b@example.org", content: "x", ...params },
        render: (value: unknown) => String(value ?? ""),
      }) as unknown as ComponentRun;
    await expect(email.run(args({ smtp_server: "127.0.0.1", smtp_port: 465 }))).rejects.toThrow("private or loopback");
    await expect(email.run(args({ smtp_server: "smtp.example.org", smtp_port: 6379 }))).rejects.toThrow(
      "port 6379 is not a mail port",
    );
  });

  it("refuses to run without PROVIDER_SECRET instead of sealing keys with a known one", () => {
    expect(() => readConfig({ ...(env as Env), PROVIDER_SECRET: "" })).toThrow("PROVIDER_SECRET is not set");
  });
});

describe("outbound calls by names that lead inside", () => {
  // the deployed setting (ALLOW_PRIVATE_FETCH=false) for a real user, where the tests' default opens private addresses
  const provider = (name: string) => {
    const entry = findProvider(name);
    if (!entry) throw new Error(`catalogue has no ${name}`);
    return entry;
  };
  const deployed = async (): Promise<ServiceContext> => {
    const user = await createUser();
    return {
      ...createDeps({ ...env, ALLOW_PRIVATE_FETCH: "false" } as Env),
      actor: { userId: user.id, tenantId: user.id, role: "owner", via: "session", sessionId: null },
    };
  };
  // the test site on 127.0.0.1, reached through names that resolve to it (or claim to)
  const port = new URL(env.TEST_SITE_URL).port;
  const INSIDE = [
    `http://127.0.0.1.nip.io:${port}`,
    `http://app-127-0-0-1.sslip.io:${port}`,
    `http://localhost.:${port}`,
  ];

  it.each(INSIDE)("crawl, web import, the Invoke component, provider test and S3 listing refuse %s", async (base) => {
    const ctx = await deployed();
    const page = `${base}/private/geheim.html`;
    const refused = /private or loopback|ends with a dot/;
    await expect(requestCrawl(ctx, "any", { name: "x", url: page, max_depth: 0, max_pages: 1 })).rejects.toThrow(
      refused,
    );
    await expect(importWebsite(ctx, { url: page, max_depth: 0, max_pages: 1 })).rejects.toThrow(refused);
    const run = {
      ctx,
      params: { url: page, method: "GET" },
      render: (value: unknown) => String(value ?? ""),
      signal: null,
    } as unknown as ComponentRun;
    await expect(invoke.run(run)).rejects.toThrow(refused);
    await expect(
      testModel(ctx, provider("OpenAI"), { api_key: "sk-x", base_url: base, credentials: {} }, "gpt-4o", "chat"),
    ).rejects.toThrow(refused);
    await expect(
      listS3Objects(ctx, {
        endpoint: base,
        region: "us-east-1",
        bucket: "b",
        access_key_id: "k",
        secret_access_key: "s",
        prefix: "",
      }),
    ).rejects.toThrow(refused);
  });

  it("self-hosted providers keep private addresses but never link-local ones", async () => {
    const ctx = await deployed();
    const ollama = findProvider("Ollama");
    if (!ollama) throw new Error("catalogue");
    expect(() => assertProviderUrl(ctx, ollama, "http://127.0.0.1.nip.io:11434", {})).not.toThrow();
    for (const url of ["http://169.254.169.254", "http://[fe80::1]:11434", "http://169.254.169.254.nip.io"]) {
      expect(() => assertProviderUrl(ctx, ollama, url, {})).toThrow("link-local");
    }
  });

  it("a provider test against a private address reports the HTTP status, never the reply", async () => {
    const ctx = await deployed();
    const test = (api_base: string, api_key = GOOD_KEY) =>
      testModel(
        ctx,
        provider("OpenAI-API-Compatible"),
        { api_key, base_url: api_base, credentials: {} },
        "chat-model",
        "chat",
      );
    // the mock answers 401 "Incorrect API key provided"; with private fetches allowed that text is shown
    await expect(test(env.TEST_OPENAI_URL, "sk-wrong")).rejects.toThrow(
      "Connection test failed: Invalid API key (401). Set the provider's API key in the model settings.",
    );
    await expect(test(`${env.TEST_SITE_URL}/private`)).rejects.toThrow(
      "Connection test failed: Model or endpoint not found (404). Check the model name and base URL.",
    );
    // an internal page that answers 200: its HTML is not quoted back
    const page = test(`${env.TEST_SITE_URL}/private/geheim.html#`);
    await expect(page).rejects.toThrow("is not what OpenAI-API-Compatible sends (not shown)");
    await expect(page).rejects.not.toThrow("secret");
    // a working self-hosted server: the probe's answer text is not shown either
    expect(await test(env.TEST_OPENAI_URL)).toBe("the server answered (replies from private addresses are not shown)");
  });
});

describe("smaller boundaries", () => {
  it("a share link's per-minute limit counts each request once", async () => {
    const owner = await createUser();
    const chat = await createChat(owner, { name: "Limit" });
    const chatToken = (
      await callApi<ShareToken>(`/chats/${chat.id}/share-tokens`, { token: owner.token, json: { rate_per_minute: 5 } })
    ).body.data;
    const agent = await createAgent(owner, flow([["begin", "Begin", {}, []]]), "Limit");
    const agentToken = (
      await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, {
        token: owner.token,
        json: { name: "Web", rate_per_minute: 5 },
      })
    ).body.data;
    for (const [path, token] of [
      [`/share/chats/${chat.id}`, chatToken.token],
      [`/share/agents/${agent.id}`, agentToken.token],
    ] as const) {
      const get = () => callApi(`${path}?visitor_id=${VISITOR}`, { token: `Bearer ${token}` });
      for (let i = 1; i <= 5; i++) expect((await get()).body.code, `${path} request ${i}`).toBe(0);
      expect((await get()).status).toBe(429);
    }
  });

  it("deleting someone else's API key says so and deletes nothing", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const key = (await callApi<{ id: string; token: string }>("/system/tokens", { method: "POST", token: owner.token }))
      .body.data;
    for (const which of [key.id, key.token]) {
      const res = await callApi(`/system/tokens/${encodeURIComponent(which)}`, {
        method: "DELETE",
        token: stranger.token,
      });
      expect(res.body).toMatchObject({ code: 102, message: "You don't own this API key." });
    }
    expect((await callApi("/datasets", { token: `Bearer ${key.token}` })).body.code).toBe(0);
    // an unknown key stays RAGFlow's `true`; the owner's own deletion works
    expect((await callApi("/system/tokens/nope", { method: "DELETE", token: stranger.token })).body.data).toBe(true);
    expect((await callApi(`/system/tokens/${key.id}`, { method: "DELETE", token: owner.token })).body.data).toBe(true);
    expect((await callApi("/datasets", { token: `Bearer ${key.token}` })).status).toBe(401);
  });

  it("asking another team's or another member's assistant is refused, streamed or not", async () => {
    const owner = await createUser();
    const member = await createUser();
    const outsider = await createUser();
    await joinTeam(owner, member);
    const chat = await createChat(owner, { name: "Privat" });
    const callers = [{ token: outsider.token }, inTeam(member, owner.id)];
    for (const caller of callers) {
      for (const json of [{ question: "x" }, { question: "x", stream: true }, { question: "x", stream: false }]) {
        const res = await callApi(`/chats/${chat.id}/completions`, { ...caller, json });
        expect(res.body, JSON.stringify(json)).toMatchObject({ code: 109, message: "no authorization" });
      }
    }
    const sessions = await callApi<unknown[]>(`/chats/${chat.id}/sessions`, { token: owner.token });
    expect(sessions.body.data).toEqual([]);
  });
});
