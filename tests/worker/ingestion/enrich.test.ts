import { describe, expect, it } from "vitest";
import { parseKeywords, parseQuestions } from "../../../worker/rag/enrich";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile } from "../../helpers/worker/factories";

type Chunk = { important_keywords: string[]; questions: string[] };

describe("LLM enrichment", () => {
  it("parses keyword and question answers", () => {
    expect(parseKeywords("Impfung, Grippe,  Impfung\n- Senioren", 3)).toEqual(["Impfung", "Grippe", "Senioren"]);
    expect(parseQuestions("1. Wer ist gemeint?\n2) Was ist eine Impfung?\n- Wann impfen?", 2)).toEqual([
      "Wer ist gemeint?",
      "Was ist eine Impfung?",
    ]);
  });

  it("adds auto keywords and questions with the tenant's chat model; they are searchable", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user, { parser_config: { auto_keywords: 2, auto_questions: 2 } });
    const docs = await ingest(user, ds.id, [
      textFile("impfung.txt", "Ältere Menschen profitieren besonders vom Schutz."),
    ]);
    const doc = docs["impfung.txt"];
    expect(doc?.run).toBe("DONE");
    expect(doc?.progress_msg).toContain("Keywords and questions for 1 chunks generated");
    const chunks = await callApi<{ chunks: Chunk[] }>(`/datasets/${ds.id}/documents/${doc?.id}/chunks`, {
      token: user.token,
    });
    expect(chunks.body.data.chunks[0]).toMatchObject({
      important_keywords: ["Grippeimpfung", "Senioren"],
      questions: ["Wer sollte sich impfen lassen?", "Wann ist die Impfung sinnvoll?"],
    });
    const hits = await callApi<{ chunks: { document_id: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Senioren", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    expect(hits.body.data.chunks[0]?.document_id).toBe(doc?.id);
    // the keyword call reported 25 tokens; the model settings show them
    const models = await callApi<{ model_provider: string; used_tokens: number }[]>("/models", { token: user.token });
    expect(
      models.body.data.find((model) => model.model_provider === "OpenAI-API-Compatible")?.used_tokens,
    ).toBeGreaterThanOrEqual(25);
  });

  it("skips enrichment with a clear line when no chat model is set up", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { auto_keywords: 3 } });
    const docs = await ingest(user, ds.id, [textFile("a.txt", "Text ohne Modell.")]);
    expect(docs["a.txt"]?.run).toBe("DONE");
    expect(docs["a.txt"]?.progress_msg).toContain("Auto keywords/questions skipped: no chat model is set up");
  });

  it("retrieval with keyword=true adds the chat model's keywords to the question", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user);
    await ingest(user, ds.id, [
      textFile("g.txt", "Die Grippeimpfung wird jedes Jahr empfohlen."),
      textFile("s.txt", "Schlaf ist wichtig."),
    ]);
    const plain = await callApi<{ total: number }>("/retrieval", {
      token: user.token,
      json: { question: "Was raten Ärzte?", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    const expanded = await callApi<{ chunks: { content: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Was raten Ärzte?", dataset_ids: [ds.id], vector_similarity_weight: 0, keyword: true },
    });
    expect(plain.body.data.total).toBe(0);
    expect(expanded.body.data.chunks[0]?.content).toContain("Grippeimpfung");
  });
});
