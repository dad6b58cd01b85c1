import { callApi } from "./api";

let counter = 0;

export const uniqueEmail = (label = "user") =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${crypto.randomUUID().slice(0, 8)}@buddy.test`;

export const DEFAULT_PASSWORD = "correct-horse-battery";

export type TestUser = { id: string; email: string; password: string; token: string };

// A fresh, signed-in user (and so a fresh tenant) per test: no shared fixtures.
export const createUser = async (overrides: { nickname?: string; password?: string } = {}) => {
  const email = uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await callApi<{ id: string }>("/users", {
    json: { email, password, nickname: overrides.nickname ?? "Tester" },
  });
  if (res.body.code !== 0) throw new Error(`register failed: ${res.body.message}`);
  return { id: res.body.data.id, email, password, token: res.headers.get("Authorization") ?? "" } satisfies TestUser;
};
