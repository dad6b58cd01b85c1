import assert from "node:assert/strict";
import { animationsDone, setLook, signUp } from "./helpers.mjs";

const component = (name, params, downstream, upstream) => ({
  obj: { component_name: name, params },
  downstream,
  upstream,
});

const saveNow = async (page) => {
  const save = page.getByRole("button", { name: "Speichern", exact: true });
  if (await save.isEnabled()) await save.click();
  await page.getByTestId("save-status").getByText("Gespeichert").waitFor({ timeout: 15_000 });
};

// The Begin form in webhook mode: JWT protection, an address allow-list with a wrong entry shown at the field, a
// rate limit and body size; after a refused call and a test call, the log panel lists both.
export const tests = [
  [
    "sets a webhook's JWT, allow-list and limits in the Begin form and shows its calls",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const token = await page.evaluate(() => localStorage.getItem("token"));
      const created = await fetch(`${baseUrl}/api/v1/agents`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json" },
        body: JSON.stringify({
          title: "Praxis-Webhook",
          dsl: {
            components: {
              begin: component("Begin", {}, ["Message:m"], []),
              "Message:m": component("Message", { name: "Antwort", content: ["Eingang bestätigt"] }, [], ["begin"]),
            },
            graph: { nodes: [], edges: [] },
            globals: {},
          },
        }),
      });
      const envelope = await created.json();
      assert.equal(envelope.code, 0, envelope.message);
      const agentId = envelope.data.id;
      await page.goto(`${baseUrl}/flow/${agentId}`);
      const editor = page.getByTestId("flow-editor");
      await editor.getByTestId("flow-node").filter({ hasText: "begin" }).first().click();
      const form = page.getByTestId("node-form");
      await form.locator("select[name=mode]").selectOption("Webhook");
      const hook = form.getByTestId("webhook-fields");
      await hook.getByRole("combobox", { name: "Absicherung" }).selectOption("jwt");
      await hook.getByTestId("webhook-jwt-secret").fill("praxis-jwt-geheimnis");
      await hook.getByRole("textbox", { name: "Aussteller (iss)" }).fill("praxis");
      const allowList = hook.getByTestId("webhook-ip-allow-list");
      await allowList.fill("203.0.113.7\n10.0.0.0/33");
      await hook.getByText("Keine gültige IP-Adresse oder CIDR-Angabe: 10.0.0.0/33").waitFor();
      await allowList.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/agent-webhook-invalid-de.png` });
      await allowList.fill("203.0.113.7\n198.51.100.0/24");
      await hook.getByText(/Keine gültige IP-Adresse/).waitFor({ state: "detached" });
      await hook.getByTestId("webhook-rate-limit").fill("20");
      await hook.getByTestId("webhook-max-body-size").fill("512KB");
      await saveNow(page);

      // one call from an address outside the list, one test call by the signed-in maker
      const refused = await fetch(`${baseUrl}/api/v1/agents/${agentId}/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.44" },
        body: "{}",
      });
      assert.equal(refused.status, 403);
      const tested = await fetch(`${baseUrl}/api/v1/agents/${agentId}/webhook/test`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json" },
        body: "{}",
      });
      assert.equal(tested.status, 200);

      await hook.getByRole("button", { name: "Aktualisieren" }).click();
      const logs = hook.getByTestId("webhook-logs");
      await logs.getByText(/is not allowed by whitelist/).waitFor();
      await logs.getByText(/POST · 200 · Testaufruf/).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-webhook-de.png` });
      await hook.getByRole("combobox", { name: "Absicherung" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/agent-webhook-jwt-de.png` });

      await setLook(page, "dark", "en");
      await editor.getByTestId("flow-node").filter({ hasText: "begin" }).first().click();
      const hookEn = page.getByTestId("node-form").getByTestId("webhook-fields");
      await hookEn.getByRole("combobox", { name: "Protection" }).waitFor();
      assert.equal(await hookEn.getByTestId("webhook-ip-allow-list").inputValue(), "203.0.113.7\n198.51.100.0/24");
      await hookEn
        .getByTestId("webhook-logs")
        .getByText(/is not allowed by whitelist/)
        .waitFor();
      await animationsDone(page);
      await hookEn
        .getByTestId("webhook-logs")
        .getByText(/is not allowed by whitelist/)
        .scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${artifacts}/agent-webhook-en-dark.png` });
      await hookEn.getByRole("combobox", { name: "Protection" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/agent-webhook-jwt-en-dark.png` });
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
