import { describe, expect, it } from "vitest";
import { readOnlySql } from "../../../worker/services/agents/components/exe-sql";
import { TOOL_KEY } from "../../helpers/shared/tool-key";
import { env } from "cloudflare:test";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";

describe("ExeSQL", () => {
  it("accepts one read-only statement and refuses writes, several statements and pragmas", () => {
    expect(readOnlySql("SELECT 1;")).toBe("SELECT 1");
    expect(readOnlySql("-- note\nwith x as (select 1) select * from x")).toBe("with x as (select 1) select * from x");
    expect(readOnlySql("select 'drop table x' as text")).toBe("select 'drop table x' as text");
    expect(readOnlySql("select replace(name, 'a', 'b') from t")).toBe("select replace(name, 'a', 'b') from t");
    for (const sql of [
      "replace into t values (1)",
      "delete from t",
      "select 1; drop table t",
      "pragma table_info(t)",
      "select * from t where 1=1 /* */ ; update t set a=1",
      "insert into t values (1)",
    ]) {
      expect(() => readOnlySql(sql), sql).toThrow();
    }
  });

  it("queries the team's own D1 database over Cloudflare's HTTP API and shows a table", async () => {
    const user = await createUser();
    const params = {
      base_url: `${env.TEST_TOOL_APIS_URL}/cloudflare`,
      account_id: "acc",
      database_id: "db",
      api_token: TOOL_KEY,
      sql: "SELECT name, visits FROM patients WHERE city = '{sys.query}' ORDER BY name",
    };
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["ExeSQL:q"]],
        ["ExeSQL:q", "ExeSQL", params, ["Message:m"]],
        ["Message:m", "Message", { content: ["{ExeSQL:q@formalized_content}"] }],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "Berlin" })).body.data;
    expect(result.error).toBeNull();
    expect(result.content).toBe("| name | visits |\n|---|---|\n| Anna | 3 |\n| Ben | 1 |");
    const writing = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["ExeSQL:q"]],
        ["ExeSQL:q", "ExeSQL", { ...params, sql: "DELETE FROM patients" }],
      ]),
    );
    expect((await runAgent(user, writing.id, { question: "x" })).body.data.error).toMatch(/read-only/);
    const wrongKey = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["ExeSQL:q"]],
        ["ExeSQL:q", "ExeSQL", { ...params, api_token: "wrong" }],
      ]),
    );
    expect((await runAgent(user, wrongKey.id, { question: "Berlin" })).body.data.error).toMatch(/HTTP 403/);
    // a bad query: D1's own SQL error reaches the user
    const badQuery = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["ExeSQL:q"]],
        ["ExeSQL:q", "ExeSQL", { ...params, sql: "SELECT nope FROM patients" }],
      ]),
    );
    expect((await runAgent(user, badQuery.id, { question: "x" })).body.data.error).toMatch(/no such column: nope/);
  });
});
