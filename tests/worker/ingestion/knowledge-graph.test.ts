import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KnowledgeGraphResponse } from "../../../worker/contract/knowledge-graph";
import { parseExtraction } from "../../../worker/rag/graph/extract";
import { fitGraph, mergeExtractions } from "../../../worker/rag/graph/merge";
import { callApi } from "../../helpers/worker/api";
import type { Reference } from "../../../worker/contract/chats";
import type { SearchFrame } from "../../../worker/contract/searches";
import { ask, createChat, streamFrames, useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

const TYPES = ["organization", "person", "geo"];

type Task = { id: string; progress: number; progress_msg: string; task_type: string };

const waitForTask = async (user: TestUser, datasetId: string) => {
  for (let i = 0; i < 200; i++) {
    const task = (await callApi<Task>(`/datasets/${datasetId}/trace_graphrag`, { token: user.token })).body.data;
    if (task.progress === 1 || task.progress === -1) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("graph task did not finish");
};

describe("knowledge graph extraction", () => {
  it("keeps entities of the configured types and relations between them", () => {
    const answer = `Hier ist das Ergebnis: ${JSON.stringify({
      entities: [
        { name: " Robert Koch-Institut ", type: "Organization", description: "Bundesinstitut." },
        { name: "Berlin", type: "geo", description: "Hauptstadt." },
        { name: "Raumschiff", type: "spaceship", description: "erfunden" },
        { name: "", type: "person" },
      ],
      relations: [
        { source: "robert koch-institut", target: "Berlin", description: "Sitz in Berlin.", weight: 40 },
        { source: "Berlin", target: "Raumschiff", description: "gibt es nicht" },
        { source: "Berlin", target: "BERLIN", description: "selbst" },
      ],
    })}`;
    expect(parseExtraction(answer, TYPES)).toEqual({
      entities: [
        { name: "Robert Koch-Institut", type: "organization", description: "Bundesinstitut." },
        { name: "Berlin", type: "geo", description: "Hauptstadt." },
      ],
      relations: [
        { source: "robert koch-institut", target: "Berlin", description: "Sitz in Berlin.", weight: 10, keywords: [] },
      ],
    });
    expect(parseExtraction("Keine Ahnung.", TYPES)).toBeNull();
  });

  it("merges chunks into one graph: one node per name, edges in either direction added up", () => {
    const graph = mergeExtractions([
      {
        chunkId: "c1",
        documentId: "d1",
        extraction: {
          entities: [
            { name: "Berlin", type: "geo", description: "Hauptstadt." },
            { name: "RKI", type: "organization", description: "Institut." },
          ],
          relations: [{ source: "RKI", target: "Berlin", description: "Sitz.", weight: 3, keywords: ["Sitz"] }],
        },
      },
      {
        chunkId: "c2",
        documentId: "d2",
        extraction: {
          entities: [
            { name: "berlin", type: "geo", description: "Stadt." },
            { name: "RKI", type: "organization", description: "Institut." },
            { name: "Wieler", type: "person", description: "" },
          ],
          relations: [{ source: "Berlin", target: "rki", description: "Sitz.", weight: 4, keywords: ["Sitz", "Ort"] }],
        },
      },
    ]);
    expect(graph.nodes.map((node) => [node.id, node.entity_type, node.source_id])).toEqual([
      ["BERLIN", "geo", ["d1", "d2"]],
      ["RKI", "organization", ["d1", "d2"]],
      ["WIELER", "person", ["d2"]],
    ]);
    expect(graph.nodes[0]).toMatchObject({ description: "Hauptstadt.\nStadt.", pagerank: 0.5 });
    expect(graph.nodes[2]?.pagerank).toBe(0);
    expect(graph.edges).toEqual([
      {
        source: "BERLIN",
        target: "RKI",
        description: "Sitz.",
        weight: 7,
        keywords: ["Sitz", "Ort"],
        source_id: ["d1", "d2"],
      },
    ]);
  });

  it("drops the lowest-ranked entities and their relations when the graph is too large to store", () => {
    const node = (id: string, pagerank: number) => ({
      id,
      entity_name: id,
      entity_type: "geo",
      description: "x".repeat(200),
      pagerank,
      source_id: ["c"],
    });
    const graph = {
      nodes: Array.from({ length: 20 }, (_, i) => node(`N${String(i).padStart(2, "0")}`, 1 - i / 20)),
      edges: [
        { source: "N00", target: "N01", description: "", weight: 1, source_id: [] },
        { source: "N00", target: "N19", description: "", weight: 1, source_id: [] },
      ],
    };
    expect(fitGraph(graph, 1_000_000)).toEqual({ graph, dropped: 0 });
    const { graph: fitted, dropped } = fitGraph(graph, 3000);
    expect(new TextEncoder().encode(JSON.stringify(fitted)).length).toBeLessThanOrEqual(3000);
    expect(dropped).toBe(20 - fitted.nodes.length);
    expect(fitted.nodes.map((n) => n.id)).toEqual(graph.nodes.slice(0, fitted.nodes.length).map((n) => n.id));
    expect(fitted.edges).toEqual([{ source: "N00", target: "N01", description: "", weight: 1, source_id: [] }]);
  });
});

describe("knowledge graph tasks", () => {
  it("build the graph from every chunk, show it and remove it", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`", graphrag: { entity_types: TYPES } } });
    await ingest(user, ds.id, [
      textFile("rki.txt", "Das Robert Koch-Institut sitzt in Berlin.\nLothar Wieler leitete das Robert Koch-Institut."),
      textFile("stiko.txt", "Die STIKO gibt Impfempfehlungen."),
    ]);
    const empty = await callApi<KnowledgeGraphResponse>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token });
    expect(empty.body.data).toEqual({ graph: {}, mind_map: {}, community_reports: [] });

    const started = await callApi<{ graphrag_task_id: string }>(`/datasets/${ds.id}/index?type=graph`, {
      method: "POST",
      token: user.token,
    });
    expect(started.body.data.graphrag_task_id).toMatch(/^[0-9a-f]{32}$/);
    const task = await waitForTask(user, ds.id);
    expect(task).toMatchObject({ id: started.body.data.graphrag_task_id, progress: 1, task_type: "graph" });
    expect(task.progress_msg).toContain("Extracting entities (organization, person, geo) from 3 chunks");
    expect(task.progress_msg).toContain("Knowledge graph: 4 entities, 2 relations.");

    const { graph } = (
      await callApi<KnowledgeGraphResponse>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token })
    ).body.data;
    const nodes = "nodes" in graph ? graph.nodes : [];
    const edges = "edges" in graph ? graph.edges : [];
    // the entity of a type nobody asked for is dropped
    expect(nodes.map((node) => node.id).toSorted()).toEqual([
      "BERLIN",
      "LOTHAR WIELER",
      "ROBERT KOCH-INSTITUT",
      "STIKO",
    ]);
    expect(nodes.find((node) => node.id === "ROBERT KOCH-INSTITUT")).toMatchObject({
      entity_type: "organization",
      pagerank: 0.5,
    });
    expect(edges.map((edge) => [edge.source, edge.target]).toSorted()).toEqual([
      ["BERLIN", "ROBERT KOCH-INSTITUT"],
      ["LOTHAR WIELER", "ROBERT KOCH-INSTITUT"],
    ]);
    // the light method asks for each relation's keywords
    expect(edges.map((edge) => edge.keywords)).toEqual([["Zusammenhang"], ["Zusammenhang"]]);
    expect((await callApi(`/datasets/${ds.id}/graph`, { token: user.token })).body.data).toEqual({
      graph,
      mind_map: {},
      community_reports: [],
    });

    // use_kg puts the graph's part for the question first, as RAGFlow's KG search ranks it: the entity the model
    // reads in the question (found by its vector and its name), the relations on the two-hop paths from it, the
    // one to a person first because "Wer" asks for a person
    type Hit = { content: string; document_keyword: string; similarity: number };
    const search = (question: string, extra: Record<string, unknown> = {}) =>
      callApi<{ chunks: Hit[]; total: number }>("/retrieval", {
        token: user.token,
        json: { question, dataset_ids: [ds.id], use_kg: true, ...extra },
      });
    const withGraph = (await search("Wer leitete das Robert Koch-Institut?")).body.data;
    expect(withGraph.chunks[0]).toMatchObject({
      document_keyword: "Related content in Knowledge Graph",
      similarity: 1,
    });
    const [entities, relations] = withGraph.chunks[0]?.content.split("\n\n") ?? [];
    // the institute leads (similarity 1 × pagerank 0.5); names the lexical embedder finds close follow at lower scores
    expect(entities).toMatch(
      /^---- Entities ----\n,Entity,Score,Description\n0,ROBERT KOCH-INSTITUT,0\.50,Robert Koch-Institut kommt im Text vor\.(\n\d,[^\n]+,0\.[0-4]\d,[^\n]+)*$/,
    );
    expect(relations).toMatch(
      /^---- Relations ----\n,From Entity,To Entity,Score,Description\n0,LOTHAR WIELER,ROBERT KOCH-INSTITUT,\d+\.\d\d,Robert Koch-Institut und Lothar Wieler hängen zusammen\.\n1,BERLIN,ROBERT KOCH-INSTITUT,\d+\.\d\d,Robert Koch-Institut und Berlin hängen zusammen\.$/,
    );
    expect(task.progress_msg).toContain("Embedded 6 entities and relations for retrieval.");
    const plain = (await search("Wer leitete das Robert Koch-Institut?", { use_kg: false })).body.data;
    expect(plain.chunks[0]?.document_keyword).toBe("rki.txt");
    expect(plain.total).toBe(withGraph.total);
    expect(
      (await search("Wer leitete das Robert Koch-Institut?", { page: 2, page_size: 1 })).body.data.chunks.map(
        (hit) => hit.document_keyword,
      ),
    ).not.toContain("Related content in Knowledge Graph");
    expect(
      (await search("Was empfiehlt die Impfkommission?")).body.data.chunks.map((hit) => hit.document_keyword),
    ).not.toContain("Related content in Knowledge Graph");

    // an assistant with use_kg answers with the graph in its knowledge
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: "chat-model@OpenAI-API-Compatible",
      prompt_config: { use_kg: true },
    });
    expect(chat.prompt_config.use_kg).toBe(true);
    const answer = (await ask(user, chat.id, { question: "Was soll ich über Lothar Wieler wissen?" })).body.data.answer;
    expect(answer).toContain("Related content in Knowledge Graph");
    expect(answer).toMatch(/\d,LOTHAR WIELER,\d+\.\d\d,Lothar Wieler kommt im Text vor\./);

    // a search app with use_kg cites the graph chunk first
    const searchApp = (
      await callApi<{ search_id: string }>("/searches", {
        token: user.token,
        json: { name: "Institute", search_config: { kb_ids: [ds.id], use_kg: true } },
      })
    ).body.data.search_id;
    const { envelopes } = await streamFrames(`/searches/${searchApp}/completions`, user.token, {
      question: "Was macht das Robert Koch-Institut?",
    });
    const final = envelopes
      .map((e) => e.data)
      .find((d): d is SearchFrame => typeof d === "object" && d !== null && "final" in d && Boolean(d.final));
    expect((final?.reference as Reference | undefined)?.chunks[0]?.document_name).toBe(
      "Related content in Knowledge Graph",
    );

    // another team sees nothing
    const stranger = await createUser();
    expect((await callApi(`/datasets/${ds.id}/knowledge_graph`, { token: stranger.token })).body.code).toBe(102);
    expect(
      (await callApi(`/datasets/${ds.id}/knowledge_graph`, { method: "DELETE", token: stranger.token })).body,
    ).toMatchObject({ code: 102, message: "Invalid Dataset ID" });

    const graphVectors = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM chunk_vectors WHERE namespace IN (?, ?)")
          .bind(`kge-${ds.id}`, `kgr-${ds.id}`)
          .first<{ n: number }>()
      )?.n;
    expect(await graphVectors()).toBe(6);
    expect(
      (await callApi(`/datasets/${ds.id}/knowledge_graph`, { method: "DELETE", token: user.token })).body,
    ).toMatchObject({ code: 0, data: true });
    expect(await graphVectors()).toBe(0);
    expect((await callApi(`/datasets/${ds.id}/knowledge_graph`, { token: user.token })).body.data).toEqual({
      graph: {},
      mind_map: {},
      community_reports: [],
    });
    expect((await callApi(`/datasets/${ds.id}/index?type=graph`, { token: user.token })).body.data).toEqual({});
  });

  it("glean with the general method, merge spelling variants with resolution, and write community reports", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const graphrag = { entity_types: ["organization", "person", "geo"], method: "general" };
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`", graphrag } });
    await ingest(user, ds.id, [
      textFile(
        "institute.txt",
        "Das Robert Koch-Institut sitzt in Berlin.\nDas Robert-Koch-Institut arbeitet mit der STIKO.\nChristian Drosten forscht an der Charité in Berlin.",
      ),
    ]);
    const build = async () => {
      await callApi(`/datasets/${ds.id}/run_graphrag`, { method: "POST", token: user.token });
      const task = await waitForTask(user, ds.id);
      expect(task.progress).toBe(1);
      return {
        task,
        data: (await callApi<KnowledgeGraphResponse>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token })).body
          .data,
      };
    };
    const idsOf = (data: KnowledgeGraphResponse) =>
      "nodes" in data.graph ? data.graph.nodes.map((node) => node.id).toSorted() : [];

    // gleaning found the Charité (first round) and Christian Drosten (second round, only for the chunk where the
    // model said more was missing: its marker); the two spellings of the institute stay apart without resolution
    const plain = await build();
    expect(plain.task.progress_msg).toContain("from 3 chunks with chat-model@main@OpenAI-API-Compatible (general)");
    expect(idsOf(plain.data)).toEqual([
      "BERLIN",
      "CHARITÉ",
      "CHRISTIAN DROSTEN",
      "ROBERT KOCH-INSTITUT",
      "ROBERT-KOCH-INSTITUT",
      "STIKO",
      "ZWEITE RUNDE (CHRISTIAN)",
    ]);
    expect("edges" in plain.data.graph && plain.data.graph.edges.every((edge) => edge.keywords === undefined)).toBe(
      true,
    );
    expect(plain.data.community_reports).toEqual([]);

    const updated = await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { graphrag: { ...graphrag, resolution: true, community: true } } },
    });
    expect(updated.body.code).toBe(0);
    const { task, data } = await build();
    expect(task.progress_msg).toContain("Entity resolution: 1 pairs of similar names compared, 1 merged.");
    expect(task.progress_msg).toMatch(/Knowledge graph: 6 entities, 4 relations, [1-9] community reports\./);
    expect(idsOf(data)).toEqual([
      "BERLIN",
      "CHARITÉ",
      "CHRISTIAN DROSTEN",
      "ROBERT KOCH-INSTITUT",
      "STIKO",
      "ZWEITE RUNDE (CHRISTIAN)",
    ]);
    const edges = "edges" in data.graph ? data.graph.edges : [];
    expect(edges.map((edge) => `${edge.source}–${edge.target}`).toSorted()).toEqual([
      "BERLIN–CHARITÉ",
      "BERLIN–CHRISTIAN DROSTEN",
      "BERLIN–ROBERT KOCH-INSTITUT",
      "ROBERT KOCH-INSTITUT–STIKO",
    ]);
    // every entity with a relation is in a reported community, and lists its reports' titles
    const reports = data.community_reports;
    expect(reports.length).toBeGreaterThan(0);
    expect(new Set(reports.flatMap((report) => report.entities))).toEqual(
      new Set(idsOf(data).filter((id) => !id.startsWith("ZWEITE"))),
    );
    for (const report of reports) {
      expect(report).toMatchObject({
        title: `Gemeinschaft: ${report.entities.toSorted().join(" & ")}`,
        rating: 7,
        level: 0,
      });
      expect(report.findings).toHaveLength(report.entities.length);
    }
    const nodes = "nodes" in data.graph ? data.graph.nodes : [];
    const stiko = reports.find((report) => report.entities.includes("STIKO"));
    expect(nodes.find((node) => node.id === "STIKO")?.communities).toEqual([stiko?.title]);

    // use_kg adds the report on the entities the question names
    const hit = (
      await callApi<{ chunks: { content: string }[] }>("/retrieval", {
        token: user.token,
        json: { question: "Was macht die STIKO?", dataset_ids: [ds.id], use_kg: true },
      })
    ).body.data.chunks[0];
    expect(hit?.content).toContain(`---- Community Report ----\n# ${stiko?.title}\n\n${stiko?.summary}\n\n## `);
    expect(hit?.content).toContain("## Über STIKO\nSTIKO gehört dazu.");

    // deleting the graph deletes its reports
    await callApi(`/datasets/${ds.id}/knowledge_graph`, { method: "DELETE", token: user.token });
    expect(
      (await callApi<KnowledgeGraphResponse>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token })).body.data
        .community_reports,
    ).toEqual([]);
  }, 30_000);

  it("read only new chunks when built again, and lose a deleted document's part at once", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const graphrag = { entity_types: TYPES, community: true };
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`", graphrag } });
    const first = await ingest(user, ds.id, [
      textFile("rki.txt", "Das Robert Koch-Institut sitzt in Berlin."),
      textFile("stiko.txt", "Die STIKO gibt Impfempfehlungen."),
    ]);
    const build = async () => {
      await callApi(`/datasets/${ds.id}/run_graphrag`, { method: "POST", token: user.token });
      return (await waitForTask(user, ds.id)).progress_msg;
    };
    const read = async () =>
      (await callApi<KnowledgeGraphResponse>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token })).body.data;
    const stored = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM graph_extractions WHERE dataset_id = ?")
          .bind(ds.id)
          .first<{ n: number }>()
      )?.n;

    expect(await build()).toContain("from 2 chunks with chat-model@main@OpenAI-API-Compatible (light).");
    const built = await read();
    expect(await build()).toContain(
      "from 0 chunks with chat-model@main@OpenAI-API-Compatible (light); 2 chunks were read before.",
    );
    expect((await read()).graph).toEqual(built.graph);

    const added = await ingest(user, ds.id, [
      textFile("wieler.txt", "Lothar Wieler leitete das Robert Koch-Institut."),
    ]);
    expect(await build()).toContain(
      "from 1 chunks with chat-model@main@OpenAI-API-Compatible (light); 2 chunks were read before.",
    );
    const rkiDoc = first["rki.txt"]?.id ?? "";
    const wielerDoc = added["wieler.txt"]?.id ?? "";
    const grown = await read();
    const nodes = "nodes" in grown.graph ? grown.graph.nodes : [];
    // source_id names the documents, as in RAGFlow
    expect(nodes.find((node) => node.id === "ROBERT KOCH-INSTITUT")?.source_id.toSorted()).toEqual(
      [rkiDoc, wielerDoc].toSorted(),
    );
    expect(grown.community_reports.some((report) => report.entities.includes("BERLIN"))).toBe(true);
    expect(await stored()).toBe(3);
    const vectorsOf = async () =>
      (
        await env.DB.prepare("SELECT metadata FROM chunk_vectors WHERE namespace IN (?, ?)")
          .bind(`kge-${ds.id}`, `kgr-${ds.id}`)
          .all<{ metadata: string }>()
      ).results.map((row) => JSON.parse(row.metadata) as { kind: string; name?: string; source?: string });
    expect((await vectorsOf()).filter((item) => item.kind === "entity").map((item) => item.name)).toContain("BERLIN");

    // rki.txt goes: Berlin (only there) and its relation go, the institute stays (wieler.txt names it), and the
    // community report on Berlin goes with it
    await callApi(`/datasets/${ds.id}/documents`, { method: "DELETE", token: user.token, json: { ids: [rkiDoc] } });
    const pruned = await read();
    expect("nodes" in pruned.graph && pruned.graph.nodes.map((node) => [node.id, node.source_id])).toEqual([
      ["LOTHAR WIELER", [wielerDoc]],
      ["ROBERT KOCH-INSTITUT", [wielerDoc]],
      ["STIKO", [first["stiko.txt"]?.id]],
    ]);
    expect("edges" in pruned.graph && pruned.graph.edges.map((edge) => `${edge.source}–${edge.target}`)).toEqual([
      "LOTHAR WIELER–ROBERT KOCH-INSTITUT",
    ]);
    expect(pruned.community_reports.some((report) => report.entities.includes("BERLIN"))).toBe(false);
    expect("nodes" in pruned.graph && pruned.graph.nodes.flatMap((node) => node.communities ?? [])).toEqual(
      pruned.community_reports.flatMap((report) => report.entities.map(() => report.title)),
    );
    expect(await stored()).toBe(2);
    // and so do the vectors of Berlin and its relation
    const left = await vectorsOf();
    expect(
      left
        .filter((item) => item.kind === "entity")
        .map((item) => item.name)
        .toSorted(),
    ).toEqual(["LOTHAR WIELER", "ROBERT KOCH-INSTITUT", "STIKO"]);
    expect(left.filter((item) => item.kind === "relation").map((item) => item.source)).toEqual(["LOTHAR WIELER"]);

    // an edited chunk keeps its id but is read again
    const stikoDoc = first["stiko.txt"]?.id ?? "";
    const chunk = (
      await callApi<{ chunks: { id: string }[] }>(`/datasets/${ds.id}/documents/${stikoDoc}/chunks`, {
        token: user.token,
      })
    ).body.data.chunks[0];
    const edited = await callApi(`/datasets/${ds.id}/documents/${stikoDoc}/chunks/${chunk?.id}`, {
      method: "PUT",
      token: user.token,
      json: { content: "Die STIKO tagt in Berlin." },
    });
    expect(edited.body.code).toBe(0);
    expect(await build()).toContain(
      "from 1 chunks with chat-model@main@OpenAI-API-Compatible (light); 1 chunks were read before.",
    );
    const afterEdit = (await read()).graph;
    expect("nodes" in afterEdit && afterEdit.nodes.find((node) => node.id === "BERLIN")?.source_id).toEqual([stikoDoc]);

    // other settings: every chunk is read again; deleting the graph forgets what was read
    await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { graphrag: { ...graphrag, method: "general" } } },
    });
    expect(await build()).toContain("from 2 chunks with chat-model@main@OpenAI-API-Compatible (general).");
    await callApi(`/datasets/${ds.id}/knowledge_graph`, { method: "DELETE", token: user.token });
    expect(await stored()).toBe(0);
  }, 30_000);

  it("fail after three chunks failed, and need parsed chunks", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`" } });
    await ingest(user, ds.id, [textFile("f.txt", "FEHLER eins.\nFEHLER zwei.\nFEHLER drei.\nFEHLER vier.")]);
    await callApi(`/datasets/${ds.id}/run_graphrag`, { method: "POST", token: user.token });
    const task = await waitForTask(user, ds.id);
    expect(task.progress).toBe(-1);
    expect(task.progress_msg).toContain("A chunk was skipped: ");
    // four chunks are extracted at a time: the third failure stops the task, the fourth may fail beside it
    expect(task.progress_msg).toMatch(
      /\[ERROR\] The knowledge graph stopped after [34] chunks failed: The provider answered 500/,
    );

    const unparsed = await createDataset(user);
    const form = new FormData();
    form.append("file", textFile("neu.txt", "Noch nicht geparst."));
    await callApi(`/datasets/${unparsed.id}/documents`, { token: user.token, body: form });
    await callApi(`/datasets/${unparsed.id}/index?type=graph`, { method: "POST", token: user.token });
    const none = await waitForTask(user, unparsed.id);
    expect(none.progress_msg).toContain("[ERROR] The knowledge base has no parsed chunks yet");
  }, 30_000);
});
