import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contactsCsv, lawMarkdown, slidesPptx } from "../../helpers/fixtures/documents";
import { BASE, callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, type TestUser, uploadFiles } from "../../helpers/worker/factories";

type Doc = {
  id: string;
  name: string;
  size: number;
  type: string;
  suffix: string;
  run: string;
  status: string;
  chunk_method: string;
  source_type: string;
  progress_msg: string;
  meta_fields: Record<string, unknown>;
  parser_config: Record<string, unknown>;
};
type DocList = { total: number; docs: Doc[] };

const list = (user: TestUser, datasetId: string, query = "") =>
  callApi<DocList>(`/datasets/${datasetId}/documents${query}`, { token: user.token });

const waitFor = async <T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("POST /datasets/{id}/documents (upload)", () => {
  it("stores files in R2 and lists them UNSTART with the dataset's settings", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { chunk_token_num: 256 } });
    const files = [lawMarkdown(), contactsCsv(), slidesPptx()];
    const res = await uploadFiles(user, ds.id, files);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((d) => [d.name, d.run])).toEqual([
      ["praxisgesetz.md", "UNSTART"],
      ["kontakte.csv", "UNSTART"],
      ["folien.pptx", "UNSTART"],
    ]);
    expect(res.body.data.map((d) => d.chunk_method)).toEqual(["naive", "naive", "presentation"]);
    const docs = (await list(user, ds.id, "?orderby=name&desc=false")).body.data;
    expect(docs.total).toBe(3);
    expect(docs.docs.map((doc) => doc.name)).toEqual(["folien.pptx", "kontakte.csv", "praxisgesetz.md"]);
    expect(docs.docs[1]).toMatchObject({ size: files[1]?.size, type: "doc", suffix: "csv", status: "1" });
    expect(docs.docs[0]?.parser_config).toMatchObject({ chunk_token_num: 256 });
    const dataset = await callApi<{ document_count: number }>(`/datasets/${ds.id}`, { token: user.token });
    expect(dataset.body.data.document_count).toBe(3);
  });

  it("downloads the raw bytes with the file's content type", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const original = lawMarkdown();
    const [doc] = (await uploadFiles(user, ds.id, [original])).body.data;
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch(`${BASE}/datasets/${ds.id}/documents/${doc?.id}`, {
      headers: { Authorization: user.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await original.arrayBuffer()));
  });

  it("answers a download of an unknown document with exactly code and message, as RAGFlow's SDK checks", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch(`${BASE}/datasets/${ds.id}/documents/${"0".repeat(32)}`, {
      headers: { Authorization: user.token },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).toSorted()).toEqual(["code", "message"]);
    expect(body).toEqual({ code: 102, message: "document not found" });
    // RAGFlow v0.27's wording: a foreign dataset is "document not found" too; a document of another base is named
    const stranger = await createUser();
    const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "a")])).body.data as { id: string }[];
    const download = async (who: typeof user, datasetId: string) =>
      (
        await SELF.fetch(`${BASE}/datasets/${datasetId}/documents/${doc?.id}`, {
          headers: { Authorization: who.token },
        })
      ).json();
    expect(await download(stranger, ds.id)).toEqual({ code: 102, message: "document not found" });
    const other = await createDataset(user);
    expect(await download(user, other.id)).toEqual({
      code: 102,
      message: `The dataset not own the document ${doc?.id}.`,
    });
  });

  it("names duplicates report(1).txt, report(2).txt", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [textFile("report.txt", "a")]);
    const res = await uploadFiles(user, ds.id, [textFile("report.txt", "b"), textFile("REPORT.txt", "c")]);
    expect(res.body.data.map((d) => d.name)).toEqual(["report(1).txt", "REPORT(2).txt"]);
  });

  it("names ten parallel uploads of one name same.txt, same(1).txt … same(9).txt", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const uploads = await Promise.all(
      Array.from({ length: 10 }, (_, i) => uploadFiles(user, ds.id, [textFile("same.txt", `copy ${i}`)])),
    );
    expect(uploads.map((res) => res.body.code)).toEqual(Array(10).fill(0));
    const names = uploads.map((res) => res.body.data[0]?.name).toSorted();
    expect(names).toEqual(["same.txt", ...Array.from({ length: 9 }, (_, i) => `same(${i + 1}).txt`)].toSorted());
    expect((await list(user, ds.id)).body.data.total).toBe(10);
  });

  it("refuses a file name with a NUL or another control character and stores nothing", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const nul = await uploadFiles(user, ds.id, [textFile("bad\u0000name.txt", "x")]);
    expect(nul.body.code).toBe(101);
    expect(nul.body.message).toContain("The upload could not be read");
    const tab = await uploadFiles(user, ds.id, [textFile("tab\tname.txt", "x")]);
    expect(tab.body.code).toBe(101);
    expect(tab.body.message).toBe('The file name "tab�name.txt" contains control characters.');
    expect((await list(user, ds.id)).body.data.total).toBe(0);
  });

  it("refuses unsupported types, naming the file, and stores nothing", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await uploadFiles(user, ds.id, [textFile("ok.txt", "fine"), textFile("virus.exe", "MZ")]);
    // RAGFlow's code and line for a type it does not parse (in the body; the HTTP status stays 200)
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 500, message: "virus.exe: This type of file has not been supported yet!" });
    expect((await list(user, ds.id)).body.data.total).toBe(0);
  });

  it("refuses a 0-byte file at upload, naming it, and stores nothing (issue 32)", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await uploadFiles(user, ds.id, [
      textFile("ok.txt", "fine"),
      new File([], "leer.pdf", { type: "application/pdf" }),
    ]);
    expect(res.body).toMatchObject({ code: 101, message: 'The file "leer.pdf" is empty (0 bytes).' });
    expect(res.status).toBeLessThan(500);
    expect((await list(user, ds.id)).body.data.total).toBe(0);
    const stored = await env.FILES.list({ prefix: `${user.id}/datasets/${ds.id}/` });
    expect(stored.objects).toHaveLength(0);
  });

  it("answers 413 for a file over 10 MB and for more than 128 files", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf");
    const tooBig = await uploadFiles(user, ds.id, [big]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('"big.pdf"');
    const many = Array.from({ length: 129 }, (_, i) => textFile(`f${i}.txt`, "x"));
    const tooMany = await uploadFiles(user, ds.id, many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toContain("At most 128 files");
    expect((await list(user, ds.id)).body.data.total).toBe(0);
  });

  it("counts a chunked upload without Content-Length and refuses it past 100 MB", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const boundary = "buddy-chunked";
    const megabyte = new Uint8Array(1024 * 1024).fill(65);
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
        );
      },
      pull(controller) {
        if (sent++ < 101) controller.enqueue(megabyte);
        else {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const res = await callApi(`/datasets/${ds.id}/documents`, {
      token: user.token,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain("100 MB per request");
    expect(sent).toBeLessThan(102);
    expect((await list(user, ds.id)).body.data.total).toBe(0);
  });

  it("accepts 128 files in one request", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await uploadFiles(
      user,
      ds.id,
      Array.from({ length: 128 }, (_, i) => textFile(`f${i}.txt`, `Inhalt ${i}`)),
    );
    expect(res.body.code).toBe(0);
    expect((await list(user, ds.id, "?page_size=1")).body.data.total).toBe(128);
  });

  it("refuses a file name over 255 bytes (RAGFlow's limit) and stores nothing", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    // "ä" is two bytes: 126 of them and ".txt" make 256 bytes, one fewer 254
    const res = await uploadFiles(user, ds.id, [textFile(`${"ä".repeat(126)}.txt`, "zu lang")]);
    expect(res.body).toMatchObject({ code: 101, message: "File name must be 255 bytes or less." });
    expect((await list(user, ds.id)).body.data.total).toBe(0);
    const fits = await uploadFiles(user, ds.id, [textFile(`${"ä".repeat(125)}.txt`, "passt")]);
    expect(fits.body.code).toBe(0);
  });

  it("says 'No file part!' without files and refuses another tenant's dataset", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const ds = await createDataset(user);
    expect((await uploadFiles(user, ds.id, [])).body).toMatchObject({ code: 101, message: "No file part!" });
    const res = await uploadFiles(stranger, ds.id, [textFile("a.txt", "a")]);
    // RAGFlow's upload wording; a dataset of another team reads as unknown
    expect(res.body).toMatchObject({ code: 102, message: `Can't find the dataset with ID ${ds.id}!` });
  });
});

describe("POST /datasets/{id}/documents?type=empty", () => {
  it("creates a virtual document and refuses a duplicate name", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi<Doc[]>(`/datasets/${ds.id}/documents?type=empty`, {
      token: user.token,
      json: { name: "Notizen" },
    });
    expect(res.body.data[0]).toMatchObject({ name: "Notizen", type: "virtual", size: 0, source_type: "virtual" });
    // the name comes as JSON only (another body type would also dodge the JSON size limit)
    const form = new FormData();
    form.set("name", "Formular");
    expect(
      (await callApi(`/datasets/${ds.id}/documents?type=empty`, { token: user.token, body: form })).body,
    ).toMatchObject({
      code: 101,
      message: expect.stringContaining("Unsupported content type: Expected application/json, got multipart/form-data"),
    });
    const again = await callApi(`/datasets/${ds.id}/documents?type=empty`, {
      token: user.token,
      json: { name: "notizen" },
    });
    expect(again.body).toMatchObject({ code: 102, message: "Duplicated document name in the same dataset." });
  });
});

describe("POST /datasets/{id}/documents?type=web (crawl)", () => {
  const crawl = (user: TestUser, datasetId: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return callApi<Doc[]>(`/datasets/${datasetId}/documents?type=web`, { token: user.token, body: form });
  };

  it("crawls same-site pages breadth-first to the depth limit, honouring robots.txt", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await crawl(user, ds.id, {
      name: "Gesundheit",
      url: `${env.TEST_SITE_URL}/`,
      max_depth: "1",
      max_pages: "10",
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data[0]).toMatchObject({ name: "Gesundheit.html", run: "RUNNING", source_type: "web" });
    const done = await waitFor(
      () => list(user, ds.id, "?orderby=name&desc=false"),
      (r) => r.body.data.docs.every((d) => d.run !== "RUNNING"),
    );
    const names = done.body.data.docs.map((d) => d.name);
    expect(names).toEqual(["Gesundheit.html", "Impfung.html"]);
    const start = done.body.data.docs[0] as Doc;
    expect(start.run).toBe("UNSTART");
    expect(start.progress_msg).toContain("Crawled 2 page(s)");
    expect(start.progress_msg).toContain("disallowed by robots.txt");
    expect(start.size).toBeGreaterThan(100);
  });

  it("takes a URL-encoded form, as RAGFlow's clients post it", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi<Doc[]>(`/datasets/${ds.id}/documents?type=web`, {
      token: user.token,
      body: new URLSearchParams({ name: "Formular", url: `${env.TEST_SITE_URL}/` }),
    });
    expect(res.body.data[0]).toMatchObject({ name: "Formular.html", source_type: "web" });
    // a URL-encoded local upload carries no file
    const local = await callApi(`/datasets/${ds.id}/documents`, {
      token: user.token,
      body: new URLSearchParams({ file: "x" }),
    });
    expect(local.body).toMatchObject({ code: 101, message: "No file part!" });
    await waitFor(
      () => list(user, ds.id),
      (r) => r.body.data.docs.every((d) => d.run !== "RUNNING"),
    );
  });

  it("fails the document with a readable message when the site cannot be crawled", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await crawl(user, ds.id, { name: "Kaputt", url: `${env.TEST_SITE_URL}/broken.html` });
    const done = await waitFor(
      () => list(user, ds.id),
      (r) => r.body.data.docs[0]?.run !== "RUNNING",
    );
    expect(done.body.data.docs[0]).toMatchObject({ run: "FAIL" });
    expect(done.body.data.docs[0]?.progress_msg).toContain("HTTP 404");
  });

  it("fails the document with a readable message when the host does not resolve", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await crawl(user, ds.id, { name: "Nirgends", url: "http://buddy-no-such-host.invalid/start.html" });
    const done = await waitFor(
      () => list(user, ds.id),
      (r) => r.body.data.docs[0]?.run !== "RUNNING",
    );
    expect(done.body.data.docs[0]).toMatchObject({ run: "FAIL" });
    expect(done.body.data.docs[0]?.progress_msg).toContain(
      "buddy-no-such-host.invalid could not be reached (the name does not resolve",
    );
  });

  it.each([
    [{ name: "x", url: "ftp://example.org" }, "URL must start with http:// or https://"],
    [{ name: "x", url: "https://example.org", max_depth: "-1" }, "Input should be greater than or equal to 0"],
    [{ name: "x", url: "https://example.org", max_pages: "0" }, "Input should be greater than or equal to 1"],
    [{ url: "https://example.org" }, "Field: <name>"],
  ])("validates %o", async (fields, message) => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await crawl(user, ds.id, fields as Record<string, string>);
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(message);
  });
});

describe("GET /datasets/{id}/documents (filters)", () => {
  it("filters by keywords, suffix and run status, pages, and rejects unknown statuses", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [
      textFile("Impfung.md", "a"),
      textFile("impfpass.txt", "b"),
      textFile("Ernährung.md", "c"),
    ]);
    expect((await list(user, ds.id, "?keywords=IMPF")).body.data.total).toBe(2);
    expect((await list(user, ds.id, "?suffix=md")).body.data.docs.map((d) => d.name).toSorted()).toEqual([
      "Ernährung.md",
      "Impfung.md",
    ]);
    expect((await list(user, ds.id, "?run=UNSTART&run=DONE")).body.data.total).toBe(3);
    expect((await list(user, ds.id, "?run=3")).body.data.total).toBe(0);
    const paged = await list(user, ds.id, "?page=2&page_size=2&orderby=name&desc=false");
    expect(paged.body.data.docs.map((d) => d.name)).toEqual(["Impfung.md"]);
    const bad = await list(user, ds.id, "?run=DONE&run=SLEEPING&run=9");
    expect(bad.body).toMatchObject({ code: 102, message: "Invalid filter run status conditions: SLEEPING, 9" });
  });
});

describe("GET /datasets/{id}/documents?metadata_condition=", () => {
  it("lists only documents whose metadata passes, and refuses a condition that is not a JSON object of conditions", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [a, b, c] = (
      await uploadFiles(user, ds.id, [textFile("a.txt", "a"), textFile("b.txt", "b"), textFile("c.txt", "c")])
    ).body.data as Doc[];
    const meta = (doc: Doc | undefined, meta_fields: Record<string, unknown>) =>
      callApi(`/datasets/${ds.id}/documents/${doc?.id}`, { method: "PATCH", token: user.token, json: { meta_fields } });
    await meta(a, { autor: "RKI", jahr: 2021 });
    await meta(b, { autor: "RKI", jahr: 2024 });
    await meta(c, { autor: "BZgA", jahr: 2024 });
    const where = (condition: unknown) =>
      list(user, ds.id, `?orderby=name&desc=false&metadata_condition=${encodeURIComponent(JSON.stringify(condition))}`);
    const names = async (condition: unknown) => (await where(condition)).body.data.docs.map((doc) => doc.name);
    expect(
      await names({
        conditions: [
          { name: "autor", comparison_operator: "=", value: "RKI" },
          { name: "jahr", comparison_operator: "≥", value: 2022 },
        ],
      }),
    ).toEqual(["b.txt"]);
    expect(
      await names({
        logic: "or",
        conditions: [
          { name: "autor", comparison_operator: "=", value: "BZgA" },
          { name: "jahr", comparison_operator: "<", value: 2022 },
        ],
      }),
    ).toEqual(["a.txt", "c.txt"]);
    expect(
      (await where({ conditions: [{ name: "autor", comparison_operator: "=", value: "WHO" }] })).body.data,
    ).toEqual({ total: 0, docs: [] });
    expect((await where({ conditions: [] })).body.data.total).toBe(3);

    const raw = (text: string) => list(user, ds.id, `?metadata_condition=${encodeURIComponent(text)}`);
    expect((await raw("{kaputt")).body).toMatchObject({ code: 102, message: "metadata_condition must be valid JSON." });
    expect((await raw("[1]")).body).toMatchObject({ code: 102, message: "metadata_condition must be an object." });
    expect(
      (await raw(JSON.stringify({ conditions: [{ name: "", comparison_operator: "=", value: "x" }] }))).body,
    ).toMatchObject({ code: 102, message: "metadata_condition: Each condition needs a metadata field name." });
  });
});

describe("PATCH /datasets/{id}/documents/{doc}", () => {
  const setup = async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const docs = (await uploadFiles(user, ds.id, [textFile("a.txt", "a"), textFile("b.txt", "b")])).body.data;
    return { user, ds, a: docs[0] as Doc, b: docs[1] as Doc };
  };
  const patch = (user: TestUser, datasetId: string, docId: string, json: unknown) =>
    callApi<Doc>(`/datasets/${datasetId}/documents/${docId}`, { method: "PATCH", token: user.token, json });

  it("accepts the stored counts sent back, as RAGFlow's SDK does with Document.update", async () => {
    const { user, ds, a } = await setup();
    const res = await patch(user, ds.id, a.id, { chunk_count: 0, token_count: 0, progress: 0, name: "Zurück.txt" });
    expect(res.body).toMatchObject({ code: 0, data: { name: "Zurück.txt" } });
  });

  it("renames, disables, sets metadata and chunk method", async () => {
    const { user, ds, a } = await setup();
    const res = await patch(user, ds.id, a.id, {
      name: "Anamnese.txt",
      enabled: 0,
      meta_fields: { author: "RKI", year: 2024 },
      chunk_method: "qa",
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: "Anamnese.txt",
      status: "0",
      chunk_method: "qa",
      meta_fields: { author: "RKI", year: 2024 },
    });
  });

  it.each([
    [{ name: "a.pdf" }, 101, "The extension of file can't be changed"],
    [{ name: "B.txt" }, 102, "Duplicated document name in the same dataset."],
    [{ chunk_count: 3 }, 102, "can't change `chunk_count`"],
    [{ token_count: 7 }, 102, "can't change `token_count`"],
    [{ progress: 0.5 }, 102, "can't change `progress`"],
    [{ enabled: 2 }, 102, "Field: <enabled> - Message: <Input should be 0 or 1>"],
    [{ meta_fields: ["kein Objekt"] }, 102, "Input should be a valid dictionary"],
    [{ meta_fields: { autor: { name: "RKI" } } }, 102, "Message: <The type is not supported: {'name': 'RKI'}>"],
    [{ meta_fields: { tags: [{ x: 1 }] } }, 102, "Message: <The type is not supported in list: [{'x': 1}]>"],
    [{ meta_fields: { aktiv: true } }, 102, "Each metadata value must be a string, a number or a list of them"],
    [{ meta_fields: { notiz: "x".repeat(16 * 1024 - 11) } }, 102, "Metadata must be at most 16 KB as JSON"],
    [{ parser_config: { chunk_token_num: -1 } }, 102, "Field: <parser_config.chunk_token_num>"],
    [{ unbekannt: 1 }, 102, "Field: <unbekannt> - Message: <Extra inputs are not permitted>"],
  ])("rejects %o and changes nothing", async (json, code, message) => {
    const { user, ds, a } = await setup();
    const res = await patch(user, ds.id, a.id, json);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(message);
    const after = (await list(user, ds.id, `?id=${a.id}`)).body.data.docs[0];
    expect(after).toMatchObject({ name: "a.txt", status: "1", chunk_method: "naive" });
    expect(after?.meta_fields).toEqual({});
  });

  it("keeps metadata of exactly 16 KB as JSON, counted in UTF-8 bytes", async () => {
    const { user, ds, a } = await setup();
    const notiz = "ü".repeat((16 * 1024 - 12) / 2); // {"notiz":"…"} is 12 bytes around the value
    expect((await patch(user, ds.id, a.id, { meta_fields: { notiz } })).body.code).toBe(0);
    expect((await list(user, ds.id, `?id=${a.id}`)).body.data.docs[0]?.meta_fields).toEqual({ notiz });
    expect((await patch(user, ds.id, a.id, { meta_fields: { notiz: `${notiz}e` } })).body.message).toContain(
      "at most 16 KB",
    );
  });

  it("refuses a document of another dataset", async () => {
    const { user, ds } = await setup();
    const other = await createDataset(user);
    const [foreign] = (await uploadFiles(user, other.id, [textFile("c.txt", "c")])).body.data;
    const res = await patch(user, ds.id, foreign?.id as string, { name: "x.txt" });
    expect(res.body).toMatchObject({ code: 102, message: "the dataset doesn't own the document" });
    const stranger = await createUser();
    expect((await patch(stranger, ds.id, foreign?.id as string, { name: "x.txt" })).body).toMatchObject({
      code: 102,
      message: "you don't own the dataset",
    });
  });
});

describe("DELETE /datasets/{id}/documents", () => {
  it("deletes documents and their files, keeping the counters exact", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [a, b] = (await uploadFiles(user, ds.id, [textFile("a.txt", "a"), textFile("b.txt", "b")])).body.data;
    const res = await callApi(`/datasets/${ds.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { ids: [a?.id] },
    });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: 1 } });
    const dataset = await callApi<{ document_count: number }>(`/datasets/${ds.id}`, { token: user.token });
    expect(dataset.body.data.document_count).toBe(1);
    expect((await list(user, ds.id)).body.data.docs.map((d) => d.id)).toEqual([b?.id]);
    const { SELF } = await import("cloudflare:test");
    const gone = await SELF.fetch(`${BASE}/datasets/${ds.id}/documents/${a?.id}`, {
      headers: { Authorization: user.token },
    });
    expect(((await gone.json()) as { code: number }).code).toBe(102);
  });

  it("requires ids or delete_all and refuses ids from elsewhere", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [textFile("a.txt", "a")]);
    const empty = await callApi(`/datasets/${ds.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { ids: [] },
    });
    expect(empty.body.message).toBe(`should either provide doc ids or set delete_all(true), dataset: ${ds.id}. `);
    const foreign = await callApi(`/datasets/${ds.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { ids: ["0".repeat(32)] },
    });
    expect(foreign.body.code).toBe(102);
    expect(foreign.body.message).toContain("These documents do not belong to dataset");
    const all = await callApi(`/datasets/${ds.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { delete_all: true },
    });
    expect(all.body.data).toEqual({ deleted: 1 });
  });
});
