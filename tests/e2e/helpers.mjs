export const PASSWORD = "e2e-secret-password";

// A generated document (tests/helpers/fixtures) as Playwright's setInputFiles takes a file without a path.
export const asUpload = async (file) => ({
  name: file.name,
  mimeType: file.type || "application/octet-stream",
  buffer: Buffer.from(await file.arrayBuffer()),
});

export const uniqueEmail = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@buddy.test`;

// Registers a fresh user through the sign-up form and lands on /knowledge.
export const signUp = async (page, baseUrl, email = uniqueEmail()) => {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/login/);
  await page.getByRole("heading", { name: "Willkommen zurück" }).waitFor();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Name").fill("Erika Muster");
  await page.getByLabel("Passwort").fill(PASSWORD);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await page.waitForURL(/\/knowledge$/);
  return email;
};

const FAQ =
  "Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen. Sie schützt vor schweren Verläufen.\n\nErwachsene brauchen sieben bis neun Stunden Schlaf.";

// A parsed knowledge base, made through the API with the signed-in user's token (the UI for it has its own tests).
export const parsedKnowledgeBase = (page, datasetName, content = FAQ, parserConfig = undefined) =>
  page.evaluate(
    async ({ name, text, config }) => {
      const auth = { Authorization: localStorage.getItem("token") };
      const json = async (response) => (await response.json()).data;
      const dataset = await json(
        await fetch("/api/v1/datasets", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ name, parser_config: config }),
        }),
      );
      const form = new FormData();
      form.append("file", new Blob([text], { type: "text/plain" }), "gesundheit.txt");
      const [doc] = await json(
        await fetch(`/api/v1/datasets/${dataset.id}/documents`, { method: "POST", headers: auth, body: form }),
      );
      await fetch(`/api/v1/datasets/${dataset.id}/chunks`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ document_ids: [doc.id] }),
      });
      for (let i = 0; i < 120; i++) {
        const { docs } = await json(await fetch(`/api/v1/datasets/${dataset.id}/documents`, { headers: auth }));
        if (docs[0].run === "DONE") return dataset.id;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("parsing did not finish");
    },
    { name: datasetName, text: content, config: parserConfig },
  );

// The local OpenAI-compatible server's chat model as the signed-in team's default chat model.
export const useLocalChatModel = (page, apiBase, key) =>
  page.evaluate(
    async ({ base, apiKey }) => {
      const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
      await fetch("/api/v1/providers/models", {
        method: "POST",
        headers,
        body: JSON.stringify({
          llm_factory: "OpenAI-API-Compatible",
          llm_name: "chat-model",
          model_type: "chat",
          api_base: base,
          api_key: apiKey,
        }),
      });
      await fetch("/api/v1/models/default", {
        method: "PATCH",
        headers,
        body: JSON.stringify({ llm_id: "chat-model@OpenAI-API-Compatible" }),
      });
    },
    { base: apiBase, apiKey: key },
  );

// Waits until the page's CSS animations (dialogs fading in, indicators sliding) have finished, for screenshots.
export const animationsDone = (page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
