import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ServiceContext } from "../../../worker/services/context";
import { createDeps } from "../../../worker/services/create-deps";
import { safeFetch } from "../../../worker/services/outbound/safe-fetch";

const ctx = createDeps(env as Env) as unknown as ServiceContext;
// the same test site under another origin (another host name for 127.0.0.1)
const otherOrigin = env.TEST_SITE_URL.replace("127.0.0.1", "localhost");
const credentials = {
  Authorization: "Bearer geheim",
  "X-Api-Key": "schluessel",
  "User-Agent": "Buddy",
  "Content-Type": "application/json",
};
type Echo = { method: string; headers: Record<string, string | null>; body: unknown };

const via = (status: number, to: string) =>
  `${env.TEST_SITE_URL}/redirect?status=${status}&to=${encodeURIComponent(to)}`;

describe("safeFetch", () => {
  it("keeps credentials on a redirect within the origin", async () => {
    const { text } = await safeFetch(
      ctx,
      via(307, `${env.TEST_SITE_URL}/api/echo`),
      { method: "POST", headers: credentials, body: '{"a":1}' },
      null,
    );
    expect(JSON.parse(text) as Echo).toMatchObject({
      method: "POST",
      headers: { authorization: "Bearer geheim", "x-api-key": "schluessel" },
      body: { a: 1 },
    });
  });

  it("drops credential headers when a redirect leaves the origin", async () => {
    const { text, url } = await safeFetch(
      ctx,
      via(307, `${otherOrigin}/api/echo`),
      { method: "POST", headers: credentials, body: '{"a":1}' },
      null,
    );
    expect(url.origin).toBe(new URL(otherOrigin).origin);
    expect(JSON.parse(text) as Echo).toMatchObject({
      method: "POST",
      headers: { authorization: null, "x-api-key": null, "user-agent": "Buddy" },
      body: { a: 1 },
    });
  });

  it("turns a 303 after a POST into a GET without body", async () => {
    const { text } = await safeFetch(
      ctx,
      via(303, `${env.TEST_SITE_URL}/api/echo`),
      { method: "POST", headers: credentials, body: '{"a":1}' },
      null,
    );
    expect(JSON.parse(text) as Echo).toMatchObject({ method: "GET", body: null });
  });

  it("stops reading a body past its cap, with or without Content-Length", async () => {
    await expect(
      safeFetch(ctx, `${env.TEST_SITE_URL}/big?bytes=300000`, {}, null, { maxChars: 50_000 }),
    ).rejects.toThrow("is larger than");
    const { text } = await safeFetch(ctx, `${env.TEST_SITE_URL}/big?bytes=40000`, {}, null, { maxChars: 50_000 });
    expect(text).toHaveLength(40_000);
  });
});
