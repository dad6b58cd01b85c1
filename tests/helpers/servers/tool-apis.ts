import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DatabaseSync } from "node:sqlite";

import { TOOL_KEY } from "../shared/tool-key.ts";

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

// The team database the ExeSQL tests query (Cloudflare's D1 API runs SQLite too).
let clinic: DatabaseSync | null = null;
const clinicDb = () => {
  if (!clinic) {
    clinic = new DatabaseSync(":memory:");
    clinic.exec(
      "CREATE TABLE patients (name TEXT, city TEXT, visits INTEGER); INSERT INTO patients VALUES ('Ben', 'Berlin', 1), ('Anna', 'Berlin', 3), ('Cem', 'Köln', 2);",
    );
  }
  return clinic;
};

type Answer = { status?: number; type?: string; body: unknown };
const unauthorized: Answer = { status: 401, body: { error: "invalid api key" } };

// Stand-ins for the services the agent tools call, each answering in its real API's shape (and refusing a
// wrong key), under a path prefix: /wikipedia, /ddg, /pubmed, /arxiv, /serpapi, /bing, /tavily (search, extract), /searxng,
// /github, /yahoo, /deepl, /qweather, /qgeo, /cloudflare (D1's query API).
const route = async (request: IncomingMessage, url: URL): Promise<Answer> => {
  const q = url.searchParams;
  const [, service, ...rest] = url.pathname.split("/");
  const path = `/${rest.join("/")}`;
  const key =
    service === "cloudflare" && /^\/client\/v4\/accounts\/[^/]+\/d1\/database\/[^/]+\/query$/.test(path)
      ? "cloudflare d1"
      : `${service} ${path}`;
  switch (key) {
    case "wikipedia /w/api.php":
      return {
        body: {
          query: {
            search: [
              {
                title: `Grippe (${q.get("srsearch")})`,
                snippet: 'Die <span class="searchmatch">Grippe</span> ist eine Infektion.',
              },
              { title: "Influenza", snippet: "Virus" },
            ].slice(0, Number(q.get("srlimit"))),
          },
        },
      };
    case "ddg /":
      return {
        body: {
          Heading: "Grippe",
          AbstractText: `Grippe: ${q.get("q")}`,
          AbstractURL: "https://de.wikipedia.org/wiki/Grippe",
          RelatedTopics: [{ Text: "Influenzavirus - Erreger", FirstURL: "https://duckduckgo.com/Influenzavirus" }],
        },
      };
    case "pubmed /esearch.fcgi":
      return { body: { esearchresult: { idlist: ["111", "222"].slice(0, Number(q.get("retmax"))) } } };
    case "pubmed /esummary.fcgi":
      return {
        body: {
          result: {
            uids: ["111", "222"],
            111: { title: "Influenza vaccination in older adults", source: "Lancet", pubdate: "2024" },
            222: { title: "Flu burden", source: "BMJ", pubdate: "2023" },
          },
        },
      };
    case "arxiv /api/query":
      return {
        type: "application/atom+xml",
        body: `<feed><entry><id>http://arxiv.org/abs/1</id><title>Modelling ${q.get("search_query")}</title><summary>An epidemic model.</summary></entry></feed>`,
      };
    case "serpapi /search.json":
      return q.get("api_key") === TOOL_KEY
        ? {
            body: {
              organic_results: [
                { title: "RKI: Grippe", link: "https://rki.de/grippe", snippet: `Ergebnis für ${q.get("q")}` },
              ],
            },
          }
        : unauthorized;
    case "bing /v7.0/search":
      return request.headers["ocp-apim-subscription-key"] === TOOL_KEY
        ? {
            body: {
              webPages: { value: [{ name: "Bing-Treffer", url: "https://example.org/bing", snippet: q.get("q") }] },
            },
          }
        : unauthorized;
    case "tavily /search": {
      if (request.headers.authorization !== `Bearer ${TOOL_KEY}`) return unauthorized;
      const body = JSON.parse(await readBody(request)) as { query: string };
      return {
        body: { results: [{ title: "Tavily-Treffer", url: "https://example.org/tavily", content: body.query }] },
      };
    }
    case "tavily /extract": {
      if (request.headers.authorization !== `Bearer ${TOOL_KEY}`) return unauthorized;
      const body = JSON.parse(await readBody(request)) as { urls: string[]; format?: string };
      return {
        body: {
          results: body.urls.map((page) => ({ url: page, raw_content: `Inhalt von ${page} (${body.format})` })),
          failed_results: [],
        },
      };
    }
    case "searxng /search":
      return q.get("format") === "json"
        ? { body: { results: [{ title: "SearXNG-Treffer", url: "https://example.org/searx", content: q.get("q") }] } }
        : { status: 403, body: "format" };
    case "github /search/repositories":
      return {
        body: {
          items: [
            {
              full_name: "buddy/grippe",
              html_url: "https://github.com/buddy/grippe",
              description: q.get("q"),
              stargazers_count: 42,
            },
          ],
        },
      };
    case "yahoo /v7/finance/quote":
      return {
        body: {
          quoteResponse: {
            result:
              q.get("symbols") === "NOPE"
                ? []
                : [
                    {
                      symbol: q.get("symbols"),
                      longName: "Buddy Health AG",
                      regularMarketPrice: 123.45,
                      currency: "EUR",
                      regularMarketChangePercent: 1.5,
                    },
                  ],
          },
        },
      };
    case "deepl /v2/translate": {
      if (request.headers.authorization !== `DeepL-Auth-Key ${TOOL_KEY}`)
        return { status: 403, body: { message: "Wrong auth key" } };
      const body = JSON.parse(await readBody(request)) as { text: string[]; target_lang: string };
      return {
        body: { translations: [{ detected_source_language: "DE", text: `[${body.target_lang}] ${body.text[0]}` }] },
      };
    }
    case "qgeo /v2/city/lookup":
      return q.get("key") === TOOL_KEY
        ? { body: { code: "200", location: [{ id: "101010100", name: q.get("location") }] } }
        : { body: { code: "401" } };
    case "cloudflare d1": {
      if (request.headers.authorization !== `Bearer ${TOOL_KEY}`)
        return { status: 403, body: { success: false, errors: [{ code: 10000, message: "Authentication error" }] } };
      const { sql } = JSON.parse(await readBody(request)) as { sql: string };
      try {
        return {
          body: { success: true, errors: [], result: [{ results: clinicDb().prepare(sql).all(), success: true }] },
        };
      } catch (error) {
        return {
          status: 400,
          body: { success: false, errors: [{ code: 7500, message: String((error as Error).message) }] },
        };
      }
    }
    default:
      if (service === "qweather" && path.startsWith("/v7/weather/")) {
        if (q.get("key") !== TOOL_KEY) return { body: { code: "401" } };
        const period = path.slice("/v7/weather/".length);
        if (period === "now") return { body: { code: "200", now: { temp: "12", text: "Bewölkt" } } };
        const days = Number.parseInt(period, 10);
        return {
          body: {
            code: "200",
            daily: Array.from({ length: days }, (_, i) => ({
              fxDate: `2026-11-${String(25 + (i % 5)).padStart(2, "0")}`,
              tempMax: "10",
              tempMin: "2",
              textDay: "Regen",
            })),
          },
        };
      }
      return { status: 404, body: { error: `no stand-in for ${url.pathname}` } };
  }
};

export const startToolApis = () =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const server = createServer(async (request, response) => {
      const answer = await route(request, new URL(request.url ?? "/", "http://tools"));
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status ?? 200, { "Content-Type": answer.type ?? "application/json" }).end(text);
    });
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
