import { describe, expect, it } from "vitest";
import type { RetrievalResult } from "../../../worker/contract/retrieval";
import type { ShareToken } from "../../../worker/contract/share";
import { csvCell } from "../../../worker/lib/csv";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, listDocs, textFile, type TestUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const createSearch = async (
  user: TestUser,
  searchConfig: Record<string, unknown>,
  headers?: Record<string, string>,
) => {
  const res = await callApi<{ search_id: string }>("/searches", {
    token: user.token,
    headers,
    json: { name: `Suche ${crypto.randomUUID().slice(0, 8)}`, search_config: searchConfig },
  });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return res.body.data.search_id;
};

const shareLink = (
  token: string,
  searchId: string,
  headers?: Record<string, string>,
  json: Record<string, unknown> = {},
) => callApi<ShareToken>(`/searches/${searchId}/share-tokens`, { token, headers, json });

const bot = <T = unknown>(path: string, token: string, json: unknown) =>
  callApi<T>(`/searchbots${path}`, { token: `Bearer ${token}`, json });

describe("what a search app's scope lets through", () => {
  it("never lets a share link open a knowledge base that is private to someone other than the link's maker", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const asMember = inTeam(member, owner.id);
    const teamBase = await parsedDataset(owner);
    await callApi(`/datasets/${teamBase.id}`, { method: "PUT", token: owner.token, json: { permission: "team" } });
    const privateBase = await parsedDataset(owner, [
      textFile("geheim.txt", "Die Praxis schließt im August für drei Wochen."),
    ]);

    // the member may not publish an app over the owner's private base …
    const overPrivate = await createSearch(owner, { kb_ids: [privateBase.id] });
    expect((await shareLink(asMember.token, overPrivate, asMember.headers)).body).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${privateBase.id}`,
    });

    // … and a link the member made over the team's base keeps searching only what the member sees when the owner
    // adds a private base to the app
    const shared = await createSearch(owner, { kb_ids: [teamBase.id] });
    const link = (await shareLink(asMember.token, shared, asMember.headers)).body.data;
    expect(
      (await bot<RetrievalResult>("/retrieval_test", link.token, { search_id: shared, question: "Schlaf" })).body.data
        .total,
    ).toBeGreaterThan(0);
    await callApi(`/searches/${shared}`, {
      method: "PUT",
      token: owner.token,
      json: { name: "Erweitert", search_config: { kb_ids: [teamBase.id, privateBase.id] } },
    });
    const narrowed = await bot<RetrievalResult>("/retrieval_test", link.token, {
      search_id: shared,
      question: "Praxis August",
    });
    expect(narrowed.body.code).toBe(0);
    expect(narrowed.body.data.chunks.map((chunk) => chunk.document_keyword)).not.toContain("geheim.txt");
    const named = await bot("/retrieval_test", link.token, {
      search_id: shared,
      kb_id: privateBase.id,
      question: "Praxis August",
    });
    expect(named.body).toMatchObject({ code: 102, message: `You don't own the dataset ${privateBase.id}` });

    // the owner's own link over the same app works: the owner sees both bases
    const ownLink = (await shareLink(owner.token, shared)).body.data;
    const found = await bot<RetrievalResult>("/retrieval_test", ownLink.token, {
      search_id: shared,
      question: "Praxis August",
    });
    expect(found.body.data.chunks.map((chunk) => chunk.document_keyword)).toContain("geheim.txt");
  });

  it("keeps visitors and the page inside the saved document filter, also when the knowledge bases are narrowed", async () => {
    const owner = await createUser();
    const first = await parsedDataset(owner);
    const second = await parsedDataset(owner, [
      textFile("zecken.txt", "Zecken übertragen FSME; in Risikogebieten wird die Impfung empfohlen."),
    ]);
    const docs = await listDocs(owner, first.id);
    const sleepDoc = docs.find((doc) => doc.name === "schlaf.txt")?.id as string;
    const fluDoc = docs.find((doc) => doc.name === "impfung.txt")?.id as string;
    const searchId = await createSearch(owner, { kb_ids: [first.id, second.id], doc_ids: [sleepDoc] });

    // the team's page: the saved filter holds without a document choice
    const page = await callApi<RetrievalResult>(`/searches/${searchId}/retrieval`, {
      token: owner.token,
      json: { question: "Impfung Schlaf" },
    });
    expect(page.body.data.chunks.map((chunk) => chunk.document_id)).toEqual([sleepDoc]);

    const link = (await shareLink(owner.token, searchId)).body.data;
    // a visitor may not widen the saved filter to another document of the same base
    expect(
      (await bot("/retrieval_test", link.token, { search_id: searchId, question: "Impfung", doc_ids: [fluDoc] })).body,
    ).toMatchObject({ code: 102, message: `The document ${fluDoc} is not in this search.` });
    // narrowing to the base that holds the saved document keeps the filter; the other base has none of it
    const narrowed = await bot<RetrievalResult>("/retrieval_test", link.token, {
      search_id: searchId,
      question: "Impfung Schlaf",
      kb_id: [first.id],
    });
    expect(narrowed.body.data.chunks.map((chunk) => chunk.document_id)).toEqual([sleepDoc]);
    expect(
      (await bot("/retrieval_test", link.token, { search_id: searchId, question: "Zecken", kb_id: [second.id] })).body,
    ).toMatchObject({
      code: 102,
      message: "None of this search's documents is in the chosen knowledge bases.",
    });
  });

  it("searches only documents whose metadata passes the app's meta_data_filter, for the page and for visitors", async () => {
    const owner = await createUser();
    const base = await parsedDataset(owner);
    const docs = await listDocs(owner, base.id);
    const fluDoc = docs.find((doc) => doc.name === "impfung.txt")?.id as string;
    await callApi(`/datasets/${base.id}/documents/${fluDoc}`, {
      method: "PATCH",
      token: owner.token,
      json: { meta_fields: { quelle: "STIKO" } },
    });
    const filter = { method: "manual", logic: "and", manual: [{ key: "quelle", op: "=", value: "STIKO" }] };
    const searchId = await createSearch(owner, { kb_ids: [base.id], meta_data_filter: filter });
    expect(
      (await callApi<{ search_config: { meta_data_filter: unknown } }>(`/searches/${searchId}`, { token: owner.token }))
        .body.data.search_config.meta_data_filter,
    ).toEqual(filter);

    const page = await callApi<RetrievalResult>(`/searches/${searchId}/retrieval`, {
      token: owner.token,
      json: { question: "Impfung Schlaf" },
    });
    expect(page.body.data.chunks.length).toBeGreaterThan(0);
    expect(new Set(page.body.data.chunks.map((chunk) => chunk.document_id))).toEqual(new Set([fluDoc]));
    const link = (await shareLink(owner.token, searchId)).body.data;
    const visitor = await bot<RetrievalResult>("/retrieval_test", link.token, {
      search_id: searchId,
      question: "Impfung Schlaf",
    });
    expect(visitor.body.data.chunks.length).toBeGreaterThan(0);
    expect(new Set(visitor.body.data.chunks.map((chunk) => chunk.document_id))).toEqual(new Set([fluDoc]));

    // with auto the app's chat model writes the filter: "STIKO" in the question keeps only that source
    const llm = await useLocalChatModel(owner);
    await callApi(`/datasets/${base.id}/documents/${fluDoc}`, {
      method: "PATCH",
      token: owner.token,
      json: { meta_fields: { Quelle: "STIKO" } },
    });
    const auto = await callApi(`/searches/${searchId}`, {
      method: "PUT",
      token: owner.token,
      json: { name: "Suche", search_config: { chat_id: llm, meta_data_filter: { method: "auto" } } },
    });
    expect(auto.body.code).toBe(0);
    const byModel = await callApi<RetrievalResult>(`/searches/${searchId}/retrieval`, {
      token: owner.token,
      json: { question: "Was sagt die STIKO zu Impfung und Schlaf?" },
    });
    expect(new Set(byModel.body.data.chunks.map((chunk) => chunk.document_id))).toEqual(new Set([fluDoc]));
    const unfiltered = await callApi<RetrievalResult>(`/searches/${searchId}/retrieval`, {
      token: owner.token,
      json: { question: "Impfung Schlaf" },
    });
    expect(new Set(unfiltered.body.data.chunks.map((chunk) => chunk.document_id)).size).toBe(2);
  });

  it("renames an app whose knowledge base was deleted since, and deleting an app revokes its links", async () => {
    const owner = await createUser();
    const base = await parsedDataset(owner);
    const searchId = await createSearch(owner, { kb_ids: [base.id] });
    const link = (await shareLink(owner.token, searchId)).body.data;
    await callApi("/datasets", { method: "DELETE", token: owner.token, json: { ids: [base.id] } });
    const renamed = await callApi<{ name: string }>(`/searches/${searchId}`, {
      method: "PUT",
      token: owner.token,
      json: { name: "Umbenannt", search_config: {} },
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { name: "Umbenannt" } });
    // changing the knowledge bases is still checked
    expect(
      (
        await callApi(`/searches/${searchId}`, {
          method: "PUT",
          token: owner.token,
          json: { name: "Umbenannt", search_config: { kb_ids: [base.id] } },
        })
      ).body.code,
    ).toBe(102);

    await callApi(`/searches/${searchId}`, { method: "DELETE", token: owner.token });
    expect((await bot("/retrieval_test", link.token, { search_id: searchId, question: "Schlaf" })).status).toBe(401);
  });

  it("counts related questions of a share link against its daily cap", async () => {
    const owner = await createUser();
    const base = await parsedDataset(owner);
    const searchId = await createSearch(owner, { kb_ids: [base.id] });
    const link = (await shareLink(owner.token, searchId, undefined, { daily_cap: 1 })).body.data;
    expect((await bot("/related_questions", link.token, { search_id: searchId, question: "Schlaf" })).body.code).toBe(
      0,
    );
    const over = await bot("/related_questions", link.token, { search_id: searchId, question: "Schlaf" });
    expect(over.status).toBe(429);
  });
});

describe("CSV cells", () => {
  it("disarms text that a spreadsheet would run as a formula, but leaves numbers alone", () => {
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("\t=cmd")).toBe("'\t=cmd");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell('Er sagte "ja", dann')).toBe('"Er sagte ""ja"", dann"');
    expect(csvCell(null)).toBe("");
  });
});
