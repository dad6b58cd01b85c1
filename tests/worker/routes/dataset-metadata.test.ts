import { describe, expect, it } from "vitest";
import type { MetadataSummary } from "../../../worker/contract/dataset-metadata";
import { applyMetadataEdits, flattenMetadata, summarizeMetadata } from "../../../worker/rag/metadata-edit";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, type TestUser, uploadFiles } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

describe("metadata edits", () => {
  it("set, add to lists, replace matching values and delete as RAGFlow does", () => {
    const meta = { Quelle: "RKI", Jahr: 2020, Themen: ["Impfung", "Grippe"] };
    expect(
      applyMetadataEdits(meta, {
        updates: [
          { key: "Autor", value: "STIKO" },
          { key: "Themen", value: ["Grippe", "Senioren"] },
          { key: "Quelle", value: "PEI" },
        ],
        deletes: [],
      }),
    ).toEqual({
      Quelle: "PEI",
      Jahr: 2020,
      Themen: ["Impfung", "Grippe", "Senioren"],
      Autor: "STIKO",
    });
    // with match: only equal values change (compared as text), a missing field is not created
    expect(
      applyMetadataEdits(meta, {
        updates: [
          { key: "Jahr", value: 2021, match: "2020" },
          { key: "Themen", value: "Influenza", match: "Grippe" },
          { key: "Neu", value: "x", match: "y" },
          { key: "Quelle", value: "PEI", match: "WHO" },
        ],
        deletes: [],
      }),
    ).toEqual({
      Quelle: "RKI",
      Jahr: 2021,
      Themen: ["Impfung", "Influenza"],
    });
    expect(
      applyMetadataEdits(meta, {
        updates: [],
        deletes: [{ key: "Themen", value: "Grippe" }, { key: "Quelle", value: "WHO" }, { key: "Jahr" }],
      }),
    ).toEqual({ Quelle: "RKI", Themen: ["Impfung"] });
    expect(
      applyMetadataEdits({ Themen: ["Grippe"] }, { updates: [], deletes: [{ key: "Themen", value: "Grippe" }] }),
    ).toEqual({});
    expect(meta).toEqual({ Quelle: "RKI", Jahr: 2020, Themen: ["Impfung", "Grippe"] });
  });

  it("flatten to the documents having each value", () => {
    expect(
      flattenMetadata([
        { id: "a", meta: { Quelle: "RKI", Themen: ["Impfung", "Grippe"] } },
        { id: "b", meta: { Quelle: "RKI", Jahr: 2020 } },
      ]),
    ).toEqual({
      Quelle: { RKI: ["a", "b"] },
      Themen: { Impfung: ["a"], Grippe: ["a"] },
      Jahr: { "2020": ["b"] },
    });
  });

  it("summarise each field's kind and its values by document count", () => {
    expect(
      summarizeMetadata([
        { Quelle: "RKI", Jahr: 2020, Themen: ["Impfung", "Grippe"], Stand: "2020-03-01T00:00:00" },
        { Quelle: "RKI", Jahr: "unbekannt", Themen: ["Grippe"] },
        { Quelle: "PEI", Jahr: 2021 },
      ]),
    ).toEqual({
      Quelle: {
        type: "string",
        values: [
          ["RKI", 2],
          ["PEI", 1],
        ],
      },
      Jahr: {
        type: "number",
        values: [
          ["2020", 1],
          ["unbekannt", 1],
          ["2021", 1],
        ],
      },
      Themen: {
        type: "list",
        values: [
          ["Grippe", 2],
          ["Impfung", 1],
        ],
      },
      Stand: { type: "time", values: [["2020-03-01T00:00:00", 1]] },
    });
  });
});

const documentsWithMetadata = async (user: TestUser) => {
  const ds = await createDataset(user, { permission: "team" });
  const docs = (
    await uploadFiles(user, ds.id, [textFile("a.txt", "A"), textFile("b.txt", "B"), textFile("c.txt", "C")])
  ).body.data;
  const metas = [
    { Quelle: "RKI", Themen: ["Impfung"] },
    { Quelle: "RKI", Themen: ["Grippe", "Impfung"] },
    { Quelle: "PEI" },
  ];
  for (const [i, doc] of docs.entries())
    await callApi(`/datasets/${ds.id}/documents/${doc.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_fields: metas[i] },
    });
  return { ds, ids: docs.map((doc) => doc.id) };
};

const metaOf = async (user: TestUser, datasetId: string) =>
  Object.fromEntries(
    (
      await callApi<{ docs: { name: string; meta_fields: Record<string, unknown> }[] }>(
        `/datasets/${datasetId}/documents`,
        { token: user.token },
      )
    ).body.data.docs.map((doc) => [doc.name, doc.meta_fields]),
  );

describe("dataset metadata routes", () => {
  it("summarise the documents' metadata and edit it in bulk, by ids or by condition", async () => {
    const user = await createUser();
    const { ds, ids } = await documentsWithMetadata(user);
    const summary = (await callApi<MetadataSummary>(`/datasets/${ds.id}/metadata/summary`, { token: user.token })).body
      .data.summary;
    expect(summary).toEqual({
      Quelle: {
        type: "string",
        values: [
          ["RKI", 2],
          ["PEI", 1],
        ],
      },
      Themen: {
        type: "list",
        values: [
          ["Impfung", 2],
          ["Grippe", 1],
        ],
      },
    });

    const byCondition = await callApi(`/datasets/${ds.id}/metadata/update`, {
      token: user.token,
      json: {
        selector: {
          metadata_condition: {
            logic: "and",
            conditions: [{ name: "Quelle", comparison_operator: "=", value: "RKI" }],
          },
        },
        updates: [
          { key: "Themen", value: "Influenza", match: "Grippe" },
          { key: "Geprüft", value: "ja" },
        ],
      },
    });
    expect(byCondition.body).toMatchObject({ code: 0, data: { updated: 2, matched_docs: 2 } });
    expect(await metaOf(user, ds.id)).toEqual({
      "a.txt": { Quelle: "RKI", Themen: ["Impfung"], Geprüft: "ja" },
      "b.txt": { Quelle: "RKI", Themen: ["Influenza", "Impfung"], Geprüft: "ja" },
      "c.txt": { Quelle: "PEI" },
    });

    // RAGFlow's REST suite uses PATCH …/documents/metadatas for the same update
    const byIds = await callApi(`/datasets/${ds.id}/documents/metadatas`, {
      method: "PATCH",
      token: user.token,
      json: {
        selector: { document_ids: [ids[0], ids[2]] },
        deletes: [{ key: "Geprüft" }, { key: "Quelle", value: "PEI" }],
      },
    });
    expect(byIds.body.data).toEqual({ updated: 2, matched_docs: 2 });
    expect((await metaOf(user, ds.id))["c.txt"]).toEqual({});
    // nothing to change: matched but not updated
    expect(
      (
        await callApi(`/datasets/${ds.id}/metadata/update`, {
          token: user.token,
          json: { deletes: [{ key: "Fehlt" }] },
        })
      ).body.data,
    ).toEqual({ updated: 0, matched_docs: 3 });
  });

  it("flatten the metadata of several datasets, refusing one the caller cannot see", async () => {
    const user = await createUser();
    const first = await documentsWithMetadata(user);
    const second = await documentsWithMetadata(user);
    const flat = (
      await callApi<Record<string, Record<string, string[]>>>(
        `/datasets/metadata/flattened?dataset_ids=${first.ds.id},${second.ds.id}`,
        { token: user.token },
      )
    ).body.data;
    expect(flat.Quelle?.PEI?.toSorted()).toEqual([first.ids[2], second.ids[2]].toSorted());
    expect(flat.Themen?.Impfung).toHaveLength(4);
    const stranger = await createUser();
    expect(
      (await callApi(`/datasets/metadata/flattened?dataset_ids=${first.ds.id}`, { token: stranger.token })).body,
    ).toMatchObject({ code: 102, message: `No authorization for dataset '${first.ds.id}'` });
    expect((await callApi("/datasets/metadata/flattened", { token: user.token })).body.code).toBe(101);
  });

  it("refuse bad input and other teams, and change nothing then", async () => {
    const user = await createUser();
    const { ds, ids } = await documentsWithMetadata(user);
    const before = await metaOf(user, ds.id);
    const update = (json: unknown, token = user.token) =>
      callApi(`/datasets/${ds.id}/metadata/update`, { token, json });
    expect((await update({ selector: "alle", updates: [{ key: "a", value: "b" }] })).body).toMatchObject({
      code: 102,
      message: "selector must be an object.",
    });
    // no edits: RAGFlow answers success and changes nothing
    expect((await update({ updates: [] })).body).toMatchObject({ code: 0, data: { updated: 0 } });
    expect((await update({ updates: [{ key: " ", value: "b" }] })).body).toMatchObject({
      code: 102,
      message: "Each update requires key and value.",
    });
    expect((await update({ updates: [{ key: "a", value: { x: 1 } }] })).body).toMatchObject({
      code: 102,
      message: "A value must be a string, a number or a list of them.",
    });
    expect(
      (await update({ selector: { document_ids: [ids[0], "fremd"] }, updates: [{ key: "a", value: "b" }] })).body,
    ).toMatchObject({ code: 102, message: `These documents do not belong to dataset ${ds.id}: fremd` });
    expect((await update({ updates: [{ key: "Lang", value: "x".repeat(17_000) }] })).body).toMatchObject({
      code: 102,
      message: "A document's metadata would exceed 16 KB as JSON.",
    });
    const stranger = await createUser();
    expect((await update({ updates: [{ key: "a", value: "b" }] }, stranger.token)).body.code).toBe(102);
    expect((await callApi(`/datasets/${ds.id}/metadata/summary`, { token: stranger.token })).body.code).toBe(102);
    expect(await metaOf(user, ds.id)).toEqual(before);

    // a member of the team edits the team's documents, as they may edit one document's metadata
    const member = await createUser();
    await joinTeam(user, member);
    expect(
      (
        await callApi(`/datasets/${ds.id}/metadata/update`, {
          ...inTeam(member, user.id),
          json: { updates: [{ key: "Team", value: "ja" }] },
        })
      ).body.data,
    ).toEqual({ updated: 3, matched_docs: 3 });
  });
});
