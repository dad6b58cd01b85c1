// Browser end-to-end tests: real SPA + worker under `wrangler dev --local`, driven in Debian's Chromium.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ARTIFACTS, startStack } from "./harness.mjs";

const dir = fileURLToPath(new URL(".", import.meta.url));
// `npm run test:e2e -- chunks files`: only the files whose names contain one of the words
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith(".e2e.mjs") && (only.length === 0 || only.some((word) => file.includes(word))))
  .toSorted();

const stack = await startStack({ skipBuild: process.env.E2E_SKIP_BUILD === "1" });
let passed = 0;
let failed = 0;
try {
  for (const file of files) {
    const { tests } = await import(new URL(file, import.meta.url).href);
    for (const [name, body] of tests) {
      const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // HTTP failures are asserted by the tests themselves; any other console error is a bug.
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(message.text());
      });
      const started = Date.now();
      try {
        await body({ page, baseUrl: stack.baseUrl, artifacts: ARTIFACTS });
        if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
        passed++;
        console.log(`  ✓ ${file} › ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        const shot = `${ARTIFACTS}/FAILED-${name.replace(/\W+/g, "-")}.png`;
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        console.log(`  ✗ ${file} › ${name}\n    ${error?.stack ?? error}\n    screenshot: ${shot}`);
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await stack.stop();
}
console.log(`\ne2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
