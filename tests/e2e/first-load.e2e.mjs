import assert from "node:assert/strict";
import { measurePageLoad } from "../../scripts/bench/page-load.mjs";
import { parsedKnowledgeBase, signUp } from "./helpers.mjs";

// Script bytes as transferred (gzip) that a cold load of each first page may cost. The target is
// 150 KB; the measured floor of this stack (React DOM, Chakra/Emotion, the router, i18next, one language's
// texts) is above it, see docs/benchmarks/web.md. These limits keep what was won from growing back.
export const JS_BUDGET = { login: 295_000, share: 400_000 };
// Script files fetched (measured: 29 and 77); each is a round trip through the Worker.
const SCRIPT_FILES_BUDGET = { login: 35, share: 90 };

// A shared chat's page address, made through the API with the signed-in user's token.
export const sharedChatUrl = async (page, baseUrl) => {
  const datasetId = await parsedKnowledgeBase(page, "Geteilt");
  const { chatId, token } = await page.evaluate(
    async (datasetIds) => {
      const post = async (path, body) => {
        const response = await fetch(`/api/v1${path}`, {
          method: "POST",
          headers: { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        return (await response.json()).data;
      };
      const chat = await post("/chats", { name: "Geteilter Buddy", dataset_ids: datasetIds });
      const link = await post(`/chats/${chat.id}/share-tokens`, { name: "Web" });
      return { chatId: chat.id, token: link.token };
    },
    [datasetId],
  );
  return `${baseUrl}/chat/share?shared_id=${chatId}&from=chat&auth=${token}`;
};

const shareReady = (page) => page.getByRole("heading", { name: "Geteilter Buddy" }).waitFor();

export const tests = [
  [
    "the sign-in page and a shared chat load within their JavaScript budget, gzip-compressed",
    async ({ page, baseUrl }) => {
      const login = await measurePageLoad(page.context().browser(), `${baseUrl}/login`, {
        ready: (p) => p.getByRole("heading", { name: "Willkommen zurück" }).waitFor(),
      });
      assert.deepEqual(login.uncompressed, []);
      assert.ok(login.scriptBytes <= JS_BUDGET.login, `/login: ${login.scriptBytes} bytes of script`);
      // everything the first page needs comes in one file (vite.config.ts), not a chain of tiny chunks
      assert.ok(login.scriptCount <= SCRIPT_FILES_BUDGET.login, `/login: ${login.scriptCount} script files`);
      // the flow editor (xyflow), the file previews (pdf.js, SheetJS) and the Markdown renderer stay out of it
      assert.deepEqual(
        login.scriptUrls.filter((url) => /use-canvas-labels|pdfjs|xlsx|markdown/.test(url)),
        [],
      );

      await signUp(page, baseUrl);
      const url = await sharedChatUrl(page, baseUrl);
      const share = await measurePageLoad(page.context().browser(), url, { ready: shareReady });
      assert.deepEqual(share.uncompressed, []);
      console.log(`    script bytes (gzip): /login ${login.scriptBytes}, share page ${share.scriptBytes}`);
      assert.ok(share.scriptBytes <= JS_BUDGET.share, `share page: ${share.scriptBytes} bytes of script`);
      assert.ok(share.scriptCount <= SCRIPT_FILES_BUDGET.share, `share page: ${share.scriptCount} script files`);
    },
  ],
  [
    "the page paints the app's frame before its scripts run, and keeps it until the first page is ready",
    async ({ page, baseUrl, artifacts }) => {
      // scripts held back: what shows is index.html's own frame, not a blank page
      await page.route("**/assets/*.js", () => undefined);
      await page.goto(`${baseUrl}/login`, { waitUntil: "commit" });
      await page.getByText("Buddy", { exact: true }).waitFor();
      assert.equal(await page.locator("#root [aria-busy=true]").count(), 1);
      await page.screenshot({ path: `${artifacts}/boot-frame.png` });
      await page.unroute("**/assets/*.js");
    },
  ],
  [
    "the API reference loads nothing from outside Buddy (fonts included), so it works offline",
    async ({ page, baseUrl }) => {
      const outside = [];
      page.on("request", (request) => {
        const { origin, protocol } = new URL(request.url());
        if (origin !== baseUrl && !["data:", "blob:"].includes(protocol)) outside.push(request.url());
      });
      await page.goto(`${baseUrl}/api/docs`, { waitUntil: "networkidle" });
      await page.getByText("Buddy API").first().waitFor();
      assert.deepEqual(outside, []);
      const fonts = await page.evaluate(() =>
        [...document.fonts].map((font) => `${font.family} ${font.status}`).filter((f) => f.includes("error")),
      );
      assert.deepEqual(fonts, []);
    },
  ],
];
