import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lawMarkdown, multiPagePdf } from "../helpers/fixtures/documents.ts";
import { setLook, signUp } from "./helpers.mjs";

const NOTES = "Bei Fieber viel trinken und ausruhen. Bei Husten hilft warmer Tee mit Honig.";

// A folder on disk as a user would pick it: a PDF, a note and a sub-folder.
const guidelinesFolder = async () => {
  const root = join(mkdtempSync(join(tmpdir(), "buddy-files-")), "Leitlinien");
  mkdirSync(join(root, "Archiv"), { recursive: true });
  writeFileSync(join(root, "mehrseitig.pdf"), new Uint8Array(await multiPagePdf().arrayBuffer()));
  writeFileSync(join(root, "notizen.txt"), NOTES);
  writeFileSync(join(root, "Archiv", "praxisgesetz.md"), new Uint8Array(await lawMarkdown().arrayBuffer()));
  return root;
};

const api = (page, path, init = {}) =>
  page.evaluate(
    async (request) => {
      const headers = {
        Authorization: localStorage.getItem("token"),
        ...(request.init.body ? { "Content-Type": "application/json" } : {}),
      };
      return (await (await fetch(`/api/v1${request.path}`, { ...request.init, headers })).json()).data;
    },
    { path, init },
  );

const row = (page, name) => page.locator(`[data-testid=file-row][data-name="${name}"]`);
const rowAction = async (page, name, label) => {
  await row(page, name).getByTestId("file-actions").click();
  await page
    .getByRole("menu", { name: `Aktionen für ${name}` })
    .getByRole("menuitem", { name: label })
    .click();
};

export const tests = [
  [
    "upload a folder, preview a PDF, link a file to two bases, unlink one: the other keeps its chunks",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const baseA = await api(page, "/datasets", { method: "POST", body: JSON.stringify({ name: "Basis A" }) });
      await api(page, "/datasets", { method: "POST", body: JSON.stringify({ name: "Basis B" }) });

      await page.getByRole("link", { name: "Dateiverwaltung" }).click();
      await page.waitForURL(/\/file/);
      // the internal .knowledgebase folder is not listed: a new team's root is empty
      await page.getByText("Dieser Ordner ist leer.").waitFor();
      assert.equal(await row(page, ".knowledgebase").count(), 0);

      await page.getByRole("button", { name: "Hinzufügen" }).click();
      await page.getByTestId("folder-input").setInputFiles(await guidelinesFolder());
      await page.getByTestId("upload-item").nth(2).waitFor();
      await page.getByRole("button", { name: "Hochladen" }).click();
      await page.getByText("Fertig", { exact: true }).nth(2).waitFor();
      await page.screenshot({ path: `${artifacts}/files-upload-de.png` });
      await page.getByRole("button", { name: "Fertig" }).click();

      await row(page, "Leitlinien").getByRole("button", { name: "Leitlinien", exact: true }).click();
      await page.getByTestId("file-breadcrumb").getByText("Leitlinien").waitFor();
      for (const name of ["Archiv", "mehrseitig.pdf", "notizen.txt"]) await row(page, name).waitFor();

      // the PDF opens in the page viewer
      await row(page, "mehrseitig.pdf").getByRole("button", { name: "mehrseitig.pdf", exact: true }).click();
      const preview = page.getByTestId("file-preview-dialog");
      await preview.getByTestId("pdf-page").first().waitFor({ timeout: 30_000 });
      const pages = await preview.getByTestId("pdf-page-indicator").textContent();
      assert.match(pages ?? "", /^1 \/ [2-9]/);
      await page.screenshot({ path: `${artifacts}/files-preview-pdf-de.png` });
      await preview.getByRole("button", { name: "Schließen" }).first().click();

      // link the note to both bases
      await rowAction(page, "notizen.txt", "Mit Wissensdatenbank verknüpfen");
      const linkDialog = page.getByRole("dialog");
      await linkDialog.getByText("Basis A").click();
      await linkDialog.getByText("Basis B").click();
      await linkDialog.getByRole("button", { name: "Verknüpfen" }).click();
      await page.getByText("2 Verknüpfungen angelegt, das Parsen läuft.").waitFor();
      await row(page, "notizen.txt").getByTestId("linked-kb").nth(1).waitFor();

      const docA = async () => (await api(page, `/datasets/${baseA.id}/documents`)).docs[0];
      for (let i = 0; i < 120 && (await docA()).run !== "DONE"; i++) await page.waitForTimeout(250);
      const before = (await docA()).chunk_count;
      assert.ok(before > 0, "the first base has chunks");
      await page.screenshot({ path: `${artifacts}/files-linked-de.png`, fullPage: true });

      // unlink B: A keeps its document and chunks
      await row(page, "notizen.txt").getByRole("button", { name: "Verknüpfung mit Basis B lösen" }).click();
      await page.getByText("Verknüpfung gelöst").waitFor();
      await row(page, "notizen.txt").getByTestId("linked-kb").nth(1).waitFor({ state: "detached" });
      assert.equal((await docA()).chunk_count, before);
      const hits = await api(page, "/retrieval", {
        method: "POST",
        body: JSON.stringify({ question: "Fieber trinken", dataset_ids: [baseA.id] }),
      });
      assert.match(hits.chunks[0].content, /Fieber/);

      // move the sub-folder to the root with the folder picker, then delete the folder (it says what is linked)
      await rowAction(page, "Archiv", "Verschieben");
      await page.getByTestId("folder-picker").getByRole("button", { name: "Alle Dateien", exact: true }).click();
      await page.getByRole("button", { name: "Hierher verschieben" }).click();
      await row(page, "Archiv").waitFor({ state: "detached" });
      await page.getByTestId("file-breadcrumb").getByRole("button", { name: "Alle Dateien" }).click();
      await row(page, "Archiv").waitFor();

      await row(page, "Leitlinien").getByRole("checkbox").click({ force: true });
      await page.getByTestId("file-bulk-bar").getByRole("button", { name: "Löschen" }).click();
      await page
        .getByRole("alertdialog")
        .getByText(/verknüpfte Dateien darin/)
        .waitFor();
      await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
      await row(page, "Leitlinien").waitFor({ state: "detached" });
      assert.equal((await api(page, `/datasets/${baseA.id}/documents`)).docs.length, 0);

      // dark and English
      await setLook(page, "dark", "en");
      await page.getByRole("heading", { name: "File management" }).waitFor();
      await row(page, "Archiv").waitFor();
      await page.screenshot({ path: `${artifacts}/files-dark-en.png` });
    },
  ],
];
