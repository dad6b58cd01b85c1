import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API reference page (/api/docs) loads Scalar from Buddy itself, so it works offline.
const scalarStandalone = (): Plugin => ({
  name: "buddy-scalar-standalone",
  apply: "build",
  generateBundle() {
    this.emitFile({
      type: "asset",
      fileName: "vendor/scalar-api-reference.js",
      source: readFileSync(fromRoot("./node_modules/@scalar/api-reference/dist/browser/standalone.js")),
    });
  },
});

// Route components are split into chunks by the router plugin; each import gets the spec's 120 s limit
// (web/lib/load-chunk.ts), like every other chunk loaded on demand.
const SPLIT_IMPORTER = /^const (\$\$split\w+Importer) = \(\) => import\(("[^"]+")\);$/gm;
const routeChunkTimeout = (): Plugin => ({
  name: "buddy-route-chunk-timeout",
  enforce: "post",
  transform(code, id) {
    if (!id.startsWith(fromRoot("./web/routes/")) || id.includes("tsr-split")) return null;
    const wrapped = code.replace(SPLIT_IMPORTER, "const $1 = () => __withChunkTimeout(() => import($2));");
    if (wrapped === code) return null;
    return {
      code: `import { withChunkTimeout as __withChunkTimeout } from ${JSON.stringify(fromRoot("./web/lib/load-chunk.ts"))};\n${wrapped}`,
      map: null,
    };
  },
});

// Every module the first page needs (React, Chakra, the router, the route tree with its small route files)
// is one file: each file costs a round trip through the Worker, and the first load used to fetch about 70 tiny
// chunks (one per Chakra part, hook or route file), discovered one import after another. What a page adds
// on demand (its component, pdf.js, SheetJS, the flow editor, the file manager) keeps its own chunks.
const CHUNK_GROUPS = [{ name: "app", tags: ["$initial" as const] }];

// Builds the SPA into web/dist, which wrangler serves as static assets next to the API.
export default defineConfig({
  root: fromRoot("./web"),
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // a route's loader travels with its component: the first page then needs only the routes' matching code
      codeSplittingOptions: {
        defaultBehavior: [["loader", "component"], ["pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
      },
      routesDirectory: fromRoot("./web/routes"),
      generatedRouteTree: fromRoot("./web/routeTree.gen.ts"),
    }),
    react(),
    routeChunkTimeout(),
    scalarStandalone(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // pdf.js (the file preview) is one lazily loaded 1.6 MB chunk; everything on the first load stays far below
    chunkSizeWarningLimit: 1700,
    modulePreload: false,
    rolldownOptions: {
      treeshake: { manualPureFunctions: ["defineConfig", "createSystem", "mergeConfigs"] },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 8787}` },
  },
});
