import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

// The shared ingestion samples sit beside the repository (../shared), as on CI; a plain clone has none, and the
// corpus tests that need them are skipped (SAMPLES_AVAILABLE).
export const SAMPLES_DIR = fileURLToPath(new URL("../../../../shared/datasets/ingestion-samples/", import.meta.url));
export const SAMPLES_AVAILABLE = existsSync(SAMPLES_DIR);

// A small real web site on 127.0.0.1 for crawler tests: linked pages, a robots.txt rule, a PDF.
const PAGES: Record<string, { type: string; body: string }> = {
  "/": {
    type: "text/html; charset=utf-8",
    body: `<html><head><title>Gesundheit &amp; Pflege</title></head><body><h1>Start</h1>
      <a href="/impfung.html">Impfung</a> <a href="/private/geheim.html">Intern</a>
      <a href="https://example.org/out">Extern</a> <a href="/broken.html">Kaputt</a> <a href="/report.pdf">PDF</a></body></html>`,
  },
  "/impfung.html": {
    type: "text/html",
    body: `<html><head><title>Impfung</title></head><body><p>Impfungen schützen.</p><a href="/tiefer.html">Mehr</a></body></html>`,
  },
  "/tiefer.html": { type: "text/html", body: "<html><head><title>Tiefer</title></head><body>Ebene zwei</body></html>" },
  "/private/geheim.html": { type: "text/html", body: "<html><body>secret</body></html>" },
  "/report.pdf": { type: "application/pdf", body: "%PDF-1.4" },
  "/robots.txt": { type: "text/plain", body: "User-agent: *\nDisallow: /private/\n" },
};

// Calls per key of /flaky: the first call of each key fails, later ones answer (for retry tests).
const flakyCalls = new Map<string, number>();

// Small JSON API for the agent components: /api/echo echoes method, query, credential headers and body; /flaky
// fails once; /slow answers after two seconds (cancellation).
const apiRoute = async (
  url: URL,
  method: string,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ status: number; json: unknown } | null> => {
  if (url.pathname === "/api/echo") {
    const seen = {
      authorization: headers.authorization ?? null,
      "x-api-key": headers["x-api-key"] ?? null,
      "user-agent": headers["user-agent"] ?? null,
    };
    return {
      status: 200,
      json: {
        method,
        query: Object.fromEntries(url.searchParams),
        headers: seen,
        body: body ? (JSON.parse(body) as unknown) : null,
      },
    };
  }
  if (url.pathname === "/flaky") {
    const key = url.searchParams.get("key") ?? "";
    const calls = (flakyCalls.get(key) ?? 0) + 1;
    flakyCalls.set(key, calls);
    return calls === 1 ? { status: 503, json: { error: "try again" } } : { status: 200, json: { calls } };
  }
  if (url.pathname === "/slow") {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { status: 200, json: { slow: true } };
  }
  return null;
};

export const startTestSite = () =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? "/", "http://site");
      const api = await apiRoute(url, request.method ?? "GET", Buffer.concat(chunks).toString("utf8"), request.headers);
      if (api) {
        response.writeHead(api.status, { "Content-Type": "application/json" }).end(JSON.stringify(api.json));
        return;
      }
      if (request.url?.startsWith("/samples/")) {
        const file = await readFile(`${SAMPLES_DIR}${basename(decodeURIComponent(request.url))}`).catch(() => null);
        if (!file) response.writeHead(404).end();
        else response.writeHead(200, { "Content-Type": "application/octet-stream" }).end(file);
        return;
      }
      // /redirect?to=…&status=…: a redirect anywhere (outbound fetches must not carry credentials to another origin)
      if (url.pathname === "/redirect") {
        response
          .writeHead(Number(url.searchParams.get("status") ?? 302), { Location: url.searchParams.get("to") ?? "/" })
          .end();
        return;
      }
      // /big?bytes=n: a text body of n bytes without a Content-Length (outbound fetches cap what they read)
      if (url.pathname === "/big") {
        response.writeHead(200, { "Content-Type": "text/plain", "Transfer-Encoding": "chunked" });
        const total = Number(url.searchParams.get("bytes") ?? 0);
        for (let sent = 0; sent < total; sent += 65_536) response.write("x".repeat(Math.min(65_536, total - sent)));
        response.end();
        return;
      }
      // a redirect into the private network, which the crawler must refuse when private fetches are off
      if (request.url === "/redirect-private") {
        response.writeHead(302, { Location: "http://10.0.0.1/secret" }).end();
        return;
      }
      const page = PAGES[request.url ?? "/"];
      if (!page) {
        response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      response.writeHead(200, { "Content-Type": page.type }).end(page.body);
    });
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
