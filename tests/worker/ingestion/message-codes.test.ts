import { describe, expect, it } from "vitest";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, listDocs, textFile } from "../../helpers/worker/factories";

// Progress and error messages keep RAGFlow's English wording; the catalogue's code and values travel beside them.
describe("message codes beside RAGFlow's wording", () => {
  it("splits a document's progress log into lines with their codes, progress_msg unchanged", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await ingest(user, ds.id, [textFile("gut.txt", "Ein Satz über Schlaf."), textFile("leer.txt", "  \n\n ")]);
    const docs = (await listDocs(user, ds.id)) as unknown as DatasetDocument[];
    const done = docs.find((doc) => doc.name === "gut.txt") as DatasetDocument;
    const failed = docs.find((doc) => doc.name === "leer.txt") as DatasetDocument;
    expect(done.progress_msg).toMatch(/^\d{2}:\d{2}:\d{2} .*Task done \([\d.]+s\)\.$/ms);
    expect(done.progress_lines.map((line) => line.text)).toEqual(
      done.progress_msg.split("\n").map((line) => line.replace(/^\d{2}:\d{2}:\d{2} (?:Page\(\d+~\d+\): )?/, "")),
    );
    const taskDone = done.progress_lines.find((line) => line.code === "progress.taskDone");
    expect(taskDone).toMatchObject({ time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/), text: expect.any(String) });
    expect(taskDone?.params.seconds).toMatch(/^\d+\.\d{2}$/);
    expect(done.progress_lines.find((line) => line.text === "Start to parse.")?.code).toBe("progress.parseStarted");
    expect(failed.run).toBe("FAIL");
    expect(failed.progress_msg).toContain("[ERROR] No text found in the file.");
    expect(failed.progress_lines.at(-1)).toMatchObject({ code: "progress.noText", params: {} });
  });

  it("gives a catalogued error its code and keeps the envelope's message and data", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await ingest(user, ds.id, [textFile("fertig.txt", "Fertig geparst.")]).then(() =>
      listDocs(user, ds.id),
    )) as { id: string }[];
    const res = await callApi(`/datasets/${ds.id}/chunks`, {
      method: "DELETE",
      token: user.token,
      json: { document_ids: [doc?.id] },
    });
    expect(res.body).toMatchObject({
      code: 102,
      message: "Can't stop parsing document with progress at 0 or 1",
      message_code: "error.stopNotRunning",
      message_params: {},
    });
    // a message the catalogue does not know has no code
    const unknown = await callApi(`/datasets/${ds.id}/chunks`, {
      method: "DELETE",
      token: user.token,
      json: { document_ids: "x" },
    });
    expect(unknown.body.code).not.toBe(0);
    expect(unknown.body).not.toHaveProperty("message_code");
  });
});
