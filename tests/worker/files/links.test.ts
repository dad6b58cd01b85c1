import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FileEntry } from "../../../worker/contract/files";
import { multiPagePdf } from "../../helpers/fixtures/documents";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  listDocs,
  textFile,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";
import { byName, knowledgebaseFolder, listFolder, newFolder, putFiles } from "../../helpers/worker/files";

type Linked = { linked: { file_id: string; kb_id: string; doc_id: string }[]; skipped: string[] };

const link = (token: string, fileIds: string[], kbIds: string[]) =>
  callApi<Linked>("/files/link-to-datasets", { token, json: { file_ids: fileIds, kb_ids: kbIds } });

const chunkCount = async (token: string, datasetId: string, docId: string) =>
  (await callApi<{ total: number }>(`/datasets/${datasetId}/documents/${docId}/chunks`, { token })).body.data.total;

describe("linking files to knowledge bases", () => {
  it("links one blob into two bases; unlinking one leaves the other's document and chunks", async () => {
    const user = await createUser();
    const [first, second] = [await createDataset(user), await createDataset(user)];
    const [file] = (
      await putFiles(user, [textFile("leitlinie.txt", "Bei Fieber viel trinken. Bei Husten Tee mit Honig.")])
    ).body.data as [FileEntry];

    const once = await link(user.token, [file.id], [first.id]);
    expect(once.body.data.linked).toHaveLength(1);
    await waitUntilSettled(user, first.id);
    const firstDoc = once.body.data.linked[0]?.doc_id as string;
    const firstChunks = await chunkCount(user.token, first.id, firstDoc);
    expect(firstChunks).toBeGreaterThan(0);

    const again = await link(user.token, [file.id], [first.id, second.id]);
    expect(again.body.data.linked.map((entry) => entry.kb_id)).toEqual([second.id]);
    await waitUntilSettled(user, second.id);
    expect((await listDocs(user, first.id)).map((doc) => doc.id)).toEqual([firstDoc]);
    expect(await chunkCount(user.token, first.id, firstDoc)).toBe(firstChunks);

    const listed = byName(await listFolder(user));
    expect(listed["leitlinie.txt"]?.kbs_info.map((kb) => kb.kb_id).toSorted()).toEqual(
      [first.id, second.id].toSorted(),
    );

    const secondDoc = again.body.data.linked[0]?.doc_id as string;
    const unlink = await callApi(`/datasets/${second.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { ids: [secondDoc] },
    });
    expect(unlink.body.code).toBe(0);
    expect(await chunkCount(user.token, first.id, firstDoc)).toBe(firstChunks);
    expect((await callApi(`/files/${file.id}`, { token: user.token })).body).toContain("Fieber");
    expect(byName(await listFolder(user))["leitlinie.txt"]?.kbs_info.map((kb) => kb.kb_id)).toEqual([first.id]);
    const retrieval = await callApi<{ chunks: { document_id: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Fieber trinken", dataset_ids: [first.id] },
    });
    expect(retrieval.body.data.chunks[0]?.document_id).toBe(firstDoc);
  });

  // the first PDF of a test file loads pdf.js, which takes seconds on a busy machine
  it("links a PDF without copying it, expands folders and skips what cannot be parsed", async () => {
    const user = await createUser();
    const kb = await createDataset(user);
    const folder = await newFolder(user, "Mixed");
    const pdf = multiPagePdf();
    await putFiles(
      user,
      [pdf, textFile("notes.bin", "binary"), textFile("sub/readme.md", "# Lies mich\nText")],
      folder.id,
    );
    const res = await link(user.token, [folder.id], [kb.id]);
    expect(res.body.data.skipped).toEqual(["notes.bin"]);
    expect(res.body.data.linked).toHaveLength(2);
    const docs = await waitUntilSettled(user, kb.id, 60_000);
    expect(docs.map((doc) => doc.run).toSorted()).toEqual(["DONE", "DONE"]);
    const tenantId = (await listFolder(user)).parent_folder?.tenant_id as string;
    const keys = (await env.FILES.list({ prefix: `${tenantId}/` })).objects.map((object) => object.key);
    expect(keys.filter((key) => key.includes("/files/"))).toHaveLength(3);
    expect(keys.filter((key) => key.includes("/datasets/"))).toEqual([]);

    const single = await link(
      user.token,
      [(byName(await listFolder(user, folder.id))["notes.bin"] as FileEntry).id],
      [kb.id],
    );
    expect(single.body).toMatchObject({
      code: 102,
      message: "notes.bin cannot be added to a knowledge base: its file type cannot be parsed.",
    });
  }, 60_000);

  it("deleting a linked file removes its documents; deleting a base keeps the file", async () => {
    const user = await createUser();
    const [keep, drop] = [await createDataset(user), await createDataset(user)];
    const [a, b] = (await putFiles(user, [textFile("a.txt", "Alpha Inhalt"), textFile("b.txt", "Beta Inhalt")])).body
      .data as [FileEntry, FileEntry];
    await link(user.token, [a.id, b.id], [keep.id, drop.id]);
    await waitUntilSettled(user, keep.id);
    await waitUntilSettled(user, drop.id);

    await callApi("/files", { method: "DELETE", token: user.token, json: { ids: [a.id] } });
    expect((await listDocs(user, keep.id)).map((doc) => doc.name)).toEqual(["b.txt"]);

    await callApi("/datasets", { method: "DELETE", token: user.token, json: { ids: [drop.id] } });
    expect((await callApi(`/files/${b.id}`, { token: user.token })).body).toBe("Beta Inhalt");
    expect(byName(await listFolder(user))["b.txt"]?.kbs_info.map((kb) => kb.kb_id)).toEqual([keep.id]);
  });

  it("shows each base's own uploads read-only under .knowledgebase", async () => {
    const user = await createUser();
    const kb = await createDataset(user, { name: "Handbuch" });
    const doc = (await uploadFiles(user, kb.id, [textFile("kapitel.txt", "Kapitel eins")])).body.data[0] as {
      id: string;
    };
    const knowledgebase = await knowledgebaseFolder(user, kb.id);
    const bases = await listFolder(user, knowledgebase.id);
    expect(bases.files.map((file) => [file.name, file.readonly])).toEqual([["Handbuch", true]]);
    const uploads = await listFolder(user, kb.id);
    expect(uploads.files.map((file) => [file.id, file.name, file.readonly])).toEqual([[doc.id, "kapitel.txt", true]]);
    expect((await callApi(`/files/${doc.id}`, { token: user.token })).body).toBe("Kapitel eins");
    const chain = await callApi<{ parent_folders: FileEntry[] }>(`/files/${doc.id}/ancestors`, { token: user.token });
    expect(chain.body.data.parent_folders.map((entry) => entry.name)).toEqual([
      "/",
      ".knowledgebase",
      "Handbuch",
      "kapitel.txt",
    ]);
    expect(
      (await callApi("/files/move", { token: user.token, json: { src_file_ids: [doc.id], new_name: "x.txt" } })).body
        .code,
    ).toBe(102);
  });
});

describe("importing a website into a folder", () => {
  it("crawls with the knowledge bases' crawler and stores each page as an HTML file", async () => {
    const user = await createUser();
    const folder = await newFolder(user, "Web");
    const res = await callApi<{ files: FileEntry[]; skipped: string[] }>("/files/import/web", {
      token: user.token,
      json: { url: `${env.TEST_SITE_URL}/`, parent_id: folder.id, max_depth: 1, max_pages: 10 },
    });
    expect(res.body.code).toBe(0);
    const listing = await listFolder(user, folder.id);
    expect(listing.total).toBeGreaterThan(1);
    expect(
      listing.files.every(
        (file) =>
          file.name.endsWith(".html") && file.source_type === "web" && file.source_url?.startsWith(env.TEST_SITE_URL),
      ),
    ).toBe(true);
    const bad = await callApi("/files/import/web", { token: user.token, json: { url: "ftp://example.com" } });
    expect(bad.body.code).toBe(101);
  });
});
