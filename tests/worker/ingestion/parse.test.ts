import { describe, expect, it } from "vitest";
import { emptyPdf, lawMarkdown, passwordPdf } from "../../helpers/fixtures/documents";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  parseDocs as parse,
  textFile,
  uploadFiles,
  uploadFilesKeepingEmpty,
  waitUntilSettled,
} from "../../helpers/worker/factories";

describe("parsing through the queue", () => {
  it("parses a markdown law into chunks with exact counters", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { chunk_token_num: 128 } });
    const [doc] = (await uploadFiles(user, ds.id, [lawMarkdown()])).body.data;
    const res = await parse(user, ds.id, [doc?.id as string]);
    expect(res.body.code).toBe(0);
    const [done] = await waitUntilSettled(user, ds.id);
    expect(done?.run).toBe("DONE");
    expect(done?.progress).toBe(1);
    expect(done?.chunk_count).toBeGreaterThan(1);
    expect(done?.progress_msg).toMatch(/Start to parse\./);
    expect(done?.progress_msg).toMatch(/Task done \(\d+\.\d+s\)\./);
    const dataset = await callApi<{ chunk_count: number; token_num: number }>(`/datasets/${ds.id}`, {
      token: user.token,
    });
    expect(dataset.body.data.chunk_count).toBe(done?.chunk_count);
    expect(dataset.body.data.token_num).toBe(done?.token_count);
  });

  // the first PDF of a test file loads pdf.js, which takes seconds on a busy machine
  it("ends the encrypted and the empty PDF in FAIL with a readable message", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const uploaded = (await uploadFilesKeepingEmpty(user, ds.id, [passwordPdf(), emptyPdf()])).body.data;
    await parse(
      user,
      ds.id,
      uploaded.map((d) => d.id),
    );
    const docs = await waitUntilSettled(user, ds.id);
    expect(docs).toHaveLength(2);
    const byName = Object.fromEntries(docs.map((d) => [d.name, d]));
    expect(byName["passwort.pdf"]?.run).toBe("FAIL");
    expect(byName["passwort.pdf"]?.progress_msg).toContain("password-protected");
    expect(byName["leer.pdf"]?.run).toBe("FAIL");
    expect(byName["leer.pdf"]?.progress_msg).toContain("empty");
  }, 20_000);

  it("re-parsing does not duplicate chunks", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (
      await uploadFiles(user, ds.id, [
        textFile("a.txt", "Erster Absatz über Impfungen.\n\nZweiter Absatz über Ernährung."),
      ])
    ).body.data;
    await parse(user, ds.id, [doc?.id as string]);
    const [first] = await waitUntilSettled(user, ds.id);
    const keep = await callApi(`/datasets/${ds.id}/documents/parse`, {
      token: user.token,
      json: { document_ids: [doc?.id], delete: false },
    });
    expect(keep.body.code).toBe(0);
    const [second] = await waitUntilSettled(user, ds.id);
    expect(second?.run).toBe("DONE");
    expect(second?.chunk_count).toBe(first?.chunk_count);
  });

  it("validates document_ids with RAGFlow's code 102", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    expect((await callApi(`/datasets/${ds.id}/chunks`, { token: user.token, json: {} })).body).toMatchObject({
      code: 102,
      message: "`document_ids` is required",
    });
    const unknown = await parse(user, ds.id, ["0".repeat(32)]);
    expect(unknown.body).toMatchObject({ code: 102, message: `Documents not found: ['${"0".repeat(32)}']` });
  });
});
