import { describe, expect, it } from "vitest";
import type { ComponentSpec } from "../../../worker/contract/agent-graph";
import { RUN_LIMITS } from "../../../worker/contract/agents";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow, ranIds, runAgent } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";

// RAGFlow v0.27's data and control-flow components: Loop/ExitLoop, VariableAssigner, VariableAggregator,
// DataOperations, ListOperations, StringTransform, and Switch's in / not in.

const run = async (user: TestUser, specs: ComponentSpec[], question = "x") => {
  const agent = await createAgent(user, flow(specs));
  return (await runAgent(user, agent.id, { question })).body.data;
};

const outputsOf = (result: Awaited<ReturnType<typeof run>>, id: string) =>
  result.trace.findLast((entry) => entry.component_id === id)?.outputs;

describe("agent data and control-flow components", () => {
  it("Loop counts with VariableAssigner, ends by its condition, by ExitLoop or by its bound", async () => {
    const user = await createUser();
    const counting = (condition: Record<string, unknown>[], max: number, exitAt?: number): ComponentSpec[] => [
      ["begin", "Begin", {}, ["Loop:count"]],
      [
        "Loop:count",
        "Loop",
        {
          loop_variables: [
            { variable: "n", type: "number", input_mode: "constant", value: "0" },
            { variable: "seen", type: "array<string>", input_mode: "constant", value: [] },
            { variable: "asked", type: "string", input_mode: "variable", value: "sys.query" },
          ],
          loop_termination_condition: condition,
          logical_operator: "and",
          maximum_loop_count: max,
        },
        ["Message:out"],
      ],
      ["LoopItem:start", "LoopItem", {}, ["VariableAssigner:step"], "Loop:count"],
      [
        "VariableAssigner:step",
        "VariableAssigner",
        {
          variables: [
            { variable: "Loop:count@n", operator: "+=", parameter: 1 },
            { variable: "{Loop:count@seen}", operator: "append", parameter: "{Loop:count@asked}" },
          ],
        },
        exitAt === undefined ? [] : ["Switch:stop"],
        "Loop:count",
      ],
      ...(exitAt === undefined
        ? []
        : ([
            [
              "Switch:stop",
              "Switch",
              {
                conditions: [
                  {
                    logical_operator: "and",
                    items: [{ cpn_id: "Loop:count@n", operator: "=", value: String(exitAt) }],
                    to: "ExitLoop:out",
                  },
                ],
                end_cpn_ids: [],
              },
              ["ExitLoop:out"],
              "Loop:count",
            ],
            ["ExitLoop:out", "ExitLoop", {}, [], "Loop:count"],
          ] as ComponentSpec[])),
      ["Message:out", "Message", { content: ["{Loop:count@n} {Loop:count@seen}"] }],
    ];

    const byCondition = await run(
      user,
      counting([{ variable: "Loop:count@n", operator: "≥", input_mode: "constant", value: 3 }], 10),
      "hi",
    );
    expect(byCondition.error).toBeNull();
    expect(byCondition.content).toBe('3 ["hi","hi","hi"]');
    expect(ranIds(byCondition).filter((id) => id === "VariableAssigner:step")).toHaveLength(3);
    expect(outputsOf(byCondition, "Loop:count")).toMatchObject({ n: 3, _rounds: 3, _ended_by: "condition" });

    const byExit = await run(user, counting([], 10, 2));
    expect(byExit.content).toBe('2 ["x","x"]');
    expect(ranIds(byExit)).toContain("ExitLoop:out");
    expect(outputsOf(byExit, "Loop:count")).toMatchObject({ _ended_by: "exit_loop", _rounds: 2 });

    const byBound = await run(user, counting([], 4));
    expect(byBound.content).toBe('4 ["x","x","x","x"]');
    expect(outputsOf(byBound, "Loop:count")).toMatchObject({ _ended_by: "maximum_loop_count" });
  });

  it("a Loop asked for more rounds than the hard cap stops at the cap and says so", async () => {
    const user = await createUser();
    const result = await run(user, [
      ["begin", "Begin", {}, ["Loop:spin"]],
      [
        "Loop:spin",
        "Loop",
        {
          loop_variables: [{ variable: "n", type: "number", input_mode: "constant", value: 0 }],
          maximum_loop_count: 1_000_000,
        },
        ["Message:out"],
      ],
      ["LoopItem:start", "LoopItem", {}, [], "Loop:spin"],
      ["Message:out", "Message", { content: ["done {Loop:spin@_rounds}"] }],
    ]);
    expect(result.error).toBeNull();
    expect(result.content).toBe(`done ${RUN_LIMITS.maxLoopIterations}`);
    const log = outputsOf(result, "Loop:spin");
    expect(log).toMatchObject({ _ended_by: "hard_cap", _rounds: RUN_LIMITS.maxLoopIterations });
    expect(log).toHaveProperty("_log", expect.stringContaining(`at most ${RUN_LIMITS.maxLoopIterations} times`));
  });

  it("Switch in / not in match the variable against a comma-separated list, ignoring case", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", { inputs: { city: { name: "Stadt", type: "line" } } }, ["Switch:city"]],
        [
          "Switch:city",
          "Switch",
          {
            conditions: [
              {
                logical_operator: "and",
                items: [{ cpn_id: "begin@city", operator: "in", value: "Berlin, Hamburg,München" }],
                to: "Message:big",
              },
              {
                logical_operator: "and",
                items: [{ cpn_id: "{begin@city}", operator: "not in", value: '["Köln","Bonn"]' }],
                to: "Message:other",
              },
            ],
            end_cpn_ids: ["Message:rhine"],
          },
          ["Message:big", "Message:other", "Message:rhine"],
        ],
        ["Message:big", "Message", { content: ["groß"] }],
        ["Message:other", "Message", { content: ["anders"] }],
        ["Message:rhine", "Message", { content: ["Rhein"] }],
      ]),
    );
    const answer = async (city: string) =>
      (await runAgent(user, agent.id, { question: "x", inputs: { city } })).body.data.content;
    expect(await answer("hamburg")).toBe("groß");
    expect(await answer("München")).toBe("groß");
    expect(await answer("Bonn")).toBe("Rhein");
    expect(await answer("Ulm")).toBe("anders");
  });

  it("VariableAggregator takes the first variable with a value: the branch that ran", async () => {
    const user = await createUser();
    const specs: ComponentSpec[] = [
      ["begin", "Begin", {}, ["Switch:lang"]],
      [
        "Switch:lang",
        "Switch",
        {
          conditions: [
            {
              logical_operator: "and",
              items: [{ cpn_id: "sys.query", operator: "=", value: "de" }],
              to: "Template:de",
            },
          ],
          end_cpn_ids: ["Template:en"],
        },
        ["Template:de", "Template:en"],
      ],
      ["Template:de", "Template", { content: "Hallo" }, ["VariableAggregator:greeting"]],
      ["Template:en", "Template", { content: "Hello" }, ["VariableAggregator:greeting"]],
      [
        "VariableAggregator:greeting",
        "VariableAggregator",
        {
          groups: [
            { group_name: "text", variables: [{ value: "Template:de@content" }, { value: "Template:en@content" }] },
            { group_name: "none", variables: [{ value: "Template:missing@content" }] },
          ],
        },
        ["Message:out"],
      ],
      ["Message:out", "Message", { content: ["{VariableAggregator:greeting@text}!"] }],
    ];
    const de = await run(user, specs, "de");
    expect(de.content).toBe("Hallo!");
    expect(outputsOf(de, "VariableAggregator:greeting")).toEqual({ text: "Hallo", none: null });
    expect((await run(user, specs, "en")).content).toBe("Hello!");
  });

  it("VariableAssigner overwrites, sets, clears, extends, removes and does arithmetic on env variables", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow(
        [
          ["begin", "Begin", {}, ["Template:list"]],
          ["Template:list", "Template", { content: "x" }, ["VariableAssigner:all"]],
          [
            "VariableAssigner:all",
            "VariableAssigner",
            {
              variables: [
                { variable: "env.total", operator: "*=", parameter: "3" },
                { variable: "env.total", operator: "-=", parameter: 1 },
                { variable: "env.total", operator: "/=", parameter: 2 },
                { variable: "env.items", operator: "extend", parameter: "env.more" },
                { variable: "env.items", operator: "remove_first" },
                { variable: "env.items", operator: "remove_last" },
                { variable: "env.note", operator: "set", parameter: "Frage: {sys.query}" },
                { variable: "env.copy", operator: "overwrite", parameter: "env.items" },
                { variable: "env.gone", operator: "clear" },
                { variable: "Template:list@content", operator: "set", parameter: "neu" },
              ],
            },
            ["Message:out"],
          ],
          [
            "Message:out",
            "Message",
            {
              content: ["{env.total}|{env.items}|{env.note}|{env.copy}|[{env.gone}]|{Template:list@content}"],
            },
          ],
        ],
        {
          "env.total": 5,
          "env.items": ["a"],
          "env.more": ["b", "c", "d"],
          "env.note": "",
          "env.copy": [],
          "env.gone": "weg",
        },
      ),
    );
    const result = (await runAgent(user, agent.id, { question: "wie?" })).body.data;
    expect(result.error).toBeNull();
    expect(result.content).toBe('7|["b","c"]|Frage: wie?|["b","c"]|[]|neu');
  });

  it("VariableAssigner refuses what does not fit the variable, naming it", async () => {
    const user = await createUser();
    const assign = (variables: Record<string, unknown>[], globals: Record<string, unknown>) =>
      createAgent(
        user,
        flow(
          [
            ["begin", "Begin", {}, ["VariableAssigner:a"]],
            ["VariableAssigner:a", "VariableAssigner", { variables }],
          ],
          globals,
        ),
      ).then(async (agent) => (await runAgent(user, agent.id, { question: "x" })).body.data);
    expect(
      (await assign([{ variable: "env.word", operator: "+=", parameter: 1 }], { "env.word": "a" })).error,
    ).toContain("env.word is not a number");
    expect((await assign([{ variable: "env.n", operator: "/=", parameter: 0 }], { "env.n": 4 })).error).toContain(
      "divided by zero",
    );
    expect(
      (await assign([{ variable: "env.list", operator: "append", parameter: 3 }], { "env.list": ["a"] })).error,
    ).toContain("holds string items, not number");
    expect((await assign([{ variable: "sys.query", operator: "set", parameter: "y" }], {})).error).toContain(
      "sys.query cannot be changed",
    );
    expect((await assign([{ variable: "env.n", operator: "+=" }], { "env.n": 1 })).error).toContain(
      "Variable 1 is not complete",
    );
  });

  it("DataOperations selects, filters, updates, removes, renames, combines and evaluates objects", async () => {
    const user = await createUser();
    const people = [
      { name: "Ada", city: "Berlin", age: "36" },
      { name: "Bo", city: "Bonn", age: "41" },
    ];
    const data = async (operations: string, params: Record<string, unknown>) => {
      const result = await run(user, [
        ["begin", "Begin", {}, ["Template:people"]],
        ["Template:people", "Template", { content: JSON.stringify(people) }, ["DataOperations:op"]],
        [
          "DataOperations:op",
          "DataOperations",
          { query: ["Template:people@content.0", "{Template:people@content.1}"], operations, ...params },
        ],
      ]);
      expect(result.error).toBeNull();
      return outputsOf(result, "DataOperations:op")?.result;
    };
    expect(await data("select_keys", { select_keys: ["name"] })).toEqual([{ name: "Ada" }, { name: "Bo" }]);
    expect(
      await data("filter_values", { filter_values: [{ key: "city", operator: "start with", value: "Be" }] }),
    ).toEqual([people[0]]);
    expect(await data("filter_values", { filter_values: [{ key: "missing", operator: "=", value: "" }] })).toEqual([]);
    expect(
      await data("append_or_update", {
        updates: [
          { key: "city", value: "{sys.query}" },
          { key: "team", value: "A" },
        ],
      }),
    ).toEqual([
      { name: "Ada", city: "x", age: "36", team: "A" },
      { name: "Bo", city: "x", age: "41", team: "A" },
    ]);
    expect(await data("remove_keys", { remove_keys: ["age", "city"] })).toEqual([{ name: "Ada" }, { name: "Bo" }]);
    expect(await data("rename_keys", { rename_keys: [{ old_key: "name", new_key: "who" }] })).toEqual([
      { city: "Berlin", age: "36", who: "Ada" },
      { city: "Bonn", age: "41", who: "Bo" },
    ]);
    expect(await data("combine", {})).toEqual({ name: ["Ada", "Bo"], city: ["Berlin", "Bonn"], age: ["36", "41"] });
    expect(await data("literal_eval", {})).toEqual([
      { name: "Ada", city: "Berlin", age: 36 },
      { name: "Bo", city: "Bonn", age: 41 },
    ]);
  });

  it("ListOperations picks, slices, filters, sorts and drops duplicates; first and last follow", async () => {
    const user = await createUser();
    const list = async (params: Record<string, unknown>, items: unknown[] = [3, 1, 2, 3]) => {
      const result = await run(user, [
        ["begin", "Begin", {}, ["Template:list"]],
        ["Template:list", "Template", { content: JSON.stringify({ items }) }, ["ListOperations:op"]],
        ["ListOperations:op", "ListOperations", { query: "Template:list@content.items", ...params }],
      ]);
      return { error: result.error, ...outputsOf(result, "ListOperations:op") };
    };
    expect(await list({ operations: "nth", n: 2 })).toMatchObject({ result: [1], first: 1, last: 1 });
    expect(await list({ operations: "nth", n: -1 })).toMatchObject({ result: [3] });
    expect(await list({ operations: "nth", n: 9 })).toMatchObject({ result: [], first: null, last: null });
    expect((await list({ operations: "nth", n: 9, strict: true })).error).toContain("valid range in strict mode");
    expect(await list({ operations: "topN", n: 2 })).toMatchObject({ result: [3, 1] });
    expect(await list({ operations: "tail", n: "2" })).toMatchObject({ result: [2, 3], first: 2, last: 3 });
    expect(await list({ operations: "sort", sort_method: "desc" })).toMatchObject({ result: [3, 3, 2, 1] });
    expect(await list({ operations: "drop_duplicates" })).toMatchObject({ result: [3, 1, 2] });
    expect(await list({ operations: "filter", filter: { operator: "≠", value: "3" } })).toMatchObject({
      result: [1, 2],
    });
    const rows = [
      { name: "b", rank: 2 },
      { name: "a", rank: 2 },
      { name: "c", rank: 1 },
    ];
    expect(await list({ operations: "sort", sort_by: "rank, name" }, rows)).toMatchObject({
      result: [rows[2], rows[1], rows[0]],
    });
    expect((await list({ operations: "nth", n: 1 }, "kein" as unknown as unknown[])).error).toBeTruthy();
  });

  it("StringTransform splits at any delimiter and merges variables, lists joined with the first delimiter", async () => {
    const user = await createUser();
    const result = await run(
      user,
      [
        ["begin", "Begin", {}, ["StringTransform:split"]],
        [
          "StringTransform:split",
          "StringTransform",
          { method: "split", split_ref: "sys.query", delimiters: [",", ";"] },
          ["StringTransform:merge"],
        ],
        [
          "StringTransform:merge",
          "StringTransform",
          { method: "merge", script: "Teile: {StringTransform:split@result} ({sys.query})", delimiters: [" + "] },
          ["Message:out"],
        ],
        ["Message:out", "Message", { content: ["{StringTransform:merge@result}"] }],
      ],
      "a,b;;c",
    );
    expect(outputsOf(result, "StringTransform:split")?.result).toEqual(["a", "b", "", "c"]);
    expect(result.content).toBe("Teile: a + b +  + c (a,b;;c)");
  });

  it("refuses bad parameters when a flow is saved, naming the field, and saves nothing", async () => {
    const user = await createUser();
    const save = (name: string, params: Record<string, unknown>) =>
      callApi("/agents", {
        token: user.token,
        json: {
          title: `bad ${crypto.randomUUID().slice(0, 6)}`,
          dsl: flow([
            ["begin", "Begin", {}, ["X:y"]],
            ["X:y", name as "Loop", params],
          ]),
        },
      });
    const cases: [string, Record<string, unknown>, string][] = [
      ["Loop", { maximum_loop_count: -1 }, "maximum_loop_count"],
      [
        "Loop",
        { loop_termination_condition: [{ variable: "a@b", operator: "like" }] },
        "loop_termination_condition.0.operator",
      ],
      ["VariableAssigner", { variables: [{ variable: "env.a", operator: "**=" }] }, "variables.0.operator"],
      ["VariableAggregator", { groups: [{ group_name: "a b", variables: [] }] }, "groups.0.group_name"],
      ["VariableAggregator", { groups: [{ group_name: "a" }, { group_name: "a" }] }, "groups"],
      ["DataOperations", { operations: "explode" }, "operations"],
      ["ListOperations", { operations: "shuffle" }, "operations"],
      ["ListOperations", { n: "zwei" }, "`n`"],
      ["DataOperations", { query: [1] }, "query"],
      ["StringTransform", { method: "split", delimiters: [] }, "delimiters"],
    ];
    for (const [name, params, field] of cases) {
      const res = await save(name, params);
      expect(res.body.code, `${name} ${JSON.stringify(params)}`).not.toBe(0);
      expect(res.body.message).toContain(field.startsWith("`") ? field : `dsl.components.X:y.obj.params.${field}`);
    }
    const list = await callApi<{ total: number }>("/agents?keywords=bad", { token: user.token });
    expect(list.body.data.total).toBe(0);
  });

  it("a Loop with an incomplete variable or condition fails the run with a clear message", async () => {
    const user = await createUser();
    const loopWith = (params: Record<string, unknown>) =>
      run(user, [
        ["begin", "Begin", {}, ["Loop:l"]],
        ["Loop:l", "Loop", { maximum_loop_count: 2, ...params }],
        ["LoopItem:s", "LoopItem", {}, [], "Loop:l"],
      ]);
    expect((await loopWith({ loop_variables: [{ variable: "n", input_mode: "constant", value: 1 }] })).error).toContain(
      "Loop variable 1 is not complete",
    );
    expect((await loopWith({ loop_termination_condition: [{ operator: "is", value: "a" }] })).error).toContain(
      "Loop termination condition 1 is not complete",
    );
  });
});
