import assert from "node:assert/strict";
import { animationsDone, parsedKnowledgeBase, setLook, signUp } from "./helpers.mjs";

// Issue 32: what a new user met in upload, Buddy, knowledge graph and evaluation.

// The signed-in user's API, from the page.
const api = (page, path, init = {}) =>
  page.evaluate(
    async ({ target, options }) => {
      const headers = { Authorization: localStorage.getItem("token") };
      if (options.json) headers["Content-Type"] = "application/json";
      const response = await fetch(`/api/v1${target}`, {
        method: options.method ?? (options.json ? "POST" : "GET"),
        headers,
        body: options.json ? JSON.stringify(options.json) : undefined,
      });
      return (await response.json()).data;
    },
    { target: path, options: init },
  );

const englishDark = async (page) => {
  await setLook(page, "dark", "en");
};

const upload = (name, text) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
const emptyPdf = { name: "leer.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) };

export const tests = [
  [
    "upload parses by default, refuses an empty file and asks before dropping chosen files; the graph says why not",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const dataset = await api(page, "/datasets", { json: { name: "Praxis" } });
      await page.goto(`${baseUrl}/knowledge/dataset?id=${dataset.id}`);
      await page.getByRole("button", { name: "Datei hinzufügen" }).click();
      const dialog = page.getByRole("dialog", { name: "Dateien hinzufügen" });
      assert.equal(await dialog.locator("input[name=parse_after_upload]").isChecked(), true);
      await dialog
        .getByTestId("file-input")
        .setInputFiles([emptyPdf, upload("notiz.txt", "Fieber senkt Wadenwickel.")]);
      await dialog.getByText("„leer.pdf“ ist leer (0 Bytes) und kann nicht verarbeitet werden.").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/forms-upload-de-light.png` });

      // closing before "Hochladen" asks; keeping the files leaves them chosen
      await dialog.getByRole("button", { name: "Schließen" }).first().click();
      const confirm = page.getByRole("alertdialog", { name: "Ausgewählte Dateien verwerfen?" });
      await confirm.getByText("1 ausgewählte Datei wurde noch nicht hochgeladen.", { exact: false }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/forms-discard-de-light.png` });
      await confirm.getByRole("button", { name: "Abbrechen" }).click();
      await confirm.waitFor({ state: "detached" });
      assert.equal(await dialog.getByTestId("upload-item").count(), 2);

      // uploaded and parsed without another click; the empty file never reached the server
      await dialog.getByRole("button", { name: "Hochladen" }).click();
      await dialog.getByRole("button", { name: "Fertig" }).click();
      const row = page.locator('[data-testid=document-row][data-name="notiz.txt"]');
      await row.getByTestId("run-status").filter({ hasText: "Erfolgreich" }).waitFor({ timeout: 30_000 });
      assert.deepEqual(
        (await api(page, `/datasets/${dataset.id}/documents`)).docs.map((doc) => doc.name),
        ["notiz.txt"],
      );

      // only the built-in model: the knowledge graph and the mind map say why and where to go instead
      await page.goto(`${baseUrl}/knowledge/configuration?id=${dataset.id}`);
      const graph = page.getByTestId("graph-needs-model");
      await graph.getByText(/Der Wissensgraph braucht ein Chat-Modell/).waitFor();
      await page.getByTestId("mindmap-needs-model").waitFor();
      assert.equal(
        await page
          .getByTestId("graph-task")
          .getByRole("button", { name: /erzeugen|erstellen/i })
          .count(),
        0,
      );
      await graph.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/forms-graph-needs-model-de-light.png` });

      await englishDark(page);
      await page
        .getByTestId("graph-needs-model")
        .getByText(/The knowledge graph needs a chat model/)
        .waitFor();
      await page.getByTestId("graph-needs-model").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/forms-graph-needs-model-en-dark.png` });
      await page.getByTestId("graph-needs-model").getByRole("link", { name: "Open the model settings" }).click();
      await page.waitForURL(/\/user-setting\/model$/);

      await page.goto(`${baseUrl}/knowledge/dataset?id=${dataset.id}`);
      await page.getByRole("button", { name: "Add file" }).click();
      const english = page.getByRole("dialog", { name: "Add files" });
      await english.getByTestId("file-input").setInputFiles([emptyPdf, upload("b.txt", "b")]);
      await english.getByText("“leer.pdf” is empty (0 bytes) and cannot be parsed.").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/forms-upload-en-dark.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("alertdialog", { name: "Discard the chosen files?" }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/forms-discard-en-dark.png` });
    },
  ],
  [
    "a new Buddy is made once however often Create is clicked, and a search without a tool-calling model fails the run",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.goto(`${baseUrl}/flow`);
      await page.getByRole("button", { name: "Buddy erstellen" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Neuer Buddy" });
      await dialog.getByTestId("template-gallery").getByText("Websuche mit Zusammenfassung").click();
      await dialog.getByRole("button", { name: "Erstellen" }).click({ clickCount: 3 });
      await page.waitForURL(/\/flow\/[0-9a-f]{32}/);
      await dialog.waitFor({ state: "detached" });
      const agents = await api(page, "/agents");
      assert.equal(agents?.canvas?.length, 1, JSON.stringify(agents));

      // the web-search template's Agent searches with a tool; the built-in offline model calls none, so the run
      // stops before the search instead of answering unsearched
      const templates = await api(page, "/agents/templates");
      const { dsl } = templates.find((template) => template.id === "web-search-summary");
      const agent = await api(page, "/agents", { json: { title: "Websuche ohne Modell", dsl } });
      const run = async (question, failed) => {
        await page.goto(`${baseUrl}/flow/${agent.id}`);
        await page.getByRole("button", { name: /^(Testlauf|Test run)$/ }).click();
        const panel = page.getByTestId("test-run-panel");
        await panel.getByPlaceholder(/^(Nachricht eingeben|Type a message)/).fill(question);
        await panel.getByRole("button", { name: /^(Senden|Send)$/ }).click();
        await panel.getByTestId("run-error").filter({ hasText: failed }).waitFor({ timeout: 30_000 });
        assert.equal(await panel.getByText("Suche mit dem Werkzeug Wikipedia").count(), 0);
        await animationsDone(page);
      };
      await run("Grippe", /kann keine Werkzeuge aufrufen/);
      await page.screenshot({ path: `${artifacts}/forms-failed-run-de-light.png` });
      await englishDark(page);
      await run("flu", /cannot call tools/);
      await page.screenshot({ path: `${artifacts}/forms-failed-run-en-dark.png` });
    },
  ],
  [
    "the evaluation table shows answers without [ID:n] markers and fits 1400 px",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const datasetId = await parsedKnowledgeBase(page, "Gesundheit");
      const chat = await api(page, "/chats", { json: { name: "Impfberater", dataset_ids: [datasetId] } });
      const session = await api(page, `/chats/${chat.id}/sessions`, { json: { name: "Impfung" } });
      const answer = await api(page, `/chats/${chat.id}/completions`, {
        json: { question: "Ab welchem Alter wird die Grippeimpfung empfohlen?", session_id: session.id, stream: false },
      });
      assert.match(answer.answer, /\[ID:\d+\]/);
      await api(page, `/chats/${chat.id}/sessions/${session.id}/messages/${answer.id}/feedback`, {
        method: "PUT",
        json: { thumbup: false, reason: "insufficient", feedback: "Die Quelle fehlt in der Antwort, bitte ergänzen." },
      });
      await page.setViewportSize({ width: 1400, height: 900 });
      const check = async (file) => {
        const row = page.getByTestId("feedback-row").first();
        await row.waitFor();
        assert.doesNotMatch(await row.innerText(), /\[ID:/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
        // every text wraps inside its column: nothing spills into the next one
        const spilled = await page.evaluate(() =>
          [...document.querySelectorAll("[data-testid=feedback-row] td > *")]
            .filter((el) => el.scrollWidth > el.parentElement.clientWidth + 1)
            .map((el) => el.textContent),
        );
        assert.deepEqual(spilled, []);
        const hidden = await page.evaluate(() => {
          const area = document.querySelector("table").parentElement;
          return area.scrollWidth - area.clientWidth;
        });
        assert.ok(hidden <= 0, `the table hides ${hidden} px behind a scroll bar`);
        await animationsDone(page);
        await page.screenshot({ path: `${artifacts}/${file}`, fullPage: true });
      };
      await page.goto(`${baseUrl}/buddy-eval`);
      await check("forms-evaluation-1400-de-light.png");
      await englishDark(page);
      await check("forms-evaluation-1400-en-dark.png");
    },
  ],
];
