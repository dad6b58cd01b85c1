import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Builds the SPA into web/dist, which wrangler serves as static assets next to the API.
export default defineConfig({
  root: fromRoot("./web"),
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: fromRoot("./web/routes"),
      generatedRouteTree: fromRoot("./web/routeTree.gen.ts"),
    }),
    react(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 8787}` },
  },
});
