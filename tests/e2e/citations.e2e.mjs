import assert from "node:assert/strict";
import { LAW_MARKDOWN } from "../helpers/fixtures/documents.ts";
import { pdfFile } from "../helpers/fixtures/pdf.ts";
import { animationsDone, setLook, signUp } from "./helpers.mjs";

const PDF_PAGES = 14;
const GLACIER = "Der Aletschgletscher verliert jedes Jahr etwa fünfzig Meter an Länge.";

// A manual of 14 pages whose only passage about the glacier starts on page 11 and runs onto page 12.
const manualPdf = () =>
  pdfFile(
    Array.from({ length: PDF_PAGES }, (_, i) => {
      const n = i + 1;
      const lines = [
        `Seite ${n}: Hinweise zur Wartung der Messstation Nummer ${n}.`,
        `Die Station ${n} misst Temperatur, Wind und Niederschlag im Tal ${n}.`,
        `Die Batterie der Station ${n} wird jeden Herbst geprüft.`,
      ];
      if (n === 11) lines.push(GLACIER, "Seit dem Jahr 1850 hat er mehr als drei Kilometer verloren.");
      if (n === 12) lines.unshift("Im Sommer schmilzt das Eis des Aletschgletschers am schnellsten.");
      return { lines };
    }),
  );

// A knowledge base with the manual and a law (small chunks, so a citation names one passage), and an assistant on it.
const assistantOnDocuments = (page, pdf) =>
  page.evaluate(
    async ({ pdfBytes, law }) => {
      const auth = { Authorization: localStorage.getItem("token") };
      const json = async (response) => (await response.json()).data;
      const dataset = await json(
        await fetch("/api/v1/datasets", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Quellen", parser_config: { chunk_token_num: 40 } }),
        }),
      );
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }), "messstationen.pdf");
      form.append("file", new Blob([law], { type: "text/markdown" }), "praxisgesetz.md");
      const docs = await json(
        await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form }),
      );
      await fetch(`/api/v1/datasets/${dataset.id}/chunks`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ document_ids: docs.map((doc) => doc.id) }),
      });
      for (let i = 0; i < 240; i++) {
        const list = await json(await fetch(`/api/v1/datasets/${dataset.id}/documents`, { headers: auth }));
        if (list.docs.every((doc) => doc.run === "DONE")) break;
        if (i === 239) throw new Error("parsing did not finish");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const chat = await json(
        await fetch("/api/v1/chats", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Quellenprüfer", dataset_ids: [dataset.id] }),
        }),
      );
      return chat.id;
    },
    { pdfBytes: [...pdf], law: LAW_MARKDOWN },
  );

// Asks a question and opens the citation of the answer that comes from `documentName`; returns its popover link.
export const citedLink = async (page, question, documentName) => {
  const answered = await page.getByTestId("sources").count();
  await page.getByLabel("Ihre Frage").fill(question);
  await page.keyboard.press("Enter");
  // the finished answer (its sources listed): the stored message replaces the streamed one, popovers and all
  await page.getByTestId("sources").nth(answered).waitFor({ timeout: 30_000 });
  // the conversation list and messages are fetched again after an answer; a popover open then would close
  await page.waitForLoadState("networkidle");
  const citations = page.locator("[data-role=assistant]").last().getByTestId("citation");
  for (let i = 0; i < (await citations.count()); i++) {
    // opened from the keyboard: focus moves into the popover
    await citations.nth(i).focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("citation-chunk").waitFor();
    const popover = page.getByRole("dialog").filter({ hasText: documentName });
    if (await popover.count()) {
      const link = popover.getByRole("link", { name: "Dokument öffnen" });
      await link.waitFor();
      return link;
    }
    await page.keyboard.press("Escape");
    await page.getByTestId("citation-chunk").waitFor({ state: "detached" });
  }
  throw new Error(`no citation of ${documentName}`);
};

// The viewer opened in its own tab by the citation link, reached with the keyboard.
export const openByKeyboard = async (page, link) => {
  await link.focus();
  const [viewer] = await Promise.all([page.context().waitForEvent("page"), page.keyboard.press("Enter")]);
  await viewer.waitForLoadState();
  return viewer;
};

export const tests = [
  [
    "a citation opens a PDF at the chunk's page with its text marked, and a markdown file with the passage highlighted",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const chatId = await assistantOnDocuments(page, manualPdf());
      await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
      await page.getByRole("button", { name: "Neuer Chat" }).first().click();

      // PDF: the viewer opens at the cited chunk's first page, not page 1, and marks the chunk's text there
      const pdfLink = await citedLink(
        page,
        "Wie viel Länge verliert der Aletschgletscher jedes Jahr?",
        "messstationen.pdf",
      );
      const href = new URL(await pdfLink.getAttribute("href"), baseUrl);
      const pdfViewer = await openByKeyboard(page, pdfLink);
      const chunk = await page.evaluate(
        async ({ path, datasetId, chunkId }) => {
          const response = await fetch(`/api/v1/datasets/${datasetId}/documents/${path}/chunks/${chunkId}`, {
            headers: { Authorization: localStorage.getItem("token") },
          });
          return (await response.json()).data;
        },
        {
          path: href.pathname.split("/").pop(),
          datasetId: href.searchParams.get("dataset"),
          chunkId: href.searchParams.get("chunk"),
        },
      );
      const firstPage = Math.min(...chunk.page_num_int);
      assert.ok(chunk.content_with_weight.includes("Aletschgletscher"), chunk.content_with_weight);
      assert.ok(firstPage >= 10, `the glacier chunk starts on page ${firstPage}`);
      assert.equal(href.searchParams.get("page"), String(firstPage));
      const indicator = pdfViewer.getByTestId("pdf-page-indicator");
      await indicator.waitFor({ timeout: 30_000 });
      assert.equal(await indicator.textContent(), `${firstPage} / ${PDF_PAGES}`);
      const marks = pdfViewer.getByTestId("pdf-highlight");
      await marks.first().waitFor({ timeout: 15_000 });
      assert.ok((await marks.count()) >= 1);
      assert.match(
        await pdfViewer.getByTestId("cited-passage-note").textContent(),
        /Die zitierte Stelle ist auf Seite \d+(–\d+)? markiert\./,
      );
      // the marks lie on the page drawing
      const pageBox = await pdfViewer.getByTestId("pdf-page").boundingBox();
      const markBox = await marks.first().boundingBox();
      assert.ok(markBox.y >= pageBox.y && markBox.y + markBox.height <= pageBox.y + pageBox.height);
      await pdfViewer.screenshot({ path: `${artifacts}/citation-pdf-de.png` });
      // turning away and back with "Go to passage"
      await pdfViewer.getByRole("button", { name: "Vorherige Seite" }).click();
      assert.equal(await indicator.textContent(), `${firstPage - 1} / ${PDF_PAGES}`);
      await pdfViewer.getByRole("button", { name: "Zur Stelle springen" }).click();
      assert.equal(await indicator.textContent(), `${firstPage} / ${PDF_PAGES}`);
      await setLook(pdfViewer, "dark", "en");
      await pdfViewer.getByTestId("pdf-highlight").first().waitFor({ timeout: 30_000 });
      await pdfViewer.getByText(/The cited passage is highlighted on page/).waitFor();
      await pdfViewer.screenshot({ path: `${artifacts}/citation-pdf-en-dark.png` });
      await setLook(pdfViewer, "light", "de");
      await pdfViewer.close();

      // Markdown: the cited passage is highlighted in the rendered file and scrolled into view
      await page.keyboard.press("Escape");
      const mdLink = await citedLink(
        page,
        "Wie lange bewahrt eine Praxis das Verzeichnis der Behandlungen auf?",
        "praxisgesetz.md",
      );
      const mdViewer = await openByKeyboard(page, mdLink);
      await mdViewer.getByTestId("markdown-preview").waitFor({ timeout: 30_000 });
      await mdViewer.getByText("Die zitierte Stelle ist markiert.").waitFor();
      const highlighted = () =>
        mdViewer.evaluate(() =>
          [...(CSS.highlights.get("buddy-chunk") ?? [])].map((range) => range.toString()).join(" "),
        );
      assert.match(await highlighted(), /zehn Jahre lang/);
      const marked = await mdViewer.evaluate(() => {
        const [range] = CSS.highlights.get("buddy-chunk") ?? [];
        const box = range.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, height: window.innerHeight };
      });
      assert.ok(marked.top >= 0 && marked.bottom <= marked.height, `highlight at ${JSON.stringify(marked)}`);
      await animationsDone(mdViewer);
      await mdViewer.screenshot({ path: `${artifacts}/citation-markdown-de.png` });
      await setLook(mdViewer, "dark", "en");
      await mdViewer.getByText("The cited passage is highlighted.").waitFor({ timeout: 30_000 });
      assert.match(await highlighted(), /zehn Jahre lang/);
      await mdViewer.screenshot({ path: `${artifacts}/citation-markdown-en-dark.png` });
    },
  ],
];
