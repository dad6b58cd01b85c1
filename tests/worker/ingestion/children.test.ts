import { describe, expect, it } from "vitest";
import { withChildren } from "../../../worker/rag/chunk/children";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile } from "../../helpers/worker/factories";

type Hit = { id: string; content: string; similarity: number; mom_id?: string };
type Result = { chunks: Hit[]; total: number; doc_aggs: { count: number }[] };

const PARENT =
  "Die Grippeimpfung schützt ältere Menschen.\nDer Impfpass dokumentiert jede Impfung.\nAusreichend Schlaf stärkt das Immunsystem.";

describe("parent-child chunking (RAGFlow's enable_children)", () => {
  it("splits a chunk again at the children delimiter, keeping the parent's text on each child", () => {
    const parent = { content: "Eins. Zwei##Drei", pages: [2] };
    expect(withChildren([parent], "`##`")).toEqual([
      { content: "Eins. Zwei", pages: [2], parent: "Eins. Zwei##Drei", idKey: "Eins. Zwei##Drei\u0000Eins. Zwei" },
      { content: "Drei", pages: [2], parent: "Eins. Zwei##Drei", idKey: "Eins. Zwei##Drei\u0000Drei" },
    ]);
    // a sentence mark stays with its sentence; a chunk that does not split stays as it is
    expect(withChildren([parent], ".").map((child) => child.content)).toEqual(["Eins.", "Zwei##Drei"]);
    expect(withChildren([{ content: "Ohne Trenner", pages: [] }], "`##`")).toEqual([
      { content: "Ohne Trenner", pages: [] },
    ]);
  });

  it("matches the children and returns their parent once, with the mean of their scores", async () => {
    const user = await createUser();
    const ds = await createDataset(user, {
      parser_config: { delimiter: "`§§`", enable_children: true, children_delimiter: "\n" },
    });
    const docs = await ingest(user, ds.id, [textFile("impfen.txt", PARENT)]);
    const doc = docs["impfen.txt"] as { id: string; chunk_count: number; progress_msg: string };
    expect(doc.chunk_count).toBe(3);
    expect(doc.progress_msg).toContain("Generate 1 chunks with 3 child chunks.");

    const search = async (question: string) =>
      (
        await callApi<Result>("/retrieval", {
          token: user.token,
          json: { question, dataset_ids: [ds.id], similarity_threshold: 0, vector_similarity_weight: 0 },
        })
      ).body.data;
    const one = await search("Grippeimpfung");
    expect(one.total).toBe(1);
    expect(one.chunks[0]?.content).toBe(PARENT);
    expect(one.chunks[0]?.mom_id).toMatch(/^[0-9a-f]{32}$/);
    // the hit's id is a child that exists: it opens through the chunks API
    const child = await callApi<{ content_with_weight: string }>(
      `/datasets/${ds.id}/documents/${doc.id}/chunks/${one.chunks[0]?.id}`,
      { token: user.token },
    );
    expect(child.body.data.content_with_weight).toBe("Die Grippeimpfung schützt ältere Menschen.");

    // two children match: still the parent once
    const both = await search("Grippeimpfung Impfpass");
    expect(both.total).toBe(1);
    expect(both.doc_aggs).toEqual([expect.objectContaining({ count: 1 })]);
    expect(both.chunks[0]?.content).toBe(PARENT);

    const plain = await createDataset(user, { parser_config: { delimiter: "`§§`" } });
    const flat = await ingest(user, plain.id, [textFile("impfen.txt", PARENT)]);
    expect((flat["impfen.txt"] as { chunk_count: number }).chunk_count).toBe(1);
    const flatHit = (
      await callApi<Result>("/retrieval", {
        token: user.token,
        json: {
          question: "Grippeimpfung",
          dataset_ids: [plain.id],
          similarity_threshold: 0,
          vector_similarity_weight: 0,
        },
      })
    ).body.data.chunks[0];
    expect(flatHit?.content).toBe(PARENT);
    expect(flatHit?.mom_id).toBeUndefined();
  });

  it("refuses unbalanced backticks in the children delimiter", async () => {
    const user = await createUser();
    const res = await callApi("/datasets", {
      token: user.token,
      json: { name: "Kinder", parser_config: { enable_children: true, children_delimiter: "`##" } },
    });
    expect(res.body).toMatchObject({
      code: 101,
      message: expect.stringContaining("Multi-character delimiters must be enclosed in backticks"),
    });
  });
});
