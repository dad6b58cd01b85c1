import assert from "node:assert/strict";
import { animationsDone, parsedKnowledgeBase, setLook, signUp } from "./helpers.mjs";

const QUESTION = "Ab welchem Alter wird die Grippeimpfung empfohlen?";

// Starts a run from the set page's dialog and waits on its detail until it is done.
const startRun = async (page, label, threshold) => {
  await page.getByRole("button", { name: "Lauf starten" }).click();
  const dialog = page.getByRole("dialog", { name: "Lauf starten" });
  await dialog.getByLabel("Bezeichnung (optional)").fill(label);
  if (threshold !== undefined) {
    await dialog.getByRole("spinbutton", { name: "Ähnlichkeitsschwelle als Zahl" }).fill(String(threshold));
    await dialog.getByRole("spinbutton", { name: "Ähnlichkeitsschwelle als Zahl" }).blur();
  }
  await dialog.getByRole("button", { name: "Lauf starten" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("heading", { name: label }).waitFor();
  await page.getByTestId("metric-ndcg_at_10").waitFor({ timeout: 60_000 });
};

// Chakra's checkbox input is visually hidden (and may sit outside the viewport while a dialog opens): click it
// as a script would, then wait until it reads checked.
const tick = async (box) => {
  await box.waitFor({ state: "attached" });
  await box.evaluate((input) => input.click());
  for (let i = 0; i < 40 && !(await box.isChecked()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(await box.isChecked(), "the checkbox did not turn checked");
};

export const tests = [
  [
    "a test set built from a retrieval result runs with two settings and compares them (German light, English dark)",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await parsedKnowledgeBase(page, "Gesundheit");

      // a set over the parsed base, from the evaluation page's Testsets tab
      await page.goto(`${baseUrl}/buddy-eval?tab=sets`);
      await page.getByTestId("sets-empty").waitFor();
      await page.getByRole("button", { name: "Testset anlegen" }).first().click();
      const create = page.getByRole("dialog", { name: "Testset anlegen" });
      await create.getByLabel("Name").fill("Impf-Check");
      await tick(create.getByRole("checkbox", { name: "Gesundheit" }));
      await create.getByRole("button", { name: "Speichern" }).click();
      await page.waitForURL(/\/test-sets\/\w+/);
      await page.getByRole("heading", { name: "Impf-Check" }).waitFor();

      // a question whose correct chunk is ticked in a retrieval result
      await page.getByRole("button", { name: "Frage hinzufügen" }).click();
      const add = page.getByRole("dialog", { name: "Frage hinzufügen" });
      await add.getByRole("textbox", { name: "Frage" }).fill(QUESTION);
      await add.getByRole("button", { name: "Abschnitte suchen" }).click();
      await tick(add.getByRole("checkbox", { name: /ab 60 Jahren empfohlen/ }));
      await add.getByRole("button", { name: "Speichern" }).click();
      await add.waitFor({ state: "detached" });
      const row = page.getByTestId("question-row").filter({ hasText: QUESTION });
      await row.getByText("1 Abschnitt").waitFor();

      // two runs: the testing page's defaults find the chunk first; a threshold of 0.99 lets nothing in
      await startRun(page, "Standard");
      assert.equal(await page.getByTestId("result-row").first().locator("td").nth(2).innerText(), "1");
      await page.getByRole("button", { name: "Zurück zu den Läufen" }).click();
      await startRun(page, "Strenge Schwelle", 0.99);
      await page.getByRole("button", { name: "Zurück zu den Läufen" }).click();

      // compare: tick both finished runs
      await tick(page.getByRole("checkbox", { name: "„Standard“ zum Vergleich wählen" }));
      await tick(page.getByRole("checkbox", { name: "„Strenge Schwelle“ zum Vergleich wählen" }));
      await page.getByRole("button", { name: "Vergleichen" }).click();
      const ndcg = page.getByTestId("delta-ndcg_at_10");
      await ndcg.waitFor();
      assert.match(await ndcg.innerText(), /−1,000/);
      await page.getByTestId("compare-row").filter({ hasText: QUESTION }).getByText("schlechter").waitFor();
      await page.getByRole("button", { name: "Gefundene Abschnitte zeigen" }).first().click();
      await page.getByTestId("found-chunk").first().waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/test-sets-compare-de-light.png`, fullPage: true });

      await page.getByRole("tab", { name: "Verlauf" }).click();
      await page.getByTestId("metric-chart").first().waitFor();
      assert.equal(await page.getByTestId("metric-chart").count(), 6);
      await page.screenshot({ path: `${artifacts}/test-sets-chart-de-light.png`, fullPage: true });

      // the same pages in English and dark
      await setLook(page, "dark", "en");
      await page.getByRole("heading", { name: "Metrics over time" }).waitFor();
      await page.getByTestId("chart-point").first().waitFor();
      await page.screenshot({ path: `${artifacts}/test-sets-chart-en-dark.png`, fullPage: true });
      await page.getByRole("tab", { name: "Compare" }).click();
      await page.getByTestId("delta-ndcg_at_10").waitFor();
      await page.getByRole("button", { name: "Apply the better settings" }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/test-sets-compare-en-dark.png`, fullPage: true });
      await page.getByRole("tab", { name: "Questions" }).click();
      await page.getByTestId("question-row").first().waitFor();
      await page.screenshot({ path: `${artifacts}/test-sets-questions-en-dark.png`, fullPage: true });
    },
  ],
];
