import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KnowledgeGraphResponse } from "../../../worker/contract/knowledge-graph";
import type { MindMapNode } from "../../../worker/contract/mindmap";
import { setDefaultModels } from "../../helpers/worker/models";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type Task = { id: string; progress: number; progress_msg: string; task_type: string };

const waitForTask = async (user: TestUser, datasetId: string) => {
  for (let i = 0; i < 200; i++) {
    const task = (await callApi<Task>(`/datasets/${datasetId}/index?type=mindmap`, { token: user.token })).body.data;
    if (task.progress === 1 || task.progress === -1) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("mind map task did not finish");
};

const withModel = async () => {
  const user = await createUser();
  await setDefaultModels(user.token, { llm_id: await useLocalChatModel(user) });
  return user;
};

const graphOf = async (user: TestUser, datasetId: string) =>
  (await callApi<KnowledgeGraphResponse>(`/datasets/${datasetId}/knowledge_graph`, { token: user.token })).body.data;

describe("dataset mind map (index type mindmap)", () => {
  it("outlines the dataset's chunks with the chat model, is returned with the graph and can be deleted", async () => {
    const user = await withModel();
    const ds = await createDataset(user);
    await ingest(user, ds.id, [
      textFile("impfen.txt", "Die Grippeimpfung schützt ältere Menschen."),
      textFile("reisen.txt", "Vor Reisen den Impfpass prüfen."),
    ]);
    expect((await graphOf(user, ds.id)).mind_map).toEqual({});

    const started = await callApi<{ mindmap_task_id: string }>(`/datasets/${ds.id}/index?type=mindmap`, {
      method: "POST",
      token: user.token,
    });
    expect(started.body.code).toBe(0);
    const task = await waitForTask(user, ds.id);
    expect(task).toMatchObject({ id: started.body.data.mindmap_task_id, progress: 1, task_type: "mindmap" });
    expect(task.progress_msg).toContain("Mapping 2 chunks in 1 part(s)");
    expect(task.progress_msg).toMatch(/Mind map: \d+ nodes\./);
    const legacy = await callApi<Task>(`/datasets/${ds.id}/trace_mindmap`, { token: user.token });
    expect(legacy.body.data.id).toBe(task.id);

    const map = (await graphOf(user, ds.id)).mind_map as MindMapNode;
    expect(map.id).toBe("Überblick");
    expect(map.children.map((node) => node.children[0]?.id)).toEqual(
      expect.arrayContaining(["Die Grippeimpfung schützt ältere Menschen.", "Vor Reisen den Impfpass prüfen."]),
    );
    const logs = await callApi<{ logs: { task_type: string; operation_status: string }[] }>(
      `/datasets/${ds.id}/ingestions`,
      { token: user.token },
    );
    expect(logs.body.data.logs).toEqual([expect.objectContaining({ task_type: "Mindmap", operation_status: "3" })]);

    expect(
      (await callApi(`/datasets/${ds.id}/index?type=mindmap`, { method: "DELETE", token: user.token })).body.data,
    ).toBe(true);
    expect((await graphOf(user, ds.id)).mind_map).toEqual({});
    expect((await callApi(`/datasets/${ds.id}/index?type=mindmap`, { token: user.token })).body.data).toEqual({});
  });

  it("skips a part the model cannot map, and refuses without a chat model, documents or rights", async () => {
    const user = await withModel();
    const ds = await createDataset(user);
    await ingest(user, ds.id, [textFile("kaputt.txt", "FEHLER im Text.")]);
    await callApi(`/datasets/${ds.id}/run_mindmap`, { method: "POST", token: user.token });
    const task = await waitForTask(user, ds.id);
    expect(task.progress).toBe(1);
    expect(task.progress_msg).toContain("Part 1 was skipped: ");
    expect((await graphOf(user, ds.id)).mind_map).toEqual({ id: "root", children: [] });

    const empty = await createDataset(user);
    expect(
      (await callApi(`/datasets/${empty.id}/index?type=mindmap`, { method: "POST", token: user.token })).body,
    ).toMatchObject({ code: 102, message: `No documents in Knowledgebase ${empty.id}` });
    const builtinOnly = await createUser();
    const theirs = await createDataset(builtinOnly);
    await ingest(builtinOnly, theirs.id, [textFile("a.txt", "Text.")]);
    expect(
      (await callApi(`/datasets/${theirs.id}/index?type=mindmap`, { method: "POST", token: builtinOnly.token })).body,
    ).toMatchObject({
      code: 102,
      message: "Mindmap needs a chat model to write the mind map: set one up in the model settings.",
    });
    expect(
      (await callApi(`/datasets/${theirs.id}/index?type=mindmap`, { method: "POST", token: user.token })).body,
    ).toMatchObject({ code: 102, message: "Invalid Dataset ID" });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM dataset_mind_maps WHERE dataset_id = ?")
      .bind(theirs.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
