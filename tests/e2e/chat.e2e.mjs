import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parsedKnowledgeBase, signUp } from "./helpers.mjs";

export const tests = [
  [
    "configure an assistant on a parsed base, get a streamed cited answer, give feedback and export the history",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await parsedKnowledgeBase(page, "Gesundheit");
      await page.goto(`${baseUrl}/chat`);
      await page.getByText("Wählen Sie einen Assistenten").waitFor();

      // create the assistant in the configuration dialog
      await page.getByRole("button", { name: "Assistent erstellen" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox", { name: /^Name/ }).fill("Gesundheitsberater");
      await dialog.getByText("Gesundheit", { exact: true }).click();
      // a metadata condition on the Prompt-Engine tab, then removed again (the documents have no metadata)
      await dialog.getByRole("tab", { name: "Prompt-Engine" }).click();
      await dialog.getByRole("combobox", { name: "Metadaten-Filter" }).selectOption("manual");
      await dialog.getByRole("button", { name: "Bedingung hinzufügen" }).click();
      await dialog.getByRole("textbox", { name: "Feld der Bedingung 1" }).fill("Quelle");
      await dialog.getByRole("textbox", { name: "Wert der Bedingung 1" }).fill("RKI");
      await dialog.getByRole("button", { name: "Bedingung hinzufügen" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/chat-config-metadata-de.png` });
      await dialog.getByRole("button", { name: "Bedingung 1 entfernen" }).click();
      await dialog.getByRole("button", { name: "Erstellen" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "Gesundheitsberater" }).waitFor();
      await page.getByText("Gesundheit", { exact: true }).first().waitFor();

      // a new conversation opens with the opener; the answer streams in with a citation
      await page.getByRole("button", { name: "Neuer Chat" }).first().click();
      await page.getByText("Hallo! Ich bin Ihr Assistent. Was kann ich für Sie tun?").waitFor();
      await page.getByLabel("Ihre Frage").fill("Ab welchem Alter wird die Grippeimpfung empfohlen?");
      await page.keyboard.press("Enter");
      await page
        .locator("[data-role=assistant]")
        .filter({ hasText: "ab 60 Jahren empfohlen" })
        .first()
        .waitFor({ timeout: 20_000 });
      const citation = page.getByRole("button", { name: "Quelle 1 anzeigen" }).first();
      await citation.waitFor();
      // the built-in model quotes: the answer says so and links to the model settings
      const notice = page.getByTestId("answer-notice").last();
      await notice.getByText("Offline-Modell: zitiert nur aus den Quellen.").waitFor();
      assert.equal(
        await notice
          .getByRole("link", { name: "Für formulierte Antworten ein Modell verbinden →" })
          .getAttribute("href"),
        "/user-setting/model",
      );
      await page.screenshot({ path: `${artifacts}/chat-answer.png`, fullPage: true });
      await citation.click();
      await page.getByRole("dialog").getByText("gesundheit.txt").first().waitFor();
      await page.getByRole("dialog").getByRole("link", { name: "Dokument öffnen" }).waitFor();
      await page.keyboard.press("Escape");

      // thumbs down with a reason and a comment
      await page.getByRole("button", { name: "Nicht hilfreiche Antwort" }).last().click();
      const feedback = page.getByRole("dialog", { name: "Was war nicht gut?" });
      await feedback.getByText("unzureichend").click();
      await feedback.getByLabel("Kommentar").fill("Quelle fehlt");
      await feedback.getByRole("button", { name: "Feedback senden" }).click();
      await page.getByText("Danke für Ihr Feedback").first().waitFor();

      // the history of today as CSV
      await page.getByRole("button", { name: "Verlauf exportieren" }).click();
      const exporter = page.getByRole("dialog");
      await exporter.getByText("CSV").click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exporter.getByRole("button", { name: "Herunterladen" }).click(),
      ]);
      const csv = readFileSync(await download.path(), "utf8");
      assert.match(csv, /Ab welchem Alter wird die Grippeimpfung empfohlen\?/);
      assert.match(csv, /false,insufficient,Quelle fehlt/);
    },
  ],
];
