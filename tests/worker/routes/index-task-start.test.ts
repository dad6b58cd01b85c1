import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser, textFile, uploadFiles } from "../../helpers/worker/factories";
import { setDefaultModels } from "../../helpers/worker/models";

describe("POST /datasets/{id}/index", () => {
  it("names the new task task_id, as RAGFlow v0.27 does, beside the kind's own key", async () => {
    const user = await createUser();
    await setDefaultModels(user.token, { llm_id: await useLocalChatModel(user) });
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [textFile("impfen.txt", "Die Grippeimpfung schützt ältere Menschen.")]);
    const keys = { graph: "graphrag_task_id", raptor: "raptor_task_id", mindmap: "mindmap_task_id" } as const;
    for (const [type, key] of Object.entries(keys)) {
      const started = await callApi<Record<string, string>>(`/datasets/${ds.id}/index?type=${type}`, {
        method: "POST",
        token: user.token,
      });
      expect(started.body.code).toBe(0);
      expect(started.body.data.task_id).toMatch(/^[0-9a-f]{32}$/);
      expect(started.body.data[key]).toBe(started.body.data.task_id);
      const traced = await callApi<{ id: string }>(`/datasets/${ds.id}/index?type=${type}`, { token: user.token });
      expect(traced.body.data.id).toBe(started.body.data.task_id);
    }
  });
});
