import { describe, expect, it } from "vitest";
import { minimumShouldMatch, parseTagAnswer, tagCosine, tagFeatures, tagShares } from "../../../worker/rag/tags";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

const TAG_ROWS = [
  ["Grippeimpfung für Senioren im Herbst", "Impfung"],
  ["Impfstoff und Nebenwirkungen nach der Impfung", "Impfung"],
  ["Reisen ins Ausland mit dem Flugzeug", "Reise"],
  ["Quarantäne nach der Reise aus dem Ausland", "Reise;Quarantäne"],
  ["Quarantäne zu Hause einhalten", "Quarantäne"],
];
const tagCsv = () =>
  textFile("tags.csv", TAG_ROWS.map(([content, tags]) => `"${content}","${tags}"`).join("\n"), "text/csv");

type Chunk = { id: string; content: string; tag_feas: Record<string, number> };
type Hit = { id: string; content: string; similarity: number; term_similarity: number };

const tagSet = async (user: TestUser) => {
  const set = await createDataset(user, { chunk_method: "tag" });
  const docs = await ingest(user, set.id, [tagCsv()]);
  expect(docs["tags.csv"]?.chunk_count).toBe(5);
  return { ...set, documentId: docs["tags.csv"]?.id ?? "" };
};

const chunksOf = async (user: TestUser, datasetId: string, documentId?: string) =>
  (await callApi<{ chunks: Chunk[] }>(`/datasets/${datasetId}/documents/${documentId}/chunks`, { token: user.token }))
    .body.data.chunks;

describe("tag features", () => {
  it("rank a set's tags by how much more often matching rows carry them than the whole set", () => {
    const shares = tagShares(
      new Map([
        ["Impfung", 2],
        ["Reise", 2],
        ["Quarantäne", 2],
      ]),
    );
    const features = tagFeatures(
      new Map([
        ["Reise", 2],
        ["Quarantäne", 1],
      ]),
      shares,
      3,
    );
    expect(Object.keys(features)).toEqual(["Reise", "Quarantäne"]);
    expect(features.Reise).toBeCloseTo(3 / 1003 / (3 / 1006), 3);
    expect(
      tagFeatures(
        new Map([
          ["Reise", 2],
          ["Quarantäne", 1],
        ]),
        shares,
        1,
      ),
    ).toEqual({ Reise: features.Reise });
  });

  it("match a question's and a chunk's tags by cosine", () => {
    expect(tagCosine({ Reise: 2 }, { Reise: 3, Quarantäne: 4 })).toBeCloseTo(0.6, 6);
    expect(tagCosine({ Reise: 1 }, { Impfung: 1 })).toBe(0);
    expect(tagCosine({}, { Impfung: 1 })).toBe(0);
  });

  it("keep only the set's tags with a positive relevance from a model's answer", () => {
    const known = new Set(["Impfung", "Reise"]);
    expect(parseTagAnswer('Output: {"Reise": 3, "Impfung": 8, "Erfunden": 9, "Null": 0}', known, 3)).toEqual({
      Impfung: 8,
      Reise: 3,
    });
    expect(parseTagAnswer("no json here", known, 3)).toEqual({});
    expect(minimumShouldMatch(30)).toBe(3);
    expect(minimumShouldMatch(4)).toBe(1);
  });
});

describe("tag sets", () => {
  it("tag a dataset's chunks at parsing from the rows of its tag sets", async () => {
    const user = await createUser();
    const set = await tagSet(user);
    const ds = await createDataset(user, { parser_config: { tag_kb_ids: [set.id], topn_tags: 2 } });
    const docs = await ingest(user, ds.id, [
      textFile("impfung.txt", "Die Impfung schützt Senioren. Eine Impfung im Herbst ist sinnvoll."),
      textFile("reise.txt", "Vor der Reise ins Ausland: Hinweise zum Flugzeug."),
    ]);
    expect(docs["impfung.txt"]?.progress_msg).toContain("Tagging 1 chunks completed");
    const impfung = await chunksOf(user, ds.id, docs["impfung.txt"]?.id);
    const reise = await chunksOf(user, ds.id, docs["reise.txt"]?.id);
    expect(Object.keys(impfung[0]?.tag_feas ?? {})).toEqual(["Impfung"]);
    expect(Object.keys(reise[0]?.tag_feas ?? {})[0]).toBe("Reise");
    expect(Object.keys(reise[0]?.tag_feas ?? {}).length).toBeLessThanOrEqual(2);
  });

  it("boost chunks whose tags match the question's by 0.1 × their cosine", async () => {
    const user = await createUser();
    const set = await tagSet(user);
    const ds = await createDataset(user, { parser_config: { tag_kb_ids: [set.id] } });
    const docs = await ingest(user, ds.id, [
      textFile("a.txt", "Hinweis: Impfung für Senioren."),
      textFile("b.txt", "Hinweis: Reise ins Ausland planen."),
    ]);
    const travel = (await chunksOf(user, ds.id, docs["b.txt"]?.id))[0];
    const vaccine = (await chunksOf(user, ds.id, docs["a.txt"]?.id))[0];
    // "Flugzeug" is only in a row tagged Reise: the question's tags are {Reise}
    const res = await callApi<{ chunks: Hit[] }>("/retrieval", {
      token: user.token,
      json: {
        question: "Hinweis zum Flugzeug",
        dataset_ids: [ds.id],
        vector_similarity_weight: 0,
        similarity_threshold: 0,
      },
    });
    const hit = (id?: string) => res.body.data.chunks.find((chunk) => chunk.id === id);
    const expected = 0.1 * tagCosine({ Reise: 1 }, travel?.tag_feas ?? {});
    expect(expected).toBeGreaterThan(0.05);
    expect((hit(travel?.id)?.similarity ?? 0) - (hit(travel?.id)?.term_similarity ?? 0)).toBeCloseTo(expected, 3);
    expect(hit(vaccine?.id)?.similarity).toBeCloseTo(hit(vaccine?.id)?.term_similarity ?? -1, 4);
    expect(res.body.data.chunks[0]?.id).toBe(travel?.id);

    // without tag sets the same question ranks on the words alone
    await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { tag_kb_ids: [] } },
    });
    const plain = await callApi<{ chunks: Hit[] }>("/retrieval", {
      token: user.token,
      json: {
        question: "Hinweis zum Flugzeug",
        dataset_ids: [ds.id],
        vector_similarity_weight: 0,
        similarity_threshold: 0,
      },
    });
    for (const chunk of plain.body.data.chunks) expect(chunk.similarity).toBeCloseTo(chunk.term_similarity, 4);
  });

  it("ask the chat model for the tags of a chunk no row matches, keeping only the set's tags", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const set = await tagSet(user);
    const ds = await createDataset(user, { parser_config: { tag_kb_ids: [set.id] } });
    const docs = await ingest(user, ds.id, [textFile("garten.txt", "Rasen mähen und Beete gießen.")]);
    expect(docs["garten.txt"]?.progress_msg).toContain("1 of them asked of chat-model@main@OpenAI-API-Compatible");
    expect((await chunksOf(user, ds.id, docs["garten.txt"]?.id))[0]?.tag_feas).toEqual({ Impfung: 7 });
  });

  it("accept as tag sets only the team's knowledge bases with the tag method", async () => {
    const user = await createUser();
    const other = await createUser();
    const plain = await createDataset(user);
    const foreign = await createDataset(other, { chunk_method: "tag" });
    const own = await createDataset(user, { chunk_method: "tag" });
    for (const id of [plain.id, foreign.id]) {
      const res = await callApi(`/datasets/${plain.id}`, {
        method: "PUT",
        token: user.token,
        json: { parser_config: { tag_kb_ids: [id] } },
      });
      expect(res.body).toMatchObject({
        code: 102,
        message: `Tag set ${id} is not a knowledge base of this team with the chunk method "tag".`,
      });
    }
    const selfTagged = await callApi(`/datasets/${own.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { tag_kb_ids: [own.id] } },
    });
    expect(selfTagged.body.code).toBe(102);
    const created = await callApi("/datasets", {
      token: user.token,
      json: { name: "mit-foreign", parser_config: { tag_kb_ids: [foreign.id] } },
    });
    expect(created.body.code).toBe(102);
    const ok = await callApi<{ parser_config: { tag_kb_ids: string[] } }>(`/datasets/${plain.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { tag_kb_ids: [own.id] } },
    });
    expect(ok.body.data.parser_config.tag_kb_ids).toEqual([own.id]);
  });

  it("list, rename, delete and aggregate a tag set's tags; other teams see none of them", async () => {
    const user = await createUser();
    const set = await tagSet(user);
    const list = async () =>
      (await callApi<[string, number][]>(`/datasets/${set.id}/tags`, { token: user.token })).body.data;
    expect(await list()).toEqual([
      ["Impfung", 2],
      ["Quarantäne", 2],
      ["Reise", 2],
    ]);

    const renamed = await callApi(`/datasets/${set.id}/tags`, {
      method: "PUT",
      token: user.token,
      json: { from_tag: "Reise", to_tag: "Quarantäne" },
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { from: "Reise", to: "Quarantäne" } });
    // the row tagged both keeps one Quarantäne
    expect(await list()).toEqual([
      ["Quarantäne", 3],
      ["Impfung", 2],
    ]);
    const both = (await chunksOf(user, set.id, set.documentId)).find((chunk) =>
      chunk.content.startsWith("Quarantäne nach"),
    );
    expect((both as unknown as { tag_kwd: string[] }).tag_kwd).toEqual(["Quarantäne"]);

    expect(
      (await callApi(`/datasets/${set.id}/tags`, { method: "DELETE", token: user.token, json: { tags: ["Impfung"] } }))
        .body.code,
    ).toBe(0);
    expect(await list()).toEqual([["Quarantäne", 3]]);

    const second = await tagSet(user);
    const aggregated = await callApi<{ value: string; count: number }[]>(
      `/datasets/tags/aggregation?dataset_ids=${set.id},${second.id}`,
      { token: user.token },
    );
    expect(aggregated.body.data).toEqual([
      { value: "Quarantäne", count: 5 },
      { value: "Impfung", count: 2 },
      { value: "Reise", count: 2 },
    ]);

    // as RAGFlow: an empty list deletes nothing and succeeds, no list at all is refused
    const empty = await callApi(`/datasets/${set.id}/tags`, {
      method: "DELETE",
      token: user.token,
      json: { tags: [] },
    });
    expect(empty.body).toMatchObject({ code: 0 });
    const missing = await callApi(`/datasets/${set.id}/tags`, { method: "DELETE", token: user.token, json: {} });
    expect(missing.body).toMatchObject({ code: 101 });
    expect(missing.body.message).toBe("Field: <tags> - Message: <Field required> - Value: <None>");
    const blank = await callApi(`/datasets/${set.id}/tags`, {
      method: "PUT",
      token: user.token,
      json: { from_tag: " ", to_tag: "x" },
    });
    expect(blank.body.message).toContain("from_tag must not be empty");
    expect((await callApi("/datasets/tags/aggregation", { token: user.token })).body.code).not.toBe(0);

    const stranger = await createUser();
    expect((await callApi(`/datasets/${set.id}/tags`, { token: stranger.token })).body).toMatchObject({ code: 102 });
    expect(
      (
        await callApi(`/datasets/${set.id}/tags`, {
          method: "DELETE",
          token: stranger.token,
          json: { tags: ["Quarantäne"] },
        })
      ).body.code,
    ).toBe(102);
    expect(
      (await callApi(`/datasets/tags/aggregation?dataset_ids=${set.id}`, { token: stranger.token })).body,
    ).toMatchObject({ code: 102, message: `No authorization for dataset '${set.id}'` });
    expect(await list()).toEqual([["Quarantäne", 3]]);
  });

  it("let a chunk's tag weights be set by hand, refusing malformed ones", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [textFile("a.txt", "Ein Absatz.")]);
    const [chunk] = await chunksOf(user, ds.id, docs["a.txt"]?.id);
    const path = `/datasets/${ds.id}/documents/${docs["a.txt"]?.id}/chunks/${chunk?.id}`;
    expect(
      (await callApi(path, { method: "PATCH", token: user.token, json: { tag_feas: { Reise: 2.5 } } })).body.code,
    ).toBe(0);
    for (const [bad, message] of [
      [["Reise"], "`tag_feas` should be an object of tag → weight"],
      [{ "": 1 }, "Each tag has 1 to 128 characters and a weight of 0 or more"],
      [{ Reise: -1 }, "Each tag has 1 to 128 characters and a weight of 0 or more"],
      [Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`t${i}`, 1])), "`tag_feas` holds at most 32 tags"],
    ] as const) {
      const res = await callApi(path, { method: "PATCH", token: user.token, json: { tag_feas: bad } });
      // chunk edits answer validation errors with 102, as RAGFlow's chunk routes do
      expect(res.body.code).toBe(102);
      expect(res.body.message).toContain(message);
    }
    expect((await chunksOf(user, ds.id, docs["a.txt"]?.id))[0]?.tag_feas).toEqual({ Reise: 2.5 });
  });
});
