import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { applyMigrations, buildSpa, ROOT, startWrangler } from "../../scripts/run.mjs";

export const ARTIFACTS = join(ROOT, "e2e-artifacts");

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

export const waitUntilUp = async (baseUrl) => {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/system/ping`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("wrangler dev did not come up within 60 s");
};

// One fresh local stack per run: built SPA, empty D1/R2 in a temp dir, wrangler dev on a free port.
export const startStack = async ({ skipBuild = false, browser: withBrowser = true, inspectorPort, vars = {} } = {}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  if (!skipBuild) await buildSpa();
  const persistTo = mkdtempSync(join(tmpdir(), "buddy-e2e-"));
  await applyMigrations(persistTo);
  const port = await freePort();
  // the stand-ins for outside services (model servers, sites) listen on 127.0.0.1
  const server = startWrangler({
    port,
    persistTo,
    // every browser test signs up a new account, all from 127.0.0.1
    vars: {
      ALLOW_PRIVATE_FETCH: "true",
      PROVIDER_SECRET: randomBytes(32).toString("hex"),
      REGISTRATIONS_PER_HOUR: "1000",
      ...vars,
    },
    stdio: ["ignore", "ignore", "inherit"],
    inspectorPort,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl);
  const browser = withBrowser
    ? await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS })
    : null;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
    rmSync(persistTo, { recursive: true, force: true });
  };
  return { baseUrl, browser, server, stop };
};
