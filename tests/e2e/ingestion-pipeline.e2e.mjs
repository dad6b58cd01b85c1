import assert from "node:assert/strict";
import { lawMarkdown, LAW_MARKDOWN } from "../helpers/fixtures/documents.ts";
import { RAGFLOW_TITLE_CHUNKER } from "../helpers/fixtures/ragflow-pipelines.ts";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { animationsDone, asUpload, signUp, useLocalChatModel } from "./helpers.mjs";

// A dataset parsing with the pipeline: the text file goes up and is parsed; resolves with the document's id.
const parseWithPipeline = (page, datasetId, text) =>
  page.evaluate(
    async ({ id, content }) => {
      const auth = { Authorization: localStorage.getItem("token") };
      const json = async (response) => (await response.json()).data;
      const form = new FormData();
      form.append("file", new Blob([content], { type: "text/markdown" }), "praxisgesetz.md");
      const [doc] = await json(
        await fetch(`/api/v1/datasets/${id}/documents`, { method: "POST", headers: auth, body: form }),
      );
      await fetch(`/api/v1/datasets/${id}/chunks`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ document_ids: [doc.id] }),
      });
      for (let i = 0; i < 240; i++) {
        const { docs } = await json(await fetch(`/api/v1/datasets/${id}/documents`, { headers: auth }));
        if (docs[0].run === "DONE") return doc.id;
        if (docs[0].run === "FAIL") throw new Error(`parsing failed: ${docs[0].progress_msg}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("parsing did not finish");
    },
    { id: datasetId, content: text },
  );

export const tests = [
  [
    "import RAGFlow's title_chunker pipeline, dry-run it, attach it to a dataset and see the chunks it made",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        // the template's Extractor uses the team's chat model
        await useLocalChatModel(page, url, GOOD_KEY);
        await page.getByRole("link", { name: "Buddys erstellen" }).click();
        await page.getByRole("tab", { name: "Ingestion-Pipelines" }).click();
        await page.getByText("Noch keine Ingestion-Pipelines").waitFor();
        await page.getByRole("button", { name: "Pipeline erstellen" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByTestId("import-dsl-input").setInputFiles({
          name: "title_chunker.json",
          mimeType: "application/json",
          // RAGFlow v0.27's own template, as a user would import it
          buffer: Buffer.from(JSON.stringify(RAGFLOW_TITLE_CHUNKER)),
        });
        await dialog.getByTestId("imported-file").waitFor();
        await dialog.getByRole("button", { name: "Erstellen" }).click();
        await page.waitForURL(/\/flow\/[0-9a-f]{32}/);
        const pipelineId = page.url().match(/[0-9a-f]{32}/)[0];

        // the editor: File is the start, the palette offers the pipeline's components only
        const editor = page.getByTestId("flow-editor");
        await editor.getByTestId("pipeline-badge").waitFor();
        await editor.getByTestId("flow-node").filter({ hasText: "Titel-Chunker" }).click();
        await page.getByTestId("node-form").getByText("Überschriften erkennen").waitFor();
        assert.equal(await page.getByTestId("palette-Generate").count(), 0);
        await page.getByTestId("palette-Tokenizer").waitFor();
        assert.equal(await page.getByLabel("H1").first().inputValue(), "^#[^#]");
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pipeline-editor-de.png` });

        // dry run on a Markdown file: every step, and the chunks
        await page.getByRole("button", { name: "Probelauf" }).click();
        const run = page.getByTestId("dry-run-panel");
        await run.getByTestId("dry-run-file").setInputFiles(await asUpload(lawMarkdown()));
        await run.getByRole("button", { name: "Probelauf starten" }).click();
        await run.getByTestId("dry-run-result").waitFor({ timeout: 60_000 });
        await run.getByTestId("dry-run-chunks").getByTestId("dry-run-chunk").first().waitFor();
        assert.ok((await run.getByTestId("dry-run-step").count()) >= 3);
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pipeline-dry-run-de.png` });

        // a dataset parses with the pipeline
        const datasetId = await page.evaluate(async () => {
          const response = await fetch("/api/v1/datasets", {
            method: "POST",
            headers: { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" },
            body: JSON.stringify({ name: "Praxisrecht" }),
          });
          return (await response.json()).data.id;
        });
        await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
        await page.getByText("Ingestion-Pipeline", { exact: true }).click();
        await page.locator('select[name="pipeline_id"]').selectOption(pipelineId);
        await page.getByTestId("open-pipeline").waitFor();
        await page.getByRole("button", { name: "Speichern" }).click();
        await page.getByText("Aktualisiert").first().waitFor();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pipeline-dataset-config-de.png` });

        const documentId = await parseWithPipeline(page, datasetId, LAW_MARKDOWN);
        await page.goto(`${baseUrl}/knowledge/dataset/chunk?id=${datasetId}&doc=${documentId}`);
        await page.getByText("PraxOG", { exact: false }).first().waitFor();

        // English, dark: the editor with the dry run
        await page.evaluate(() => {
          localStorage.setItem("vite-ui-theme", "dark");
          localStorage.setItem("lng", "en");
        });
        await page.goto(`${baseUrl}/flow/${pipelineId}`);
        await page.getByTestId("flow-editor").getByTestId("flow-node").filter({ hasText: "Title chunker" }).click();
        await page.getByTestId("node-form").getByText("Recognise headings").waitFor();
        await page.getByRole("button", { name: "Dry run" }).click();
        await page.getByTestId("dry-run-file").setInputFiles(await asUpload(lawMarkdown()));
        await page.getByRole("button", { name: "Start dry run" }).click();
        await page.getByTestId("dry-run-chunks").getByTestId("dry-run-chunk").first().waitFor({ timeout: 60_000 });
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pipeline-dry-run-en-dark.png` });
      } finally {
        server.close();
      }
    },
  ],
];
