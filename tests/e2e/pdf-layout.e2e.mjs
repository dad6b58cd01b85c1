import assert from "node:assert/strict";
import { DEFIBRILLATOR, reportDoc } from "../helpers/fixtures/layout-docs.ts";
import { citedLink, openByKeyboard } from "./citations.e2e.mjs";
import { animationsDone, setLook, signUp } from "./helpers.mjs";

const FILE = "praxisbericht.pdf";

// A knowledge base chunked with Manual holding the two-column report, parsed, and an assistant on it.
const manualKnowledgeBase = (page, pdf) =>
  page.evaluate(
    async ({ pdfBytes, name }) => {
      const auth = { Authorization: localStorage.getItem("token") };
      const json = async (response) => (await response.json()).data;
      const dataset = await json(
        await fetch("/api/v1/datasets", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Berichte", chunk_method: "manual" }),
        }),
      );
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }), name);
      const [doc] = await json(
        await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form }),
      );
      await fetch(`/api/v1/datasets/${dataset.id}/chunks`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ document_ids: [doc.id] }),
      });
      for (let i = 0; i < 240; i++) {
        const { docs } = await json(await fetch(`/api/v1/datasets/${dataset.id}/documents`, { headers: auth }));
        if (docs[0].run === "DONE") break;
        if (i === 239) throw new Error("parsing did not finish");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const chat = await json(
        await fetch("/api/v1/chats", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Berichtsprüfer", dataset_ids: [dataset.id] }),
        }),
      );
      return { datasetId: dataset.id, chatId: chat.id };
    },
    { pdfBytes: [...pdf], name: FILE },
  );

export const tests = [
  [
    "a two-column PDF chunked with Manual shows headed sections and an HTML table; a citation opens page 2",
    async ({ page, baseUrl, artifacts }) => {
      const doc = reportDoc();
      assert.equal(doc.pages, 2);
      await signUp(page, baseUrl);
      const { datasetId, chatId } = await manualKnowledgeBase(page, doc.bytes);

      // the chunk list: each section under its heading, the ruled table as one HTML table with its header row
      await page.goto(`${baseUrl}/knowledge/dataset?id=${datasetId}`);
      await page.getByRole("link", { name: FILE }).click();
      await page.waitForURL(/\/knowledge\/dataset\/chunk\?/);
      const cards = page.getByTestId("chunk-card");
      await cards.first().waitFor();
      // each card's text (the page and token badges follow it)
      const texts = await cards.evaluateAll((all) =>
        all.map((card) => card.querySelector('[data-testid="chunk-text"]').innerText),
      );
      for (const heading of ["1 Einleitung", "2 Leistungen", "3 Abläufe", "4 Notfallplan"])
        assert.ok(
          texts.some((text) => text.startsWith(heading)),
          `no chunk headed "${heading}" in ${JSON.stringify(texts)}`,
        );
      // the heading above the table leads the table's chunk, not a chunk of its own
      assert.ok(!texts.includes("2 Leistungen"), JSON.stringify(texts));
      // the columns are read one after the other: the emergency plan's first sentence is whole in its chunk
      const plan = texts.find((text) => text.startsWith("4 Notfallplan")) ?? "";
      assert.ok(plan.replace(/\s+/g, " ").includes(DEFIBRILLATOR), plan);
      // the table's chunk shows the table drawn, not its markup: header cells, then the first row
      assert.ok(!texts.some((text) => text.includes("<table>")), JSON.stringify(texts));
      const table = cards.filter({ has: page.locator("table") });
      assert.equal(await table.count(), 1);
      assert.match(texts.find((text) => text.includes("Beratung")) ?? "", /^2 Leistungen\n/);
      const cells = (selector) => table.locator(selector).evaluateAll((all) => all.map((cell) => cell.textContent));
      assert.deepEqual(await cells("table tr:first-child th"), ["Leistung", "Dauer", "Preis"]);
      assert.deepEqual(await cells("table tr:nth-child(2) td"), ["Beratung", "20 min", "35,00 €"]);
      // neither the running header nor the page footer is in a chunk
      assert.ok(!texts.some((text) => /Jahresbericht 2026|Seite \d/.test(text)), JSON.stringify(texts));
      await table.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/pdf-layout-chunks-de.png` });
      for (const [theme, language] of [
        ["dark", "en"],
        ["dark", "de"],
        ["light", "en"],
      ]) {
        await setLook(page, theme, language);
        await table.locator("table").waitFor();
        await table.scrollIntoViewIfNeeded();
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/pdf-layout-chunks-${language}-${theme}.png` });
      }
      await setLook(page, "light", "de", { reload: false });

      // a question answered on page 2: the citation opens the viewer at page 2
      await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
      await page.getByRole("button", { name: "Neuer Chat" }).first().click();
      const link = await citedLink(page, "Wo hängt der Defibrillator?", FILE);
      assert.equal(new URL(await link.getAttribute("href"), baseUrl).searchParams.get("page"), "2");
      const viewer = await openByKeyboard(page, link);
      const indicator = viewer.getByTestId("pdf-page-indicator");
      await indicator.waitFor({ timeout: 30_000 });
      assert.equal(await indicator.textContent(), "2 / 2");
      await viewer.getByTestId("pdf-highlight").first().waitFor({ timeout: 15_000 });

      // the chunk's regions (its positions) are drawn over the page, in view, around the text marked in it
      const region = viewer.getByTestId("pdf-region").first();
      await region.waitFor({ state: "visible", timeout: 15_000 });
      const rects = (testId) =>
        viewer.getByTestId(testId).evaluateAll((all) => all.map((element) => element.getBoundingClientRect().toJSON()));
      const regions = await rects("pdf-region");
      const pageBox = await viewer.getByTestId("pdf-page").boundingBox();
      for (const r of regions)
        assert.ok(
          r.width > 20 && r.height > 8 && r.x >= pageBox.x - 4 && r.right <= pageBox.x + pageBox.width + 4,
          `region ${JSON.stringify(r)} on page ${JSON.stringify(pageBox)}`,
        );
      const [first] = regions;
      assert.ok(first.y >= 0 && first.y < (viewer.viewportSize()?.height ?? 720), `region in view: ${first.y}`);
      const marks = await rects("pdf-highlight");
      const held = (m) =>
        regions.some(
          (r) =>
            m.x + m.width / 2 >= r.x - 2 &&
            m.x + m.width / 2 <= r.right + 2 &&
            m.y + m.height / 2 >= r.y - 2 &&
            m.y + m.height / 2 <= r.bottom + 2,
        );
      assert.ok(marks.length > 0);
      assert.ok(
        marks.filter(held).length >= marks.length * 0.9,
        `marks ${JSON.stringify(marks)} outside regions ${JSON.stringify(regions)}`,
      );
      // from the keyboard: "Zur Stelle springen" moves the focus to the region
      await viewer.getByRole("button", { name: "Zur Stelle springen" }).focus();
      await viewer.keyboard.press("Enter");
      assert.equal(await viewer.evaluate(() => document.activeElement?.getAttribute("data-testid")), "pdf-region");
      assert.equal(
        await viewer.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "Zitierte Stelle auf Seite 2",
      );
      await viewer.screenshot({ path: `${artifacts}/pdf-layout-citation-de.png` });
      await setLook(viewer, "dark", "en");
      await viewer.getByTestId("pdf-region").first().waitFor({ state: "visible", timeout: 30_000 });
      await viewer.screenshot({ path: `${artifacts}/pdf-layout-citation-en-dark.png` });
      await setLook(viewer, "light", "de");
    },
  ],
];
