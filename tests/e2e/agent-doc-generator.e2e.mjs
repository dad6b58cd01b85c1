import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { animationsDone, setLook, signUp } from "./helpers.mjs";

const component = (name, params, downstream, upstream) => ({
  obj: { component_name: name, params },
  downstream,
  upstream,
});

// A flow Begin → DocGenerator → Message: the editor's test run shows the Message with the document's link, and the
// link downloads the file (a PDF, then a Word file after the format is switched in the form).
const createFlow = async (page, baseUrl) => {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await fetch(`${baseUrl}/api/v1/agents`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({
      title: "Arztbrief",
      dsl: {
        components: {
          begin: component("Begin", {}, ["DocGenerator:doc"], []),
          "DocGenerator:doc": component(
            "DocGenerator",
            {
              name: "Brief",
              content: "# Arztbrief\n\nAnliegen: {sys.query}\n\n- Kontrolle in zwei Wochen",
              filename: "Arztbrief",
              output_format: "pdf",
              watermark_text: "ENTWURF",
            },
            ["Message:m"],
            ["begin"],
          ),
          "Message:m": component(
            "Message",
            { name: "Antwort", content: ["Ihr Brief: {DocGenerator:doc@link}"] },
            [],
            ["DocGenerator:doc"],
          ),
        },
        graph: { nodes: [], edges: [] },
        globals: {},
      },
    }),
  });
  const envelope = await response.json();
  assert.equal(envelope.code, 0, envelope.message);
  return envelope.data.id;
};

const runAndDownload = async (page, question, name) => {
  await page.getByRole("button", { name: /^(Testlauf|Test run)$/ }).click();
  const panel = page.getByTestId("test-run-panel");
  await panel.getByRole("textbox").last().fill(question);
  await panel.getByRole("button", { name: /^(Senden|Send)$/ }).click();
  const link = panel.getByRole("link", { name });
  await link.waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  assert.equal(download.suggestedFilename(), name);
  return readFileSync(await download.path());
};

export const tests = [
  [
    "a DocGenerator's test run shows the download link, and the link downloads the PDF and the Word file",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const id = await createFlow(page, baseUrl);
      await page.goto(`${baseUrl}/flow/${id}`);
      await page.getByTestId("flow-editor").getByTestId("flow-node").filter({ hasText: "Brief" }).first().waitFor();

      const pdf = await runAndDownload(page, "Husten", "Arztbrief.pdf");
      assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-doc-generator-run-de.png` });

      // English, dark; the form switched to Word: watermark and page numbers stay offered
      await setLook(page, "dark", "en");
      await page.getByTestId("flow-editor").getByTestId("flow-node").filter({ hasText: "Brief" }).first().click();
      const form = page.getByTestId("node-form");
      await form.getByRole("combobox", { name: "File format" }).selectOption("docx");
      await form.getByText("Watermark", { exact: true }).waitFor();
      await form.getByText("Page numbers", { exact: true }).waitFor();
      // the test run saves the change first
      const docx = await runAndDownload(page, "Fieber", "Arztbrief.docx");
      assert.equal(docx.subarray(0, 2).toString("latin1"), "PK");
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-doc-generator-run-en-dark.png` });
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
