-- Share-link visitors' agent sessions are kept apart from members' by source (they choose their own ids). Sessions
-- stored before that as 'agent' by someone who is not in the agent's team were a visitor's.
UPDATE agent_sessions SET source = 'shared'
WHERE source = 'agent'
  AND user_id <> tenant_id
  AND user_id NOT IN (SELECT user_id FROM user_tenants WHERE user_tenants.tenant_id = agent_sessions.tenant_id);
