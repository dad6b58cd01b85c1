import assert from "node:assert/strict";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { FIGURE_PAGE, FIGURE_WIDTH, reportPdf, wikiMarkdown } from "../helpers/fixtures/documents.ts";
import { addLocalModels, animationsDone, asUpload, signUp } from "./helpers.mjs";

export const tests = [
  [
    "parse a document, then search, edit, disable and add chunks beside the preview",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.getByRole("button", { name: "Wissensdatenbank erstellen" }).click();
      await page.getByLabel("Name").fill("Wiki");
      await page.getByRole("button", { name: "Erstellen" }).click();
      await page.waitForURL(/\/knowledge\/dataset\?id=/);
      await page.getByRole("button", { name: "Datei hinzufügen" }).click();
      // this test parses by hand: the upload leaves the files unparsed
      await page.getByText("Nach dem Hochladen verarbeiten").click();
      await page.getByTestId("file-input").setInputFiles([await asUpload(wikiMarkdown())]);
      await page.getByRole("button", { name: "Hochladen" }).click();
      await page.getByText("Fertig").first().waitFor();
      await page.getByRole("button", { name: "Fertig" }).click();

      // bulk parse through the selection bar, then watch the status settle
      await page.locator('[data-name="wiki.md"] label').first().click();
      await page.getByRole("button", { name: "Auswahl parsen" }).click();
      const status = page.locator('[data-name="wiki.md"]').getByTestId("run-status");
      await status.filter({ hasText: "Erfolgreich" }).waitFor({ timeout: 30_000 });
      await page
        .locator('[data-name="wiki.md"]')
        .getByTestId("process-begin")
        .filter({ hasText: /^Gestartet \d/ })
        .waitFor();

      // the chunk list without a document goes back to the file list
      const datasetUrl = page.url();
      await page.goto(datasetUrl.replace("/knowledge/dataset?", "/knowledge/dataset/chunk?"));
      await page.waitForURL(datasetUrl);
      await page.getByRole("link", { name: "wiki.md" }).click();
      await page.waitForURL(/\/knowledge\/dataset\/chunk\?/);
      const cards = page.getByTestId("chunk-card");
      await cards.first().waitFor();
      const total = await cards.count();
      assert.ok(total > 0);

      // a bulk action without a selection explains itself
      await page.getByRole("button", { name: "Deaktivieren", exact: true }).click();
      await page.getByText("Bitte Abschnitt auswählen!").first().waitFor();

      // select a chunk for the preview, edit it, then disable it
      await cards.first().locator("button").first().click();
      await page.getByTestId("document-preview").locator("mark").waitFor();
      await page.getByTestId("edit-chunk").first().click();
      await page.getByLabel("Inhalt").fill("Geänderter Abschnitt über Wikis.");
      await page.getByLabel("Schlüsselwörter").fill("Wiki\nBearbeitung");
      await page.getByRole("button", { name: "Speichern" }).click();
      await cards.filter({ hasText: "Geänderter Abschnitt über Wikis." }).waitFor();
      await cards.filter({ hasText: "Bearbeitung" }).waitFor();
      await cards.first().locator("[data-scope=switch][data-part=root]").click();
      await page.getByLabel("Filter").selectOption("disabled");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=chunk-card]").length === 1);
      await cards.filter({ hasText: "Geänderter Abschnitt" }).waitFor();
      await page.getByLabel("Filter").selectOption("all");

      // search, then add a manual chunk
      await page.getByRole("searchbox", { name: "Abschnitte durchsuchen" }).fill("geänderter");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=chunk-card]").length === 1);
      await page.getByRole("searchbox", { name: "Abschnitte durchsuchen" }).fill("");
      await page.getByRole("button", { name: "Abschnitt hinzufügen" }).click();
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Dieses Feld ist erforderlich.").waitFor();
      await page.getByLabel("Inhalt").fill("Manuell ergänzter Hinweis.");
      await page.getByRole("button", { name: "Speichern" }).click();
      await cards.filter({ hasText: "Manuell ergänzter Hinweis." }).waitFor();
      await page.screenshot({ path: `${artifacts}/chunks-de.png`, fullPage: true });

      // retrieval testing finds the manual chunk and highlights the matched words (the disabled one stays out)
      await page.getByRole("link", { name: "Abruftest" }).click();
      await page.getByRole("textbox", { name: "Frage" }).fill("ergänzter Hinweis");
      await page.getByRole("button", { name: "Testen" }).click();
      const hit = page.getByTestId("retrieval-chunk").first();
      await hit.waitFor();
      await hit.locator("mark").first().waitFor();
      assert.match(await hit.innerText(), /Manuell ergänzter Hinweis/);
      assert.equal(await page.getByTestId("retrieval-chunk").filter({ hasText: "Geänderter Abschnitt" }).count(), 0);
      await page.screenshot({ path: `${artifacts}/retrieval-testing-de.png`, fullPage: true });

      // a metadata condition no document meets leaves nothing to find; without it the chunk is back
      await page.getByRole("button", { name: "Bedingung hinzufügen" }).click();
      await page.getByRole("textbox", { name: "Feld der Bedingung 1" }).fill("Quelle");
      await page.getByRole("textbox", { name: "Wert der Bedingung 1" }).fill("RKI");
      await page.getByRole("button", { name: "Testen" }).click();
      await page
        .getByTestId("retrieval-total")
        .filter({ hasText: /^0 Abschnitte gefunden$/ })
        .waitFor();
      await page.screenshot({ path: `${artifacts}/retrieval-metadata-de.png`, fullPage: true });
      await page.getByRole("button", { name: "Bedingung 1 entfernen" }).click();
      await page.getByRole("button", { name: "Testen" }).click();
      await hit.waitFor();

      // parsing the selection again asks what happens to the chunks it already has; keeping them keeps the edits
      await page.getByRole("link", { name: "Datensatz" }).click();
      await page.locator('[data-name="wiki.md"] label').first().click();
      await page.getByRole("button", { name: "Auswahl parsen" }).click();
      const reparse = page.getByRole("alertdialog");
      await reparse.getByText("Die Datei hat bereits Abschnitte.", { exact: false }).waitFor();
      await reparse.getByRole("button", { name: "Behalten und neu parsen" }).click();
      await reparse.waitFor({ state: "detached" });
      await page.getByRole("toolbar").waitFor({ state: "detached" });
      await status.filter({ hasText: "Erfolgreich" }).waitFor({ timeout: 30_000 });
      await page.getByRole("link", { name: "wiki.md" }).click();
      await cards.filter({ hasText: "Manuell ergänzter Hinweis." }).waitFor();
    },
  ],
  [
    "a PDF's figures, described by the image-to-text model, show their images in the chunk list and in retrieval testing",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        const pdf = [...new Uint8Array(await reportPdf().arrayBuffer())];
        await addLocalModels(page, url, GOOD_KEY, [["vision-model", "image2text"]], ["image2text"]);
        const { datasetId, documentId } = await page.evaluate(
          async ({ bytes, figurePage }) => {
            const auth = { Authorization: localStorage.getItem("token") };
            const headers = { ...auth, "Content-Type": "application/json" };
            const json = async (response) => (await response.json()).data;
            // the figure page holds four pictures
            const dataset = await json(
              await fetch("/api/v1/datasets", {
                method: "POST",
                headers,
                body: JSON.stringify({ name: "Geologie", parser_config: { pages: [[figurePage, figurePage]] } }),
              }),
            );
            const form = new FormData();
            form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "geologie-bericht.pdf");
            const [doc] = await json(
              await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form }),
            );
            await fetch(`/api/v1/datasets/${dataset.id}/chunks`, {
              method: "POST",
              headers,
              body: JSON.stringify({ document_ids: [doc.id] }),
            });
            for (let i = 0; i < 240; i++) {
              const { docs } = await json(await fetch(`/api/v1/datasets/${dataset.id}/documents`, { headers: auth }));
              if (docs[0].run === "DONE") return { datasetId: dataset.id, documentId: doc.id };
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
            throw new Error("parsing did not finish");
          },
          { bytes: pdf, figurePage: FIGURE_PAGE },
        );
        await page.goto(`${baseUrl}/knowledge/dataset/chunk?id=${datasetId}&doc=${documentId}`);
        const figures = page.getByRole("link", { name: "Bild aus geologie-bericht.pdf öffnen" });
        await figures.first().waitFor();
        assert.equal(await figures.count(), 4);
        // the images loaded (natural width of the stored PNG)
        await page.waitForFunction(
          (width) =>
            [...document.querySelectorAll('[data-testid="chunk-card"] img')].every(
              (img) => img.complete && img.naturalWidth === width,
            ),
          FIGURE_WIDTH,
        );
        await figures.first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${artifacts}/pdf-figures-de.png` });

        await page.goto(`${baseUrl}/knowledge/testing?id=${datasetId}`);
        await page.getByLabel("Frage").fill("Impfpass");
        await page.keyboard.press("Enter");
        await page.getByTestId("retrieval-chunk").getByRole("img", { name: "geologie-bericht.pdf" }).first().waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pdf-figures-retrieval-de.png` });
      } finally {
        server.close();
      }
    },
  ],
];
