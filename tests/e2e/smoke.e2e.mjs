import assert from "node:assert/strict";

import { PASSWORD, signUp, uniqueEmail } from "./helpers.mjs";

export const tests = [
  [
    "register, switch language and theme, sign out and back in",
    async ({ page, baseUrl, artifacts }) => {
      const email = uniqueEmail();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Willkommen zurück" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("class"), "light");
      await page.screenshot({ path: `${artifacts}/login-de-light.png` });

      await signUp(page, baseUrl, email);
      const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
      for (const label of ["Wissensdatenbank", "Chat", "Dateiverwaltung", "Buddys erstellen", "Schnelltest", "Start"]) {
        await nav.getByRole("link", { name: label }).waitFor();
      }
      await page.screenshot({ path: `${artifacts}/knowledge-de-light.png` });

      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Knowledge Base" })
        .waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("lng")), "en");
      assert.equal(await page.locator("html").getAttribute("lang"), "en");

      await page.getByTestId("theme-toggle").click();
      await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
      assert.equal(await page.evaluate(() => localStorage.getItem("vite-ui-theme")), "dark");
      await page.screenshot({ path: `${artifacts}/knowledge-en-dark.png` });

      await page.reload();
      await page.getByRole("link", { name: "Knowledge Base" }).first().waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains("dark")));

      await page.getByTestId("user-menu").click();
      await page.getByTestId("menu-logout").click();
      await page.waitForURL(/\/login$/);
      assert.equal(await page.evaluate(() => localStorage.getItem("token")), null);
      await page.goto(`${baseUrl}/user-setting/profile`);
      await page.waitForURL(/\/login\?redirect=/);

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("a-wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "Email and password do not match." }).waitFor();
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/user-setting\/profile$/);
      await page.getByRole("heading", { name: "Profile" }).waitFor();
    },
  ],
  [
    "profile, password and API key settings",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl, uniqueEmail());
      await page.goto(`${baseUrl}/user-setting`);
      await page.waitForURL(/\/user-setting\/profile$/);
      await page.getByLabel("Benutzername").fill("Erika M.");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Aktualisiert").first().waitFor();
      // the header shows the name beside the menu from 1536 px on; below it is in the menu button's DOM only
      await page.getByTestId("user-menu").getByText("Erika M.").waitFor({ state: "attached" });
      await page.screenshot({ path: `${artifacts}/settings-profile-de.png` });

      await page.getByRole("link", { name: "Passwort" }).click();
      await page.getByLabel("Aktuelles Passwort").fill(PASSWORD);
      await page.locator("input[name=new_password]").fill("another-password-1");
      await page.getByLabel("Neues Passwort bestätigen").fill("another-password-2");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Die eingegebenen neuen Passwörter stimmen nicht überein!").waitFor();

      await page.getByRole("link", { name: "API" }).click();
      await page.getByText("Noch keine API-Schlüssel").waitFor();
      await page.getByRole("button", { name: "API-Schlüssel erstellen" }).click();
      const fresh = page.getByTestId("new-api-key").getByRole("textbox");
      await fresh.waitFor();
      const key = await fresh.inputValue();
      assert.match(key, /^ragflow-/);
      await page.getByTestId("api-key-row").first().waitFor();
      const me = await page.evaluate(async (apiKey) => {
        const res = await fetch("/api/v1/users/me", { headers: { Authorization: `Bearer ${apiKey}` } });
        return (await res.json()).data.nickname;
      }, key);
      assert.equal(me, "Erika M.");
      // Dify's external knowledge API: the shown endpoint answers with the key (an unknown knowledge base: 404)
      const difyEndpoint = await page.getByRole("textbox", { name: "API-Endpunkt für Dify" }).inputValue();
      assert.equal(difyEndpoint, `${baseUrl}/api/v1/dify`);
      const dify = await page.evaluate(
        async ({ endpoint, apiKey }) => {
          const res = await fetch(`${endpoint}/retrieval`, {
            method: "POST",
            headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
            body: JSON.stringify({ knowledge_id: "0".repeat(32), query: "Impfung" }),
          });
          return { status: res.status, body: await res.json() };
        },
        { endpoint: difyEndpoint, apiKey: key },
      );
      assert.deepEqual(dify, { status: 404, body: { code: 404, message: "Knowledgebase not found!" } });
      await page.screenshot({ path: `${artifacts}/settings-api-de.png`, fullPage: true });
    },
  ],
  [
    "new-style pages open for a fresh team and unknown pages show the not-found page",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl, uniqueEmail());
      await page.goto(`${baseUrl}/home`);
      await page.getByTestId("user-menu").getByText("Erika Muster").waitFor({ state: "attached" });
      await page.screenshot({ path: `${artifacts}/home-de-light.png`, fullPage: true });
      await page.goto(`${baseUrl}/profile-setting/plan`);
      await page.getByText("100.000").first().waitFor();
      await page.screenshot({ path: `${artifacts}/plan-de-light.png`, fullPage: true });
      await page.goto(`${baseUrl}/profile-setting/prompt`);
      await page.getByText("Noch keine Vorlagen.", { exact: false }).waitFor();
      await page.screenshot({ path: `${artifacts}/prompts-de-light.png`, fullPage: true });
      await page.goto(`${baseUrl}/search`);
      await page.getByTestId("search-apps-empty").waitFor();
      // the new layout's side rail leads to the new-style pages, its account menu to the new-style settings
      await page.goto(`${baseUrl}/home`);
      await page
        .getByRole("navigation", { name: "Hauptnavigation" })
        .getByRole("link", { name: "Schnelltest" })
        .click();
      await page.waitForURL(/\/next-search$/);
      await page.getByTestId("search-apps-empty").waitFor();
      await page.getByTestId("user-menu").click();
      await page.getByTestId("menu-settings").click();
      await page.waitForURL(/\/profile-setting\/profile$/);
      await page.goto(`${baseUrl}/next-search`);
      await page.getByTestId("search-apps-empty").waitFor();
      await page.screenshot({ path: `${artifacts}/next-search-de-light.png`, fullPage: true });
      await page.goto(`${baseUrl}/buddy-eval`);
      await page.getByText("Kein Feedback im gewählten Zeitraum.").waitFor();
      await page.screenshot({ path: `${artifacts}/evaluation-empty-de-light.png`, fullPage: true });
      await page.goto(`${baseUrl}/dataset`);
      await page.waitForURL(/\/datasets$/);
      await page.goto(`${baseUrl}/gibt-es-nicht`);
      await page.getByRole("heading", { name: "Seite nicht gefunden" }).waitFor();
      // also below a section with its own layout: the page stands alone, without header or settings menu
      await page.goto(`${baseUrl}/user-setting/gibt-es-nicht`);
      await page.getByRole("heading", { name: "Seite nicht gefunden" }).waitFor();
      assert.equal(await page.getByRole("navigation").count(), 0);
    },
  ],
  [
    "a page whose code does not arrive within 120 s says so and offers a reload",
    async ({ page, baseUrl, artifacts }) => {
      await page.clock.install();
      await signUp(page, baseUrl);
      await page.getByRole("heading", { name: "Wissensdatenbank" }).first().waitFor();
      // the chat page's code chunk never answers
      const chatChunk = /\/assets\/_app\.chat-[^/]*\.js$/;
      await page.route(chatChunk, () => undefined);
      const requested = page.waitForRequest(chatChunk);
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Chat" }).click();
      await requested;
      await page.clock.fastForward("01:59");
      assert.equal(await page.getByText("innerhalb von 120 s").count(), 0);
      await page.clock.fastForward("00:02");
      const alert = page
        .getByRole("alert")
        .filter({ hasText: "Ein Teil der Anwendung wurde nicht innerhalb von 120 s geladen." });
      await alert.waitFor();
      await page.screenshot({ path: `${artifacts}/chunk-timeout-de.png` });
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.getByRole("button", { name: "Seite neu laden" }).click();
      await page.getByRole("heading", { name: "Wählen Sie einen Assistenten" }).waitFor();
    },
  ],
];
