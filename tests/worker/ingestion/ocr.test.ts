import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { parseDocument } from "../../../worker/rag/parse";
import { createDeps } from "../../../worker/services/create-deps";
import { runTask } from "../../../worker/services/ingestion/run-task";
import { pdfFile } from "../../helpers/fixtures/pdf";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, type TestUser, uploadFiles } from "../../helpers/worker/factories";
import { addInstance, addLocalModel, setDefaultModels } from "../../helpers/worker/models";

// A page of text, and pages that only draw an image (a scan: no text layer at all).
const TEXT_PAGE = {
  lines: ["Seite 1: Reiseimpfungen im Überblick", "Gelbfieber, Tollwut und Typhus vor der Abreise besprechen."],
};
const SCAN_PAGE = { lines: [], images: [{ width: 400, height: 560, kind: "gray" as const }] };
const RGB_SCAN_PAGE = { lines: [], images: [{ width: 300, height: 420, kind: "rgb" as const }] };
const pdf = (name: string, pages: (typeof TEXT_PAGE | typeof SCAN_PAGE)[]) =>
  new File([pdfFile(pages)], name, { type: "application/pdf" });

const withVisionModel = async () => {
  const user = await createUser();
  await addLocalModel(user, "vision-model", "image2text");
  await setDefaultModels(user.token, { img2txt_id: "vision-model@OpenAI-API-Compatible" });
  return user;
};

const chunksOf = async (user: { token: string }, datasetId: string, docId: string) =>
  (
    await callApi<{ chunks: { content: string; positions: number[][] }[] }>(
      `/datasets/${datasetId}/documents/${docId}/chunks?page_size=100`,
      { token: user.token },
    )
  ).body.data.chunks;

describe("OCR of scanned PDF pages", () => {
  it("the parser names the pages without a text layer and hands over their scans only when asked", async () => {
    const bytes = pdfFile([TEXT_PAGE, SCAN_PAGE, { lines: [] }]);
    const options = { fromPage: 1, toPage: 3, html4excel: false, figures: true };
    const plain = await parseDocument("pdf", "a.pdf", bytes, options);
    // page 3 is blank (no image): nothing to read, not a scan
    expect(plain.textless).toEqual([2]);
    expect(plain.scans).toEqual([]);
    // the scan is the page, not a figure on it
    expect(plain.figures).toEqual([]);
    const scanned = await parseDocument("pdf", "a.pdf", bytes, { ...options, scans: true });
    expect(scanned.scans?.map((scan) => [scan.page, scan.mimeType])).toEqual([[2, "image/png"]]);
    expect([...(scanned.scans?.[0]?.bytes.subarray(0, 4) ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // pdf.js loads on first use: slow on a busy machine
  }, 30_000);

  it("reads a scanned page with the image-to-text model, page by page, as Markdown with headings", async () => {
    const user = await withVisionModel();
    const ds = await createDataset(user, { chunk_method: "manual" });
    const docs = await ingest(user, ds.id, [pdf("gescannt.pdf", [TEXT_PAGE, SCAN_PAGE, RGB_SCAN_PAGE])]);
    const doc = docs["gescannt.pdf"] as unknown as DatasetDocument;
    expect(doc.run).toBe("DONE");
    const texts = doc.progress_lines.map((line) => [line.code, line.text]);
    expect(texts).toContainEqual([
      "progress.ocrStarted",
      "OCR of 2 pages without a text layer with vision-model@main@OpenAI-API-Compatible.",
    ]);
    expect(texts).toContainEqual(["progress.ocrDone", expect.stringMatching(/^OCR: 2 of 2 pages read \([\d.]+s\)\.$/)]);
    const chunks = await chunksOf(user, ds.id, doc.id);
    // the model's "# Befund" is a heading, so Manual starts a chunk at it, on the scan's page
    const scanned = chunks.filter((chunk) => chunk.content.includes("Impfpass"));
    expect(scanned.map((chunk) => [chunk.content, chunk.positions[0]?.[0]])).toEqual([
      ["Befund\nDer Impfpass (Scan 400×560) ist gültig bis 2030.", 2],
      ["Befund\nDer Impfpass (Scan 300×420) ist gültig bis 2030.", 3],
    ]);
    expect(chunks.some((chunk) => chunk.content.includes("Gelbfieber"))).toBe(true);
  });

  it("reads scanned pages in Plain Text mode too", async () => {
    const user = await withVisionModel();
    const ds = await createDataset(user, { chunk_method: "naive", parser_config: { layout_recognize: "Plain Text" } });
    const docs = await ingest(user, ds.id, [pdf("einfach.pdf", [TEXT_PAGE, SCAN_PAGE])]);
    const doc = docs["einfach.pdf"] as unknown as DatasetDocument;
    expect(doc.run).toBe("DONE");
    expect(doc.progress_lines.map((line) => line.code)).toContain("progress.ocrDone");
    const chunks = await chunksOf(user, ds.id, doc.id);
    expect(chunks.some((chunk) => chunk.content.includes("Impfpass (Scan 400×560)"))).toBe(true);
    expect(chunks.some((chunk) => chunk.content.includes("Gelbfieber"))).toBe(true);
  });

  it("without an image-to-text model names the scanned pages and what to configure", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [
      pdf("nur-scans.pdf", [SCAN_PAGE, SCAN_PAGE, SCAN_PAGE, SCAN_PAGE]),
      pdf("gemischt.pdf", [TEXT_PAGE, SCAN_PAGE, TEXT_PAGE, SCAN_PAGE, SCAN_PAGE]),
    ]);
    const scansOnly = docs["nur-scans.pdf"] as unknown as DatasetDocument;
    expect(scansOnly.run).toBe("FAIL");
    expect(scansOnly.progress_msg).toContain(
      "[ERROR] No text found: pages 1–4 are scanned images without a text layer. Set an image-to-text model in the system model settings to read them by OCR.",
    );
    expect(scansOnly.progress_lines.at(-1)).toMatchObject({ code: "progress.scannedPdf", params: { pages: "1–4" } });
    // text pages are read; the scans are named in the log
    const mixed = docs["gemischt.pdf"] as unknown as DatasetDocument;
    expect(mixed.run).toBe("DONE");
    expect(mixed.progress_lines.find((line) => line.code === "progress.ocrMissing")).toMatchObject({
      text: "[WARN] Pages without a text layer (scanned images) were not read: 2, 4–5. Set an image-to-text model in the system model settings to read them by OCR.",
      params: { pages: "2, 4–5" },
    });
  });
});

// The document's task run by hand with an OCR budget of 1 ms: the first scanned page is read, the budget is over
// before the next one.
const parseWithTinyBudget = async (user: TestUser, file: File) => {
  const ds = await createDataset(user);
  const [doc] = (await uploadFiles(user, ds.id, [file])).body.data;
  const taskId = crypto.randomUUID().replace(/-/g, "");
  await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(doc?.id).run();
  await env.DB.prepare("INSERT INTO tasks (id, document_id, dataset_id, tenant_id, create_time) VALUES (?, ?, ?, ?, ?)")
    .bind(taskId, doc?.id, ds.id, user.id, Date.now())
    .run();
  const deps = createDeps({ ...env, OCR_BUDGET_SECONDS: "0.001" } as unknown as Env);
  await runTask(deps, { type: "task", tenantId: user.id, taskId });
  const task = await env.DB.prepare("SELECT state, attempts FROM tasks WHERE id = ?").bind(taskId).first();
  const listed = await callApi<{ docs: DatasetDocument[] }>(`/datasets/${ds.id}/documents?page_size=10`, {
    token: user.token,
  });
  return { ds, task, doc: listed.body.data.docs[0] as DatasetDocument };
};

describe("OCR within the task's time budget", () => {
  it("reads pages until the budget is spent and names the pages left, once, without a retry", {
    timeout: 30_000,
  }, async () => {
    const user = await withVisionModel();
    const file = pdf("viele-scans.pdf", [TEXT_PAGE, SCAN_PAGE, SCAN_PAGE, SCAN_PAGE, SCAN_PAGE]);
    const { ds, task, doc } = await parseWithTinyBudget(user, file);
    expect(task).toEqual({ state: "done", attempts: 1 });
    expect(doc.run).toBe("DONE");
    expect(doc.progress_lines.find((line) => line.code === "progress.ocrBudget")).toMatchObject({
      text: "[WARN] OCR stopped after 0s, the task's time budget; pages not read: 3–5.",
      params: { pages: "3–5" },
    });
    expect(doc.progress_lines.find((line) => line.code === "progress.ocrDone")?.params).toMatchObject({
      read: "1",
      count: "4",
    });
    // the page read is searchable (one scan's text only), the text page too
    const chunks = await chunksOf(user, ds.id, doc.id);
    const text = chunks.map((chunk) => chunk.content).join("\n");
    expect(text.match(/Impfpass/g)).toHaveLength(1);
    expect(chunks.find((chunk) => chunk.content.includes("Impfpass"))?.positions.map((p) => p[0])).toContain(2);
    expect(text).toContain("Gelbfieber");
  });

  it("a document left without any text ends with an error naming its pages", async () => {
    const user = await createUser();
    // the model refuses every call: the first page fails, the budget is spent before the others
    await addInstance(user, { api_key: "not-the-key", models: [["refusing-vision", "image2text"]] });
    await setDefaultModels(user.token, { img2txt_id: "refusing-vision@OpenAI-API-Compatible" });
    const { task, doc } = await parseWithTinyBudget(user, pdf("nur-scans.pdf", [SCAN_PAGE, SCAN_PAGE, SCAN_PAGE]));
    expect(task).toEqual({ state: "failed", attempts: 1 });
    expect(doc.run).toBe("FAIL");
    expect(doc.progress_lines.some((line) => line.code === "progress.ocrPageFailed")).toBe(true);
    expect(doc.progress_lines.at(-1)).toMatchObject({
      code: "progress.ocrStopped",
      text: "[ERROR] No text found: OCR stopped at the task's time budget; pages without text: 1–3.",
      params: { pages: "1–3" },
    });
  });
});
