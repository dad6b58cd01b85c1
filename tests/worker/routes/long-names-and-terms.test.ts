import { describe, expect, it } from "vitest";
import type { Chat } from "../../../worker/contract/chats";
import { DATASET_NAME_MAX } from "../../../worker/contract/datasets";
import type { FeedbackPage } from "../../../worker/contract/evaluation";
import { SEARCH_NAME_MAX } from "../../../worker/contract/searches";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat, createSession, parsedDataset } from "../../helpers/worker/chat";
import { createDataset, createUser, type TestUser } from "../../helpers/worker/factories";
import { knowledgebaseFolder, listFolder, newFolder } from "../../helpers/worker/files";

// D1 refuses LIKE patterns over 50 bytes: names at their maximum length and search terms of any length must work,
// and `%`, `_`, `\` and quotes in a term match only themselves.

// `length` characters, multibyte ones among them (Ä and ß are two bytes in UTF-8, ✓ three)
const longName = (length: number, head = "") => `${head}${"Äß✓-Name-".repeat(length)}`.slice(0, length);
const SPECIAL = `100%_a\\b'c"d`;
// folder names may not hold a backslash
const FOLDER_SPECIAL = `100%_a'c"d`;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
// a multibyte name filled up with ASCII to exactly `bytes` UTF-8 bytes (search-app names are limited in bytes)
const nameOfBytes = (bytes: number, head = "") => {
  const start = longName(DATASET_NAME_MAX, head);
  return `${start}${"x".repeat(bytes - utf8Bytes(start))}`;
};

const get = <T>(user: TestUser, path: string, params: Record<string, string>) =>
  callApi<T>(`${path}?${new URLSearchParams(params)}`, { token: user.token });

describe("names at their maximum length", () => {
  it("creates a dataset with a 128-character name three times: the copies get (1) and (2)", async () => {
    const user = await createUser();
    const name = longName(DATASET_NAME_MAX);
    expect(name).toHaveLength(128);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createDataset(user, { name })).name);
    expect(made).toEqual([name, `${name}(1)`, `${name}(2)`]);
    const listed = await get<{ name: string }[]>(user, "/datasets", { name });
    expect(listed.body).toMatchObject({ code: 0, data: [{ name }] });
  });

  it("creates a search app with a maximum-length name three times: the copies get (1) and (2)", async () => {
    const user = await createUser();
    for (const name of [longName(DATASET_NAME_MAX), nameOfBytes(SEARCH_NAME_MAX)]) {
      const made = [];
      for (let i = 0; i < 3; i++) {
        const res = await callApi<{ search_id: string }>("/searches", { token: user.token, json: { name } });
        expect(res.body.message).toBe("success");
        const app = await callApi<{ name: string }>(`/searches/${res.body.data.search_id}`, { token: user.token });
        made.push(app.body.data.name);
      }
      expect(made).toEqual([name, `${name}(1)`, `${name}(2)`]);
    }
  });
});

describe("keywords of any length, wildcards taken literally", () => {
  it("GET /chats", async () => {
    const user = await createUser();
    // chat names are limited to 255 UTF-8 bytes (RAGFlow v0.27)
    const long = nameOfBytes(255, SPECIAL);
    for (const name of ["list_keyword_1", "listXkeyword_1", "100%", "1000", long]) await createChat(user, { name });
    const names = async (keywords: string) => {
      const res = await get<{ chats: Chat[] }>(user, "/chats", { keywords });
      expect(res.body.code).toBe(0);
      return res.body.data.chats.map((chat) => chat.name).toSorted();
    };
    expect(await names("list_keyword_1")).toEqual(["list_keyword_1"]);
    expect(await names("%")).toEqual(["100%", long].toSorted());
    expect(await names("_")).toEqual(["list_keyword_1", "listXkeyword_1", long].toSorted());
    expect(await names(long)).toEqual([long]);
    expect(await names(long.replaceAll("Ä", "ä").replaceAll("Name", "NAME"))).toEqual([long]);
    expect(await names(`${long}x`)).toEqual([]);
  });

  it("GET /searches", async () => {
    const user = await createUser();
    const long = nameOfBytes(SEARCH_NAME_MAX, SPECIAL);
    for (const name of ["list_keyword_1", "listXkeyword_1", "100%", long]) {
      expect((await callApi("/searches", { token: user.token, json: { name } })).body.message).toBe("success");
    }
    const names = async (keywords: string) => {
      const res = await get<{ search_apps: { name: string }[] }>(user, "/searches", { keywords });
      expect(res.body.code).toBe(0);
      return res.body.data.search_apps.map((app) => app.name).toSorted();
    };
    expect(await names("list_keyword_1")).toEqual(["list_keyword_1"]);
    expect(await names("%")).toEqual(["100%", long].toSorted());
    expect(await names(long)).toEqual([long]);
    expect(await names(`${long}x`)).toEqual([]);
  });

  it("GET /datasets and GET /files (folders and the datasets folder)", async () => {
    const user = await createUser();
    const long = longName(DATASET_NAME_MAX, FOLDER_SPECIAL);
    const bases: string[] = [];
    for (const name of ["list_keyword_1", "listXkeyword_1", "100%", long]) {
      bases.push((await createDataset(user, { name })).id);
      await newFolder(user, name);
    }
    await createDataset(user, { name: longName(DATASET_NAME_MAX, SPECIAL) });
    const datasets = async (keywords: string) => {
      const res = await get<{ name: string }[]>(user, "/datasets", { keywords });
      expect(res.body.code).toBe(0);
      return res.body.data.map((row) => row.name).toSorted();
    };
    expect(await datasets("list_keyword_1")).toEqual(["list_keyword_1"]);
    expect(await datasets("%")).toEqual(["100%", long, longName(DATASET_NAME_MAX, SPECIAL)].toSorted());
    expect(await datasets(long)).toEqual([long]);
    expect(await datasets(longName(DATASET_NAME_MAX, SPECIAL))).toEqual([longName(DATASET_NAME_MAX, SPECIAL)]);
    expect(await datasets("\\")).toEqual([longName(DATASET_NAME_MAX, SPECIAL)]);
    expect(await datasets(`${long}${long}`)).toEqual([]);

    const files = async (keywords: string, parentId?: string) =>
      (await listFolder(user, parentId, `keywords=${encodeURIComponent(keywords)}`)).files
        .map((file) => file.name)
        .toSorted();
    expect(await files("list_keyword_1")).toEqual(["list_keyword_1"]);
    expect(await files("%")).toEqual(["100%", long].toSorted());
    expect(await files(long)).toEqual([long]);
    expect(await files(`${long}\\'"`)).toEqual([]);
    expect(await files(`${long}${long}`)).toEqual([]);
    const knowledgebase = await knowledgebaseFolder(user, bases[0] ?? "");
    expect(await files("list_keyword_1", knowledgebase?.id)).toEqual(["list_keyword_1"]);
    expect(await files(long, knowledgebase?.id)).toEqual([long]);
  });

  it("GET /evaluation/feedback", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const session = await createSession(user, chat.id);
    const question = longName(200, `Schlaf ${SPECIAL} `);
    await ask(user, chat.id, { question, session_id: session.id });
    await ask(user, chat.id, { question: "Schlaf 1000 aXb", session_id: session.id });
    const questions = async (keywords: string) => {
      const res = await get<FeedbackPage>(user, "/evaluation/feedback", { keywords, rated: "false" });
      expect(res.body.code).toBe(0);
      return res.body.data.items.map((item) => item.question);
    };
    expect(await questions(question)).toEqual([question]);
    expect(await questions(question.replaceAll("Name", "NAME"))).toEqual([question]);
    expect(await questions("%_")).toEqual([question]);
    expect(await questions("0%")).toEqual([question]);
    expect(await questions(`a\\b'c"d`)).toEqual([question]);
  });
});
