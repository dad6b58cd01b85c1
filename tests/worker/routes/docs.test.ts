import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";

type Spec = {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
        parameters?: { name: string; in: string }[];
      }
    >
  >;
};

// a parameter with its own pattern (`:model{.+}`, model names with slashes) is plain `{model}` in the document
const specPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

describe("API documentation", () => {
  it("describes every /api/v1 endpoint, with request schemas from the validators", async () => {
    const spec = (await (await SELF.fetch("http://buddy.test/api/openapi.json")).json()) as Spec;
    expect(spec).toMatchObject({ openapi: "3.1.0", info: { title: "Buddy API" } });
    const endpoints = app.routes.filter(
      (route) => route.path.startsWith("/api/v1/") && !["ALL", "OPTIONS"].includes(route.method),
    );
    expect(endpoints.length).toBeGreaterThan(80);
    const missing = endpoints
      .filter((route) => !spec.paths[specPath(route.path)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const createChat = spec.paths["/api/v1/chats"]?.post;
    expect(createChat?.tags).toEqual(["chats"]);
    expect(Object.keys(createChat?.requestBody?.content["application/json"]?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(["name", "dataset_ids", "llm_id", "prompt_config"]),
    );
    expect(spec.paths["/api/v1/datasets"]?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["page", "page_size", "orderby"]),
    );
  });

  it("serves an interactive reference that loads its script from Buddy, not a CDN", async () => {
    const html = await (await SELF.fetch("http://buddy.test/api/docs")).text();
    expect(html).toContain("/vendor/scalar-api-reference.js");
    expect(html).toContain("/api/openapi.json");
    expect(html).not.toContain("cdn.jsdelivr.net");
  });
});
