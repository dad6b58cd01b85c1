import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

type Schedule = {
  cron: string;
  question: string;
  enabled: boolean;
  last_run_time: number | null;
  last_session_id: string | null;
  last_error: string | null;
};
type Session = { id: string; message: { role: string; content: string }[] };

const echo = () =>
  flow([
    ["begin", "Begin", {}, ["Message:m"]],
    ["Message:m", "Message", { content: ["Bericht: {sys.query}"] }],
  ]);

// the Worker's cron trigger at a given minute (UTC), through the Worker's own scheduled handler
const tick = async (iso: string) => {
  const controller = createScheduledController({ scheduledTime: new Date(`${iso}Z`), cron: "* * * * *" });
  await worker.scheduled(controller, env as Env);
};

describe("agent schedules", () => {
  it("runs a flow when its cron expression matches the trigger's minute, once per minute, as a logged session", async () => {
    const user = await createUser();
    const agent = await createAgent(user, echo());
    const set = await callApi<Schedule>(`/agents/${agent.id}/schedule`, {
      method: "PUT",
      token: user.token,
      json: { cron: "30  6 * *  MON", question: "Wochenstart" },
    });
    expect(set.body.data).toMatchObject({
      cron: "30 6 * * MON",
      question: "Wochenstart",
      enabled: true,
      last_run_time: null,
    });

    await tick("2026-11-30T06:29:00"); // Monday, a minute early
    expect(
      (await callApi<Schedule>(`/agents/${agent.id}/schedule`, { token: user.token })).body.data.last_run_time,
    ).toBeNull();
    await tick("2026-11-30T06:30:00");
    await tick("2026-11-30T06:30:00"); // a repeated trigger in the same minute runs nothing more
    const after = (await callApi<Schedule>(`/agents/${agent.id}/schedule`, { token: user.token })).body.data;
    expect(after.last_run_time).toBe(Date.parse("2026-11-30T06:30:00Z"));
    expect(after.last_error).toBeNull();
    const sessions = (await callApi<Session[]>(`/agents/${agent.id}/sessions`, { token: user.token })).body.data;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toBe(after.last_session_id);
    expect(sessions[0]?.message.map((m) => m.content)).toEqual(["Wochenstart", "Bericht: Wochenstart"]);

    // a disabled schedule does not run
    await callApi(`/agents/${agent.id}/schedule`, {
      method: "PUT",
      token: user.token,
      json: { cron: "* * * * *", enabled: false },
    });
    await tick("2026-11-30T06:31:00");
    expect((await callApi<Session[]>(`/agents/${agent.id}/sessions`, { token: user.token })).body.data).toHaveLength(1);
    expect((await callApi(`/agents/${agent.id}/schedule`, { method: "DELETE", token: user.token })).body.data).toBe(
      true,
    );
    expect((await callApi(`/agents/${agent.id}/schedule`, { token: user.token })).body.data).toBeNull();
  });

  it("refuses invalid expressions naming the field, and schedules by those who may only run the flow", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, echo(), "Team", { permission: "team" });
    const bad = await callApi(`/agents/${agent.id}/schedule`, {
      method: "PUT",
      token: owner.token,
      json: { cron: "61 * * * *" },
    });
    expect(bad.body).toMatchObject({ code: 102, message: "`cron`: The minute field `61` is not valid." });
    expect(
      (await callApi(`/agents/${agent.id}/schedule`, { method: "PUT", token: owner.token, json: {} })).body.code,
    ).toBe(102);
    expect((await callApi(`/agents/${agent.id}/schedule`, { token: owner.token })).body.data).toBeNull();
    const refused = await callApi(`/agents/${agent.id}/schedule`, {
      method: "PUT",
      ...inTeam(member, owner.id),
      json: { cron: "* * * * *" },
    });
    expect(refused.body.code).toBe(103);
    expect((await callApi(`/agents/${agent.id}/schedule`, { token: owner.token })).body.data).toBeNull();
  });
});
