import assert from "node:assert/strict";
import { signUp } from "./helpers.mjs";

// A member creates a memory on the memory page, a client stores a turn through the API, and the page finds it.
export const tests = [
  [
    "create a memory in the UI, store a turn through the API and find it with the memory search",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.goto(`${baseUrl}/memory`);
      await page.getByText("Noch kein Gedächtnis").waitFor();
      await page.screenshot({ path: `${artifacts}/memory-empty-de-light.png`, fullPage: true });

      await page.getByRole("button", { name: "Neues Gedächtnis" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill("Kundengespräche");
      await dialog.getByLabel("Embedding-Modell").fill("bge-m3@Lokal");
      await dialog.getByLabel("Chat-Modell").fill("qwen@Lokal");
      await dialog.getByRole("button", { name: "Erstellen" }).click();
      const row = page.getByTestId("memory-row").filter({ hasText: "Kundengespräche" });
      await row.waitFor();
      await page.screenshot({ path: `${artifacts}/memory-list-de-light.png`, fullPage: true });

      const stored = await page.evaluate(async () => {
        const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
        const list = await (await fetch("/api/v1/memories", { headers })).json();
        const memoryId = list.data.memory_list[0].id;
        const turn = (user_input, agent_response) =>
          fetch("/api/v1/messages", {
            method: "POST",
            headers,
            body: JSON.stringify({
              memory_id: [memoryId],
              agent_id: "buddy-1",
              session_id: "s-1",
              user_input,
              agent_response,
            }),
          }).then((res) => res.json());
        await turn("Wann ist die Grippeimpfung empfohlen?", "Ab 60 Jahren, jeden Herbst.");
        return turn("Was kostet der Tarif?", "Zwölf Euro im Monat.");
      });
      assert.equal(stored.code, 0, JSON.stringify(stored));

      await row.getByRole("button", { name: "Runden ansehen: Kundengespräche" }).click();
      await page.getByTestId("memory-message").nth(1).waitFor();
      await page.getByLabel("In den Runden suchen").fill("Grippeimpfung Herbst");
      const results = page.getByTestId("memory-search-results");
      await results.getByText("Wann ist die Grippeimpfung empfohlen?").waitFor();
      assert.equal(await results.getByTestId("memory-message").count(), 1);
      await page.screenshot({ path: `${artifacts}/memory-search-de-light.png`, fullPage: true });

      // forgetting the hit takes it out of the search
      await results.getByRole("button", { name: /vergessen/ }).click();
      await page.getByText("Keine Runde passt zu „Grippeimpfung Herbst“.").waitFor();

      await page.getByTestId("theme-toggle").click();
      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page.getByLabel("Search the turns").fill("");
      await page.getByText("Forgotten on").waitFor();
      await page.screenshot({ path: `${artifacts}/memory-messages-en-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Back to the list" }).click();
      await page.getByTestId("memory-row").filter({ hasText: "Kundengespräche" }).waitFor();
      await page.screenshot({ path: `${artifacts}/memory-list-en-dark.png`, fullPage: true });
    },
  ],
];
