import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SearchApp } from "../../../worker/contract/searches";
import { CROSS_LANGUAGE_CHOICES } from "../../../worker/contract/retrieval";
import { parseTranslations } from "../../../worker/rag/cross-languages";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { setDefaultModels } from "../../helpers/worker/models";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat, useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type Hit = { content: string; highlight: string };
type Result = { chunks: Hit[]; total: number };

// English documents, a German question: they share no word, so only a translation finds them.
const englishDataset = async (user: TestUser) => {
  const ds = await createDataset(user);
  await ingest(user, ds.id, [
    textFile("flu.txt", "Older people need a flu vaccination every autumn."),
    textFile("sleep.txt", "Adults should sleep seven to nine hours."),
  ]);
  return ds;
};

const withTeamChatModel = async (user: TestUser) => {
  const llm = await useLocalChatModel(user);
  await setDefaultModels(user.token, { llm_id: llm });
  return llm;
};

const QUESTION = "Wer braucht eine Grippeimpfung?";
const retrieval = (user: TestUser, json: Record<string, unknown>) =>
  callApi<Result>("/retrieval", {
    token: user.token,
    json: { question: QUESTION, vector_similarity_weight: 0, highlight: true, ...json },
  });

describe("cross-language search (RAGFlow's cross_languages)", () => {
  it("reads the translations of a reply, one a part, without its label", () => {
    const languages = ["English", "French"];
    expect(
      parseTranslations("Output:\nWho needs a flu shot?\n###\nQui a besoin d'un vaccin ?", "Wer?", languages),
    ).toEqual(["Who needs a flu shot?", "Qui a besoin d'un vaccin ?"]);
    // without ###: one a line; labels dropped; an echo of the question does not take a language's place
    expect(parseTranslations("Wer?\nEnglish: Who?\nfrench: Qui ?", "Wer?", languages)).toEqual(["Who?", "Qui ?"]);
    // a translation over several lines stays whole between ###
    expect(parseTranslations("Who needs\na flu shot? ### Qui ?", "Wer?", languages)).toEqual([
      "Who needs\na flu shot?",
      "Qui ?",
    ]);
    expect(parseTranslations("  ###  ", "Wer?", ["English"])).toEqual([]);
  });

  it("searches the question with its translations by the team's chat model and counts the call", async () => {
    const user = await createUser();
    await withTeamChatModel(user);
    const ds = await englishDataset(user);

    const alone = await retrieval(user, { dataset_ids: [ds.id] });
    expect(alone.body.code).toBe(0);
    expect(alone.body.data.chunks).toEqual([]);

    const translated = await retrieval(user, { dataset_ids: [ds.id], cross_languages: ["English", "French"] });
    expect(translated.body.data.chunks[0]?.content).toBe("Older people need a flu vaccination every autumn.");
    expect(translated.body.data.chunks[0]?.highlight).toContain("<em>flu</em>");
    expect(translated.body.data.chunks.map((hit) => hit.content)).not.toContain(
      "Adults should sleep seven to nine hours.",
    );

    // the translation call reported 52 tokens; the model settings show them
    const models = await callApi<{ model_provider: string; used_tokens: number }[]>("/models", { token: user.token });
    expect(
      models.body.data.find((model) => model.model_provider === "OpenAI-API-Compatible")?.used_tokens,
    ).toBeGreaterThanOrEqual(52);
  });

  it("keeps to the question without a chat model or when the translation fails", async () => {
    const builtin = await createUser();
    const ds = await englishDataset(builtin);
    const untranslated = await retrieval(builtin, { dataset_ids: [ds.id], cross_languages: ["English"] });
    expect(untranslated.body).toMatchObject({ code: 0, data: { chunks: [], total: 0 } });

    const user = await createUser();
    await withTeamChatModel(user);
    const own = await englishDataset(user);
    const failed = await retrieval(user, {
      dataset_ids: [own.id],
      cross_languages: ["English"],
      question: "FEHLER Grippeimpfung",
    });
    expect(failed.body).toMatchObject({ code: 0, data: { chunks: [] } });
  });

  it("validates the languages", async () => {
    const user = await createUser();
    const ds = await englishDataset(user);
    expect((await retrieval(user, { dataset_ids: [ds.id], cross_languages: "English" })).body).toMatchObject({
      code: 102,
      message: expect.stringContaining("`cross_languages` should be a list."),
    });
    const thirteen = [...CROSS_LANGUAGE_CHOICES, "Greek"];
    expect((await retrieval(user, { dataset_ids: [ds.id], cross_languages: thirteen })).body).toMatchObject({
      code: 102,
      message: expect.stringContaining("At most 12 cross_languages."),
    });
    expect((await retrieval(user, { dataset_ids: [ds.id], cross_languages: [" "] })).body).toMatchObject({
      code: 102,
      message: expect.stringContaining("A language can't be empty."),
    });
    const chat = await callApi("/chats", {
      token: user.token,
      json: { name: "Sprachen", prompt_config: { cross_languages: [1] } },
    });
    expect(chat.body).toMatchObject({ code: 102, message: expect.stringContaining("Input should be a valid string") });
  });

  it("an assistant translates with its own chat model; a search app and the dataset search keep and use the setting", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const ds = await englishDataset(user);

    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: llm,
      prompt_config: { cross_languages: ["English"] },
    });
    expect(chat.prompt_config.cross_languages).toEqual(["English"]);
    const answer = await ask(user, chat.id, { question: QUESTION });
    expect(answer.body.data.reference.chunks.map((chunk) => chunk.content)).toContain(
      "Older people need a flu vaccination every autumn.",
    );
    const plain = await createChat(user, { dataset_ids: [ds.id], llm_id: llm });
    expect(plain.prompt_config.cross_languages).toEqual([]);
    expect((await ask(user, plain.id, { question: QUESTION })).body.data.reference.chunks).toEqual([]);

    const created = await callApi<{ search_id: string }>("/searches", {
      token: user.token,
      json: {
        name: "Übersetzt",
        search_config: { kb_ids: [ds.id], chat_id: llm, cross_languages: ["English"], vector_similarity_weight: 0 },
      },
    });
    const app = await callApi<SearchApp>(`/searches/${created.body.data.search_id}`, { token: user.token });
    expect(app.body.data.search_config.cross_languages).toEqual(["English"]);
    const saved = await callApi<{ chunks: { content_with_weight: string }[] }>(`/datasets/${ds.id}/search`, {
      token: user.token,
      json: { question: QUESTION, search_id: created.body.data.search_id },
    });
    expect(saved.body.data.chunks[0]?.content_with_weight).toBe("Older people need a flu vaccination every autumn.");

    // an app saved before the setting existed searches the question as it is
    await env.DB.prepare(
      "UPDATE search_apps SET search_config = json_remove(search_config, '$.cross_languages') WHERE id = ?",
    )
      .bind(created.body.data.search_id)
      .run();
    const legacy = await callApi<SearchApp>(`/searches/${created.body.data.search_id}`, { token: user.token });
    expect(legacy.body.data.search_config.cross_languages).toEqual([]);
    const untranslated = await callApi<{ chunks: unknown[] }>(`/datasets/${ds.id}/search`, {
      token: user.token,
      json: { question: QUESTION, search_id: created.body.data.search_id },
    });
    expect(untranslated.body).toMatchObject({ code: 0, data: { chunks: [] } });
  });

  it("an agent's Retrieval translates with the team's chat model", async () => {
    const user = await createUser();
    await withTeamChatModel(user);
    const ds = await englishDataset(user);
    const agentWith = (params: Record<string, unknown>) =>
      createAgent(
        user,
        flow([
          ["begin", "Begin", {}, ["Retrieval:kb"]],
          [
            "Retrieval:kb",
            "Retrieval",
            { kb_ids: [ds.id], keywords_similarity_weight: 1, empty_response: "nichts", ...params },
            ["Message:out"],
          ],
          ["Message:out", "Message", { content: ["{Retrieval:kb@formalized_content}"] }],
        ]),
      );
    const translating = await agentWith({ cross_languages: ["English"] });
    expect((await runAgent(user, translating.id, { question: QUESTION })).body.data.content).toContain(
      "flu vaccination",
    );
    const plain = await agentWith({});
    expect((await runAgent(user, plain.id, { question: QUESTION })).body.data.content).toBe("nichts");
  });
});
