import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ShareToken } from "../../../worker/contract/share";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

const ORIGIN = "http://buddy.test";

// A policy as a map of directive → sources, so tests can name the directives they care about.
const policyOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get("Content-Security-Policy") ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources.join(" ")]),
  );

// Model output renders on these pages: the browser may load images and open connections only to Buddy itself.
const expectNoOutsideHosts = (policy: Record<string, string>) => {
  expect(policy["default-src"]).toBe("'self'");
  expect(policy["img-src"]).toBe("'self' data: blob:");
  expect(policy["connect-src"]).toBe("'self' data: blob:");
  expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  expect(policy["script-src"]).not.toContain("'unsafe-eval'");
  expect(policy["object-src"]).toBe("blob:");
};

describe("security headers", () => {
  it("serves the app's pages with a strict policy that no site may frame", async () => {
    for (const path of ["/", "/chat", "/knowledge/dataset?id=abc", "/user-setting/api"]) {
      const response = await SELF.fetch(`${ORIGIN}${path}`);
      const policy = policyOf(response);
      expectNoOutsideHosts(policy);
      expect(policy["frame-ancestors"], path).toBe("'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("gives a share page the app's policy with the link's allowed origins as frame-ancestors", async () => {
    const owner = await createUser();
    const chat = await createChat(owner, {});
    const token = await callApi<ShareToken>(`/chats/${chat.id}/share-tokens`, {
      token: owner.token,
      json: { allowed_origins: ["https://praxis.example"] },
    });
    const page = (auth: string) => SELF.fetch(`${ORIGIN}/chat/share?shared_id=${chat.id}&auth=${auth}`);

    const allowed = policyOf(await page(token.body.data.token));
    expectNoOutsideHosts(allowed);
    expect(allowed["frame-ancestors"]).toBe("'self' https://praxis.example");
    const unknown = policyOf(await page("not-a-token"));
    expectNoOutsideHosts(unknown);
    expect(unknown["frame-ancestors"]).toBe("'self'");
  });

  it("lets API answers load nothing and be framed by no one, an unknown API path included", async () => {
    const ping = await SELF.fetch(`${ORIGIN}/api/v1/system/ping`);
    expect(ping.status).toBe(200);
    expect(policyOf(ping)).toEqual({ "default-src": "'none'", "frame-ancestors": "'none'" });
    expect(ping.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const unknown = await SELF.fetch(`${ORIGIN}/api/v1/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404 });
    expect(policyOf(unknown)).toEqual({ "default-src": "'none'", "frame-ancestors": "'none'" });

    const spec = await SELF.fetch(`${ORIGIN}/api/openapi.json`);
    expect(policyOf(spec)["default-src"]).toBe("'none'");
  });

  it("lets the API reference run its inline configuration and be framed only by Buddy's settings page", async () => {
    const docs = await SELF.fetch(`${ORIGIN}/api/docs`);
    expect(docs.status).toBe(200);
    const policy = policyOf(docs);
    expect(policy["script-src"]).toBe("'self' 'unsafe-inline'");
    expect(policy["connect-src"]).toBe("'self' data: blob:");
    expect(policy["img-src"]).toBe("'self' data: blob:");
    expect(policy["frame-ancestors"]).toBe("'self'");
    // Scalar's default fonts come from its servers, which the policy blocks
    expect(await docs.text()).toMatch(/"withDefaultFonts":\s*false/);
  });
});
