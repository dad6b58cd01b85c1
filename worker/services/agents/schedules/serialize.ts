import type { AgentScheduleRow } from "../../../db/schema";

export const toSchedule = (row: AgentScheduleRow) => ({
  agent_id: row.agentId,
  cron: row.cron,
  question: row.question,
  enabled: row.enabled,
  last_run_time: row.lastRunTime,
  last_session_id: row.lastSessionId,
  last_error: row.lastError,
  create_time: row.createTime,
  update_time: row.updateTime,
});
