import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { IngestionLog, IngestionLogList, IngestionSummary } from "../../../worker/contract/ingestion-logs";
import { INGESTION_LOG_LIMIT } from "../../../worker/services/ingestion-logs/record";
import { emptyPdf } from "../../helpers/fixtures/documents";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  parseDocs,
  textFile,
  type TestUser,
  uploadFiles,
  uploadFilesKeepingEmpty,
  waitUntilSettled,
} from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const logs = (user: TestUser, datasetId: string, query = "log_type=file") =>
  callApi<IngestionLogList>(`/datasets/${datasetId}/ingestions?${query}`, { token: user.token });

const parsedWithFailure = async () => {
  const user = await createUser();
  const ds = await createDataset(user, { permission: "team" });
  const uploaded = (
    await uploadFilesKeepingEmpty(user, ds.id, [
      textFile("impfung.txt", "Die Grippeimpfung schützt ältere Menschen."),
      emptyPdf("empty.pdf"),
    ])
  ).body.data;
  await parseDocs(
    user,
    ds.id,
    uploaded.map((doc) => doc.id),
  );
  await waitUntilSettled(user, ds.id);
  const ids = Object.fromEntries(uploaded.map((doc) => [doc.name, doc.id]));
  return { user, ds, ids };
};

describe("ingestion logs", () => {
  it("log every finished parse, done or failed, filtered, ordered and paged as RAGFlow does", async () => {
    const { user, ds, ids } = await parsedWithFailure();
    const all = await logs(user, ds.id);
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBe(2);
    const byName = Object.fromEntries(all.body.data.logs.map((log) => [log.document_name, log]));
    expect(byName["impfung.txt"]).toMatchObject({
      document_id: ids["impfung.txt"],
      kb_id: ds.id,
      task_type: "Parse",
      operation_status: "3",
      progress: 1,
      document_suffix: "txt",
      source_from: "local",
      parser_id: "naive",
      status: "1",
    });
    expect(byName["impfung.txt"]?.progress_msg).toContain("Task done");
    expect(byName["empty.pdf"]).toMatchObject({ operation_status: "4", progress: -1 });
    expect(byName["empty.pdf"]?.progress_msg).toContain("empty");
    expect(byName["impfung.txt"]?.process_duration).toBeGreaterThanOrEqual(0);

    // dataset logs (the default) are RAPTOR and knowledge-graph tasks: none yet
    expect((await logs(user, ds.id, "")).body.data).toEqual({ total: 0, logs: [] });
    expect(
      (await logs(user, ds.id, "log_type=file&keywords=IMPF")).body.data.logs.map((log) => log.document_name),
    ).toEqual(["impfung.txt"]);
    expect(
      (await logs(user, ds.id, "log_type=file&operation_status=4")).body.data.logs.map((log) => log.document_name),
    ).toEqual(["empty.pdf"]);
    expect((await logs(user, ds.id, "log_type=file&operation_status=3&operation_status=4")).body.data.total).toBe(2);
    expect((await logs(user, ds.id, "log_type=file&operation_status=2,0")).body.data.total).toBe(0);
    expect(
      (await logs(user, ds.id, "log_type=file&orderby=document_name&desc=false")).body.data.logs.map(
        (log) => log.document_name,
      ),
    ).toEqual(["empty.pdf", "impfung.txt"]);
    const page = await logs(user, ds.id, "log_type=file&orderby=document_name&desc=false&page=2&page_size=1");
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.logs.map((log) => log.document_name)).toEqual(["impfung.txt"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs(user, ds.id, `log_type=file&create_date_from=${today}`)).body.data.total).toBe(2);
    expect(
      (await logs(user, ds.id, "log_type=file&create_date_from=2025-02-01&create_date_to=2025-01-01")).body.data,
    ).toEqual({ total: 0, logs: [] });

    // a re-parse adds to the history; one log read by id
    await parseDocs(user, ds.id, [ids["impfung.txt"] as string]);
    await waitUntilSettled(user, ds.id);
    expect((await logs(user, ds.id, "log_type=file&keywords=impfung")).body.data.total).toBe(2);
    const one = await callApi<IngestionLog>(`/datasets/${ds.id}/ingestions/${byName["empty.pdf"]?.id}`, {
      token: user.token,
    });
    expect(one.body.data).toMatchObject({ id: byName["empty.pdf"]?.id, document_name: "empty.pdf", dsl: {} });
  });

  it("summarise the dataset's documents by state; cancelled parses are logged", async () => {
    const { user, ds, ids } = await parsedWithFailure();
    // a parse left running (no queue message), then stopped
    const third = (await uploadFiles(user, ds.id, [textFile("laufend.txt", "Läuft noch.")])).body.data[0]?.id as string;
    await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(third).run();
    const summary = await callApi<IngestionSummary>(`/datasets/${ds.id}/ingestions/summary`, { token: user.token });
    expect(summary.body.data).toMatchObject({
      doc_num: 3,
      status: { unstart_count: 0, running_count: 1, cancel_count: 0, done_count: 1, fail_count: 1 },
    });
    expect(summary.body.data.chunk_num).toBeGreaterThan(0);
    expect(summary.body.data.token_num).toBeGreaterThan(0);
    await callApi(`/datasets/${ds.id}/documents/stop`, { token: user.token, json: { document_ids: [third] } });
    const cancelled = await logs(user, ds.id, "log_type=file&operation_status=2");
    expect(cancelled.body.data.logs.map((log) => [log.document_name, log.progress_msg.includes("[Canceled]")])).toEqual(
      [["laufend.txt", true]],
    );
    expect(
      (await callApi<IngestionSummary>(`/datasets/${ds.id}/ingestions/summary`, { token: user.token })).body.data
        .status,
    ).toMatchObject({ running_count: 0, cancel_count: 1 });
    // deleting a document keeps its logs
    await callApi(`/datasets/${ds.id}/documents`, {
      method: "DELETE",
      token: user.token,
      json: { ids: [ids["empty.pdf"]] },
    });
    expect((await logs(user, ds.id, "log_type=file&keywords=empty")).body.data.total).toBe(1);
  });

  it("keep the newest 1,000 logs of a dataset", async () => {
    const { user, ds, ids } = await parsedWithFailure();
    const insert = env.DB.prepare(
      "INSERT INTO ingestion_logs (id, dataset_id, tenant_id, document_name, task_type, operation_status, progress, progress_msg, create_time, update_time) VALUES (?, ?, ?, 'alt.txt', 'Parse', '3', 1, '', ?, ?)",
    );
    await env.DB.batch(
      Array.from({ length: INGESTION_LOG_LIMIT }, (_, i) => insert.bind(`old-${i}`, ds.id, user.id, i + 1, i + 1)),
    );
    await parseDocs(user, ds.id, [ids["impfung.txt"] as string]);
    await waitUntilSettled(user, ds.id);
    const kept = await env.DB.prepare(
      "SELECT count(*) AS n, min(create_time) AS oldest FROM ingestion_logs WHERE dataset_id = ?",
    )
      .bind(ds.id)
      .first<{ n: number; oldest: number }>();
    expect(kept?.n).toBe(INGESTION_LOG_LIMIT);
    expect((await logs(user, ds.id, "log_type=file&keywords=impfung")).body.data.total).toBe(2);
  });

  it("let team members read them and refuse other teams, bad parameters and unknown logs", async () => {
    const { user, ds } = await parsedWithFailure();
    const member = await createUser();
    await joinTeam(user, member);
    const asMember = await callApi<IngestionLogList>(
      `/datasets/${ds.id}/ingestions?log_type=file`,
      inTeam(member, user.id),
    );
    expect(asMember.body.data.total).toBe(2);
    const stranger = await createUser();
    expect((await logs(stranger, ds.id)).body).toMatchObject({ code: 102, message: "no authorization" });
    expect((await callApi(`/datasets/${ds.id}/ingestions/summary`, { token: stranger.token })).body).toMatchObject({
      code: 102,
      message: `User '${stranger.id}' lacks permission for dataset '${ds.id}'`,
    });
    expect((await callApi(`/datasets/${ds.id}/ingestions/x`, { token: stranger.token })).body).toMatchObject({
      code: 102,
      message: "no authorization",
    });
    expect((await callApi(`/datasets/${ds.id}/ingestions/nonexistent_log`, { token: user.token })).body).toMatchObject({
      code: 102,
      message: "Log not found",
    });
    const other = await createDataset(user);
    const [foreignLog] = (await logs(user, ds.id)).body.data.logs;
    expect((await callApi(`/datasets/${other.id}/ingestions/${foreignLog?.id}`, { token: user.token })).body.code).toBe(
      102,
    );
    for (const query of [
      "page_size=101",
      "page=-1",
      "log_type=graph",
      "operation_status=9",
      "orderby=secret",
      "create_date_from=gestern",
    ]) {
      expect((await logs(user, ds.id, query)).body.code, query).toBe(101);
    }
  });
});
