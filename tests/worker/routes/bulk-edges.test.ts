import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AGENT_TITLE_MAX } from "../../../worker/contract/agents";
import { CHAT_NAME_MAX } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { cloneRows, countRows, hexId, renamed } from "../../helpers/worker/bulk";
import { createChat, createSession } from "../../helpers/worker/chat";
import { createDataset, createUser, textFile, type TestUser, uploadFiles } from "../../helpers/worker/factories";
import { newFolder, putFiles } from "../../helpers/worker/files";

// Every id list at 1, 100, 101 (one past a D1 slice of 90 and past a page), 1,000 and 10,000 ids. The file manager
// stops at 1,000: it refuses more (FILE_BATCH_MAX). Unknown and other tenants' ids are reported, never touched.

const SIZES = [1, 100, 101, 1_000, 10_000];
const UP_TO_1000 = [1, 100, 101, 1_000];
const SLOW = { timeout: 180_000 };
// tests that make some twenty requests, on a machine the other test files keep busy
const MANY_CALLS = { timeout: 60_000 };

const send = (user: TestUser, method: string, path: string, json: unknown) =>
  callApi<{ success_count?: number; errors?: string[] }>(path, { method, token: user.token, json });

// `count` rows of `table` like the template: the template itself and count - 1 copies.
const rowsLike = async (table: string, templateId: string, count: number, vary: Record<string, string> = {}) => [
  templateId,
  ...(await cloneRows(table, templateId, count - 1, vary)),
];

const uploadedDocument = async (user: TestUser) => {
  const ds = await createDataset(user);
  const [doc] = (await uploadFiles(user, ds.id, [textFile("a.txt", "Ein Absatz.")])).body.data as { id: string }[];
  return { ds, doc: doc as { id: string } };
};

const chatSession = async (user: TestUser) => {
  const chat = await createChat(user, {});
  return { chat, session: await createSession(user, chat.id) };
};

const agentSession = async (user: TestUser) => {
  const agent = await createAgent(
    user,
    flow([
      ["begin", "Begin", { prologue: "Hallo" }, ["Message:m"]],
      ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
    ]),
  );
  const session = await callApi<{ id: string }>(`/agents/${agent.id}/sessions`, { token: user.token, json: {} });
  return { agent, session: session.body.data };
};

describe("bulk deletes at every size", () => {
  it.each(SIZES)("DELETE /datasets with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const ids = await rowsLike("datasets", (await createDataset(user)).id, size, renamed);
    const res = await send(user, "DELETE", "/datasets", { ids });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("datasets", ids)).toBe(0);
  });

  it.each(SIZES)("DELETE /datasets/{id}/documents with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { ds, doc } = await uploadedDocument(user);
    const ids = await rowsLike("documents", doc.id, size, renamed);
    const res = await send(user, "DELETE", `/datasets/${ds.id}/documents`, { ids });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: size } });
    expect(await countRows("documents", ids)).toBe(0);
    const dataset = await callApi<{ document_count: number }>(`/datasets/${ds.id}`, { token: user.token });
    expect(dataset.body.data.document_count).toBe(0);
  });

  it.each(SIZES)("DELETE …/documents/{id}/chunks with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { ds, doc } = await uploadedDocument(user);
    const base = `/datasets/${ds.id}/documents/${doc.id}/chunks`;
    const made = await callApi<{ chunk: { id: string } }>(base, { token: user.token, json: { content: "Ein Satz." } });
    const ids = await rowsLike("chunks", made.body.data.chunk.id, size);
    const res = await send(user, "DELETE", base, { chunk_ids: ids });
    expect(res.body).toMatchObject({ code: 0, data: { success_count: size } });
    expect(await countRows("chunks", ids)).toBe(0);
  });

  it.each(SIZES)("DELETE /chats with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const ids = await rowsLike("dialogs", (await createChat(user, {})).id, size, renamed);
    const res = await send(user, "DELETE", "/chats", { ids });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("dialogs", ids)).toBe(0);
  });

  it.each(SIZES)("DELETE /chats/{id}/sessions with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { chat, session } = await chatSession(user);
    const ids = await rowsLike("conversations", session.id, size);
    const res = await send(user, "DELETE", `/chats/${chat.id}/sessions`, { ids });
    // RAGFlow v0.27 answers `true` when every session went
    expect(res.body).toEqual({ code: 0, message: "success", data: true });
    expect(await countRows("conversations", ids)).toBe(0);
  });

  it.each(SIZES)("DELETE /agents/{id}/sessions with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { agent, session } = await agentSession(user);
    const ids = await rowsLike("agent_sessions", session.id, size);
    const res = await send(user, "DELETE", `/agents/${agent.id}/sessions`, { ids });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("agent_sessions", ids)).toBe(0);
  });

  it.each([...UP_TO_1000, 1_001])("DELETE /files with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const [file] = (await putFiles(user, [textFile("a.txt", "a")])).body.data;
    const ids = await rowsLike("files", file?.id as string, size, renamed);
    const res = await send(user, "DELETE", "/files", { ids });
    if (size > 1_000) {
      expect(res.body).toMatchObject({ code: 101, message: expect.stringContaining("at most 1000 items") });
      expect(await countRows("files", ids)).toBe(size);
      return;
    }
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("files", ids)).toBe(0);
  });
});

describe("other id lists at every size", () => {
  it.each(SIZES)("PATCH …/documents/{id}/chunks (switch off) with %i chunk ids", SLOW, async (size) => {
    const user = await createUser();
    const { ds, doc } = await uploadedDocument(user);
    const base = `/datasets/${ds.id}/documents/${doc.id}/chunks`;
    const made = await callApi<{ chunk: { id: string } }>(base, { token: user.token, json: { content: "Ein Satz." } });
    const ids = await rowsLike("chunks", made.body.data.chunk.id, size);
    const res = await send(user, "PATCH", base, { chunk_ids: ids, available_int: 0 });
    expect(res.body).toMatchObject({ code: 0, data: true });
    expect(await countRows("chunks", ids, "available = 0")).toBe(size);
  });

  it.each([...UP_TO_1000, 1_001])("POST /files/move with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const folder = await newFolder(user, "Ziel");
    const [file] = (await putFiles(user, [textFile("a.txt", "a")])).body.data;
    const ids = await rowsLike("files", file?.id as string, size, renamed);
    const res = await send(user, "POST", "/files/move", { src_file_ids: ids, dest_file_id: folder.id });
    if (size > 1_000) {
      expect(res.body).toMatchObject({ code: 101, message: expect.stringContaining("at most 1000 items") });
      expect(await countRows("files", ids, `parent_id = '${folder.id}'`)).toBe(0);
      return;
    }
    expect(res.body.code).toBe(0);
    expect(await countRows("files", ids, `parent_id = '${folder.id}'`)).toBe(size);
  });

  it.each(UP_TO_1000)("POST /files/link-to-datasets with %i files", SLOW, async (size) => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [file] = (await putFiles(user, [textFile("a.txt", "a")])).body.data;
    // copies keep the extension, so each is a parseable text file
    const ids = await rowsLike("files", file?.id as string, size, {
      name: "j.key || '-' || t.name",
      name_key: "j.key || '-' || t.name_key",
    });
    const res = await send(user, "POST", "/files/link-to-datasets", { file_ids: ids, kb_ids: [ds.id] });
    expect(res.body).toMatchObject({ code: 0 });
    expect(await countRows("datasets", [ds.id], `doc_num = ${size}`)).toBe(1);
    const linked = await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE dataset_id = ?")
      .bind(ds.id)
      .first<{ n: number }>();
    expect(linked?.n).toBe(size);
  });

  it("POST /files/link-to-datasets refuses 1,001 files and links nothing", SLOW, async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [file] = (await putFiles(user, [textFile("a.txt", "a")])).body.data;
    const ids = await rowsLike("files", file?.id as string, 1_001, renamed);
    const res = await send(user, "POST", "/files/link-to-datasets", { file_ids: ids, kb_ids: [ds.id] });
    expect(res.body).toMatchObject({ code: 101, message: expect.stringContaining("at most 1000 items") });
    expect(await countRows("datasets", [ds.id], "doc_num = 0")).toBe(1);
  });

  it.each([...UP_TO_1000, 1_001])("DELETE /datasets/{id}/tags with %i tags", SLOW, async (size) => {
    const user = await createUser();
    const { ds, doc } = await uploadedDocument(user);
    const base = `/datasets/${ds.id}/documents/${doc.id}/chunks`;
    const made = await callApi<{ chunk: { id: string } }>(base, { token: user.token, json: { content: "Ein Satz." } });
    const chunkId = made.body.data.chunk.id;
    await env.DB.prepare(`UPDATE chunks SET tag_kwd = '["tag-0","bleibt"]' WHERE id = ?`).bind(chunkId).run();
    const tags = Array.from({ length: size }, (_, i) => `tag-${i}`);
    const res = await send(user, "DELETE", `/datasets/${ds.id}/tags`, { tags });
    const kept = size > 1_000 ? '["tag-0","bleibt"]' : '["bleibt"]';
    if (size > 1_000)
      expect(res.body).toMatchObject({ code: 101, message: expect.stringContaining("At most 1000 tags") });
    else expect(res.body.code).toBe(0);
    expect(await countRows("chunks", [chunkId], `tag_kwd = '${kept}'`)).toBe(1);
  });
});

describe("id lists that narrow a search", () => {
  it.each(UP_TO_1000)("POST /retrieval over %i of the caller's knowledge bases", SLOW, async (size) => {
    const user = await createUser();
    const ids = await rowsLike("datasets", (await createDataset(user)).id, size, renamed);
    const res = await send(user, "POST", "/retrieval", { question: "Schlaf", dataset_ids: ids });
    expect(res.body.code).toBe(0);
  });

  it("POST /retrieval names the first of 10,000 unknown knowledge bases and of 10,000 document ids", SLOW, async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const unknown = Array.from({ length: 10_000 }, hexId);
    const datasets = await send(user, "POST", "/retrieval", { question: "Schlaf", dataset_ids: unknown });
    expect(datasets.body).toMatchObject({ code: 102, message: `You don't own the dataset ${unknown[0]}.` });
    for (const size of [65, 10_000]) {
      const documents = await send(user, "POST", "/retrieval", {
        question: "Schlaf",
        dataset_ids: [ds.id],
        document_ids: unknown.slice(0, size),
      });
      expect(documents.body).toMatchObject({ code: 102, message: expect.stringContaining("At most 64 document_ids") });
    }
  });

  it("a search app takes at most 64 knowledge bases, also 10,000 are refused and nothing is saved", SLOW, async () => {
    const user = await createUser();
    for (const size of [65, 10_000]) {
      const res = await send(user, "POST", "/searches", {
        name: `Suche ${size}`,
        search_config: { kb_ids: Array.from({ length: size }, hexId) },
      });
      expect(res.body.code).not.toBe(0);
      expect(res.body.message).toContain("At most 64 knowledge bases.");
    }
    const listed = await callApi<{ total: number }>("/searches", { token: user.token });
    expect(listed.body.data.total).toBe(0);
  });
});

describe("parse and stop at every size", () => {
  // copies whose blobs are missing: the queued parse fails them at once instead of working through them
  const documentsOf = async (user: TestUser, size: number, run: string) => {
    const { ds, doc } = await uploadedDocument(user);
    await env.DB.prepare("UPDATE documents SET run = ? WHERE id = ?").bind(run, doc.id).run();
    return { ds, ids: await rowsLike("documents", doc.id, size, { ...renamed, location: "'missing/' || j.value" }) };
  };

  it.each(SIZES)("POST /datasets/{id}/chunks (parse) with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { ds, ids } = await documentsOf(user, size, "0");
    const res = await send(user, "POST", `/datasets/${ds.id}/chunks`, { document_ids: ids });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("documents", ids, "process_begin_at > 0")).toBe(size);
  });

  it.each(SIZES)("POST /datasets/{id}/documents/stop with %i ids", SLOW, async (size) => {
    const user = await createUser();
    const { ds, ids } = await documentsOf(user, size, "1");
    const res = await send(user, "POST", `/datasets/${ds.id}/documents/stop`, { document_ids: ids });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: size } });
    expect(await countRows("documents", ids, "run = '2' AND progress_msg LIKE '%[Canceled]'")).toBe(size);
    // one log per stopped document, of which a dataset keeps the newest 1,000
    const logs = await env.DB.prepare(
      "SELECT count(*) AS n FROM ingestion_logs WHERE dataset_id = ? AND operation_status = '2'",
    )
      .bind(ds.id)
      .first<{ n: number }>();
    expect(logs?.n).toBe(Math.min(size, 1_000));
  });
});

describe("bulk requests with no ids, and with unknown and other tenants' ids", () => {
  // one of everything for `user`: the rows each endpoint could touch
  const oneOfEach = async (user: TestUser) => {
    const { ds, doc } = await uploadedDocument(user);
    const chunkBase = `/datasets/${ds.id}/documents/${doc.id}/chunks`;
    const made = await callApi<{ chunk: { id: string } }>(chunkBase, { token: user.token, json: { content: "Satz." } });
    const { chat, session } = await chatSession(user);
    const agent = await agentSession(user);
    const [file] = (await putFiles(user, [textFile("a.txt", "a")])).body.data;
    return {
      ds,
      doc,
      chunkBase,
      chunk: made.body.data.chunk,
      chat,
      session,
      agent: agent.agent,
      agentSession: agent.session,
      file: file as { id: string },
    };
  };
  type Fixture = Awaited<ReturnType<typeof oneOfEach>>;
  const rowsOf = (f: Fixture): [string, string][] => [
    ["datasets", f.ds.id],
    ["documents", f.doc.id],
    ["chunks", f.chunk.id],
    ["dialogs", f.chat.id],
    ["conversations", f.session.id],
    ["agent_sessions", f.agentSession.id],
    ["files", f.file.id],
  ];
  const allThere = async (f: Fixture) => {
    for (const [table, id] of rowsOf(f)) expect(await countRows(table, [id]), table).toBe(1);
  };

  it(
    "refuses a move or a link naming an unknown file as a whole, as RAGFlow does, and changes nothing",
    MANY_CALLS,
    async () => {
      const user = await createUser();
      const f = await oneOfEach(user);
      const folder = await newFolder(user, "Ziel");
      const ids = [f.file.id, hexId()];
      const moved = await send(user, "POST", "/files/move", { src_file_ids: ids, dest_file_id: folder.id });
      expect(moved.body).toMatchObject({ code: 102, message: expect.stringContaining(ids[1] as string) });
      expect(await countRows("files", [f.file.id], `parent_id = '${folder.id}'`)).toBe(0);
      const linked = await send(user, "POST", "/files/link-to-datasets", { file_ids: ids, kb_ids: [f.ds.id] });
      expect(linked.body).toMatchObject({ code: 102, message: expect.stringContaining(ids[1] as string) });
      expect(await countRows("datasets", [f.ds.id], "doc_num = 1")).toBe(1);

      const twice = [f.file.id, f.file.id];
      const linkedTwice = await send(user, "POST", "/files/link-to-datasets", { file_ids: twice, kb_ids: [f.ds.id] });
      expect(linkedTwice.body.code).toBe(0);
      expect(await countRows("datasets", [f.ds.id], "doc_num = 2")).toBe(1);
      const movedTwice = await send(user, "POST", "/files/move", { src_file_ids: twice, dest_file_id: folder.id });
      expect(movedTwice.body.code).toBe(0);
      expect(await countRows("files", [f.file.id], `parent_id = '${folder.id}'`)).toBe(1);
    },
  );

  it("answers an empty list as RAGFlow does and deletes nothing", MANY_CALLS, async () => {
    const user = await createUser();
    const f = await oneOfEach(user);
    const answers = [
      [await send(user, "DELETE", "/datasets", { ids: [] }), { code: 0, data: { success_count: 0 } }],
      [
        await send(user, "DELETE", `/datasets/${f.ds.id}/documents`, { ids: [] }),
        { code: 102, message: `should either provide doc ids or set delete_all(true), dataset: ${f.ds.id}. ` },
      ],
      [await send(user, "DELETE", f.chunkBase, { chunk_ids: [] }), { code: 0, data: { success_count: 0 } }],
      [await send(user, "DELETE", "/chats", { ids: [] }), { code: 0, data: {} }],
      [await send(user, "DELETE", `/chats/${f.chat.id}/sessions`, { ids: [] }), { code: 0, data: {} }],
      [
        await send(user, "DELETE", `/agents/${f.agent.id}/sessions`, { ids: [] }),
        { code: 0, data: { success_count: 0 } },
      ],
      [await send(user, "DELETE", "/files", { ids: [] }), { code: 101 }],
      [
        await send(user, "POST", `/datasets/${f.ds.id}/chunks`, { document_ids: [] }),
        { code: 102, message: "`document_ids` is required" },
      ],
      [
        await send(user, "DELETE", `/datasets/${f.ds.id}/chunks`, { document_ids: [] }),
        { code: 102, message: "`document_ids` is required" },
      ],
    ] as const;
    for (const [res, expected] of answers) expect(res.body).toMatchObject(expected);
    await allThere(f);
  });

  it(
    "does the valid part of a list mixing own, unknown and another tenant's ids, never touching the other's",
    MANY_CALLS,
    async () => {
      const user = await createUser();
      const stranger = await createUser();
      const mine = await oneOfEach(user);
      const theirs = await oneOfEach(stranger);
      const unknown = hexId();
      const mixed = (own: string, foreign: string) => [own, unknown, foreign];
      const twice = (id: string) => [id, id];

      // RAGFlow refuses these two lists whole: nothing is deleted
      const datasets = await send(user, "DELETE", "/datasets", { ids: mixed(mine.ds.id, theirs.ds.id) });
      expect(datasets.body).toMatchObject({
        code: 102,
        message: expect.stringContaining("lacks permission for datasets"),
      });
      const documents = await send(user, "DELETE", `/datasets/${mine.ds.id}/documents`, {
        ids: mixed(mine.doc.id, theirs.doc.id),
      });
      expect(documents.body).toMatchObject({ code: 102, message: expect.stringContaining("do not belong to dataset") });
      const doubled = await send(user, "DELETE", `/datasets/${mine.ds.id}/documents`, { ids: twice(mine.doc.id) });
      expect(doubled.body).toMatchObject({
        code: 101,
        message: expect.stringContaining(`Duplicate ids: '${mine.doc.id}'`),
      });
      await allThere(mine);

      const chunks = await send(user, "DELETE", mine.chunkBase, { chunk_ids: mixed(mine.chunk.id, theirs.chunk.id) });
      expect(chunks.body).toEqual({
        code: 102,
        message: "rm_chunk deleted chunks 1, expect 3",
        data: { success_count: 1, errors: [`Chunk ${unknown} not found.`, `Chunk ${theirs.chunk.id} not found.`] },
      });
      const sessions = await send(user, "DELETE", `/chats/${mine.chat.id}/sessions`, {
        ids: mixed(mine.session.id, theirs.session.id),
      });
      expect(sessions.body).toEqual({
        code: 0,
        message: "Partially deleted 1 sessions with 2 errors",
        data: {
          success_count: 1,
          errors: [
            `The chat doesn't own the session ${unknown}`,
            `The chat doesn't own the session ${theirs.session.id}`,
          ],
        },
      });
      const chats = await send(user, "DELETE", "/chats", {
        ids: [...mixed(mine.chat.id, theirs.chat.id), mine.chat.id],
      });
      expect(chats.body).toEqual({
        code: 0,
        message: "Partially deleted 1 chats with 3 errors",
        data: {
          success_count: 1,
          errors: [
            `Chat(${unknown}) not found.`,
            `Chat(${theirs.chat.id}) not found.`,
            `Duplicate chat ids: ${mine.chat.id}`,
          ],
        },
      });
      const agentSessions = await send(user, "DELETE", `/agents/${mine.agent.id}/sessions`, {
        ids: mixed(mine.agentSession.id, theirs.agentSession.id),
      });
      expect(agentSessions.body).toEqual({
        code: 0,
        message: "Partially deleted 1 sessions with 2 errors",
        data: {
          success_count: 1,
          errors: [
            `The agent doesn't own the session ${unknown}`,
            `The agent doesn't own the session ${theirs.agentSession.id}`,
          ],
        },
      });
      const files = await send(user, "DELETE", "/files", { ids: mixed(mine.file.id, theirs.file.id) });
      expect(files.body).toEqual({
        code: 102,
        message: "Partially deleted 1 files with 2 errors",
        data: {
          success_count: 1,
          errors: [`File or Folder not found: ${unknown}`, `File or Folder not found: ${theirs.file.id}`],
        },
      });
      for (const [table, id] of [
        ["chunks", mine.chunk.id],
        ["dialogs", mine.chat.id],
        ["conversations", mine.session.id],
        ["agent_sessions", mine.agentSession.id],
        ["files", mine.file.id],
      ]) {
        expect(await countRows(table as string, [id as string]), table).toBe(0);
      }
      await allThere(theirs);

      const allForeign = await send(user, "DELETE", "/chats", { ids: [theirs.chat.id] });
      expect(allForeign.body).toMatchObject({ code: 102, message: `Chat(${theirs.chat.id}) not found.` });
      await allThere(theirs);
    },
  );

  it(
    "parses and stops the dataset's documents in a list with unknown and other tenants' ids, naming those",
    MANY_CALLS,
    async () => {
      const user = await createUser();
      const stranger = await createUser();
      const { ds, doc } = await uploadedDocument(user);
      const theirs = await uploadedDocument(stranger);
      await env.DB.prepare("UPDATE documents SET location = 'missing/x' WHERE id = ?").bind(doc.id).run();
      const unknown = hexId();
      const notFound = `Documents not found: ['${unknown}', '${theirs.doc.id}']`;

      const parse = await send(user, "POST", `/datasets/${ds.id}/documents/parse`, {
        document_ids: [doc.id, unknown, theirs.doc.id, doc.id],
      });
      expect(parse.body).toEqual({
        code: 102,
        message: notFound,
        data: { success_count: 1, errors: [`Duplicate document ids: ${doc.id}`, notFound] },
      });
      expect(await countRows("documents", [doc.id], "process_begin_at > 0")).toBe(1);
      expect(await countRows("documents", [theirs.doc.id], "process_begin_at IS NULL AND run = '0'")).toBe(1);

      await env.DB.prepare("UPDATE documents SET run = '1' WHERE id IN (?, ?)").bind(doc.id, theirs.doc.id).run();
      const stop = await send(user, "DELETE", `/datasets/${ds.id}/chunks`, {
        document_ids: [unknown, theirs.doc.id, doc.id],
      });
      expect(stop.body).toEqual({ code: 102, message: notFound, data: { success_count: 1, errors: [notFound] } });
      expect(await countRows("documents", [doc.id], "run = '2'")).toBe(1);
      expect(await countRows("documents", [theirs.doc.id], "run = '1'")).toBe(1);

      const none = await send(user, "POST", `/datasets/${ds.id}/chunks`, { document_ids: [theirs.doc.id] });
      expect(none.body).toMatchObject({ code: 102, message: `Documents not found: ['${theirs.doc.id}']` });
      expect(await countRows("documents", [theirs.doc.id], "process_begin_at IS NULL AND run = '1'")).toBe(1);
    },
  );
});

// `length` characters with multibyte ones among them, after `head`
const longName = (length: number, head = "") => `${head}${"Äß✓-Name-".repeat(length)}`.slice(0, length);
// chat and uploaded file names are limited in UTF-8 bytes (RAGFlow v0.27): the longest such name that fits
const longNameOfBytes = (bytes: number, head = "") => {
  let name = longName(bytes, head);
  while (new TextEncoder().encode(name).length > bytes) name = name.slice(0, -1);
  return name;
};
const longChatName = (head = "") => longNameOfBytes(CHAT_NAME_MAX, head);
const SPECIAL = `100%_a\\b'c"d`;
const UPLOAD_SPECIAL = `100%_a\\b'c`;

describe("names at their maximum length, created three times", () => {
  it(
    "chats and agents refuse the second of a name, folders and empty documents too; uploads and sessions do not",
    MANY_CALLS,
    async () => {
      const user = await createUser();
      const thrice = async (make: () => Promise<{ body: { code: number; message: string } }>) => {
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push((await make()).body);
        return answers;
      };
      const chatName = longChatName(SPECIAL);
      expect(await thrice(() => callApi("/chats", { token: user.token, json: { name: chatName } }))).toMatchObject([
        { code: 0 },
        { code: 102, message: "duplicated chat name in creating chat" },
        { code: 102, message: "duplicated chat name in creating chat" },
      ]);
      const title = longName(AGENT_TITLE_MAX, SPECIAL);
      const dsl = flow([["begin", "Begin", {}, []]]);
      expect(await thrice(() => callApi("/agents", { token: user.token, json: { title, dsl } }))).toMatchObject([
        { code: 0 },
        { code: 102, message: `Agent with title ${title} already exists.` },
        { code: 102, message: `Agent with title ${title} already exists.` },
      ]);
      const folderName = longName(255, "100%_a'c\"d");
      const folder = () => callApi("/files", { token: user.token, json: { name: folderName, type: "folder" } });
      expect(await thrice(folder)).toMatchObject([{ code: 0 }, { code: 102 }, { code: 102 }]);

      const ds = await createDataset(user);
      const docName = `${longName(251, SPECIAL)}.txt`;
      const empty = () =>
        callApi(`/datasets/${ds.id}/documents?type=empty`, { token: user.token, json: { name: docName } });
      expect(await thrice(empty)).toMatchObject([
        { code: 0 },
        { code: 102, message: "Duplicated document name in the same dataset." },
        { code: 102, message: "Duplicated document name in the same dataset." },
      ]);
      // multipart file names carry no `"`: FormData writes it as %22 (HTML's multipart encoding)
      const uploadName = `${longNameOfBytes(251, UPLOAD_SPECIAL)}.txt`;
      const stem = uploadName.slice(0, -4);
      const uploads = await thrice(() => uploadFiles(user, ds.id, [textFile(uploadName, "x")]));
      expect(uploads.map((body) => (body as unknown as { data: { name: string }[] }).data[0]?.name)).toEqual([
        uploadName,
        `${stem}(1).txt`,
        `${stem}(2).txt`,
      ]);
      const fileName = `${longNameOfBytes(251, "100%_a'c")}.txt`;
      const files = await thrice(() => putFiles(user, [textFile(fileName, "x")]));
      expect(files.map((body) => (body as unknown as { data: { name: string }[] }).data[0]?.name)).toEqual([
        fileName,
        `${fileName.slice(0, -4)}(1).txt`,
        `${fileName.slice(0, -4)}(2).txt`,
      ]);

      const chat = await createChat(user, {});
      const sessionName = longName(255, SPECIAL);
      const sessions = await thrice(() =>
        callApi(`/chats/${chat.id}/sessions`, { token: user.token, json: { name: sessionName } }),
      );
      expect(sessions.map((body) => body.code)).toEqual([0, 0, 0]);
      const named = await callApi<{ name: string }[]>(
        `/chats/${chat.id}/sessions?${new URLSearchParams({ name: sessionName })}`,
        { token: user.token },
      );
      expect(named.body.data.map((session) => session.name)).toEqual([sessionName, sessionName, sessionName]);
    },
  );
});

describe("filters with maximum-length terms holding %, _, \\ and quotes", () => {
  const get = <T>(user: TestUser, path: string, params: Record<string, string>) =>
    callApi<T>(`${path}?${new URLSearchParams(params)}`, { token: user.token });

  it("GET /datasets/{id}/documents?keywords=", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const long = `${longName(250, SPECIAL)}.txt`;
    await callApi(`/datasets/${ds.id}/documents?type=empty`, { token: user.token, json: { name: long } });
    await uploadFiles(user, ds.id, [textFile("100 a b.txt", "x"), textFile("plain.txt", "x")]);
    const names = async (params: Record<string, string>) => {
      const res = await get<{ docs: { name: string }[] }>(user, `/datasets/${ds.id}/documents`, params);
      expect(res.body.code, JSON.stringify(params)).toBe(0);
      return res.body.data.docs.map((doc) => doc.name);
    };
    expect(await names({ keywords: long })).toEqual([long]);
    expect(await names({ keywords: SPECIAL })).toEqual([long]);
    expect(await names({ keywords: "%" })).toEqual([long]);
    expect(await names({ keywords: "_" })).toEqual([long]);
    expect(await names({ keywords: "\\" })).toEqual([long]);
    expect(await names({ keywords: `'c"` })).toEqual([long]);
    expect(await names({ keywords: `${long}x` })).toEqual([]);
  });

  it("GET /agents?keywords= and title=", async () => {
    const user = await createUser();
    const title = longName(AGENT_TITLE_MAX, SPECIAL);
    const dsl = flow([["begin", "Begin", {}, []]]);
    for (const name of [title, "100 a b", "plain"]) await createAgent(user, dsl, name);
    const titles = async (params: Record<string, string>) => {
      const res = await get<{ canvas: { title: string }[] }>(user, "/agents", params);
      expect(res.body.code, JSON.stringify(params)).toBe(0);
      return res.body.data.canvas.map((agent) => agent.title);
    };
    expect(await titles({ title })).toEqual([title]);
    for (const keywords of [title, SPECIAL, "%", "_", "\\", `'c"`]) expect(await titles({ keywords })).toEqual([title]);
    expect(await titles({ keywords: `${title}x` })).toEqual([]);
  });

  it("GET /chats?name= and GET /chats/{id}/sessions?name=", async () => {
    const user = await createUser();
    const name = longChatName(SPECIAL);
    const chat = await createChat(user, { name });
    await createChat(user, { name: "100 a b" });
    const chats = await get<{ chats: { name: string }[] }>(user, "/chats", { name });
    expect(chats.body.data.chats.map((row) => row.name)).toEqual([name]);
    // no match: an empty list, as RAGFlow v0.27
    expect((await get<{ chats: unknown[] }>(user, "/chats", { name: `${name}x` })).body.data.chats).toEqual([]);
    await createSession(user, chat.id, name);
    await createSession(user, chat.id, "100 a b");
    const sessions = await get<{ name: string }[]>(user, `/chats/${chat.id}/sessions`, { name });
    expect(sessions.body.data.map((row) => row.name)).toEqual([name]);
    expect((await get<unknown[]>(user, `/chats/${chat.id}/sessions`, { name: "%" })).body.data).toEqual([]);
  });
});
