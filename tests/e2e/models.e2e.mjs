import { startOpenAiServer } from "../helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../helpers/shared/model-key.ts";
import { signUp } from "./helpers.mjs";

export const tests = [
  [
    "add a model from a local OpenAI-compatible server, test it, and make it the default chat model",
    async ({ page, baseUrl, artifacts }) => {
      const { server, url } = await startOpenAiServer();
      try {
        await signUp(page, baseUrl);
        await page.goto(`${baseUrl}/user-setting/model`);
        await page.getByText("Anbieter zum Hinzufügen").waitFor();
        await page.getByRole("button", { name: "Modell hinzufügen: OpenAI-API-Compatible" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByPlaceholder("z. B. llama3.1:8b").fill("chat-model");
        await dialog.getByLabel("API-Schlüssel").fill("sk-wrong");
        await dialog.getByLabel("Basis-URL").fill(url);
        await dialog.getByRole("button", { name: "Verbindung testen" }).click();
        await dialog.getByTestId("model-feedback").filter({ hasText: "Invalid API key (401)" }).waitFor();
        await dialog.getByLabel("API-Schlüssel").fill(GOOD_KEY);
        await dialog.getByRole("button", { name: "Verbindung testen" }).click();
        await dialog.getByTestId("model-feedback").filter({ hasText: "Verbindung erfolgreich" }).waitFor();
        await dialog.getByRole("button", { name: "Speichern" }).click();
        await page.getByTestId("configured-model").filter({ hasText: "chat-model" }).waitFor();
        await page.screenshot({ path: `${artifacts}/models-de.png`, fullPage: true });

        await page.goto(`${baseUrl}/user-setting/system`);
        await page.getByLabel("Chat-Modell").selectOption("chat-model@main@OpenAI-API-Compatible");
        await page.getByRole("button", { name: "Speichern" }).click();
        await page.getByText("Systemmodelle gespeichert").first().waitFor();
        await page.reload();
        await page.waitForFunction(() => {
          const select = [...document.querySelectorAll("select")].find(
            (s) => s.value === "chat-model@main@OpenAI-API-Compatible",
          );
          return Boolean(select);
        });
      } finally {
        server.close();
      }
    },
  ],
];
