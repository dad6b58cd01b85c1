import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

import { signUp, uniqueEmail } from "./helpers.mjs";

export const tests = [
  [
    "Settings → API: the MCP configuration connects the official SDK client",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl, uniqueEmail());
      await page.goto(`${baseUrl}/user-setting/api`);
      const section = page.getByTestId("mcp-server");
      await section.getByRole("heading", { name: "MCP-Server" }).waitFor();
      assert.equal(await section.getByRole("textbox", { name: "MCP-URL" }).inputValue(), `${baseUrl}/mcp`);
      await page.getByRole("button", { name: "API-Schlüssel erstellen" }).click();
      const key = await page.getByTestId("new-api-key").getByRole("textbox").inputValue();
      const config = section.getByRole("region", { name: "Client-Konfiguration" });
      await config.getByText(`Bearer ${key}`).waitFor();
      const { url, headers } = JSON.parse(await config.textContent()).mcpServers.buddy;
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/settings-mcp-de-light.png` });

      // the copied configuration, as an MCP client uses it over real HTTP
      const client = new Client({ name: "e2e", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ["list_knowledge_bases", "retrieve", "ask_assistant", "run_buddy"],
      );
      const listed = await client.callTool({ name: "list_knowledge_bases", arguments: {} });
      assert.deepEqual(listed.structuredContent, { knowledge_bases: [] });
      await client.close();

      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page.getByTestId("theme-toggle").click();
      await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
      await section.getByRole("heading", { name: "MCP server" }).waitFor();
      await section.getByText("Tools: list_knowledge_bases", { exact: false }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifacts}/settings-mcp-en-dark.png` });
    },
  ],
];
