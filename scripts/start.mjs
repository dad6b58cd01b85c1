// `npm start`: build the SPA, apply D1 migrations locally, serve SPA + API with local D1/R2/Queues. The console
// gets a short summary; everything the tools print (builds, migrations, wrangler's request log) goes to LOG_FILE.
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { applyMigrations, buildSpa, ensureDevSecret, ROOT, startLocalCron, startWrangler } from "./run.mjs";

const port = Number(process.env.PORT ?? 8787);
export const LOG_FILE = join(ROOT, ".wrangler", "buddy.log");
mkdirSync(join(ROOT, ".wrangler"), { recursive: true });
const log = openSync(LOG_FILE, "w");
const toLog = { stdio: ["ignore", log, log] };
const logName = relative(process.cwd(), LOG_FILE) || LOG_FILE;

const tailOfLog = (lines = 30) => readFileSync(LOG_FILE, "utf8").trimEnd().split("\n").slice(-lines).join("\n");

// One line per step, with its time; a failed step shows the end of the log.
const step = async (label, work) => {
  const started = Date.now();
  process.stdout.write(`${label} … `);
  try {
    const result = await work();
    console.log(`done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  } catch (error) {
    console.log("failed");
    console.error(`\n${tailOfLog()}\n\n${error.message}\nFull log: ${logName}`);
    process.exit(1);
  }
};

await step("Building the web app", () => buildSpa(toLog));
await step("Applying database migrations", () => applyMigrations(undefined, toLog));
ensureDevSecret();
const server = startWrangler({ port, stdio: ["ignore", log, log] });

let stopping = false;
const stop = () => {
  stopping = true;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    server.kill("SIGTERM");
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  if (code)
    console.error(`\nBuddy stopped (exit code ${code}). The end of the log:\n${tailOfLog()}\nFull log: ${logName}`);
  closeSync(log);
  process.exit(stopping ? 0 : (code ?? 0));
});

const waitForServer = async () => {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/system/ping`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
};

if (await step(`Starting Buddy on port ${port}`, waitForServer)) {
  startLocalCron(port);
  console.log(`\n  Buddy is running: http://127.0.0.1:${port}\n  Log: ${logName}\n  Press Ctrl+C to stop.\n`);
} else {
  console.error(`Buddy did not answer within 60 s. The end of the log:\n${tailOfLog()}\nFull log: ${logName}`);
}
