import { describe, expect, it } from "vitest";
import type { Agent, Dsl } from "../../../worker/contract/agents";
import type { SearchApp } from "../../../worker/contract/searches";
import type { RetrievalResult } from "../../../worker/contract/retrieval";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

// A knowledge base private to one member stays private when a team flow or search app names it: other members
// neither see its id nor make the flow read it, and what they save keeps it as it was (issue 31).

const kbIdsOf = (dsl: Dsl, step: string) => ({
  params: dsl.components[step]?.obj.params.kb_ids,
  form: dsl.graph.nodes.find((node) => node?.id === step)?.data.form?.kb_ids,
});

const team = async () => {
  const owner = await createUser();
  const admin = await createUser();
  await joinTeam(owner, admin, "admin");
  // private ("me") bases of the owner: the admin, who manages the team, still may not read them
  const secret = await createDataset(owner);
  await ingest(owner, secret.id, [textFile("tresor.txt", "Die Geheimzahl des Tresors lautet 4711.")]);
  const otherSecret = await createDataset(owner);
  return { owner, admin, asAdmin: inTeam(admin, owner.id), secret, otherSecret };
};

const readingFlow = (kbIds: string[], answer = "{Retrieval:kb@formalized_content}") =>
  flow([
    ["begin", "Begin", {}, ["Retrieval:kb"]],
    ["Retrieval:kb", "Retrieval", { kb_ids: kbIds }, ["Answer:a"]],
    ["Answer:a", "Answer", { content: answer }, []],
  ]);

describe("a team flow naming a member's private base", () => {
  it("shows the base to nobody else, keeps it through their edits, and refuses to let them add one", {
    timeout: 30_000,
  }, async () => {
    const { owner, asAdmin, secret, otherSecret } = await team();
    const agent = await createAgent(owner, readingFlow([secret.id]), "Tresor", { permission: "team" });

    const seen = (await callApi<Agent>(`/agents/${agent.id}`, asAdmin)).body.data;
    expect(kbIdsOf(seen.dsl, "Retrieval:kb")).toEqual({ params: [], form: [] });
    const listed = await callApi("/agents?page_size=100", asAdmin);
    expect(JSON.stringify(listed.body)).not.toContain(secret.id);

    // pointing the owner's flow at another of the owner's private bases: refused, nothing saved
    const pointed = await callApi(`/agents/${agent.id}`, {
      ...asAdmin,
      method: "PUT",
      json: { dsl: readingFlow([otherSecret.id]) },
    });
    expect(pointed.body).toMatchObject({ code: 102, message: `You don't own the dataset ${otherSecret.id}.` });
    const unchanged = (await callApi<Agent>(`/agents/${agent.id}`, { token: owner.token })).body.data;
    expect(kbIdsOf(unchanged.dsl, "Retrieval:kb").params).toEqual([secret.id]);

    // an edit of something else keeps the hidden base, and the flow still reads it for its author
    const edited = { ...seen.dsl };
    edited.components["Answer:a"] = {
      ...(edited.components["Answer:a"] as Dsl["components"][string]),
      obj: { component_name: "Answer", params: { content: "Gefunden: {Retrieval:kb@formalized_content}" } },
    };
    const saved = await callApi(`/agents/${agent.id}`, { ...asAdmin, method: "PUT", json: { dsl: edited } });
    expect(saved.body.code).toBe(0);
    const afterEdit = (await callApi<Agent>(`/agents/${agent.id}`, { token: owner.token })).body.data;
    expect(kbIdsOf(afterEdit.dsl, "Retrieval:kb")).toEqual({ params: [secret.id], form: [secret.id] });
    const run = (await runAgent(owner, agent.id, { question: "Geheimzahl Tresor" })).body.data;
    expect(run.content).toContain("Gefunden:");
    expect(run.content).toContain("4711");

    // the admin's own private base may be added, but the flow reads with its author's eyes: the run refuses it
    const adminBase = (await callApi<{ id: string }>("/datasets", { ...asAdmin, json: { name: "Admin privat" } })).body
      .data;
    const withOwn = await callApi(`/agents/${agent.id}`, {
      ...asAdmin,
      method: "PUT",
      json: { dsl: readingFlow([adminBase.id]) },
    });
    expect(withOwn.body.code).toBe(0);
    const ownerView = (await callApi<Agent>(`/agents/${agent.id}`, { token: owner.token })).body.data;
    expect(kbIdsOf(ownerView.dsl, "Retrieval:kb").params).toEqual([secret.id]);
    const adminRun = await callApi<{ data: { content: string; error: string | null } }>("/agents/chat/completions", {
      ...asAdmin,
      json: { agent_id: agent.id, question: "Geheimzahl" },
    });
    expect(adminRun.body.data.data.error).toContain(`You don't own the dataset ${adminBase.id}`);
    expect(adminRun.body.data.data.content).not.toContain("4711");
  });

  it("reads the editor's graph as stored, whatever its nodes hold", async () => {
    const { owner, secret } = await team();
    const agent = await createAgent(owner, readingFlow([secret.id]), "Roh", { permission: "team" });
    const dsl = readingFlow([secret.id]);
    const odd = { ...dsl, graph: { nodes: [[], null, { id: 7 }, ...dsl.graph.nodes], edges: [] } };
    const saved = await callApi(`/agents/${agent.id}`, { token: owner.token, method: "PUT", json: { dsl: odd } });
    expect(saved.body.code).toBe(0);
    const read = (await callApi<Agent>(`/agents/${agent.id}`, { token: owner.token })).body.data;
    expect(kbIdsOf(read.dsl, "Retrieval:kb").params).toEqual([secret.id]);
  });

  it("a copy made by another member does not carry the hidden base", async () => {
    const { owner, asAdmin, secret } = await team();
    const agent = await createAgent(owner, readingFlow([secret.id]), "Vorlage", { permission: "team" });
    const copy = (await callApi<Agent>(`/agents/${agent.id}/duplicate`, { ...asAdmin, method: "POST" })).body.data;
    const stored = (await callApi<Agent>(`/agents/${copy.id}`, asAdmin)).body.data;
    expect(JSON.stringify(stored.dsl)).not.toContain(secret.id);
  });
});

describe("a team search app naming a member's private base", () => {
  it("shows other members only what they see, searches only that, and keeps the rest through their edits", {
    timeout: 30_000,
  }, async () => {
    const { owner, asAdmin, secret } = await team();
    const open = await createDataset(owner, { permission: "team" });
    await ingest(owner, open.id, [textFile("kantine.txt", "Die Kantine öffnet um 11:30 Uhr.")]);
    const created = await callApi<{ search_id: string }>("/searches", {
      token: owner.token,
      json: { name: "Alles", search_config: { kb_ids: [open.id, secret.id] } },
    });
    const id = created.body.data.search_id;

    const seen = (await callApi<SearchApp>(`/searches/${id}`, asAdmin)).body.data;
    expect(seen.search_config.kb_ids).toEqual([open.id]);
    expect(JSON.stringify((await callApi("/searches", asAdmin)).body)).not.toContain(secret.id);

    const found = await callApi<RetrievalResult>(`/searches/${id}/retrieval`, {
      ...asAdmin,
      json: { question: "Kantine Geheimzahl" },
    });
    expect(found.body.code).toBe(0);
    expect(JSON.stringify(found.body.data)).toContain("Kantine");
    expect(JSON.stringify(found.body.data)).not.toContain("4711");

    const renamed = await callApi(`/searches/${id}`, {
      ...asAdmin,
      method: "PUT",
      json: { name: "Umbenannt", search_config: seen.search_config },
    });
    expect(renamed.body.code).toBe(0);
    const stored = (await callApi<SearchApp>(`/searches/${id}`, { token: owner.token })).body.data;
    expect(stored.name).toBe("Umbenannt");
    expect(stored.search_config.kb_ids).toEqual([open.id, secret.id]);

    const guessed = await callApi(`/searches/${id}`, {
      ...asAdmin,
      method: "PUT",
      json: { name: "Umbenannt", search_config: { kb_ids: [secret.id] } },
    });
    expect(guessed.body.code).toBe(102);
    const still = (await callApi<SearchApp>(`/searches/${id}`, { token: owner.token })).body.data;
    expect(still.search_config.kb_ids).toEqual([open.id, secret.id]);
  });
});
