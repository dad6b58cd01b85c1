import assert from "node:assert/strict";
import { createServer } from "node:http";
import { signUp } from "./helpers.mjs";

const PRACTICE =
  "Die Praxis Sonnenschein hat montags bis freitags von 8 bis 18 Uhr geöffnet.\n\nTermine vergibt die Praxis telefonisch unter 030 1234567.";
const FOOTER = "Ein Angebot der Praxis Sonnenschein";

// The owner's side through the API with the signed-in user's token: a parsed knowledge base, an assistant
// with a design, and a share link with room for the test's requests.
const sharedAssistant = (page) =>
  page.evaluate(
    async ({ text, footer }) => {
      const auth = { Authorization: localStorage.getItem("token") };
      const post = async (path, body) => {
        const response = await fetch(`/api/v1${path}`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const envelope = await response.json();
        if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
        return envelope.data;
      };
      const dataset = await post("/datasets", { name: "Praxis" });
      const form = new FormData();
      form.append("file", new Blob([text], { type: "text/plain" }), "praxis.txt");
      const [doc] = (
        await (
          await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form })
        ).json()
      ).data;
      await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] });
      for (let i = 0; ; i++) {
        const { docs } = (await (await fetch(`/api/v1/datasets/${dataset.id}/documents`, { headers: auth })).json())
          .data;
        if (docs[0].run === "DONE") break;
        if (i > 120) throw new Error("parsing did not finish");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const chat = await post("/chats", {
        name: "Praxis-Buddy",
        dataset_ids: [dataset.id],
        description: "Fragen zu Öffnungszeiten und Terminen",
        design: { footer_text: footer, input_placeholder: "Ihre Frage an die Praxis …" },
      });
      const link = await post(`/chats/${chat.id}/share-tokens`, {
        name: "Website",
        rate_per_minute: 600,
        daily_cap: 1000,
      });
      return { chatId: chat.id, token: link.token };
    },
    { text: PRACTICE, footer: FOOTER },
  );

// A fresh browser context: a visitor without the owner's login or storage. Its console must stay clean too.
const visitorContext = async (page, viewport = { width: 1280, height: 800 }) => {
  const context = await page.context().browser().newContext({ viewport, locale: "de-DE" });
  const errors = [];
  context.on("page", (opened) => {
    opened.on("pageerror", (error) => errors.push(error.message));
    opened.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(message.text());
    });
  });
  return { context, errors };
};

// A tiny site on another origin that embeds the chat with the widget script.
const startHostSite = async (html) => {
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

const answerWith = (scope, text) =>
  scope.locator("[data-role=assistant]").filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

export const tests = [
  [
    "share an assistant: the share dialog, a visitor's conversations on the share page, and the chat widget on another site",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const { chatId, token } = await sharedAssistant(page);
      const shareUrl = `${baseUrl}/chat/share?shared_id=${chatId}&from=chat&auth=${token}`;

      // the owner's dialog lists the link, shows the codes and previews the page (light and dark)
      await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
      await page.getByRole("button", { name: "Teilen & Einbetten" }).click();
      const dialog = page.getByTestId("share-dialog");
      await dialog.getByTestId("share-link").filter({ hasText: "Website" }).waitFor();
      await dialog.getByText("heute 0 / 1.000").waitFor();
      const code = await dialog.getByRole("region", { name: "Ganze Seite (iframe)" }).innerText();
      assert.ok(code.includes(`${shareUrl}&theme=light&visible_avatar=1`), code);
      await page.frameLocator('iframe[title="Live-Vorschau"]').getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
      await page.screenshot({ path: `${artifacts}/share-dialog-de-light.png`, animations: "disabled" });
      await dialog.getByRole("heading", { name: "Live-Vorschau" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/share-dialog-de-light-preview.png`, animations: "disabled" });
      await dialog.getByRole("tab", { name: /Chat-Button/ }).click();
      await dialog.getByLabel("Startfrage (optional)").fill("Wann hat die Praxis geöffnet?");
      assert.match(
        await dialog.getByRole("region", { name: "Chat-Button (Skript)" }).innerText(),
        /data-buddy-question="Wann hat die Praxis geöffnet\?"/,
      );
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "API", exact: true }).click();
      const api = page.getByTestId("api-panel");
      assert.match(
        await api.getByRole("region", { name: "curl (Streaming)" }).innerText(),
        new RegExp(`/api/v1/chats/${chatId}/completions`),
      );
      await page.screenshot({ path: `${artifacts}/api-panel-de-light.png`, animations: "disabled" });
      await page.keyboard.press("Escape");

      await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
      await page.reload();
      await page.getByRole("button", { name: "Teilen & Einbetten" }).click();
      await page.frameLocator('iframe[title="Live-Vorschau"]').getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
      await page.screenshot({ path: `${artifacts}/share-dialog-de-dark.png`, animations: "disabled" });
      await page.keyboard.press("Escape");

      await page.goto(`${baseUrl}/user-setting/api`);
      await page.getByRole("heading", { name: "API-Dokumentation" }).waitFor();
      assert.equal(await page.locator('iframe[title="API-Referenz"]').getAttribute("src"), "/api/docs");

      // a visitor in a fresh browser: ask, get the streamed answer, start a second conversation
      const visitor = await visitorContext(page);
      try {
        const share = await visitor.context.newPage();
        await share.goto(shareUrl);
        await share.getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
        await share.getByText(FOOTER).waitFor();
        await share.getByLabel("Ihre Frage").fill("Wann hat die Praxis geöffnet?");
        await share.keyboard.press("Enter");
        await answerWith(share, "8 bis 18 Uhr");
        const sessions = share.getByRole("navigation", { name: "Unterhaltungen" }).getByTestId("shared-session");
        await sessions.filter({ hasText: "Wann hat die Praxis geöffnet?" }).waitFor();
        await share.getByRole("button", { name: "Hilfreiche Antwort" }).first().waitFor();
        // the offline notice, without the owner's model settings link
        const notice = share.getByTestId("answer-notice").last();
        await notice.getByText("Offline-Modell: zitiert nur aus den Quellen.").waitFor();
        assert.equal(await notice.getByRole("link").count(), 0);
        await share.screenshot({ path: `${artifacts}/share-page-de-light.png`, animations: "disabled" });
        await share.getByRole("button", { name: "Neuer Chat", exact: true }).click();
        await sessions.nth(1).waitFor();
        assert.equal(await sessions.count(), 2);

        await share.goto(`${shareUrl}&theme=dark`);
        await share.getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
        await share.getByRole("navigation", { name: "Unterhaltungen" }).getByTestId("shared-session").nth(1).waitFor();
        await share
          .getByTestId("shared-session")
          .filter({ hasText: "Wann hat die Praxis geöffnet?" })
          .getByRole("button")
          .first()
          .click();
        await answerWith(share, "8 bis 18 Uhr");
        assert.ok(await share.evaluate(() => document.documentElement.classList.contains("dark")));
        await share.screenshot({ path: `${artifacts}/share-page-de-dark.png`, animations: "disabled" });

        await share.goto(`${shareUrl}&locale=en`);
        await share.getByRole("button", { name: "New chat", exact: true }).waitFor();
        await share.getByRole("textbox", { name: "Your question" }).waitFor();
        await share.screenshot({ path: `${artifacts}/share-page-en-light.png`, animations: "disabled" });
      } finally {
        await visitor.context.close();
      }
      assert.deepEqual(visitor.errors, []);

      // the same chat on a phone: the conversation list is a drawer
      const phone = await visitorContext(page, { width: 390, height: 740 });
      try {
        const share = await phone.context.newPage();
        await share.goto(`${shareUrl}&theme=light`);
        await share.getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
        assert.equal(await share.getByRole("navigation", { name: "Unterhaltungen" }).count(), 0);
        await share.getByRole("button", { name: "Unterhaltungen anzeigen" }).click();
        await share.getByRole("dialog").getByRole("navigation", { name: "Unterhaltungen" }).waitFor();
        await share
          .getByRole("dialog")
          .getByText("Noch keine Unterhaltungen. Stellen Sie einfach Ihre erste Frage.")
          .waitFor();
        await share.screenshot({ path: `${artifacts}/share-page-de-mobile-drawer.png`, animations: "disabled" });
      } finally {
        await phone.context.close();
      }
      assert.deepEqual(phone.errors, []);

      // the widget on another origin: a floating button, the chat in its panel, the start question answered
      const site = await startHostSite(`<!doctype html>
<html lang="de">
  <head><meta charset="utf-8"><title>Praxis Sonnenschein</title></head>
  <body style="font-family: sans-serif; padding: 2rem">
    <h1>Praxis Sonnenschein</h1>
    <p>Willkommen auf unserer Website.</p>
    <script src="${baseUrl}/embed/widget.js" data-buddy-src="${shareUrl}" data-buddy-question="Wann hat die Praxis geöffnet?" data-buddy-title="Praxis-Buddy" async></script>
  </body>
</html>`);
      const guest = await visitorContext(page);
      try {
        const host = await guest.context.newPage();
        await host.goto(site.url);
        const launcher = host.getByRole("button", { name: "Chat öffnen: Praxis-Buddy" });
        await launcher.click();
        assert.equal(
          await host.getByRole("button", { name: "Chat schließen: Praxis-Buddy" }).getAttribute("aria-expanded"),
          "true",
        );
        const chat = host.frameLocator("iframe.buddy-widget-frame");
        await chat.getByRole("heading", { name: "Praxis-Buddy" }).waitFor();
        await answerWith(chat, "8 bis 18 Uhr");
        await chat.getByLabel("Ihre Frage").fill("Wie vergibt die Praxis Termine?");
        await chat.getByLabel("Ihre Frage").press("Enter");
        // opener, first answer, then the second answer
        await chat
          .locator("[data-role=assistant]")
          .nth(2)
          .filter({ hasText: "telefonisch" })
          .waitFor({ timeout: 30_000 });
        await chat.getByRole("button", { name: "Hilfreiche Antwort" }).nth(1).waitFor();
        await host.screenshot({ path: `${artifacts}/share-widget-de.png`, animations: "disabled" });
        // Escape inside the chat closes the panel and gives the focus back to the button
        await chat.getByLabel("Ihre Frage").press("Escape");
        await host.getByRole("button", { name: "Chat öffnen: Praxis-Buddy" }).waitFor();
        assert.equal(await host.locator(".buddy-widget-panel").isVisible(), false);
        assert.equal(await host.evaluate(() => typeof window.BuddyWidget.toggle), "function");
      } finally {
        await guest.context.close();
        await site.close();
      }
      assert.deepEqual(guest.errors, []);
    },
  ],
];
