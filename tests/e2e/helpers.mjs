import { fileURLToPath } from "node:url";

export const PASSWORD = "e2e-secret-password";
export const SAMPLES = fileURLToPath(new URL("../../../shared/datasets/ingestion-samples/", import.meta.url));

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
