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
    "http://[::1]/",
    "http://printer.local/",
    "http://db.home.arpa/",
    // names that spell out the private address they resolve to (nip.io, sslip.io and their kind)
    "http://127.0.0.1.nip.io/",
    "http://admin.10.0.0.5.nip.io:8080/",
    "http://app-192-168-1-10.sslip.io/",
    "http://magic-7f000001.nip.io/",
    "http://--1.sslip.io/",
    "http://fd00--1.sslip.io/",
  ])("refuses %s unless private fetches are allowed", (url) => {
    expect(checkOutboundUrl(url, false).ok).toBe(false);
    expect(checkOutboundUrl(url, true).ok).toBe(true);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.169.254.nip.io/",
    "http://a9fea9fe.nip.io/",
    "http://[fe80::1]/",
    "http://[febf::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::169.254.169.254]/",
    "http://[2002:a9fe:a9fe::]/",
    "http://fe80--1.sslip.io/",
    "http://localhost./",
    "http://10.0.0.1.nip.io./",
    "http://example.org./",
  ])("refuses the link-local address or trailing-dot name %s even where private addresses are allowed", (url) => {
    expect(checkOutboundUrl(url, true).ok).toBe(false);
    expect(checkOutboundUrl(url, false).ok).toBe(false);
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
    // a name spelling a public address, and numbers that are no address
    expect(checkOutboundUrl("http://8.8.8.8.nip.io/", false).ok).toBe(true);
    expect(checkOutboundUrl("https://api-2024-10-01.example.org/", false).ok).toBe(true);
    expect(checkOutboundUrl("https://v1-2-3.example.org/", false).ok).toBe(true);
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
