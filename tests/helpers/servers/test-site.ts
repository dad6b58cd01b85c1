import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

// The shared ingestion samples sit beside the repository (../shared), as on CI.
export const SAMPLES_DIR = fileURLToPath(new URL("../../../../shared/datasets/ingestion-samples/", import.meta.url));

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

export const startTestSite = () =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const server = createServer(async (request, response) => {
      if (request.url?.startsWith("/samples/")) {
        const file = await readFile(`${SAMPLES_DIR}${basename(decodeURIComponent(request.url))}`).catch(() => null);
        if (!file) response.writeHead(404).end();
        else response.writeHead(200, { "Content-Type": "application/octet-stream" }).end(file);
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
