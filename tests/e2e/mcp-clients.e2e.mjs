import assert from "node:assert/strict";

import { signUp, uniqueEmail } from "./helpers.mjs";

export const tests = [
  [
    "Settings → API: a team registers an MCP server (Buddy's own), tests it and sees its tools",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl, uniqueEmail());
      await page.goto(`${baseUrl}/user-setting/api`);
      await page.getByRole("button", { name: "API-Schlüssel erstellen" }).click();
      const key = await page.getByTestId("new-api-key").getByRole("textbox").inputValue();
      const section = page.getByTestId("mcp-clients");
      await section.getByRole("heading", { name: "MCP-Server für Agenten" }).waitFor();
      await section.getByText("Noch keine MCP-Server.").waitFor();
      await section.getByRole("textbox", { name: "Name" }).fill("Buddy selbst");
      await section.getByRole("textbox", { name: "URL" }).fill(`${baseUrl}/mcp`);
      await section.getByLabel("Token (optional)").fill(key);
      await section.getByRole("button", { name: "Verbindung testen" }).click();
      await page.getByText("Verbunden: 4 Werkzeuge").waitFor();
      await section.getByRole("button", { name: "Server hinzufügen" }).click();
      const row = section.getByTestId("mcp-client-row");
      await row.getByText("run_buddy").waitFor();
      assert.equal(await row.count(), 1);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/settings-mcp-clients-de-light.png` });

      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page.getByTestId("theme-toggle").click();
      await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
      await section.getByRole("heading", { name: "MCP servers for agents" }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/settings-mcp-clients-en-dark.png` });
    },
  ],
];
