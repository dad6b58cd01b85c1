import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ShareToken } from "../../../worker/contract/share";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

describe("the share page's caching", () => {
  it("revalidates with an ETag that changes with the link's allowed origins", async () => {
    const owner = await createUser();
    const chat = await createChat(owner, {});
    const link = async (origins: string[]) =>
      (
        await callApi<ShareToken>(`/chats/${chat.id}/share-tokens`, {
          token: owner.token,
          json: { allowed_origins: origins },
        })
      ).body.data.token;
    const page = (auth: string, headers: Record<string, string> = {}) =>
      SELF.fetch(`http://buddy.test/chat/share?shared_id=${chat.id}&auth=${auth}`, { headers });
    const praxis = await link(["https://praxis.example"]);
    const first = await page(praxis);
    // the page is the built SPA's shell (npm test builds it before the worker tests)
    expect(first.status, "no built SPA in web/dist: run npm run build first").toBe(200);
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    const again = await page(praxis, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await page(await link(["https://klinik.example"]), { "If-None-Match": etag });
    expect(other.headers.get("ETag")).not.toBe(etag);
    expect(other.status).not.toBe(304);
  });
});
