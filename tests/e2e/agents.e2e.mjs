import assert from "node:assert/strict";
import { lawMarkdown } from "../helpers/fixtures/documents.ts";
import { asUpload, signUp } from "./helpers.mjs";

const ask = async (panel, question) => {
  await panel.getByPlaceholder("Nachricht eingeben …").fill(question);
  await panel.getByRole("button", { name: "Senden" }).click();
};

// Template → test run → edit a component → publish → the published API answers with the edit.
export const tests = [
  [
    "build a flow from a template, test-run it, edit a component, publish it and call the published API",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.getByRole("link", { name: "Buddys erstellen" }).click();
      await page.waitForURL(/\/flow/);
      await page.getByText("Noch keine Buddys").waitFor();
      await page.getByRole("button", { name: "Buddy erstellen" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("template-gallery").getByText("Fragen-Verteiler").click();
      await dialog.getByRole("button", { name: "Erstellen" }).click();
      await page.waitForURL(/\/flow\/[0-9a-f]{32}/);
      const editor = page.getByTestId("flow-editor");
      await editor.getByTestId("flow-node").filter({ hasText: "Thema erkennen" }).waitFor();
      await page.screenshot({ path: `${artifacts}/agent-editor-de.png` });

      // test run: the classifier picks the symptoms branch
      await page.getByRole("button", { name: "Testlauf" }).click();
      const panel = page.getByTestId("test-run-panel");
      await ask(panel, "Ich habe Fieber und Husten");
      await panel.getByText("Bei akuten Beschwerden rufen Sie bitte 116 117 an; im Notfall 112.").waitFor();
      await panel.getByRole("tab", { name: /Ablauf/ }).click();
      await panel.getByTestId("trace-entry").nth(2).waitFor();
      await page.screenshot({ path: `${artifacts}/agent-test-run-de.png` });
      await panel.getByRole("button", { name: "Schließen" }).click();

      // edit the symptoms message; autosave, then the test run shows the new text
      await editor.getByTestId("flow-node").filter({ hasText: "Symptome" }).filter({ hasText: "Nachricht" }).click();
      const form = page.getByTestId("node-form");
      await form.getByRole("textbox", { name: "Nachricht 1" }).fill("Gute Besserung! Bei Fieber viel trinken.");
      await page.getByTestId("save-status").getByText("Gespeichert").waitFor({ timeout: 15_000 });
      await page.getByRole("button", { name: "Testlauf" }).click();
      await panel.getByRole("tab", { name: "Gespräch" }).click();
      await panel.getByRole("button", { name: "Neues Gespräch" }).click();
      await ask(panel, "Mir tut der Kopf weh, Fieber");
      await panel.getByText("Gute Besserung! Bei Fieber viel trinken.").waitFor();

      // publish: an API key, then the published endpoint answers with the edited flow
      await page.getByRole("button", { name: "Als API veröffentlichen" }).click();
      const publish = page.getByRole("dialog");
      await publish.getByRole("button", { name: "API-Schlüssel erstellen" }).click();
      const key = await publish.getByTestId("new-api-key").locator("input").inputValue();
      assert.match(key, /^ragflow-/);
      await page.screenshot({ path: `${artifacts}/agent-publish-de.png` });
      const agentId = page.url().match(/\/flow\/([0-9a-f]{32})/)[1];
      const response = await fetch(`${baseUrl}/api/v1/agents/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ agent_id: agentId, question: "Ich habe Fieber" }),
      });
      const body = await response.json();
      assert.equal(body.code, 0);
      assert.equal(body.data.data.content, "Gute Besserung! Bei Fieber viel trinken.");
      const openai = await fetch(`${baseUrl}/api/v1/agents_openai/${agentId}/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model: "buddy", messages: [{ role: "user", content: "Ich brauche einen Termin" }] }),
      });
      assert.equal(
        (await openai.json()).choices[0].message.content,
        "Termine vereinbaren Sie online oder telefonisch in der Praxis.",
      );

      // a share link: a visitor without an account talks to the flow
      await publish.getByRole("button", { name: "Neuer Link" }).click();
      const create = page.getByRole("dialog", { name: "Freigabelink erstellen" });
      await create.getByLabel(/^Name/).fill("Website");
      await create.getByRole("button", { name: "Erstellen" }).click();
      await publish.getByTestId("share-link").filter({ hasText: "Website" }).waitFor();
      const link = await publish
        .getByTestId("agent-share")
        .getByRole("textbox", { name: "Link zum Teilen" })
        .inputValue();
      assert.match(link, /\/agent\/share\?shared_id=[0-9a-f]{32}&from=agent&auth=/);
      const visitorContext = await page
        .context()
        .browser()
        .newContext({ viewport: { width: 900, height: 700 }, locale: "de-DE" });
      try {
        const visitor = await visitorContext.newPage();
        await visitor.goto(link);
        await visitor.getByRole("heading", { name: "Fragen-Verteiler" }).waitFor();
        await visitor.getByText("Worum geht es? Symptome, Termine oder etwas anderes?").waitFor();
        await ask(visitor, "Ich habe Fieber");
        await visitor.getByText("Gute Besserung! Bei Fieber viel trinken.").waitFor();
        await visitor.screenshot({ path: `${artifacts}/agent-share-de.png` });
        // deleting the link in the dialog locks the visitor out at once
        await publish.getByRole("button", { name: "Link „Website“ löschen" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
        await publish.getByTestId("share-link").waitFor({ state: "detached" });
        await visitor.reload();
        await visitor.getByRole("heading", { name: "Fragen-Verteiler" }).waitFor({ state: "detached" });
      } finally {
        await visitorContext.close();
      }

      // export the flow as JSON and import it as a new Buddy: the same components arrive
      await page.keyboard.press("Escape");
      await publish.waitFor({ state: "detached" });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Als JSON exportieren" }).click(),
      ]);
      assert.equal(download.suggestedFilename(), "Fragen-Verteiler.json");
      const exported = `${artifacts}/${download.suggestedFilename()}`;
      await download.saveAs(exported);
      await page.getByRole("link", { name: "Zurück zu den Buddys" }).click();
      await page.getByRole("button", { name: "Buddy erstellen" }).first().click();
      await page.getByTestId("import-dsl-input").setInputFiles(exported);
      await dialog.getByText("Importiert: Fragen-Verteiler.json").waitFor();
      await dialog.getByRole("textbox", { name: /^Titel/ }).fill("Fragen-Verteiler importiert");
      await dialog.getByRole("button", { name: "Erstellen" }).click();
      await page.waitForURL((url) => /\/flow\/[0-9a-f]{32}/.test(url.pathname) && !url.pathname.endsWith(agentId));
      await editor.getByTestId("flow-node").filter({ hasText: "Thema erkennen" }).waitFor();
      await editor.getByTestId("flow-node").filter({ hasText: "Symptome" }).filter({ hasText: "Nachricht" }).waitFor();
    },
  ],
  [
    "a Buddy with a file input reads the visitor's file and works on its text",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const token = await page.evaluate(() => localStorage.getItem("token"));
      const api = async (path, body) => {
        const response = await fetch(`${baseUrl}/api/v1${path}`, {
          method: "POST",
          headers: { Authorization: token, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const envelope = await response.json();
        assert.equal(envelope.code, 0, envelope.message);
        return envelope.data;
      };
      const component = (name, params, downstream, upstream) => ({
        obj: { component_name: name, params },
        downstream,
        upstream,
      });
      const agent = await api("/agents", {
        title: "Befund lesen",
        dsl: {
          components: {
            begin: component(
              "Begin",
              {
                mode: "task",
                prologue: "Laden Sie Ihr Dokument hoch.",
                inputs: { dokument: { name: "Dokument", type: "file" } },
              },
              ["Message:m"],
              [],
            ),
            "Message:m": component("Message", { content: ["Erhalten: {begin@dokument}"] }, [], ["begin"]),
          },
          graph: { nodes: [], edges: [] },
          globals: {},
        },
      });
      const link = await api(`/agents/${agent.id}/share-tokens`, { name: "Praxis" });
      const visitorContext = await page
        .context()
        .browser()
        .newContext({ viewport: { width: 900, height: 700 }, locale: "de-DE" });
      try {
        const visitor = await visitorContext.newPage();
        await visitor.goto(`${baseUrl}/agent/share?shared_id=${agent.id}&from=agent&auth=${link.token}`);
        await visitor.getByRole("heading", { name: "Befund lesen" }).waitFor();
        await visitor.getByLabel("Dokument", { exact: true }).setInputFiles(await asUpload(lawMarkdown()));
        await visitor
          .getByTestId("file-input-read")
          .filter({ hasText: /^praxisgesetz\.md \(.+\): [\d.]+ Zeichen Text$/ })
          .waitFor();
        await visitor.getByRole("button", { name: "Senden" }).click();
        // the flow's message shows the file's text (its Markdown rendered)
        await visitor
          .getByText(/^Erhalten:/)
          .first()
          .waitFor();
        await visitor.getByText("Ausfertigungsdatum").first().waitFor();
        await visitor.screenshot({ path: `${artifacts}/agent-file-input-de.png` });
      } finally {
        await visitorContext.close();
      }
    },
  ],
];
