import { openNewBuddy, setLook } from "./helpers.mjs";

// The data and control-flow components in the editor: a Loop (a group with its entry) and its form, then the
// form of a ListOperations.
export const tests = [
  [
    "adds a Loop with a variable and a termination condition, and a ListOperations",
    async ({ page, baseUrl, artifacts }) => {
      await openNewBuddy(page, baseUrl, "Zählschleife");

      await page.getByRole("button", { name: "Schleife hinzufügen" }).click();
      const editor = page.getByTestId("flow-editor");
      await editor.getByTestId("flow-iteration").filter({ hasText: "Schleife" }).waitFor();
      await editor.getByTestId("flow-node").filter({ hasText: "Einstieg" }).waitFor();
      const form = page.getByTestId("node-form");
      await form.getByRole("button", { name: "Variable hinzufügen" }).click();
      await form.getByRole("textbox", { name: "Name der Variable 1" }).fill("zaehler");
      await form.getByRole("combobox", { name: "Typ der Variable 1" }).selectOption("number");
      await form.getByRole("textbox", { name: "Startwert der Variable 1" }).fill("0");
      await form.getByRole("button", { name: "Bedingung hinzufügen" }).click();
      const conditionVariable = form.getByRole("combobox", { name: "Variable der Bedingung 1" });
      const counter = await conditionVariable.locator("option", { hasText: "zaehler" }).getAttribute("value");
      await conditionVariable.selectOption(counter);
      await form.getByRole("combobox", { name: "Vergleich 1" }).selectOption("≥");
      await form.getByRole("textbox", { name: "Vergleichswert 1" }).fill("3");
      await page.screenshot({ path: `${artifacts}/agent-loop-de.png` });

      await page.getByRole("button", { name: "Listenoperationen hinzufügen" }).click();
      await form.getByRole("combobox", { name: "Operation" }).selectOption("sort");
      await form.getByText("Reihenfolge").waitFor();
      await page.screenshot({ path: `${artifacts}/agent-list-operations-de.png` });
      await page.getByRole("button", { name: "Speichern", exact: true }).click();
      await page.getByTestId("save-status").getByText("Gespeichert").waitFor({ timeout: 15_000 });

      // saved as edited: after a reload (English, dark) the Loop's condition is still there
      await setLook(page, "dark", "en");
      await editor
        .getByTestId("flow-iteration")
        .filter({ hasText: "Loop" })
        .click({ position: { x: 60, y: 20 } });
      const value = form.getByRole("textbox", { name: "Value to compare 1" });
      await value.waitFor();
      if ((await value.inputValue()) !== "3") throw new Error("the Loop's condition was not saved");
      await page.screenshot({ path: `${artifacts}/agent-loop-en-dark.png` });
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
