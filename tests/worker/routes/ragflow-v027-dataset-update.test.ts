import { describe, expect, it } from "vitest";
import type { Dataset } from "../../../worker/contract/datasets";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, uploadFiles } from "../../helpers/worker/factories";

const MALFORMED = "Malformed JSON syntax: Missing commas/brackets or invalid encoding";

describe("RAGFlow v0.27 dataset create, update and delete bodies", () => {
  it("finds a JSON request without a body malformed on create, update and delete, and changes nothing", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { name: "Bleibt" });
    for (const [path, method] of [
      ["/datasets", "POST"],
      [`/datasets/${ds.id}`, "PUT"],
      ["/datasets", "DELETE"],
    ] as const) {
      const res = await callApi(path, { method, token: user.token, headers: { "Content-Type": "application/json" } });
      expect(res.body).toMatchObject({ code: 101, message: MALFORMED });
    }
    const list = await callApi<Dataset[]>("/datasets", { token: user.token });
    expect(list.body.data.map((dataset) => dataset.name)).toEqual(["Bleibt"]);
  });

  it("answers an empty update with 102 'no properties were modified'", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi(`/datasets/${ds.id}`, { method: "PUT", token: user.token, json: {} });
    expect(res.body).toMatchObject({ code: 102, message: "no properties were modified" });
  });

  it("takes an empty connectors list on update and echoes it; a connector is refused", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi<Dataset & { connectors: unknown[] }>(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { language: "English", connectors: [] },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ language: "English", connectors: [] });
    const refused = await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { connectors: [{ id: "c1" }] },
    });
    expect(refused.body.code).toBe(101);
  });

  it("keeps the stored parser_config for an update with {} or null", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    for (const parser_config of [{}, null]) {
      const res = await callApi<Dataset>(`/datasets/${ds.id}`, {
        method: "PUT",
        token: user.token,
        json: { parser_config },
      });
      expect(res.body.data.parser_config).toEqual(ds.parser_config);
    }
  });
});

describe("RAGFlow v0.27 document list time range", () => {
  it("lists only documents in the creation-time range while total counts all", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [textFile("a.txt", "eins"), textFile("b.txt", "zwei")]);
    const path = `/datasets/${ds.id}/documents`;
    const future = await callApi<{ docs: DatasetDocument[]; total: number }>(`${path}?create_time_from=9999999999000`, {
      token: user.token,
    });
    expect(future.body.data).toEqual({ docs: [], total: 2 });
    const all = await callApi<{ docs: DatasetDocument[]; total: number }>(
      `${path}?create_time_from=0&create_time_to=9999999999000`,
      { token: user.token },
    );
    expect(all.body.data.docs).toHaveLength(2);
  });
});

describe("RAGFlow v0.27 parse and stop bodies", () => {
  it.each(["parse", "stop"])("answers a %s body that is no object with code 100 and Python's line", async (action) => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi(`/datasets/${ds.id}/documents/${action}`, {
      method: "POST",
      token: user.token,
      json: "not json",
    });
    expect(res.body).toMatchObject({ code: 100, message: "'str' object has no attribute 'get'" });
  });
});
