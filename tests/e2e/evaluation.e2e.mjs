import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { animationsDone, parsedKnowledgeBase, signUp } from "./helpers.mjs";

const today = () => new Date().toLocaleDateString("sv-SE");

// An assistant on a parsed base, made through the API (the configuration dialog has its own e2e test).
const assistant = (page, assistantName, knowledgeBaseId) =>
  page.evaluate(
    async ({ name, datasetId }) => {
      const response = await fetch("/api/v1/chats", {
        method: "POST",
        headers: { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" },
        body: JSON.stringify({ name, dataset_ids: [datasetId] }),
      });
      return (await response.json()).data.id;
    },
    { name: assistantName, datasetId: knowledgeBaseId },
  );

export const tests = [
  [
    "feedback given in a chat shows in the evaluation table filtered by date and exports; a quick-test search answers with citations",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const datasetId = await parsedKnowledgeBase(page, "Gesundheit");
      const chatId = await assistant(page, "Impfberater", datasetId);

      // a thumbs-down with a reason and a comment in the chat
      await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
      await page.getByRole("button", { name: "Neuer Chat" }).first().click();
      await page.getByLabel("Ihre Frage").fill("Ab welchem Alter wird die Grippeimpfung empfohlen?");
      await page.keyboard.press("Enter");
      await page
        .locator("[data-role=assistant]")
        .filter({ hasText: "ab 60 Jahren empfohlen" })
        .first()
        .waitFor({ timeout: 20_000 });
      await page.getByRole("button", { name: "Nicht hilfreiche Antwort" }).last().click();
      const feedback = page.getByRole("dialog", { name: "Was war nicht gut?" });
      await feedback.getByText("unzureichend").click();
      await feedback.getByLabel("Kommentar").fill("Quelle fehlt");
      await feedback.getByRole("button", { name: "Feedback senden" }).click();
      await page.getByText("Danke für Ihr Feedback").first().waitFor();

      // the evaluation page: a range without today is empty, today's range has the feedback
      await page.goto(`${baseUrl}/evaluation/${chatId}`);
      await page.getByRole("heading", { name: "Auswertung: Impfberater" }).waitFor();
      await page.locator("input[name=from]").fill("2020-01-01");
      await page.locator("input[name=to]").fill("2020-01-31");
      await page.getByText("Kein Feedback im gewählten Zeitraum.").waitFor();
      await page.locator("input[name=to]").fill(today());
      await page.locator("input[name=from]").fill(today());
      const row = page
        .getByTestId("feedback-row")
        .filter({ hasText: "Ab welchem Alter wird die Grippeimpfung empfohlen?" });
      await row.waitFor();
      await row.getByText("Quelle fehlt").waitFor();
      await row.getByText("unzureichend").waitFor();
      assert.match(page.url(), new RegExp(`from=${today()}&to=${today()}`));
      await page.screenshot({ path: `${artifacts}/evaluation-de-light.png`, fullPage: true });

      // the conversation's history and the export of what the filters show
      await row.getByRole("button", { name: "Verlauf der Unterhaltung öffnen" }).click();
      await page.getByTestId("history-turn").first().waitFor();
      await page.keyboard.press("Escape");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "CSV exportieren" }).click(),
      ]);
      const csv = readFileSync(await download.path(), "utf8");
      assert.match(csv, /Ab welchem Alter wird die Grippeimpfung empfohlen\?/);
      assert.match(csv, /Quelle fehlt/);
      assert.match(csv, /insufficient/);

      // a quick-test search app over the same base
      await page.goto(`${baseUrl}/search`);
      await page.getByTestId("search-apps-empty").waitFor();
      await page.getByRole("button", { name: "Such-App erstellen" }).first().click();
      const create = page.getByRole("dialog");
      await create.getByRole("textbox", { name: /^Name/ }).fill("Impfungen");
      await create.getByRole("button", { name: "Erstellen" }).click();
      await page.getByText("Wählen Sie Wissensdatenbanken").first().waitFor();
      await page.getByRole("button", { name: "Einstellungen" }).first().click();
      const settings = page.getByRole("dialog");
      await settings.getByText("Gesundheit", { exact: true }).click();
      await settings.getByText("Mindmap", { exact: true }).click();
      await settings.getByRole("button", { name: "Speichern" }).click();
      await settings.waitFor({ state: "detached" });
      await page.getByRole("textbox", { name: "Suchbegriff oder Frage" }).fill("Grippeimpfung Alter");
      await page.getByRole("button", { name: "Suchen", exact: true }).click();
      const summary = page.getByTestId("search-summary");
      await summary.getByText("60 Jahren", { exact: false }).first().waitFor({ timeout: 20_000 });
      await summary.getByRole("button", { name: "Quelle 1 anzeigen" }).first().waitFor();
      await page.getByTestId("search-hits").getByText("gesundheit.txt").first().waitFor();
      // the mind map of the best chunks
      await page.getByTestId("search-mindmap").getByTestId("mindmap-root").waitFor({ timeout: 20_000 });
      assert.ok((await page.getByTestId("search-mindmap").locator("li").count()) > 0);
      await page.screenshot({ path: `${artifacts}/search-de-light.png`, fullPage: true });

      // its share link opens the search for someone without an account
      await page.getByRole("button", { name: "Teilen" }).click();
      const share = page.getByTestId("search-share-dialog");
      await share.getByText("Noch keine Freigabelinks").waitFor();
      await share.getByRole("button", { name: "Neuer Link" }).click();
      const newLink = page.getByRole("dialog", { name: "Freigabelink erstellen" });
      await newLink.getByLabel(/^Name/).fill("Praxis-Website");
      await newLink.getByRole("button", { name: "Erstellen" }).click();
      await share.getByTestId("share-link").filter({ hasText: "Praxis-Website" }).waitFor();
      const link = await share.getByRole("textbox", { name: "Freigabelink" }).inputValue();
      assert.match(link, /\/next-search\/share\?shared_id=[0-9a-f]{32}&from=search&auth=share-/);
      assert.match(
        await share.getByRole("textbox", { name: "Zum Einbetten (iframe)" }).inputValue(),
        /^<iframe src="http/,
      );
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/search-share-de.png` });
      await share.getByRole("button", { name: "Schließen" }).click();
      const visitor = await page.context().browser().newContext({ locale: "de-DE" });
      const shared = await visitor.newPage();
      await shared.goto(link);
      await shared.getByRole("heading", { name: "Impfungen" }).waitFor();
      await shared
        .getByRole("textbox", { name: "Suchbegriff oder Frage" })
        .fill("Wie viel Schlaf brauchen Erwachsene?");
      await shared.getByRole("button", { name: "Suchen", exact: true }).click();
      await shared
        .getByTestId("search-summary")
        .getByText("sieben bis neun Stunden", { exact: false })
        .first()
        .waitFor({ timeout: 20_000 });
      await shared.getByTestId("search-mindmap").getByTestId("mindmap-root").waitFor({ timeout: 20_000 });
      await shared.screenshot({ path: `${artifacts}/search-shared-de-light.png`, fullPage: true });
      await visitor.close();

      // the same pages in English and dark
      await page.getByTestId("theme-toggle").click();
      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page.getByText("Search apps").first().waitFor();
      await page.screenshot({ path: `${artifacts}/search-en-dark.png`, fullPage: true });
      await page.goto(`${baseUrl}/evaluation/${chatId}?from=${today()}&to=${today()}`);
      await page.getByTestId("feedback-row").first().waitFor();
      await page.getByRole("tab", { name: "Questions we could not answer" }).waitFor();
      await page.screenshot({ path: `${artifacts}/evaluation-en-dark.png`, fullPage: true });
    },
  ],
];
