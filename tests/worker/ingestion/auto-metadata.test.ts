import { describe, expect, it } from "vitest";
import type { AutoMetadataField, MetadataConfig } from "../../../worker/contract/auto-metadata";
import { mergeMetadata, metadataSchema, parseMetadataAnswer } from "../../../worker/rag/auto-metadata";
import { setDefaultModels } from "../../helpers/worker/models";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import {
  createDataset,
  createUser,
  listDocs,
  parseDocs,
  textFile,
  type TestUser,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const FIELDS: AutoMetadataField[] = [
  { key: "Autor", type: "string", description: "Wer den Text herausgibt", enum: null },
  { key: "Themen", type: "list", description: "", enum: ["Impfung", "Grippe", "Reisen"] },
  { key: "Jahr", type: "number", description: "", enum: null },
];

describe("auto metadata answers", () => {
  it("keep only configured fields, allowed values and the field's type", () => {
    expect(
      parseMetadataAnswer(
        'Hier: {"Autor": " RKI ", "Themen": ["Impfung", "Erfunden", "Impfung"], "Jahr": "2024", "Erfunden": "x"}',
        FIELDS,
      ),
    ).toEqual({ Autor: "RKI", Themen: ["Impfung"], Jahr: 2024 });
    expect(parseMetadataAnswer('{"Themen": "Grippe", "Jahr": "bald", "Autor": ""}', FIELDS)).toEqual({
      Themen: ["Grippe"],
    });
    expect(parseMetadataAnswer("keine Angaben", FIELDS)).toEqual({});
    expect(metadataSchema(FIELDS).properties).toEqual({
      Autor: { type: "string", description: "Wer den Text herausgibt" },
      Themen: { type: "array", items: { type: "string", enum: ["Impfung", "Grippe", "Reisen"] } },
      Jahr: { type: "number" },
    });
  });

  it("merge as RAGFlow does: lists gain values, a single value is replaced, the second argument wins", () => {
    const chunks = [
      { Autor: "RKI", Themen: ["Impfung"] },
      { Autor: "PEI", Themen: ["Grippe", "Impfung"] },
    ];
    const extracted = chunks.reduce(mergeMetadata, {});
    expect(extracted).toEqual({ Autor: "PEI", Themen: ["Impfung", "Grippe"] });
    expect(mergeMetadata(extracted, { Autor: "BMG", Themen: ["Reisen"], Jahr: 2020 })).toEqual({
      Autor: "BMG",
      Themen: ["Impfung", "Grippe", "Reisen"],
      Jahr: 2020,
    });
  });
});

const config = (user: TestUser, datasetId: string, json?: unknown) =>
  callApi<MetadataConfig>(
    `/datasets/${datasetId}/metadata/config`,
    json === undefined ? { token: user.token } : { method: "PUT", token: user.token, json },
  );

describe("GET/PUT /datasets/{id}/metadata/config", () => {
  it("stores the fields in parser_config, normalised, and keeps the rest of the configuration", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { permission: "team", parser_config: { chunk_token_num: 64 } });
    expect((await config(user, ds.id)).body.data).toEqual({ metadata: [], built_in_metadata: [] });
    const put = await config(user, ds.id, {
      metadata: [
        { key: "author", type: "string", description: "Author name" },
        { key: "tags", type: "list", description: "Tag list", enum: ["foo", "bar"] },
      ],
      built_in_metadata: [{ key: "size", type: "number", description: "File size" }],
    });
    const expected = {
      metadata: [
        { key: "author", type: "string", description: "Author name", enum: null },
        { key: "tags", type: "list", description: "Tag list", enum: ["foo", "bar"] },
      ],
      built_in_metadata: [{ key: "size", type: "number", description: "File size", enum: null }],
    };
    expect(put.body).toMatchObject({ code: 0, data: expected });
    expect((await config(user, ds.id)).body.data).toEqual(expected);
    const dataset = await callApi<{ parser_config: { chunk_token_num: number; metadata: unknown } }>(
      `/datasets/${ds.id}`,
      { token: user.token },
    );
    expect(dataset.body.data.parser_config).toMatchObject({ chunk_token_num: 64, metadata: expected.metadata });
    expect((await config(user, ds.id, {})).body.data).toEqual({ metadata: [], built_in_metadata: [] });

    for (const bad of [
      { metadata: [{ key: "a" }, { key: "a" }] },
      { metadata: [{ key: "a", type: "date" }] },
      { metadata: [{ key: " " }] },
      { other: [] },
      { metadata: [{ key: "a", enum: [], extra: 1 }] },
    ]) {
      expect((await config(user, ds.id, bad)).body.code, JSON.stringify(bad)).toBe(101);
    }
    const member = await createUser();
    await joinTeam(user, member);
    expect((await callApi(`/datasets/${ds.id}/metadata/config`, inTeam(member, user.id))).body.code).toBe(0);
    const memberPut = await callApi(`/datasets/${ds.id}/metadata/config`, {
      method: "PUT",
      json: { metadata: [{ key: "x" }] },
      ...inTeam(member, user.id),
    });
    expect(memberPut.body.code).toBe(102);
    const stranger = await createUser();
    expect((await config(stranger, ds.id)).body).toMatchObject({
      code: 102,
      message: `User '${stranger.id}' lacks permission for dataset '${ds.id}'`,
    });
    expect((await config(stranger, "invalid_dataset_id", { metadata: [] })).body.message).toContain(
      "lacks permission for dataset 'invalid_dataset_id'",
    );
    expect((await config(user, ds.id)).body.data).toEqual({ metadata: [], built_in_metadata: [] });
  });
});

const TEXT = "Autor: RKI\nThemen: Impfung, Erfunden\nJahr: 2024\nDie Grippeimpfung schützt ältere Menschen.";
const parsedWith = async (user: TestUser, parserConfig: Record<string, unknown>, preset?: Record<string, unknown>) => {
  const ds = await createDataset(user, { parser_config: parserConfig });
  const [doc] = (await uploadFiles(user, ds.id, [textFile("merkblatt.txt", TEXT)])).body.data;
  if (preset)
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_fields: preset },
    });
  await parseDocs(user, ds.id, [doc?.id as string]);
  await waitUntilSettled(user, ds.id);
  return (await listDocs(user, ds.id))[0];
};

describe("auto metadata at parsing", () => {
  it("fills the configured fields of each document with the chat model; values set by hand win", async () => {
    const user = await createUser();
    await setDefaultModels(user.token, { llm_id: await useLocalChatModel(user) });
    const doc = await parsedWith(
      user,
      { enable_metadata: true, metadata: FIELDS.slice(0, 2), built_in_metadata: FIELDS.slice(2) },
      { Autor: "BMG" },
    );
    expect(doc?.run).toBe("DONE");
    expect(doc?.meta_fields).toEqual({ Autor: "BMG", Themen: ["Impfung"], Jahr: 2024 });
    expect(doc?.progress_msg).toContain("Metadata generation");

    const fresh = await parsedWith(user, { enable_metadata: true, metadata: FIELDS });
    expect(fresh?.meta_fields).toEqual({ Autor: "RKI", Themen: ["Impfung"], Jahr: 2024 });
    // switched off: fields configured but nothing extracted
    const off = await parsedWith(user, { enable_metadata: false, metadata: FIELDS });
    expect(off?.meta_fields).toEqual({});
  });

  it("skips with a note when only the built-in model is there", async () => {
    const user = await createUser();
    const doc = await parsedWith(user, { enable_metadata: true, metadata: FIELDS });
    expect(doc?.run).toBe("DONE");
    expect(doc?.meta_fields).toEqual({});
    expect(doc?.progress_msg).toContain("Metadata generation skipped: no chat model");
  });
});
