import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import type { AppEnv } from "../env";
import { SHARE_PAGES } from "./share-page";

const DESCRIPTION = `Buddy's HTTP API, compatible with RAGFlow's /api/v1: every answer is an envelope {code, message, data}
(code 0 = success; 101 argument, 102 data, 103 operating, 109 authentication errors, with HTTP 200).

Authenticate with an API key from Settings → API ("Authorization: Bearer ragflow-…") or a session token.
Shared chats and agents (/api/v1/share/…) and shared search apps (/api/v1/searchbots/…) take a share-link
token instead. Request schemas are generated from the same
valibot schemas that validate the requests.`;

// Operations are grouped by their first path segment (/api/v1/chats/… → "chats").
const tagged = (paths: OpenAPIV3_1.PathsObject) => {
  for (const [path, item] of Object.entries(paths)) {
    const tag = path.split("/")[3] ?? "system";
    for (const operation of Object.values(item ?? {})) {
      if (operation && typeof operation === "object" && "responses" in operation)
        (operation as OpenAPIV3_1.OperationObject).tags ??= [tag];
    }
  }
  return paths;
};

let cached: unknown;

// GET /api/openapi.json (every /api/v1 route) and GET /api/docs (an interactive reference, served offline).
export const mountDocs = (app: Hono<AppEnv>) => {
  app.get("/api/openapi.json", async (c) => {
    if (!cached) {
      const spec = await generateSpecs(app, {
        includeEmptyPaths: true,
        exclude: ["/api/openapi.json", "/api/docs", "/mcp", ...SHARE_PAGES, "*"],
        documentation: {
          info: { title: "Buddy API", version: c.var.deps.config.version, description: DESCRIPTION },
          servers: [{ url: new URL(c.req.url).origin }],
          components: {
            securitySchemes: {
              bearer: {
                type: "http",
                scheme: "bearer",
                description: "API key (ragflow-…), session token or share-link token",
              },
            },
          },
          security: [{ bearer: [] }],
        },
      });
      cached = { ...spec, paths: tagged(spec.paths ?? {}) };
    }
    return c.json(cached);
  });
  app.get(
    "/api/docs",
    // no default fonts: they come from Scalar's servers, which the page's policy (and an offline stack) do not reach
    Scalar({
      url: "/api/openapi.json",
      cdn: "/vendor/scalar-api-reference.js",
      pageTitle: "Buddy API",
      withDefaultFonts: false,
    }),
  );
};
