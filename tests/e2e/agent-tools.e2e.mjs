import assert from "node:assert/strict";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { startToolApis } from "../helpers/servers/tool-apis.ts";
import { animationsDone, setLook, signUp, useLocalChatModel } from "./helpers.mjs";

// The Agent component in the editor: its form lists the tools, adds one and marks it until its key is set; a test
// run then has the model (the local OpenAI-compatible stand-in) call the Wikipedia tool (the local stand-in of
// Wikipedia's API) and answer from its result.
export const tests = [
  [
    "an Agent's form picks tools, marks one without its API key, saves the key, and a test run calls a tool",
    async ({ page, baseUrl, artifacts }) => {
      const models = await startOpenAiServer();
      const toolApis = await startToolApis();
      try {
        await buildAndRun({ page, baseUrl, artifacts, modelsUrl: models.url, toolsUrl: toolApis.url });
      } finally {
        models.server.close();
        toolApis.server.close();
      }
    },
  ],
];

async function buildAndRun({ page, baseUrl, artifacts, modelsUrl, toolsUrl }) {
  await signUp(page, baseUrl);
  await useLocalChatModel(page, modelsUrl, GOOD_KEY);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const component = (name, params, downstream, upstream) => ({
    obj: { component_name: name, params },
    downstream,
    upstream,
  });
  const response = await fetch(`${baseUrl}/api/v1/agents`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({
      title: "Recherche",
      dsl: {
        components: {
          begin: component("Begin", {}, ["Agent:a"], []),
          "Agent:a": component(
            "Agent",
            {
              name: "Rechercheur",
              sys_prompt: "Du recherchierst.",
              prompts: [{ role: "user", content: "{sys.query}" }],
              tools: [
                {
                  component_name: "Wikipedia",
                  name: "Wikipedia",
                  params: { language: "de", base_url: `${toolsUrl}/wikipedia` },
                },
              ],
            },
            ["Message:m"],
            ["begin"],
          ),
          "Message:m": component("Message", { content: ["{Agent:a@content}"] }, [], ["Agent:a"]),
        },
        graph: { nodes: [], edges: [] },
        globals: {},
      },
    }),
  });
  const envelope = await response.json();
  assert.equal(envelope.code, 0, envelope.message);
  await page.goto(`${baseUrl}/flow/${envelope.data.id}`);
  const editor = page.getByTestId("flow-editor");
  await editor.getByTestId("flow-node").filter({ hasText: "Agent" }).first().click();
  const form = page.getByTestId("node-form");
  const tools = form.getByTestId("agent-tools");
  // (the kind picker below lists the names too)
  await tools.getByText("Wikipedia", { exact: true }).first().waitFor();
  await tools.getByRole("combobox", { name: "Art des neuen Werkzeugs" }).selectOption("TavilySearch");
  await tools.getByRole("button", { name: "Werkzeug hinzufügen" }).click();
  await form.getByText("Ein Werkzeug braucht noch Angaben (rot umrandet).").waitFor();
  await tools.scrollIntoViewIfNeeded();
  await animationsDone(page);
  await page.screenshot({ path: `${artifacts}/agent-tools-de.png` });
  await tools.getByLabel("api_key von Werkzeug 2").fill("tvly-test");
  await form.getByText("Ein Werkzeug braucht noch Angaben (rot umrandet).").waitFor({ state: "detached" });
  // autosave: the key arrives in the stored flow
  const storedTools = async () =>
    (await (await fetch(`${baseUrl}/api/v1/agents/${envelope.data.id}`, { headers: { Authorization: token } })).json())
      .data.dsl.components["Agent:a"].obj.params.tools;
  const deadline = Date.now() + 15_000;
  while ((await storedTools())[1]?.params?.api_key !== "tvly-test" && Date.now() < deadline)
    await page.waitForTimeout(250);
  const saved = await storedTools();
  assert.deepEqual(
    saved.map((tool) => tool.component_name),
    ["Wikipedia", "TavilySearch"],
  );
  assert.equal(saved[1].params.api_key, "tvly-test");
  await setLook(page, "dark", "en");
  await editor.getByTestId("flow-node").filter({ hasText: "Agent" }).first().click();
  await form.getByTestId("agent-tools").getByText("Tavily search", { exact: true }).first().waitFor();
  await form.getByTestId("agent-tools").scrollIntoViewIfNeeded();
  await animationsDone(page);
  await page.screenshot({ path: `${artifacts}/agent-tools-en-dark.png` });
  await setLook(page, "light", "de");

  // the test run: the model calls the first tool (Wikipedia) with the question, then answers from its result
  await page.getByRole("button", { name: "Testlauf" }).click();
  const panel = page.getByTestId("test-run-panel");
  await panel.getByPlaceholder("Nachricht eingeben …").fill("Grippe");
  await panel.getByRole("button", { name: "Senden" }).click();
  await panel
    .getByText(/Ergebnis: .*Grippe \(Grippe\)/)
    .first()
    .waitFor({ timeout: 60_000 });
  await animationsDone(page);
  await page.screenshot({ path: `${artifacts}/agent-tools-run-de.png` });
}
