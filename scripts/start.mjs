// `npm start`: build the SPA, apply D1 migrations locally, serve SPA + API with local D1/R2/Queues.
import { applyMigrations, buildSpa, ensureDevSecret, startLocalCron, startWrangler } from "./run.mjs";

const port = Number(process.env.PORT ?? 8787);

console.log("Building the web app …");
await buildSpa();
console.log("Applying database migrations …");
await applyMigrations();
ensureDevSecret();
console.log(`Starting Buddy on http://127.0.0.1:${port} …`);
const server = startWrangler({ port });

const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    server.kill("SIGTERM");
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));

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

if (await waitForServer()) {
  startLocalCron(port);
  console.log(`\n  Buddy is running: http://127.0.0.1:${port}\n  Press Ctrl+C to stop.\n`);
}
