import { describe, expect, it } from "vitest";
import { createAgent, flow, ranIds, runAgent } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";

// RAGFlow v0.27 writes a branch's target as a list of ids (`"to": ["Agent:x"]`) and Categorize's query as a bare
// variable (`"query": "sys.query"`), as its smart_customer_service_specialist template does.
describe("branches written as RAGFlow v0.27 writes them", () => {
  it("Categorize reads a bare query variable and follows a list of targets into a VariableAggregator", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", { inputs: { topic: { name: "Thema", type: "line", optional: false } } }, ["Categorize:c"]],
        [
          "Categorize:c",
          "Categorize",
          {
            query: "begin@topic",
            category_description: {
              Termin: { description: "Termine vereinbaren", examples: ["Ich brauche einen Termin"], to: ["Message:a"] },
              Impfung: { description: "Impfungen und Grippe", examples: ["Grippeimpfung"], to: ["Message:b"] },
            },
          },
          ["Message:a", "Message:b"],
        ],
        ["Message:a", "Message", { content: ["Zum Termin"] }, ["VariableAggregator:v"]],
        ["Message:b", "Message", { content: ["Zur Impfung"] }, ["VariableAggregator:v"]],
        [
          "VariableAggregator:v",
          "VariableAggregator",
          {
            groups: [
              { group_name: "answer", variables: [{ value: "Message:a@content" }, { value: "Message:b@content" }] },
            ],
          },
          ["Message:end"],
        ],
        ["Message:end", "Message", { content: ["Gewählt: {VariableAggregator:v@answer}"] }],
      ]),
    );
    // the question speaks of appointments; the input, which Categorize reads, of the flu vaccination
    const result = (
      await runAgent(user, agent.id, { question: "Ich brauche einen Termin", inputs: { topic: "Grippeimpfung" } })
    ).body.data;
    expect(result.error).toBeNull();
    expect(ranIds(result)).toEqual(["begin", "Categorize:c", "Message:b", "VariableAggregator:v", "Message:end"]);
    expect(result.content).toBe("Zur Impfung\n\nGewählt: Zur Impfung");
  });

  it("Switch follows a condition's list of targets", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Switch:s"]],
        [
          "Switch:s",
          "Switch",
          {
            conditions: [
              {
                logical_operator: "and",
                items: [{ cpn_id: "sys.query", operator: "contains", value: "ja" }],
                to: ["Message:yes"],
              },
            ],
            end_cpn_ids: ["Message:no"],
          },
          ["Message:yes", "Message:no"],
        ],
        ["Message:yes", "Message", { content: ["Ja"] }],
        ["Message:no", "Message", { content: ["Nein"] }],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "ja bitte" })).body.data;
    expect(ranIds(result)).toEqual(["begin", "Switch:s", "Message:yes"]);
    expect(result.content).toBe("Ja");
  });
});
