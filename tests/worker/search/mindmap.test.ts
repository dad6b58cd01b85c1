import { describe, expect, it } from "vitest";
import type { MindMapNode } from "../../../worker/contract/mindmap";
import type { ShareToken } from "../../../worker/contract/share";
import { extractiveMindMap, mergeNodes, mindMapOf, outlineToNodes } from "../../../worker/rag/mindmap";
import { setDefaultModels } from "../../helpers/worker/models";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const leaf = (id: string): MindMapNode => ({ id, children: [] });

describe("mind map outlines", () => {
  it("read headings, nested lists and text lines of a Markdown answer as a tree", () => {
    const markdown =
      "```markdown\n# **Impfen**\nEinleitung\n## Grippe:\n- Wer: Ältere\n  - ab 60\n- Wann\n## Covid\n1. Auffrischung\n### Details\n```";
    expect(outlineToNodes(markdown)).toEqual([
      {
        id: "Impfen",
        children: [
          leaf("Einleitung"),
          { id: "Grippe", children: [{ id: "Wer: Ältere", children: [leaf("ab 60")] }, leaf("Wann")] },
          { id: "Covid", children: [leaf("Auffrischung"), leaf("Details")] },
        ],
      },
    ]);
  });

  it("merge parts by text, keep every text once and name a root only when there are several titles", () => {
    const a = [{ id: "Impfen", children: [leaf("Grippe")] }];
    const b = [
      { id: "Impfen", children: [leaf("Covid"), leaf("Grippe")] },
      { id: "Reisen", children: [leaf("Grippe")] },
    ];
    expect(mergeNodes(a, b)).toEqual([
      { id: "Impfen", children: [leaf("Grippe"), leaf("Covid")] },
      { id: "Reisen", children: [leaf("Grippe")] },
    ]);
    expect(mindMapOf(mergeNodes(a, b))).toEqual({
      id: "root",
      children: [
        { id: "Impfen", children: [leaf("Grippe"), leaf("Covid")] },
        { id: "Reisen", children: [] },
      ],
    });
    expect(mindMapOf(a)).toEqual(a[0]);
    expect(mindMapOf([])).toEqual({ id: "root", children: [] });
  });

  it("map documents and first sentences without a chat model", () => {
    const chunks = [
      { document: "impfung.txt", content: "Die Grippeimpfung schützt. Sie wird jährlich angepasst." },
      { document: "schlaf.txt", content: "Erwachsene brauchen sieben Stunden Schlaf." },
      { document: "impfung.txt", content: "Ältere sollten sich impfen lassen!" },
    ];
    expect(extractiveMindMap(" Impfen? ", chunks)).toEqual({
      id: "Impfen?",
      children: [
        {
          id: "impfung.txt",
          children: [leaf("Die Grippeimpfung schützt."), leaf("Ältere sollten sich impfen lassen!")],
        },
        { id: "schlaf.txt", children: [leaf("Erwachsene brauchen sieben Stunden Schlaf.")] },
      ],
    });
  });
});

const mindMap = (user: TestUser, json: unknown) => callApi<MindMapNode>("/chat/mindmap", { token: user.token, json });

describe("POST /chat/mindmap and /searchbots/mindmap", () => {
  it("map the best chunks with the team's chat model, or extractively with the built-in one", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const extractive = await mindMap(user, { question: "Schlaf und Grippeimpfung", kb_ids: [ds.id] });
    expect(extractive.body.code).toBe(0);
    expect(extractive.body.data.id).toBe("Schlaf und Grippeimpfung");
    expect(extractive.body.data.children.map((node) => node.id).toSorted()).toEqual(["impfung.txt", "schlaf.txt"]);

    await setDefaultModels(user.token, { llm_id: await useLocalChatModel(user) });
    const modelled = await mindMap(user, { question: "Schlaf und Grippeimpfung", kb_ids: [ds.id] });
    expect(modelled.body.data.id).toBe("Überblick");
    expect(modelled.body.data.children.length).toBeGreaterThan(0);
    expect(modelled.body.data.children[0]?.children[0]?.id).toMatch(/Schlaf|Grippe/);

    // a search app's settings: nothing passes a threshold of 0.99
    const app = await callApi<{ search_id: string }>("/searches", {
      token: user.token,
      json: { name: "Streng", search_config: { kb_ids: [ds.id], similarity_threshold: 0.99 } },
    });
    expect(
      (await mindMap(user, { question: "Schlaf", kb_ids: [ds.id], search_id: app.body.data.search_id })).body.data,
    ).toEqual({ id: "root", children: [] });
  });

  it("refuse missing fields and other teams' knowledge bases and apps", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    expect((await mindMap(user, { question: "Schlaf" })).body).toMatchObject({
      code: 102,
      message: "`kb_ids` is required",
    });
    expect((await mindMap(user, { question: "Schlaf", kb_ids: [] })).body).toMatchObject({
      code: 102,
      message: "`kb_ids` is required.",
    });
    expect((await mindMap(user, { kb_ids: [ds.id] })).body).toMatchObject({
      code: 102,
      message: "`question` is required",
    });
    const stranger = await createUser();
    expect((await mindMap(stranger, { question: "Schlaf", kb_ids: [ds.id] })).body).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${ds.id}`,
    });
    const app = await callApi<{ search_id: string }>("/searches", {
      token: user.token,
      json: { name: "Meine", search_config: { kb_ids: [ds.id] } },
    });
    const theirs = await parsedDataset(stranger);
    expect(
      (await mindMap(stranger, { question: "Schlaf", kb_ids: [theirs.id], search_id: app.body.data.search_id })).body
        .code,
    ).toBe(102);
  });

  it("map a shared search app's scope for a share link", async () => {
    const owner = await createUser();
    const ds = await parsedDataset(owner);
    const app = await callApi<{ search_id: string }>("/searches", {
      token: owner.token,
      json: { name: "Öffentlich", search_config: { kb_ids: [ds.id], query_mindmap: true } },
    });
    const searchId = app.body.data.search_id;
    const token = (await callApi<ShareToken>(`/searches/${searchId}/share-tokens`, { token: owner.token, json: {} }))
      .body.data;
    const shared = await callApi<MindMapNode>("/searchbots/mindmap", {
      token: `Bearer ${token.token}`,
      json: { search_id: searchId, question: "Schlaf" },
    });
    expect(shared.body.code).toBe(0);
    expect(shared.body.data.children.map((node) => node.id)).toContain("schlaf.txt");
    const info = await callApi<{ search_config: { query_mindmap: boolean } }>(
      `/searchbots/detail?search_id=${searchId}`,
      { token: `Bearer ${token.token}` },
    );
    expect(info.body.data.search_config.query_mindmap).toBe(true);
    expect(
      (
        await callApi("/searchbots/mindmap", {
          token: "Bearer share-unknown",
          json: { search_id: searchId, question: "Schlaf" },
        })
      ).status,
    ).toBe(401);
  });
});
