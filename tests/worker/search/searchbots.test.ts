import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Reference } from "../../../worker/contract/chats";
import type { SearchFrame, SharedSearchInfo } from "../../../worker/contract/searches";
import type { ShareToken } from "../../../worker/contract/share";
import type { RetrievalResult } from "../../../worker/contract/retrieval";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, streamFrames } from "../../helpers/worker/chat";
import { createUser, listDocs } from "../../helpers/worker/factories";

const setup = async (tokenSettings: Record<string, unknown> = {}) => {
  const owner = await createUser();
  const ds = await parsedDataset(owner);
  const res = await callApi<{ search_id: string }>("/searches", {
    token: owner.token,
    json: {
      name: "Öffentliche Suche",
      description: "Gesundheit",
      search_config: { kb_ids: [ds.id], related_search: false },
    },
  });
  const searchId = res.body.data.search_id;
  const token = await callApi<ShareToken>(`/searches/${searchId}/share-tokens`, {
    token: owner.token,
    json: tokenSettings,
  });
  if (token.body.code !== 0) throw new Error(token.body.message);
  return { owner, ds, searchId, token: token.body.data };
};

const bot = <T = unknown>(path: string, token: string, json?: unknown, origin?: string) =>
  callApi<T>(`/searchbots${path}`, { token: `Bearer ${token}`, json, headers: origin ? { Origin: origin } : {} });

const finalFrame = (envelopes: { data: unknown }[]) =>
  envelopes
    .map((e) => e.data)
    .find((d): d is SearchFrame => typeof d === "object" && d !== null && "final" in d && d.final === true);

describe("shared search apps: /searchbots with a share token", () => {
  it("shows the app's face, answers, lists results with highlight and document facets, and suggests questions", async () => {
    const { ds, searchId, token, owner } = await setup();
    expect(token).toMatchObject({ target_type: "search", target_id: searchId });
    expect(
      (await callApi<ShareToken[]>(`/searches/${searchId}/share-tokens`, { token: owner.token })).body.data.map(
        (t) => t.id,
      ),
    ).toEqual([token.id]);

    const info = await bot<SharedSearchInfo>(`/detail?search_id=${searchId}`, token.token);
    expect(info.body.data).toEqual({
      id: searchId,
      name: "Öffentliche Suche",
      description: "Gesundheit",
      avatar: null,
      search_config: { summary: true, related_search: false, highlight: true, query_mindmap: false },
    });

    const { envelopes } = await streamFrames("/searchbots/ask", `Bearer ${token.token}`, {
      search_id: searchId,
      question: "Wie viel Schlaf brauchen Erwachsene?",
    });
    expect(envelopes.at(-1)).toEqual({ code: 0, message: "", data: true });
    expect(finalFrame(envelopes)?.content).toContain("sieben bis neun Stunden");

    const results = await bot<RetrievalResult>("/retrieval_test", token.token, {
      search_id: searchId,
      question: "Schlaf Grippeimpfung",
    });
    expect(results.body.data.chunks.length).toBe(2);
    expect(results.body.data.chunks.find((c) => c.document_keyword === "schlaf.txt")?.highlight).toContain("<em>");
    expect(results.body.data.doc_aggs.map((d) => d.doc_name).toSorted()).toEqual(["impfung.txt", "schlaf.txt"]);
    const sleep = (await listDocs(owner, ds.id)).find((d) => d.name === "schlaf.txt");
    const filtered = await bot<RetrievalResult>("/retrieval_test", token.token, {
      search_id: searchId,
      question: "Schlaf Grippeimpfung",
      doc_ids: [sleep?.id],
    });
    expect(filtered.body.data.chunks.map((c) => c.document_keyword)).toEqual(["schlaf.txt"]);

    expect(
      (await bot<string[]>("/related_questions", token.token, { search_id: searchId, question: "Schlaf" })).body,
    ).toMatchObject({ code: 0, data: [] });
  });

  it("refuses bad, revoked and other apps' tokens, and keeps visitors inside the app's knowledge bases", async () => {
    const { owner, searchId, token } = await setup();
    expect((await bot(`/detail?search_id=${searchId}`, "share-nonsense")).status).toBe(401);
    expect((await bot(`/detail?search_id=${searchId}`, owner.token.replace(/^Bearer /, ""))).status).toBe(401);
    const other = await setup();
    expect((await bot(`/detail?search_id=${other.searchId}`, token.token)).body).toMatchObject({
      code: 403,
      message: "This share link does not open this search.",
    });
    expect((await bot("/ask", token.token, { search_id: other.searchId, question: "Schlaf" })).status).toBe(403);

    // another knowledge base of the same team, or its documents, stay out of reach
    const hidden = await parsedDataset(owner);
    expect(
      (await bot("/retrieval_test", token.token, { search_id: searchId, question: "Schlaf", kb_id: hidden.id })).body,
    ).toMatchObject({ code: 102, message: `You don't own the dataset ${hidden.id}` });
    const hiddenDoc = (await listDocs(owner, hidden.id))[0];
    expect(
      (await bot("/retrieval_test", token.token, { search_id: searchId, question: "Schlaf", doc_ids: [hiddenDoc?.id] }))
        .body.code,
    ).toBe(102);
    expect(
      (await bot("/ask", token.token, { search_id: searchId, question: "Schlaf", kb_ids: [hidden.id] })).body.code,
    ).toBe(102);

    // the share token does not open the owner's API
    expect((await callApi(`/searches/${searchId}`, { token: `Bearer ${token.token}` })).status).toBe(401);
    await callApi(`/searches/${searchId}/share-tokens/${token.id}`, { method: "DELETE", token: owner.token });
    expect((await bot(`/detail?search_id=${searchId}`, token.token)).status).toBe(401);
  });

  it("enforces allowed origins and the per-minute limit", async () => {
    const { searchId, token, owner } = await setup({ allowed_origins: ["https://praxis.example"], rate_per_minute: 2 });
    const allowed = await bot(`/detail?search_id=${searchId}`, token.token, undefined, "https://praxis.example");
    expect(allowed.body.code).toBe(0);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://praxis.example");
    expect((await bot(`/detail?search_id=${searchId}`, token.token, undefined, "https://evil.example")).status).toBe(
      403,
    );
    expect((await bot(`/detail?search_id=${searchId}`, token.token)).body.code).toBe(0);
    expect((await bot(`/detail?search_id=${searchId}`, token.token)).status).toBe(429);
    const updated = await callApi<ShareToken>(`/searches/${searchId}/share-tokens/${token.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { rate_per_minute: 100 },
    });
    expect(updated.body.data.rate_per_minute).toBe(100);
  });

  it("cites in the shared answer like in the app", async () => {
    const { searchId, token } = await setup();
    const { envelopes } = await streamFrames("/searchbots/ask", `Bearer ${token.token}`, {
      search_id: searchId,
      question: "Ab wann wird die Grippeimpfung empfohlen?",
    });
    const final = finalFrame(envelopes);
    expect(final?.content).toMatch(/\[ID:0\]/);
    expect((final?.reference as Reference | undefined)?.chunks[0]?.document_name).toBe("impfung.txt");
  });

  it("serves every share page with the link's allowed origins as frame-ancestors", async () => {
    const { searchId, token } = await setup({ allowed_origins: ["https://praxis.example"] });
    const page = (path: string, auth: string) =>
      SELF.fetch(`http://buddy.test${path}?shared_id=${searchId}&auth=${auth}`);
    for (const path of ["/next-search/share", "/chat/share", "/agent/share"]) {
      const allowed = await page(path, token.token);
      expect(allowed.headers.get("Content-Security-Policy")).toMatch(
        /(^|; )frame-ancestors 'self' https:\/\/praxis\.example(;|$)/,
      );
      expect((await page(path, "not-a-token")).headers.get("Content-Security-Policy")).toMatch(
        /(^|; )frame-ancestors 'self'(;|$)/,
      );
    }
  });
});
