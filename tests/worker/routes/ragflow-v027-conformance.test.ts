import { describe, expect, it } from "vitest";
import type { Chat } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { createChat, createSession } from "../../helpers/worker/chat";
import { createDataset, createUser, listDocs, textFile, uploadFiles } from "../../helpers/worker/factories";

// 1×1 PNG, as RAGFlow's SDK tests send an icon: bare base64, no data: prefix
const BARE_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==";

const rawDelete = (path: string, token: string) =>
  callApi(path, { token, method: "DELETE", headers: { "Content-Type": "application/json" } });

describe("RAGFlow v0.27 inputs and wording", () => {
  it("reads a JSON request without a body as {} and still refuses broken JSON", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    await createSession(user, chat.id);
    const empty = await rawDelete(`/chats/${chat.id}/sessions`, user.token);
    expect(empty.body).toMatchObject({ code: 0, data: {} });
    const sessions = await callApi<unknown[]>(`/chats/${chat.id}/sessions`, { token: user.token });
    expect(sessions.body.data).toHaveLength(1);
    const broken = await callApi(`/chats/${chat.id}/sessions`, {
      token: user.token,
      method: "DELETE",
      body: "not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.body).toMatchObject({ code: 101, message: expect.stringContaining("Malformed JSON") });
  });

  it("answers a chunk id the document lacks with RAGFlow's not-found line", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "Ein Satz.")])).body.data;
    const base = `/datasets/${ds.id}/documents/${doc?.id}/chunks`;
    const res = await callApi(`${base}?id=unknown`, { token: user.token });
    expect(res.body).toMatchObject({ code: 102, message: `Chunk not found: ${ds.id}/unknown` });
    const nothing = await rawDelete(base, user.token);
    expect(nothing.body.code).toBe(0);
  });

  it("keeps a chat icon as sent (bare PNG base64 or any text, as v0.27 does) but refuses a non-string", async () => {
    const user = await createUser();
    const chat = await createChat(user, { icon: BARE_PNG });
    expect(chat.icon).toBe(BARE_PNG);
    const raw = await callApi<Chat>(`/chats/${chat.id}`, {
      token: user.token,
      method: "PATCH",
      json: { icon: "raw-avatar-value" },
    });
    expect(raw.body.code).toBe(0);
    expect((await callApi<Chat>(`/chats/${chat.id}`, { token: user.token })).body.data.icon).toBe("raw-avatar-value");
    const bad = await callApi("/chats", { token: user.token, json: { name: "x", icon: 5 } });
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.message).toContain("icon");
  });

  it("checks dataset ids' form on list and update, and looks id and name up on their own", async () => {
    const user = await createUser();
    const a = await createDataset(user, { name: "alpha" });
    await createDataset(user, { name: "beta" });
    for (const query of ["id=not_uuid", "id="]) {
      const res = await callApi(`/datasets?${query}`, { token: user.token });
      expect(res.body).toMatchObject({ code: 101, message: expect.stringContaining("Invalid UUID format") });
    }
    const mismatch = await callApi<unknown[]>(`/datasets?id=${a.id}&name=beta`, { token: user.token });
    expect(mismatch.body).toMatchObject({ code: 0, data: [] });
    const wrongName = await callApi(`/datasets?id=${a.id}&name=gamma`, { token: user.token });
    expect(wrongName.body).toMatchObject({ code: 102, message: expect.stringContaining("lacks permission") });
    const put = await callApi("/datasets/not_uuid", { token: user.token, method: "PUT", json: { name: "x" } });
    expect(put.body).toMatchObject({ code: 101, message: "Invalid UUID format" });
  });

  it("words document errors as RAGFlow does", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("b.txt", "Text")])).body.data;
    const path = `/datasets/${ds.id}/documents/${doc?.id}`;
    const patch = (chunk_method: string) =>
      callApi(path, { token: user.token, method: "PATCH", json: { chunk_method } });
    expect((await patch("")).body).toMatchObject({ code: 102, message: "`chunk_method` (empty string) is not valid" });
    expect((await patch("other")).body.message).toBe(
      "Field: <chunk_method> - Message: <`chunk_method` other doesn't exist> - Value: <other>",
    );
    expect((await listDocs(user, ds.id))[0]?.chunk_method).toBe("naive");
    // pydantic prints an unknown key's value, not the key
    const extra = await callApi(path, {
      token: user.token,
      method: "PATCH",
      json: { parser_config: { invalid_key: "invalid_value" } },
    });
    expect(extra.body.message).toBe(
      "Field: <parser_config.invalid_key> - Message: <Extra inputs are not permitted> - Value: <invalid_value>",
    );
    const gone = await callApi(`/datasets/${ds.id}/documents`, {
      token: user.token,
      method: "DELETE",
      json: { ids: ["missing"] },
    });
    expect(gone.body.message).toBe(`These documents do not belong to dataset ${ds.id} or Document not found: missing`);
    const form = new FormData();
    form.append("file", textFile("c.txt", "x"));
    const upload = await callApi("/datasets/invalid_dataset_id/documents", { token: user.token, body: form });
    expect(upload.body).toMatchObject({ code: 102, message: "Can't find the dataset with ID invalid_dataset_id!" });
  });

  it("checks a metadata batch update in RAGFlow's order: dataset, then the body's shape", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const update = (datasetId: string, json: unknown) =>
      callApi<{ updated: number; matched_docs: number }>(`/datasets/${datasetId}/documents/metadatas`, {
        token: user.token,
        method: "PATCH",
        json,
      });
    expect((await update("invalid_dataset_id", { selector: [1] })).body.message).toBe(
      "You don't own the dataset invalid_dataset_id.",
    );
    const cases: [unknown, string][] = [
      [{ selector: [1] }, "selector must be an object."],
      [{ updates: { key: "value" } }, "updates and deletes must be lists."],
      [{ selector: { metadata_condition: [1] } }, "metadata_condition must be an object."],
      [{ selector: { document_ids: "doc-1" } }, "document_ids must be a list."],
      [{ updates: [{ key: "" }] }, "Each update requires key and value."],
      [{ deletes: [{ x: "y" }] }, "Each delete requires key."],
    ];
    for (const [body, message] of cases) expect((await update(ds.id, body)).body).toMatchObject({ code: 102, message });
    const foreign = await update(ds.id, { selector: { document_ids: ["d1"] }, updates: [{ key: "a", value: "b" }] });
    expect(foreign.body.message).toBe(`These documents do not belong to dataset ${ds.id}: d1`);
    const noEdits = await update(ds.id, {});
    expect(noEdits.body).toMatchObject({ code: 0, data: { updated: 0 } });
  });

  it("takes RAGFlow's other spellings of metadata operators", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("m.txt", "Text")])).body.data;
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}`, {
      token: user.token,
      method: "PATCH",
      json: { meta_fields: { author: "Ada" } },
    });
    const res = await callApi<{ updated: number; matched_docs: number }>(`/datasets/${ds.id}/documents/metadatas`, {
      token: user.token,
      method: "PATCH",
      json: {
        selector: { metadata_condition: { conditions: [{ name: "author", comparison_operator: "is", value: "Ada" }] } },
        updates: [{ key: "year", value: "2024" }],
      },
    });
    expect(res.body).toMatchObject({ code: 0, data: { updated: 1, matched_docs: 1 } });
  });

  it("words retrieval's list and highlight errors as RAGFlow does", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const retrieve = (json: Record<string, unknown>) =>
      callApi("/retrieval", { token: user.token, json: { question: "x", dataset_ids: [ds.id], ...json } });
    expect((await retrieve({ document_ids: "d" })).body).toMatchObject({
      code: 102,
      message: "`documents` should be a list",
    });
    expect((await retrieve({ highlight: "not_bool" })).body).toMatchObject({
      code: 102,
      message: "`highlight` should be a boolean",
    });
  });
});

describe("RAGFlow v0.27 missing arguments", () => {
  it("refuses a body without question on search answers and related questions with code 101, before other checks", async () => {
    const user = await createUser();
    const search = await callApi<{ search_id: string }>("/searches", { token: user.token, json: { name: "Suche" } });
    const id = search.body.data.search_id;
    for (const path of [`/searches/${id}/completion`, `/searches/${id}/completions`, "/chat/recommendation"]) {
      const res = await callApi(path, { token: user.token, json: {} });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 101, message: "required argument are missing: question; " });
    }
    const empty = await callApi("/chat/recommendation", { token: user.token, json: { question: "" } });
    expect(empty.body.code).toBe(102);
  });

  it("names a missing agent_id on /agents/chat/completions as an argument error", async () => {
    const user = await createUser();
    const res = await callApi("/agents/chat/completions", { token: user.token, json: { query: "Hallo" } });
    expect(res.body).toEqual({ code: 101, message: "`agent_id` is required." });
  });
});
