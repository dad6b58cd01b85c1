import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AgentInputFile } from "../../../worker/contract/agents";
import type { ShareToken } from "../../../worker/contract/share";
import { wordDocx } from "../../helpers/fixtures/documents";
import { BASE, callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { parsedDataset } from "../../helpers/worker/chat";
import { createUser, textFile } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const VISITOR = "visitor-cccccccccccccccc";

const shared = <T = unknown>(path: string, token: string, json?: unknown, visitor = VISITOR) =>
  callApi<T>(`/share/agents${path}?visitor_id=${visitor}`, { token: `Bearer ${token}`, json });

describe("shared agent flows", () => {
  it("a share link opens one flow for visitors: its face, a conversation in the visitor's own session", async () => {
    const owner = await createUser();
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", { prologue: "Hallo, Besucher!" }, ["Answer:a"]],
        ["Answer:a", "Answer", { content: "Sie fragten: {sys.query}" }, ["Message:m"]],
        ["Message:m", "Message", { content: ["Und dann: {sys.query}"] }],
      ]),
      "Empfang",
    );
    const token = (
      await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: { name: "Website" } })
    ).body.data;
    expect(token.target_type).toBe("agent");

    const info = await shared<{ title: string; prologue: string }>(`/${agent.id}`, token.token);
    expect(info.body.data).toMatchObject({ title: "Empfang", prologue: "Hallo, Besucher!" });
    const first = await shared<{ data: { content: string }; session_id: string }>(
      `/${agent.id}/completions`,
      token.token,
      { question: "Öffnungszeiten?" },
    );
    expect(first.body.data.data.content).toBe("Sie fragten: Öffnungszeiten?");
    const second = await shared<{ data: { content: string } }>(`/${agent.id}/completions`, token.token, {
      question: "Danke",
      session_id: first.body.data.session_id,
    });
    expect(second.body.data.data.content).toBe("Und dann: Danke");
    const stolen = await shared(
      `/${agent.id}/completions`,
      token.token,
      { question: "x", session_id: first.body.data.session_id },
      "visitor-dddddddddddddddd",
    );
    expect(stolen.body.code).toBe(102);

    const other = await createAgent(owner, flow([["begin", "Begin", {}, []]]));
    expect((await shared(`/${other.id}`, token.token)).status).toBe(403);
    expect((await shared(`/${agent.id}`, "ragflow-not-a-share-token")).status).toBe(401);
    expect(
      (await callApi(`/agents/${agent.id}/share-tokens/${token.id}`, { method: "DELETE", token: owner.token })).body
        .code,
    ).toBe(0);
    expect((await shared(`/${agent.id}`, token.token)).status).toBe(401);
  });

  it("a team member runs a team agent on its author's private knowledge base, without reading that base directly", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const privateBase = await parsedDataset(owner);
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        ["Retrieval:kb", "Retrieval", { kb_ids: [privateBase.id] }, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          { sys_prompt: "Wissen:\n{Retrieval:kb@formalized_content}", prompt: "{sys.query}" },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
      "Team-Berater",
      { permission: "team" },
    );
    const run = await callApi<{ data: { content: string; error: string | null } }>("/agents/chat/completions", {
      ...inTeam(member, owner.id),
      json: { agent_id: agent.id, question: "Ab wann wird die Grippeimpfung empfohlen?" },
    });
    expect(run.body.data.data.error).toBeNull();
    expect(run.body.data.data.content).toContain("Grippeimpfung");
    const direct = await callApi("/retrieval", {
      ...inTeam(member, owner.id),
      json: { question: "Grippeimpfung", dataset_ids: [privateBase.id] },
    });
    expect(direct.body).toMatchObject({ code: 102, message: `You don't own the dataset ${privateBase.id}.` });
  });

  it("only the creator or a team admin makes share links", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, flow([["begin", "Begin", {}, []]]), "Team-Empfang", { permission: "team" });
    const refused = await callApi(`/agents/${agent.id}/share-tokens`, { ...inTeam(member, owner.id), json: {} });
    expect(refused.body).toMatchObject({ code: 103 });
  });

  it("shows visitors the answer and the steps, never the steps' credentials, parameters or results", async () => {
    const owner = await createUser();
    const invoke = {
      url: `${env.TEST_SITE_URL}/`,
      method: "GET",
      headers: '{"Authorization":"Bearer geheim-123"}',
      clean_html: true,
      datatype: "text",
    };
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", {}, ["Invoke:i"]],
        ["Invoke:i", "Invoke", invoke, ["Message:m"]],
        ["Message:m", "Message", { content: ["Fertig."] }],
      ]),
    );
    // the owner's trace masks credentials but shows the rest
    const own = await callApi<{
      data: { trace: { component_id: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }[] };
    }>("/agents/chat/completions", {
      token: owner.token,
      json: { agent_id: agent.id, question: "Los", return_trace: true },
    });
    const step = own.body.data.data.trace.find((entry) => entry.component_id === "Invoke:i");
    expect(step?.inputs).toMatchObject({ headers: "***", url: `${env.TEST_SITE_URL}/` });
    expect(JSON.stringify(own.body.data)).not.toContain("geheim-123");

    const token = (await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: {} })).body
      .data;
    const response = await SELF.fetch(`${BASE}/share/agents/${agent.id}/completions?visitor_id=${VISITOR}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ question: "Los", stream: true }),
    });
    const text = await response.text();
    const events = text
      .split("\n\n")
      .filter((frame) => frame.startsWith("data:{"))
      .map(
        (frame) =>
          JSON.parse(frame.slice(5)) as {
            event: string;
            data: { component_id?: string; inputs?: object; outputs?: object };
          },
      );
    expect(events.some((event) => event.event === "message")).toBe(true);
    const finished = events.filter((event) => event.event === "node_finished");
    expect(finished.map((e) => e.data?.component_id)).toContain("Invoke:i");
    for (const event of finished) expect(event.data).toMatchObject({ inputs: {}, outputs: {} });
    expect(text).not.toContain(env.TEST_SITE_URL);
  });

  it("a file input takes a file's text, read for the owner and for a visitor, and the run works on it", async () => {
    const owner = await createUser();
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", { mode: "task", inputs: { befund: { name: "Befund", type: "file" } } }, ["Message:m"]],
        ["Message:m", "Message", { content: ["Erhalten: {begin@befund}"] }],
      ]),
    );
    const upload = (file: File, init: { token: string }, path = `/agents/${agent.id}/upload`) => {
      const body = new FormData();
      body.append("file", file);
      return callApi<AgentInputFile>(path, { ...init, body });
    };
    // a Word file, parsed as knowledge-base documents are
    const word = await upload(wordDocx(), { token: owner.token });
    expect(word.body.data).toMatchObject({ name: "bericht.docx", truncated: false });
    expect(word.body.data.content).toContain(
      "Dieser Bericht prüft, wie Überschriften, Tabellen und Bilder gelesen werden.",
    );
    expect(word.body.data.content).toContain("Verbundene Zelle 1.1 1.2");
    const run = await callApi<{ data: { content: string } }>("/agents/chat/completions", {
      token: owner.token,
      json: { agent_id: agent.id, inputs: { befund: word.body.data.content } },
    });
    expect(run.body.data.data.content).toBe(`Erhalten: ${word.body.data.content}`);

    // bad files are refused with a reason and nothing else happens
    expect((await upload(textFile("leer.txt", ""), { token: owner.token })).body).toMatchObject({
      code: 102,
      message: expect.stringContaining("leer.txt"),
    });
    expect((await upload(textFile("programm.exe", "MZ"), { token: owner.token })).body).toMatchObject({
      code: 101,
      message: expect.stringContaining("programm.exe"),
    });
    const two = new FormData();
    two.append("file", textFile("a.txt", "a"));
    two.append("file", textFile("b.txt", "b"));
    expect((await callApi(`/agents/${agent.id}/upload`, { token: owner.token, body: two })).body).toMatchObject({
      code: 101,
      message: "Send one file.",
    });
    // someone outside the team cannot use the flow's upload
    expect((await upload(textFile("x.txt", "x"), { token: (await createUser()).token })).body.code).not.toBe(0);

    // a visitor of a share link reads a file the same way
    const token = (await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: {} })).body
      .data;
    const note = "# Blutdruck\n\n135/85 am Morgen";
    const visitor = await upload(
      textFile("notiz.md", note),
      { token: `Bearer ${token.token}` },
      `/share/agents/${agent.id}/upload?visitor_id=${VISITOR}`,
    );
    expect(visitor.body.data).toEqual({
      name: "notiz.md",
      size: new TextEncoder().encode(note).length,
      content: expect.stringContaining("135/85 am Morgen"),
      truncated: false,
    });
    const other = await createAgent(owner, flow([["begin", "Begin", {}, []]]));
    expect(
      (
        await upload(
          textFile("notiz.md", "x"),
          { token: `Bearer ${token.token}` },
          `/share/agents/${other.id}/upload?visitor_id=${VISITOR}`,
        )
      ).body.code,
    ).not.toBe(0);
  });
});
