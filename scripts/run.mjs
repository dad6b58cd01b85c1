import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const BIN = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

// Offline everywhere: no telemetry, no Cloudflare look-ups.
export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: process.env.CI ?? "",
};

export const run = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: OFFLINE_ENV, ...options });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });

// `options`: spawn options, e.g. `stdio` to send the output to a log file (scripts/start.mjs).
export const buildSpa = (options = {}) =>
  run(BIN("vite"), ["build", "--config", "vite.config.ts", "--logLevel", "warn"], options);

export const applyMigrations = (persistTo, options = {}) =>
  run(
    BIN("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])],
    options,
  );

// Local runs keep their own random PROVIDER_SECRET in .dev.vars (git-ignored; wrangler dev reads it), made once so
// provider keys sealed in the local database stay readable across restarts. A local database from before this
// (sealed with the value once built in) keeps that value, so its stored keys still open.
const FORMER_LOCAL_SECRET = "buddy-local-development-only";

export const ensureDevSecret = () => {
  const path = join(ROOT, ".dev.vars");
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (/^PROVIDER_SECRET=/m.test(current)) return;
  const existingDatabase = existsSync(join(ROOT, ".wrangler", "state", "v3", "d1"));
  const line = `PROVIDER_SECRET=${existingDatabase ? FORMER_LOCAL_SECRET : randomBytes(32).toString("hex")}\n`;
  writeFileSync(path, current && !current.endsWith("\n") ? `${current}\n${line}` : `${current}${line}`);
};

// `inspectorPort`: where DevTools (or a CPU profile, see scripts/bench/cpu-profile.mjs) can attach to workerd.
export const startWrangler = ({ port, persistTo, vars = {}, stdio = "inherit", inspectorPort }) =>
  spawn(
    BIN("wrangler"),
    [
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--show-interactive-dev-session=false",
      ...(persistTo ? ["--persist-to", persistTo] : []),
      ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
      // one workerd process runs everything, with no Cloudflare edge in front (LOCAL_STACK in wrangler.toml)
      ...Object.entries({ LOCAL_STACK: "true", ...vars }).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { cwd: ROOT, stdio, env: OFFLINE_ENV, detached: process.platform !== "win32" },
  );

// wrangler dev does not fire cron triggers; locally the watchdog's schedule (wrangler.toml) is kept by
// calling the scheduled handler once a minute, so stuck ingestion work is picked up as in production.
export const startLocalCron = (port, everyMs = 60_000) => {
  const timer = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`).catch(() => undefined);
  }, everyMs);
  timer.unref();
  return timer;
};
