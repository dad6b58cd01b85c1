import { callApi } from "./api";

let counter = 0;

export const uniqueEmail = (label = "user") =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${crypto.randomUUID().slice(0, 8)}@buddy.test`;

export const DEFAULT_PASSWORD = "correct-horse-battery";

export type TestUser = { id: string; email: string; password: string; token: string };

// A fresh, signed-in user (and so a fresh tenant) per test: no shared fixtures.
export const createUser = async (overrides: { nickname?: string; password?: string } = {}) => {
  const email = uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  // each test user from an address of its own (198.18.0.0/15, for benchmarks): registrations are limited per address
  const address = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const res = await callApi<{ id: string }>("/users", {
    json: { email, password, nickname: overrides.nickname ?? "Tester" },
    headers: { "CF-Connecting-IP": address },
  });
  if (res.body.code !== 0) throw new Error(`register failed: ${res.body.message}`);
  return { id: res.body.data.id, email, password, token: res.headers.get("Authorization") ?? "" } satisfies TestUser;
};

type DatasetData = { id: string; name: string; [key: string]: unknown };

export const createDataset = async (user: TestUser, json: Record<string, unknown> = {}) => {
  const res = await callApi<DatasetData>("/datasets", {
    token: user.token,
    json: { name: `kb-${crypto.randomUUID().slice(0, 8)}`, ...json },
  });
  if (res.body.code !== 0) throw new Error(`dataset create failed: ${res.body.message}`);
  return res.body.data;
};

export const uploadFiles = (user: TestUser, datasetId: string, files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append("file", file);
  return callApi<{ id: string; name: string; size: number; run: string; chunk_method: string }[]>(
    `/datasets/${datasetId}/documents`,
    { token: user.token, body: form },
  );
};

// Uploads refuse 0-byte files (issue 32), but a document's stored file can still be empty (one linked from the
// file manager): a 0-byte file here goes up as one placeholder byte and its blob is emptied afterwards.
export const uploadFilesKeepingEmpty = async (user: TestUser, datasetId: string, files: File[]) => {
  const res = await uploadFiles(
    user,
    datasetId,
    files.map((file) => (file.size === 0 ? new File([" "], file.name, { type: file.type }) : file)),
  );
  if (res.body.code !== 0) throw new Error(`upload failed: ${res.body.message}`);
  const { env } = await import("cloudflare:test");
  const stored = res.body.data as unknown as { location: string }[];
  for (const [i, doc] of stored.entries())
    if (files[i]?.size === 0) await env.FILES.put(doc.location, new Uint8Array(0));
  return res;
};

export const textFile = (name: string, text: string, type = "text/plain") => new File([text], name, { type });

// Real sample files, served by the test site from ../shared/datasets/ingestion-samples: only for the corpus tests,
// which are skipped without that folder (env.SAMPLES_AVAILABLE). Other tests generate their documents
// (tests/helpers/fixtures).
export const sampleFile = async (name: string) => {
  const { env } = await import("cloudflare:test");
  const res = await fetch(`${env.TEST_SITE_URL}/samples/${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`sample ${name} not found`);
  return new File([await res.arrayBuffer()], name);
};

type DocState = {
  id: string;
  name: string;
  run: string;
  progress: number;
  progress_msg: string;
  chunk_count: number;
  token_count: number;
  chunk_method: string;
  meta_fields: Record<string, unknown>;
};

export const listDocs = async (user: TestUser, datasetId: string) =>
  (await callApi<{ docs: DocState[] }>(`/datasets/${datasetId}/documents?page_size=100`, { token: user.token })).body
    .data.docs;

// Polls until no document of the dataset is RUNNING (the queue consumer works in the background).
export const waitUntilSettled = async (user: TestUser, datasetId: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const docs = await listDocs(user, datasetId);
    if (docs.every((doc) => doc.run !== "RUNNING") || Date.now() > until) return docs;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

export const parseDocs = (user: TestUser, datasetId: string, ids: string[]) =>
  callApi(`/datasets/${datasetId}/chunks`, { token: user.token, json: { document_ids: ids } });

// Upload files, parse them and wait: returns the settled documents by name.
export const ingest = async (user: TestUser, datasetId: string, files: File[], timeoutMs?: number) => {
  const uploaded = (await uploadFiles(user, datasetId, files)).body.data;
  await parseDocs(
    user,
    datasetId,
    uploaded.map((doc) => doc.id),
  );
  const docs = await waitUntilSettled(user, datasetId, timeoutMs);
  return Object.fromEntries(docs.map((doc) => [doc.name, doc]));
};
