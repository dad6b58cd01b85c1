import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, uploadFiles } from "../../helpers/worker/factories";

describe("GET /documents/{id}", () => {
  it("downloads a document of the caller's team without naming its dataset", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("notiz.txt", "Grippeimpfung ab Oktober")])).body.data;
    const res = await SELF.fetch(`${BASE}/documents/${doc?.id}`, { headers: { Authorization: user.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("content-disposition")).toContain("notiz.txt");
    expect(await res.text()).toBe("Grippeimpfung ab Oktober");
  });

  it("answers another team's or an unknown document as RAGFlow does: code 102, document not found", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "a")])).body.data;
    const stranger = await createUser();
    const foreign = await callApi(`/documents/${doc?.id}`, { token: stranger.token });
    expect(foreign.body).toEqual({ code: 102, message: "document not found" });
    const unknown = await callApi("/documents/invalid_document_id", { token: user.token });
    expect(unknown.body).toEqual({ code: 102, message: "document not found" });
  });

  it("refuses a caller without a token", async () => {
    const res = await callApi("/documents/invalid_document_id");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});
