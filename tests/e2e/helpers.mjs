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

// Models of the local OpenAI-compatible server for the signed-in team, in the provider's instance "main": [name,
// type] each; `defaults` lists the types whose team default becomes that model.
export const addLocalModels = (page, apiBase, key, models, defaults = []) =>
  page.evaluate(
    async ({ base, apiKey, wanted, defaultTypes }) => {
      const provider = "OpenAI-API-Compatible";
      const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
      // every call here writes (PUT, POST, PATCH), with a JSON body
      const call = async (path, method, json) => {
        const init = { method, headers, body: JSON.stringify(json) };
        return (await fetch(`/api/v1${path}`, init)).json();
      };
      await call("/providers", "PUT", { provider_name: provider });
      const info = wanted.map(([model_name, type]) => ({ model_name, model_type: [type] }));
      const instance = { instance_name: "main", api_key: apiKey, base_url: base, model_info: info };
      if ((await call(`/providers/${provider}/instances`, "POST", instance)).code !== 0)
        for (const [model_name, model_type] of wanted)
          await call(`/providers/${provider}/instances/main/models`, "POST", { model_name, model_type });
      for (const [name, type] of wanted)
        if (defaultTypes.includes(type))
          await call("/models/default", "PATCH", { model_type: type, model_id: `${name}@${provider}` });
    },
    { base: apiBase, apiKey: key, wanted: models, defaultTypes: defaults },
  );

// The local OpenAI-compatible server's chat model as the signed-in team's default chat model.
export const useLocalChatModel = (page, apiBase, key) =>
  addLocalModels(page, apiBase, key, [["chat-model", "chat"]], ["chat"]);

// Waits until the page's CSS animations (dialogs fading in, indicators sliding) have finished, for screenshots.
export const animationsDone = (page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );

// A fresh user's new, empty Buddy, open in the editor.
export const openNewBuddy = async (page, baseUrl, title) => {
  await signUp(page, baseUrl);
  await page.getByRole("link", { name: "Buddys erstellen" }).click();
  await page.waitForURL(/\/flow/);
  await page.getByRole("button", { name: "Buddy erstellen" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Titel" }).fill(title);
  await dialog.getByRole("button", { name: "Erstellen" }).click();
  await page.waitForURL(/\/flow\/[0-9a-f]{32}/);
};

// Theme and language live in localStorage; `reload: false` only stores them (to leave the next test the defaults).
export const setLook = async (page, theme, language, { reload = true } = {}) => {
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem("vite-ui-theme", t);
      localStorage.setItem("lng", l);
    },
    [theme, language],
  );
  if (reload) await page.reload();
};
