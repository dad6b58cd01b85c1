import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { contactsCsv, LAW_MARKDOWN, lawMarkdown, wordDocx } from "../helpers/fixtures/documents.ts";
import { animationsDone, asUpload, parsedKnowledgeBase, setLook, signUp, useLocalChatModel } from "./helpers.mjs";

const FILES = () => [lawMarkdown(), contactsCsv(), wordDocx()];
const row = (page, name) => page.locator(`[data-testid=document-row][data-name="${name}"]`);
// a closing menu can linger during its animation, so items are looked up in the menu of that row
const rowAction = async (page, name, label) => {
  await row(page, name).getByTestId("row-actions").click();
  await page
    .getByRole("menu", { name: `Aktionen für „${name}“` })
    .getByRole("menuitem", { name: label })
    .click();
};

export const tests = [
  [
    "create a knowledge base, upload three files, rename, disable, parse, download and delete",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.getByText("Noch keine Wissensdatenbank").waitFor();
      await page.getByRole("button", { name: "Wissensdatenbank erstellen" }).click();
      await page.getByLabel("Name").fill("Heilpraktiker");
      await page.getByRole("button", { name: "Erstellen" }).click();
      await page.waitForURL(/\/knowledge\/dataset\?id=[0-9a-f]{32}$/);
      await page.getByTestId("kb-title").filter({ hasText: "Heilpraktiker" }).waitFor();
      await page.getByText("Noch keine Dateien").waitFor();

      await page.getByRole("button", { name: "Datei hinzufügen" }).click();
      // this test parses by hand: the upload leaves the files unparsed
      await page.getByText("Nach dem Hochladen verarbeiten").click();
      await page.getByTestId("file-input").setInputFiles(await Promise.all(FILES().map(asUpload)));
      await page.getByTestId("upload-item").nth(2).waitFor();
      await page.getByRole("button", { name: "Hochladen" }).click();
      await page.getByText("Fertig").nth(2).waitFor();
      await page.screenshot({ path: `${artifacts}/upload-dialog-de.png` });
      await page.getByRole("button", { name: "Fertig" }).click();
      for (const { name } of FILES()) await row(page, name).waitFor();
      // the chunk method by its name, as the configuration shows it
      await row(page, "praxisgesetz.md").getByRole("cell", { name: "Allgemein", exact: true }).waitFor();
      await rowAction(page, "praxisgesetz.md", "Chunk-Methode ändern");
      assert.ok(
        (await page.getByRole("dialog").getByRole("combobox").locator("option").allTextContents()).includes("Gesetze"),
      );
      await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();

      // rename keeps the extension
      await rowAction(page, "kontakte.csv", "Umbenennen");
      await page.getByLabel("Name").fill("Tabelle");
      await page.getByRole("button", { name: "Speichern" }).click();
      await row(page, "Tabelle.csv").waitFor();

      // disable
      await row(page, "bericht.docx")
        .getByRole("checkbox", { name: /Aktiviert/ })
        .click({ force: true });
      await page.waitForFunction(
        () => document.querySelector('[data-name="bericht.docx"] [data-state="unchecked"]') !== null,
      );

      // parse and watch it finish
      await rowAction(page, "praxisgesetz.md", "Parsen");
      await row(page, "praxisgesetz.md")
        .getByTestId("run-status")
        .filter({ hasText: "Erfolgreich" })
        .waitFor({ timeout: 30_000 });
      // DOCX goes through mammoth's browser build under wrangler: parse one for real here
      await rowAction(page, "bericht.docx", "Parsen");
      await row(page, "bericht.docx")
        .getByTestId("run-status")
        .filter({ hasText: "Erfolgreich" })
        .waitFor({ timeout: 30_000 });

      // metadata: a JSON object; its field names stay as written
      await rowAction(page, "praxisgesetz.md", "Metadaten");
      const meta = page.getByRole("dialog");
      await meta.getByRole("textbox", { name: "Metadaten (JSON)" }).fill('["kein Objekt"]');
      await meta.getByRole("button", { name: "Speichern" }).click();
      await meta.getByText("Bitte ein JSON-Objekt mit Texten, Zahlen oder Listen davon eingeben.").waitFor();
      await meta
        .getByRole("textbox", { name: "Metadaten (JSON)" })
        .fill('{"Autor": "BMJ", "Jahr": 2024, "Schlagworte": ["Heilpraktiker", "Recht"]}');
      await meta.getByRole("button", { name: "Speichern" }).click();
      await row(page, "praxisgesetz.md")
        .getByTestId("document-meta")
        .filter({ hasText: "Autor: BMJ · Jahr: 2024 · Schlagworte: Heilpraktiker, Recht" })
        .waitFor();
      await page.screenshot({ path: `${artifacts}/dataset-tab-de.png`, fullPage: true });

      // download returns the original bytes
      const downloadPromise = page.waitForEvent("download");
      await rowAction(page, "praxisgesetz.md", "Herunterladen");
      const download = await downloadPromise;
      const path = await download.path();
      assert.equal(await readFile(path, "utf8"), LAW_MARKDOWN);

      // the log tab: both parses, newest first, each with its whole log
      await page.getByRole("link", { name: "Protokoll" }).click();
      const logRows = page.getByTestId("ingestion-log-row");
      await logRows.nth(1).waitFor();
      assert.deepEqual(await logRows.getByTestId("log-status").allTextContents(), ["Erfolgreich", "Erfolgreich"]);
      assert.match(await logRows.first().innerText(), /bericht\.docx/);
      await page.getByTestId("summary-done").filter({ hasText: "2" }).waitFor();
      await page.getByRole("button", { name: "Details zu „praxisgesetz.md“" }).click();
      assert.match(await page.getByTestId("ingestion-log-text").innerText(), /Fertig \([\d.]+ s\)\./);
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/ingestion-logs-de.png`, fullPage: true });
      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: "Datensatz" }).first().click();
      await row(page, "praxisgesetz.md").waitFor();

      // delete one
      await rowAction(page, "Tabelle.csv", "Löschen");
      await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
      await row(page, "Tabelle.csv").waitFor({ state: "detached" });
      assert.equal(await page.getByTestId("document-row").count(), 2);

      // the list page shows the base with its document count
      await page.getByRole("link", { name: "Wissensdatenbank" }).first().click();
      await page.getByTestId("dataset-card").filter({ hasText: "2 Dokumente" }).waitFor();
      await page.screenshot({ path: `${artifacts}/knowledge-list-de.png` });

      // configuration: a bad chunk token number is refused in the form, a good one is saved
      await page.getByTestId("dataset-card").getByRole("link").click();
      await page.getByRole("link", { name: "Konfiguration" }).click();
      const tokens = page.getByLabel("Tokens pro Abschnitt");
      await tokens.fill("0");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page
        .getByText(/mindestens 1/)
        .first()
        .waitFor();
      await tokens.fill("256");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Aktualisiert").first().waitFor();
      await page.screenshot({ path: `${artifacts}/configuration-de.png`, fullPage: true });

      // the new-style pages show the same data
      await page.goto(`${baseUrl}/datasets`);
      await page.getByTestId("dataset-card").getByRole("link").click();
      await page.waitForURL(/\/dataset\/dataset\?id=/);
      await row(page, "praxisgesetz.md").waitFor();
    },
  ],
  [
    "a tag set lists, renames and deletes its tags, and another knowledge base picks it in its configuration",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const tagSetId = await page.evaluate(async () => {
        const auth = { Authorization: localStorage.getItem("token") };
        const json = async (response) => (await response.json()).data;
        const set = await json(
          await fetch("/api/v1/datasets", {
            method: "POST",
            headers: { ...auth, "Content-Type": "application/json" },
            body: JSON.stringify({ name: "Themen-Tags", chunk_method: "tag" }),
          }),
        );
        const rows =
          '"Grippeimpfung für Senioren","Impfung"\n"Reisen ins Ausland","Reise"\n"Quarantäne nach der Reise","Reise;Quarantäne"';
        const form = new FormData();
        form.append("file", new Blob([rows], { type: "text/csv" }), "tags.csv");
        const [doc] = await json(
          await fetch(`/api/v1/datasets/${set.id}/documents`, { method: "POST", headers: auth, body: form }),
        );
        await fetch(`/api/v1/datasets/${set.id}/chunks`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ document_ids: [doc.id] }),
        });
        for (
          let i = 0;
          i < 120 &&
          (await json(await fetch(`/api/v1/datasets/${set.id}/documents`, { headers: auth }))).docs[0].run !== "DONE";
          i++
        ) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return set.id;
      });
      await page.goto(`${baseUrl}/knowledge/configuration?id=${tagSetId}`);
      const tags = page.getByRole("table", { name: "Tags dieses Tag-Sets" });
      await tags.getByRole("row").filter({ hasText: "Reise" }).filter({ hasText: "2" }).waitFor();
      await page.getByRole("button", { name: "Tag „Quarantäne“ umbenennen" }).click();
      await page.getByLabel("Neuer Name").fill("Isolation");
      await page.getByRole("button", { name: "Speichern" }).click();
      await tags.getByRole("row").filter({ hasText: "Isolation" }).waitFor();
      await page.getByRole("button", { name: "Tag „Impfung“ löschen" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
      await tags.getByRole("row").filter({ hasText: "Impfung" }).waitFor({ state: "detached" });
      await page.getByText("2 Tags").waitFor();
      await tags.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/tag-set-de.png` });

      const baseId = await parsedKnowledgeBase(
        page,
        "Reisehinweise",
        "Vor der Reise ins Ausland die Impfungen prüfen.",
      );
      await page.goto(`${baseUrl}/knowledge/configuration?id=${baseId}`);
      await page.getByRole("group", { name: "Tag-Sets" }).getByText("Themen-Tags").click();
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Aktualisiert").first().waitFor();
      const saved = await page.evaluate(
        async (id) =>
          (
            await (
              await fetch(`/api/v1/datasets/${id}`, { headers: { Authorization: localStorage.getItem("token") } })
            ).json()
          ).data,
        baseId,
      );
      assert.deepEqual(saved.parser_config.tag_kb_ids, [tagSetId]);

      await setLook(page, "dark", "en", { reload: false });
      await page.goto(`${baseUrl}/knowledge/configuration?id=${tagSetId}`);
      await page
        .getByRole("table", { name: "Tags of this tag set" })
        .getByRole("row")
        .filter({ hasText: "Isolation" })
        .waitFor();
      await page.screenshot({ path: `${artifacts}/tag-set-en-dark.png`, fullPage: true });
    },
  ],
  [
    "parent-child chunks: the configuration shows them switched on, retrieval testing shows the parent of the matching child",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const text =
        "Die Grippeimpfung schützt ältere Menschen.\nDer Impfpass dokumentiert jede Impfung.\nAusreichend Schlaf stärkt das Immunsystem.";
      const datasetId = await parsedKnowledgeBase(page, "Impfleitfaden", text, {
        delimiter: "`§§`",
        enable_children: true,
        children_delimiter: "\n",
      });
      await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
      assert.equal(await page.getByLabel("Eltern-Kind-Abschnitte").isChecked(), true);
      assert.equal(await page.locator("input[name=children_delimiter]").inputValue(), "\\n");
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/parent-child-config-de.png`, fullPage: true });

      await page.goto(`${baseUrl}/knowledge/testing?id=${datasetId}`);
      await page.getByRole("textbox", { name: /Frage/ }).fill("Impfpass");
      await page.getByRole("button", { name: "Testen" }).click();
      await page.getByText("1 Abschnitt gefunden").waitFor();
      await page.getByText("Ausreichend Schlaf stärkt das Immunsystem.").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/parent-child-retrieval-de.png`, fullPage: true });
    },
  ],
  [
    "cross-language search: a German question finds an English text through the chat model's translation",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        await useLocalChatModel(page, url, GOOD_KEY);
        const datasetId = await parsedKnowledgeBase(
          page,
          "Vaccination guide",
          "Older people need a flu vaccination every autumn.",
        );

        await page.goto(`${baseUrl}/knowledge/testing?id=${datasetId}`);
        await page.getByRole("textbox", { name: /Frage/ }).fill("Wer braucht eine Grippeimpfung?");
        await page.getByRole("button", { name: "Testen" }).click();
        await page.getByText("Kein Abschnitt hat die Ähnlichkeitsschwelle erreicht.").waitFor();
        await page
          .getByRole("group", { name: /Sprachübergreifende Suche/ })
          .getByText("Englisch")
          .click();
        await page.getByRole("button", { name: "Testen" }).click();
        await page.getByText("1 Abschnitt gefunden").waitFor();
        assert.match(await page.locator("mark").first().innerText(), /flu|vaccination/);
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/cross-languages-de.png`, fullPage: true });

        await setLook(page, "dark", "en");
        await page.getByRole("textbox", { name: /Question/ }).fill("Wer braucht eine Grippeimpfung?");
        await page
          .getByRole("group", { name: /Cross-language search/ })
          .getByText("English")
          .click();
        await page.getByRole("button", { name: "Test" }).click();
        await page.getByText("1 chunk found").waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/cross-languages-en-dark.png`, fullPage: true });
      } finally {
        server.close();
      }
    },
  ],
  [
    "RAPTOR: switched on in the configuration, summaries built with the chat model, followed and deleted",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        await useLocalChatModel(page, url, GOOD_KEY);
        const datasetId = await page.evaluate(async () => {
          const auth = { Authorization: localStorage.getItem("token") };
          const send = async (path, body, patch = false) =>
            (
              await (
                await fetch(`/api/v1${path}`, {
                  method: patch ? "PATCH" : "POST",
                  headers: { ...auth, "Content-Type": "application/json" },
                  body: JSON.stringify(body),
                })
              ).json()
            ).data;
          const get = async (path) => (await (await fetch(`/api/v1${path}`, { headers: auth })).json()).data;
          const dataset = await send("/datasets", { name: "Impf-Leitfaden", parser_config: { delimiter: "`\n`" } });
          const form = new FormData();
          const lines = [
            "Die Grippeimpfung schützt ältere Menschen im Herbst.",
            "Der Impfstoff wird jedes Jahr neu angepasst.",
            "Nach der Impfung kann der Arm schmerzen.",
          ];
          form.append("file", new Blob([lines.join("\n")], { type: "text/plain" }), "impfen.txt");
          const [doc] = (
            await (
              await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form })
            ).json()
          ).data;
          await send(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] });
          for (let i = 0; i < 120 && (await get(`/datasets/${dataset.id}/documents`)).docs[0].run !== "DONE"; i++)
            await new Promise((resolve) => setTimeout(resolve, 250));
          return dataset.id;
        });

        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        await page.getByText("RAPTOR verwenden").click();
        await page.getByText("Dokument (ein Baum pro Datei)").waitFor();
        await page.getByRole("button", { name: "Speichern" }).click();
        await page.getByText("Aktualisiert").first().waitFor();
        const panel = page.getByTestId("raptor-task");
        await panel.getByText("Noch nicht erzeugt").waitFor();
        await page.getByRole("button", { name: "Zusammenfassungen erzeugen" }).click();
        await panel.getByText("Fertig", { exact: true }).waitFor({ timeout: 30_000 });
        await panel.getByText(/\d+ Zusammenfassung/).waitFor();
        await page.getByRole("button", { name: "Protokoll anzeigen" }).click();
        assert.match(await page.getByTestId("raptor-log").innerText(), /impfen\.txt: clustering 3 chunks\./);
        await page.screenshot({ path: `${artifacts}/raptor-de.png`, fullPage: true });

        // the summaries are chunks of the document, found by retrieval
        const chunks = await page.evaluate(async (id) => {
          const auth = { Authorization: localStorage.getItem("token") };
          const { docs } = (await (await fetch(`/api/v1/datasets/${id}/documents`, { headers: auth })).json()).data;
          return (
            await (await fetch(`/api/v1/datasets/${id}/documents/${docs[0].id}/chunks`, { headers: auth })).json()
          ).data.chunks.map((chunk) => chunk.content);
        }, datasetId);
        assert.ok(
          chunks.some((content) => content.startsWith("Zusammenfassung von")),
          chunks.join(" | "),
        );

        await setLook(page, "dark", "en");
        await page.getByTestId("raptor-task").getByText("Done", { exact: true }).waitFor();
        await page.getByRole("button", { name: "Delete summaries" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
        await page.getByTestId("raptor-task").getByText("Not built yet").waitFor();
        await page.screenshot({ path: `${artifacts}/raptor-en-dark.png`, fullPage: true });

        // the finished RAPTOR task is in the knowledge base's logs
        await page.goto(`${baseUrl}/knowledge/log?id=${datasetId}`);
        await page.getByTestId("ingestion-log-row").filter({ hasText: "impfen.txt" }).waitFor();
        await page.getByText("Knowledge base tasks").click();
        await page.getByTestId("ingestion-log-row").filter({ hasText: "RAPTOR" }).getByText("Successful").waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/ingestion-logs-en-dark.png`, fullPage: true });
      } finally {
        server.close();
      }
    },
  ],
  [
    "knowledge graph: built from the chunks with the chat model, drawn with its entities, and used by retrieval testing",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        await useLocalChatModel(page, url, GOOD_KEY);
        const datasetId = await parsedKnowledgeBase(
          page,
          "Institute",
          "Das Robert Koch-Institut sitzt in Berlin. Lothar Wieler leitete das Robert Koch-Institut.",
        );
        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        const panel = page.getByTestId("graph-task");
        await panel.getByText("Noch nicht erzeugt", { exact: true }).waitFor();
        // the general method with entity resolution and community reports, saved before the build
        await page.getByText(/^General: /).click();
        await page.getByText("Entitäten zusammenführen", { exact: true }).click();
        await page.getByText("Community-Berichte", { exact: true }).click();
        await page.getByRole("button", { name: "Speichern" }).click();
        await page.getByText("Aktualisiert", { exact: true }).first().waitFor();
        await page.getByText("Methode", { exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${artifacts}/graph-settings-de.png` });
        await page.getByRole("button", { name: "Wissensgraph erzeugen" }).click();
        await panel.getByText("Fertig", { exact: true }).waitFor({ timeout: 30_000 });
        assert.match(await panel.getByTestId("graph-last-line").innerText(), /Fertig \([\d.]+ s\)\./);
        await page.getByRole("button", { name: "Graph anzeigen" }).click();
        const dialog = page.getByTestId("knowledge-graph-dialog");
        await dialog.getByText("Wissensgraph: 3 Entitäten").waitFor();
        await dialog
          .getByRole("table", { name: "Entitäten" })
          .getByRole("row")
          .filter({ hasText: "ROBERT KOCH-INSTITUT" })
          .waitFor();
        await dialog.locator(".react-flow__node").first().waitFor();
        assert.equal(await dialog.locator(".react-flow__node").count(), 3);
        const reports = dialog.getByRole("region", { name: /^Community-Berichte/ });
        await reports
          .getByText(/^Gemeinschaft: /)
          .first()
          .waitFor();
        await reports
          .getByText(/Erkenntnisse$/)
          .first()
          .click();
        await reports.getByText("Über BERLIN", { exact: true }).waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/knowledge-graph-de.png` });
        await page.keyboard.press("Escape");

        // the mind map of the same knowledge base, outlined by the chat model
        const mindMapPanel = page.getByTestId("mindmap-task");
        await page.getByRole("button", { name: "Mindmap erzeugen" }).click();
        await mindMapPanel.getByText("Fertig", { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByRole("button", { name: "Mindmap anzeigen" }).click();
        const mindMap = page.getByTestId("mind-map-dialog");
        await mindMap.getByTestId("mindmap-root").filter({ hasText: "Überblick" }).waitFor();
        await mindMap.getByText("Das Robert Koch-Institut sitzt in Berlin.", { exact: false }).first().waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/mind-map-de.png` });
        await page.keyboard.press("Escape");

        await page.goto(`${baseUrl}/knowledge/testing?id=${datasetId}`);
        await page.getByText("Wissensgraph verwenden").click();
        await page.getByLabel("Frage").fill("Wo sitzt das Robert Koch-Institut?");
        await page.keyboard.press("Enter");
        await page.getByText("Related content in Knowledge Graph").first().waitFor();

        await setLook(page, "dark", "en", { reload: false });
        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        await page.getByRole("button", { name: "Show graph" }).click();
        await page.getByTestId("knowledge-graph-dialog").getByText("Knowledge graph: 3 entities").waitFor();
        await page.getByTestId("knowledge-graph-dialog").locator(".react-flow__node").first().waitFor();
        await page.screenshot({ path: `${artifacts}/knowledge-graph-en-dark.png` });
      } finally {
        server.close();
      }
    },
  ],
  [
    "manage the documents' metadata: values with their document counts, renamed and deleted in every document",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const datasetId = await parsedKnowledgeBase(page, "Leitlinien");
      await page.evaluate(async (id) => {
        const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
        const { docs } = (await (await fetch(`/api/v1/datasets/${id}/documents`, { headers })).json()).data;
        await fetch(`/api/v1/datasets/${id}/documents/${docs[0].id}`, {
          method: "PATCH",
          headers,
          body: JSON.stringify({ meta_fields: { Quelle: "RKI", Themen: ["Impfung", "Schlaf"] } }),
        });
      }, datasetId);
      await page.goto(`${baseUrl}/knowledge/dataset?id=${datasetId}`);
      await page.getByRole("button", { name: "Metadaten verwalten" }).click();
      const manager = page.getByTestId("metadata-manager");
      await manager
        .getByRole("table", { name: "Werte von „Themen“" })
        .getByRole("row")
        .filter({ hasText: "Schlaf" })
        .waitFor();
      await page.getByRole("button", { name: "Wert „Schlaf“ von „Themen“ umbenennen" }).click();
      await page.getByLabel("Neuer Wert").fill("Erholung");
      await page.getByRole("button", { name: "Speichern" }).click();
      await manager
        .getByRole("table", { name: "Werte von „Themen“" })
        .getByRole("row")
        .filter({ hasText: "Erholung" })
        .waitFor();
      await page.getByRole("button", { name: "Feld „Quelle“ löschen" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
      await manager.getByRole("table", { name: "Werte von „Quelle“" }).waitFor({ state: "detached" });
      await page.screenshot({ path: `${artifacts}/metadata-manager-de.png` });
      const meta = await page.evaluate(async (id) => {
        const headers = { Authorization: localStorage.getItem("token") };
        return (await (await fetch(`/api/v1/datasets/${id}/documents`, { headers })).json()).data.docs[0].meta_fields;
      }, datasetId);
      assert.deepEqual(meta, { Themen: ["Impfung", "Erholung"] });
    },
  ],
  [
    "automatic metadata: fields set up in the configuration are filled by the chat model when a document is parsed",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        await useLocalChatModel(page, url, GOOD_KEY);
        const datasetId = await page.evaluate(async () => {
          const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
          const send = async (path, body, patch = false) =>
            (
              await (
                await fetch(`/api/v1${path}`, {
                  method: patch ? "PATCH" : "POST",
                  headers,
                  body: JSON.stringify(body),
                })
              ).json()
            ).data;
          return (await send("/datasets", { name: "Merkblätter" })).id;
        });
        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        await page.getByText("Metadaten beim Parsen erzeugen").click();
        await page.getByRole("button", { name: "Feld hinzufügen" }).click();
        await page.getByLabel("Name von Feld 1").fill("Autor");
        await page.getByRole("button", { name: "Feld hinzufügen" }).click();
        await page.getByLabel("Name von Feld 2").fill("Themen");
        await page.getByLabel("Art von Feld 2").selectOption("list");
        await page.getByLabel("Erlaubte Werte von Feld 2").fill("Impfung, Reisen");
        await page.getByRole("button", { name: "Speichern" }).click();
        await page.getByText("Aktualisiert").first().waitFor();
        // below the sticky header
        await page
          .getByRole("heading", { name: "Automatische Metadaten" })
          .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 120));
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/auto-metadata-de.png` });

        await page.evaluate(async (id) => {
          const auth = { Authorization: localStorage.getItem("token") };
          const form = new FormData();
          form.append(
            "file",
            new Blob(["Autor: RKI\nThemen: Impfung, Erfunden\nDie Grippeimpfung schützt ältere Menschen."], {
              type: "text/plain",
            }),
            "merkblatt.txt",
          );
          const [doc] = (
            await (
              await fetch(`/api/v1/datasets/${id}/documents`, { method: "POST", headers: auth, body: form })
            ).json()
          ).data;
          await fetch(`/api/v1/datasets/${id}/chunks`, {
            method: "POST",
            headers: { ...auth, "Content-Type": "application/json" },
            body: JSON.stringify({ document_ids: [doc.id] }),
          });
        }, datasetId);
        await page.goto(`${baseUrl}/knowledge/dataset?id=${datasetId}`);
        await row(page, "merkblatt.txt")
          .getByTestId("run-status")
          .filter({ hasText: "Erfolgreich" })
          .waitFor({ timeout: 30_000 });
        await row(page, "merkblatt.txt")
          .getByTestId("document-meta")
          .filter({ hasText: "Autor: RKI · Themen: Impfung" })
          .waitFor();

        await setLook(page, "dark", "en", { reload: false });
        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        await page.getByLabel("Allowed values of field 2").waitFor();
        assert.equal(await page.getByLabel("Allowed values of field 2").inputValue(), "Impfung, Reisen");
        // below the sticky header
        await page
          .getByRole("heading", { name: "Automatic metadata" })
          .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 120));
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/auto-metadata-en-dark.png` });
      } finally {
        server.close();
      }
    },
  ],
];
