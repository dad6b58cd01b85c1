import assert from "node:assert/strict";
import { animationsDone, setLook, signUp } from "./helpers.mjs";

const component = (name, params, downstream, upstream) => ({
  obj: { component_name: name, params },
  downstream,
  upstream,
});

// Human in the loop: Begin → UserFillUp → Message. The run panel shows the question and the form, the user
// answers, and the run goes on to the Message, which shows the answer.
export const tests = [
  [
    "a UserFillUp pauses the test run, asks, and the Message shows the answer",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const token = await page.evaluate(() => localStorage.getItem("token"));
      const response = await fetch(`${baseUrl}/api/v1/agents`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json" },
        body: JSON.stringify({
          title: "Triage",
          dsl: {
            components: {
              begin: component("Begin", {}, ["UserFillUp:ask"], []),
              "UserFillUp:ask": component(
                "UserFillUp",
                {
                  name: "Rückfrage",
                  enable_tips: true,
                  tips: "Seit wann haben Sie „{sys.query}“?",
                  inputs: { days: { name: "Tage", type: "number", optional: false } },
                },
                ["Message:m"],
                ["begin"],
              ),
              "Message:m": component(
                "Message",
                {
                  name: "Antwort",
                  content: ["{sys.query} seit {UserFillUp:ask@days} Tagen – bitte ärztlich abklären."],
                },
                [],
                ["UserFillUp:ask"],
              ),
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
      await editor.getByTestId("flow-node").filter({ hasText: "Rückfrage" }).first().click();
      const form = page.getByTestId("node-form");
      await form.getByRole("textbox", { name: "Frage" }).waitFor();
      await form.getByRole("textbox", { name: "Beschriftung von days" }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-fill-up-form-de.png` });

      await page.getByRole("button", { name: "Testlauf" }).click();
      const panel = page.getByTestId("test-run-panel");
      await panel.getByPlaceholder("Nachricht eingeben …").fill("Husten");
      await panel.getByRole("button", { name: "Senden" }).click();
      await panel.getByText("Seit wann haben Sie „Husten“?").waitFor();
      const answer = panel.getByTestId("fill-up-form");
      // the question box gives way to the form while the run waits
      assert.equal(await panel.getByPlaceholder("Nachricht eingeben …").count(), 0);
      await answer.getByRole("button", { name: "Antwort senden" }).click();
      await answer.getByText("Dieses Feld ist erforderlich.").first().waitFor();
      await answer.getByRole("spinbutton", { name: "Tage" }).fill("3");
      await answer.getByRole("button", { name: "Antwort senden" }).click();
      await panel.getByText("Husten seit 3 Tagen – bitte ärztlich abklären.").waitFor();
      await panel.getByText("Tage: 3").waitFor();
      await panel.getByPlaceholder("Nachricht eingeben …").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-fill-up-run-de.png` });

      // English, dark: the form of the component
      await setLook(page, "dark", "en");
      await editor.getByTestId("flow-node").filter({ hasText: "Rückfrage" }).first().click();
      await form.getByRole("textbox", { name: "Question" }).waitFor();
      await form.getByText("Fields", { exact: true }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-fill-up-form-en-dark.png` });
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
