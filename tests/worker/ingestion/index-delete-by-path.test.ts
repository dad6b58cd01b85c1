import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type Task = { progress: number } | Record<string, never>;

const trace = async (user: TestUser, datasetId: string, type: string) =>
  (await callApi<Task>(`/datasets/${datasetId}/index?type=${type}`, { token: user.token })).body.data;

const built = async (user: TestUser, datasetId: string, type: string) => {
  const started = await callApi(`/datasets/${datasetId}/index?type=${type}`, { method: "POST", token: user.token });
  expect(started.body.code).toBe(0);
  for (let i = 0; i < 200; i++) {
    const task = await trace(user, datasetId, type);
    if ("progress" in task && (task.progress === 1 || task.progress === -1)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${type} task did not finish`);
};

// the chunk count of each document (summaries are chunks of their document)
const chunkCounts = async (user: TestUser, datasetId: string) =>
  (
    await callApi<{ docs: { chunk_count: number }[] }>(`/datasets/${datasetId}/documents`, { token: user.token })
  ).body.data.docs.map((doc) => doc.chunk_count);

// RAGFlow's DELETE /datasets/{id}/{index_type}: the type in the path instead of ?type=
describe("DELETE /datasets/{id}/raptor and /mindmap", () => {
  it("removes the RAPTOR summaries and the mind map the dataset's tasks built", { timeout: 60_000 }, async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const ds = await createDataset(user, { parser_config: { delimiter: "`\n`", raptor: { use_raptor: true } } });
    await ingest(user, ds.id, [
      textFile(
        "impfen.txt",
        "Die Grippeimpfung schützt im Herbst.\nDer Impfstoff wird neu angepasst.\nDer Arm schmerzt.",
      ),
    ]);
    const before = await chunkCounts(user, ds.id);
    expect(await built(user, ds.id, "raptor")).toMatchObject({ progress: 1 });
    expect(await chunkCounts(user, ds.id)).not.toEqual(before);
    const raptor = await callApi(`/datasets/${ds.id}/raptor`, { method: "DELETE", token: user.token });
    expect(raptor.body).toMatchObject({ code: 0, data: true });
    expect(await chunkCounts(user, ds.id)).toEqual(before);
    expect(await trace(user, ds.id, "raptor")).toEqual({});

    expect(await built(user, ds.id, "mindmap")).toMatchObject({ progress: 1 });
    const mindmap = await callApi(`/datasets/${ds.id}/mindmap`, { method: "DELETE", token: user.token });
    expect(mindmap.body).toMatchObject({ code: 0, data: true });
    expect(await trace(user, ds.id, "mindmap")).toEqual({});
    const graph = await callApi<{ mind_map: unknown }>(`/datasets/${ds.id}/knowledge_graph`, { token: user.token });
    expect(graph.body.data.mind_map).toEqual({});
  });

  it("answers another word with code 101 and another team's dataset with a refusal", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const invalid = await callApi(`/datasets/${ds.id}/invalid_type`, { method: "DELETE", token: user.token });
    expect(invalid.status).toBe(200);
    expect(invalid.body).toMatchObject({ code: 101, message: "Invalid index type 'invalid_type'" });
    const stranger = await createUser();
    const foreign = await callApi(`/datasets/${ds.id}/raptor`, { method: "DELETE", token: stranger.token });
    expect(foreign.body.code).not.toBe(0);
    // the more specific DELETE routes still answer as before
    const graph = await callApi(`/datasets/${ds.id}/graph`, { method: "DELETE", token: user.token });
    expect(graph.body).toMatchObject({ code: 0, data: true });
  });
});
