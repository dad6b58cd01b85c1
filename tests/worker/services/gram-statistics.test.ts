import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { newId } from "../../../worker/lib/ids";
import { gramFrequencyBound, queryGrams, trigramsOf } from "../../../worker/rag/query";
import { trigramFrequencies } from "../../../worker/services/keyword-index/candidates";
import { gramStatistics } from "../../../worker/services/keyword-index/gram-statistics";
import { createDataset, createUser, ingest, textFile } from "../../helpers/worker/factories";

const db = createDb(env.DB);

// A knowledge base of `size` chunks: the first word in every second chunk, the second in the others, the third
// in every tenth and the fourth in three. (Each test has its own words: the index's trigram counts are cached.)
const collection = async (size: number, [half, otherHalf, tenth, three]: [string, string, string, string]) => {
  const user = await createUser();
  const dataset = await createDataset(user);
  const docs = await ingest(user, dataset.id, [textFile("seed.txt", "Ein Anfang.")]);
  const documentId = Object.values(docs)[0]?.id ?? "";
  const owner = await env.DB.prepare("SELECT tenant_id FROM datasets WHERE id = ?")
    .bind(dataset.id)
    .first<{ tenant_id: string }>();
  const insert = env.DB.prepare(
    "INSERT INTO chunks (id, dataset_id, document_id, tenant_id, doc_name, content, create_time, update_time) VALUES (?, ?, ?, ?, 'seed.txt', ?, 0, 0)",
  );
  const texts = Array.from({ length: size - 1 }, (_, i) =>
    [i % 2 === 0 ? half : otherHalf, i % 10 === 0 ? tenth : "garten", i < 3 ? three : "pferd", `nummer${i}`].join(" "),
  );
  await env.DB.batch(texts.map((text) => insert.bind(newId(), dataset.id, documentId, owner?.tenant_id ?? "", text)));
  return {
    scope: { datasetIds: [dataset.id], documentIds: [] },
    texts: ["seed.txt Ein Anfang.", ...texts.map((text) => `seed.txt ${text}`)],
  };
};

const truth = (texts: string[], gram: string) =>
  texts.filter((text) => ` ${text.toLowerCase().replace(/[.]/g, " ")} `.includes(gram)).length;

const statistics = async (
  scope: { datasetIds: string[]; documentIds: string[] },
  grams: string[],
  size: number,
  limits?: { sample: number; budget: number },
) => {
  const { df } = await trigramFrequencies(db, trigramsOf(grams));
  return gramStatistics(db, scope, grams, (gram) => gramFrequencyBound(gram, df), size, limits);
};

describe("4-gram statistics of the searched collection", () => {
  it("counts every 4-gram exactly when the sample is the whole collection", async () => {
    const { scope, texts } = await collection(60, ["kiwi", "pflaume", "quitte", "tiger"]);
    const grams = queryGrams(["kiwi", "quitte", "tiger", "anfang"]);
    const counts = await statistics(scope, grams, texts.length);
    for (const gram of grams) expect(counts.get(gram), gram).toBe(truth(texts, gram));
    expect(counts.get(" tig")).toBe(3);
    expect(counts.get("kiwi")).toBe(30);
  });

  it("counts the rare 4-grams exactly and estimates the common ones from the sample, the same whatever was asked before", async () => {
    // " ha" and "hau" are in every chunk, " hau" only in every second: by its trigrams "hausbau" would be in all
    const { scope, texts } = await collection(400, ["hausbau", "hallo schauer", "baumschule", "zebra"]);
    const limits = { sample: 100, budget: 500 };
    const grams = queryGrams(["hausbau", "baumschule", "zebra"]);
    const first = await statistics(scope, grams, texts.length, limits);
    // rare: counted in the index
    expect(first.get(" zeb")).toBe(3);
    expect(first.get("schu")).toBe(truth(texts, "schu"));
    // common (more than the budget allows to count): estimated from 100 sampled chunks
    expect(truth(texts, " hau")).toBe(200);
    expect(first.get(" hau")).toBeGreaterThan(140);
    expect(first.get(" hau")).toBeLessThan(260);
    // other questions fill the count cache; the same question gets the same statistics
    await statistics(scope, queryGrams(["schauer", "garten", "hausbau"]), texts.length, limits);
    expect(await statistics(scope, grams, texts.length, limits)).toEqual(first);
  });
});
