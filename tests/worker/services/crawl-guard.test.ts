import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkOutboundUrl } from "../../../worker/lib/url-guard";
import { createDeps } from "../../../worker/services/create-deps";
import { runCrawl } from "../../../worker/services/documents/crawl";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser } from "../../helpers/worker/factories";

describe("outbound URL guard", () => {
  it.each([
    "http://127.0.0.1/",
    "http://localhost:8080/",
    "http://10.1.2.3/",
    "http://192.168.0.1/",
    "http://172.20.0.1/",
    "http://169.254.169.254/latest",
    "http://[::1]/",
    "http://printer.local/",
  ])("refuses %s unless private fetches are allowed", (url) => {
    expect(checkOutboundUrl(url, false).ok).toBe(false);
    expect(checkOutboundUrl(url, true).ok).toBe(true);
  });

  it.each([
    "http://localhost./",
    "http://foo.localhost./",
    "http://metadata.google.internal./",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0177.0.0.1/",
    "http://[::127.0.0.1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[fec0::1]/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://[ff02::1]/",
    "http://198.18.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
  ])("refuses the disguised private address %s", (url) => {
    expect(checkOutboundUrl(url, false).ok).toBe(false);
  });

  it("allows public hosts and refuses other schemes", () => {
    expect(checkOutboundUrl("https://example.org/a", false).ok).toBe(true);
    expect(checkOutboundUrl("http://[2606:4700:4700::1111]/", false).ok).toBe(true);
    expect(checkOutboundUrl("http://198.51.100.7/", false).ok).toBe(true);
    // names that only start like a private range are names
    expect(checkOutboundUrl("https://247.ai/", false).ok).toBe(true);
    expect(checkOutboundUrl("https://10.example.org/", false).ok).toBe(true);
    expect(checkOutboundUrl("file:///etc/passwd", true)).toMatchObject({
      ok: false,
      reason: "Only http and https URLs can be fetched.",
    });
  });

  it("the crawler checks every redirect hop before following it", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const form = new FormData();
    form.set("name", "redirect");
    form.set("url", `${env.TEST_SITE_URL}/redirect-private`);
    const [doc] = (
      await callApi<{ id: string }[]>(`/datasets/${ds.id}/documents?type=web`, { token: user.token, body: form })
    ).body.data;
    // run the crawl job directly with private fetches off, after the request was allowed for the test site
    const deps = createDeps({ ...env, ALLOW_PRIVATE_FETCH: "false" } as Env);
    const result = await runCrawl(deps, {
      type: "crawl",
      tenantId: user.id,
      userId: user.id,
      datasetId: ds.id,
      documentId: doc?.id as string,
      url: `${env.TEST_SITE_URL}/redirect-private`,
      maxDepth: 0,
      maxPages: 1,
    });
    expect(result.pages).toBe(0);
    const row = await env.DB.prepare("SELECT run, progress_msg FROM documents WHERE id = ?")
      .bind(doc?.id)
      .first<{ run: string; progress_msg: string }>();
    expect(row?.run).toBe("4");
    expect(row?.progress_msg).toContain("private or loopback");
  });
});
