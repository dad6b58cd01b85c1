import { openNewBuddy, setLook } from "./helpers.mjs";

// A single component's test from its form: "Testen" lists the variable it reads, runs it on a sample value and
// shows its output (German light, English dark).
export const tests = [
  [
    "tests a Text umwandeln component alone on a sample question",
    async ({ page, baseUrl, artifacts }) => {
      await openNewBuddy(page, baseUrl, "Komponententest");

      await page.getByRole("button", { name: "Text umwandeln hinzufügen" }).click();
      const panel = page.getByTestId("node-panel");
      await panel.getByRole("textbox", { name: "Text" }).fill("Frage: {sys.query}");
      await panel.getByRole("button", { name: "Testen" }).click();
      const test = page.getByTestId("component-test");
      await test.getByRole("textbox", { name: "sys.query" }).fill("Habe ich Fieber?");
      await test.getByRole("button", { name: "Ausführen" }).click();
      await test
        .getByTestId("component-test-outputs")
        .getByText(/Frage: Habe ich Fieber\?/)
        .waitFor();
      await test.getByTestId("component-test-outputs").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/agent-component-test-de.png` });

      await setLook(page, "dark", "en");
      await page
        .getByTestId("flow-editor")
        .getByTestId("flow-node")
        .filter({ hasText: /umwandeln|Transform/ })
        .first()
        .click();
      await page.getByTestId("node-panel").getByRole("button", { name: "Test", exact: true }).click();
      await page.getByTestId("component-test").getByRole("textbox", { name: "sys.query" }).fill("Do I have a fever?");
      await page.getByTestId("component-test").getByRole("button", { name: "Run", exact: true }).click();
      await page
        .getByTestId("component-test-outputs")
        .getByText(/Do I have a fever\?/)
        .waitFor();
      await page.getByTestId("component-test-outputs").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/agent-component-test-en-dark.png` });
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
