import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  listDocs,
  parseDocs,
  textFile,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";
import { addLocalModel } from "../../helpers/worker/models";

describe("methods that need a model", () => {
  it("a parse request is refused, before anything changes, when a document needs a model the team lacks", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { chunk_method: "resume" });
    const files = [
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "pass.png", { type: "image/png" }),
      new File([new Uint8Array(64)], "diktat.mp3", { type: "audio/mpeg" }),
      textFile("lebenslauf.txt", "Anna Berger, Ärztin"),
    ];
    const uploaded = (await uploadFiles(user, ds.id, files)).body.data;
    expect(uploaded.map((doc) => doc.chunk_method)).toEqual(["picture", "audio", "resume"]);
    for (const doc of uploaded) {
      const res = await parseDocs(user, ds.id, [doc.id]);
      expect(res.body.code).toBe(102);
      expect(res.body.message).toBe(
        {
          "pass.png":
            '"pass.png" is an image: parsing it needs an image-to-text model. Set one in the system model settings.',
          "diktat.mp3":
            '"diktat.mp3" is an audio file: parsing it needs a speech-to-text model. Set one in the system model settings.',
          "lebenslauf.txt":
            '"lebenslauf.txt" uses the Resume method, which needs a chat model. Set one in the system model settings, or choose another method.',
        }[doc.name],
      );
    }
    // nothing was queued
    expect((await listDocs(user, ds.id)).map((doc) => doc.run)).toEqual(["UNSTART", "UNSTART", "UNSTART"]);
    // another method for the text file parses
    await callApi(`/datasets/${ds.id}/documents/${uploaded[2]?.id}`, {
      method: "PUT",
      token: user.token,
      json: { chunk_method: "naive" },
    });
    expect((await parseDocs(user, ds.id, [uploaded[2]?.id as string])).body.code).toBe(0);
  }, 40_000);

  it("Resume takes the knowledge base's own chat model when the team has none that writes", async () => {
    const user = await createUser();
    // a writing chat model the team has, but not as its default
    const writer = await addLocalModel(user, "kb-writer", "chat");
    const ds = await createDataset(user, { chunk_method: "resume" });
    const [doc] = (await uploadFiles(user, ds.id, [textFile("berger.txt", "Dr. Anna Berger\nanna.berger@example.org")]))
      .body.data;
    expect((await parseDocs(user, ds.id, [doc?.id as string])).body.code).toBe(102);
    // named by the knowledge base after the upload: the document's copy of the configuration has none
    const set = await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { llm_id: writer } },
    });
    expect(set.body.code).toBe(0);
    expect((await parseDocs(user, ds.id, [doc?.id as string])).body.code).toBe(0);
    const [settled] = await waitUntilSettled(user, ds.id);
    expect(settled?.run).toBe("DONE");
    // the task extracted the fields with that model
    expect(settled?.progress_msg).toContain(`Extracting the resume's fields with ${writer}.`);
    // naming the built-in model is no chat model that writes
    await callApi(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { llm_id: "builtin-extractive@Builtin" } },
    });
    expect((await parseDocs(user, ds.id, [doc?.id as string])).body.code).toBe(102);
  }, 40_000);
});
