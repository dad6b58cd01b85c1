// One cold page load in Chromium with the cache disabled: the scripts it fetched (count and bytes as
// transferred, i.e. gzip-compressed by the server) and its first contentful paint. Used by `npm run bench:web`
// and by the e2e test that keeps the first pages within their JavaScript budget.
// `storageState`: a signed-in visitor (Playwright's saved cookies and local storage).
export const measurePageLoad = async (
  browser,
  url,
  { ready, storageState, viewport = { width: 1280, height: 800 } } = {},
) => {
  const context = await browser.newContext({ viewport, locale: "de-DE", storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map();
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    if (type !== "Script") return;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-encoding");
    scripts.set(requestId, { url: response.url, encoding: encoding?.[1], headerBytes: response.encodedDataLength });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    // the compressed body: what arrived in all, less the response headers
    if (script) script.bytes = encodedDataLength - script.headerBytes;
  });
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: "networkidle" });
    if (ready) await ready(page);
    const readyMs = Date.now() - started;
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    const list = [...scripts.values()];
    return {
      fcpMs,
      readyMs,
      scriptCount: list.length,
      scriptUrls: list.map((script) => script.url),
      scriptBytes: list.reduce((sum, script) => sum + (script.bytes ?? 0), 0),
      uncompressed: list.filter((script) => script.encoding !== "gzip" && script.encoding !== "br").map((s) => s.url),
    };
  } finally {
    await context.close();
  }
};
