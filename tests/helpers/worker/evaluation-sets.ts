import type { EvaluationQuestion, EvaluationRun, EvaluationSet } from "../../../worker/contract/evaluation-sets";
import { callApi } from "./api";
import type { TestUser } from "./factories";

type Auth = { token: string; headers?: Record<string, string> };

export const createSet = async (user: TestUser, json: Record<string, unknown>) => {
  const res = await callApi<EvaluationSet>("/evaluation/sets", {
    token: user.token,
    json: { name: `Test ${crypto.randomUUID().slice(0, 8)}`, ...json },
  });
  if (res.body.code !== 0) throw new Error(`set create failed: ${res.body.message}`);
  return res.body.data;
};

export const addQuestions = async (user: TestUser, setId: string, items: Record<string, unknown>[]) => {
  const res = await callApi<{ added: number; items: EvaluationQuestion[] }>(`/evaluation/sets/${setId}/questions`, {
    token: user.token,
    json: { items },
  });
  if (res.body.code !== 0) throw new Error(`questions failed: ${res.body.message}`);
  return res.body.data.items;
};

export const startRun = async (user: TestUser, setId: string, json: Record<string, unknown> = {}) => {
  const res = await callApi<{ run_id: string }>(`/evaluation/sets/${setId}/runs`, {
    token: user.token,
    json: { settings: {}, ...json },
  });
  if (res.body.code !== 0) throw new Error(`run failed: ${res.body.message}`);
  return res.body.data.run_id;
};

// Polls until the run is done or failed (the queue consumer works in the background).
export const finishedRun = async (auth: Auth, runId: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await callApi<EvaluationRun>(`/evaluation/runs/${runId}`, auth);
    const run = res.body.data;
    if (run.status === "done" || run.status === "failed" || Date.now() > until) return run;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};
