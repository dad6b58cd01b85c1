import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComponentName } from "../../../worker/contract/agents";
import { TOOL_KEY } from "../../helpers/shared/tool-key";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const tools = () => env.TEST_TOOL_APIS_URL;

// Begin → the tool → a Message showing one of its outputs.
const runTool = async (
  user: TestUser,
  name: ComponentName,
  params: Record<string, unknown>,
  question: string,
  output = "formalized_content",
) => {
  const id = `${name}:t`;
  const agent = await createAgent(
    user,
    flow([
      ["begin", "Begin", {}, [id]],
      [id, name, params, ["Message:out"]],
      ["Message:out", "Message", { content: [`{${id}@${output}}`] }],
    ]),
  );
  return (await runAgent(user, agent.id, { question })).body.data;
};

describe("agent tools against local stand-ins of their services", () => {
  it("search tools return numbered results with titles, links and text", async () => {
    const user = await createUser();
    const cases: [ComponentName, Record<string, unknown>, RegExp][] = [
      [
        "Wikipedia",
        { base_url: `${tools()}/wikipedia`, top_n: 1 },
        /^1\. Grippe \(Grippe Impfung\)\nhttps:\/\/wikipedia\.org\/wiki\/Grippe_\(Grippe_Impfung\)\nDie Grippe ist eine Infektion\.$/,
      ],
      [
        "DuckDuckGo",
        { base_url: `${tools()}/ddg` },
        /1\. Grippe\nhttps:\/\/de\.wikipedia\.org\/wiki\/Grippe\nGrippe: Grippe Impfung[\s\S]*2\. Influenzavirus/,
      ],
      [
        "PubMed",
        { base_url: `${tools()}/pubmed`, top_n: 2 },
        /1\. Influenza vaccination in older adults\nhttps:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/111\/\nLancet, 2024[\s\S]*2\. Flu burden/,
      ],
      [
        "ArXiv",
        { base_url: `${tools()}/arxiv` },
        /1\. Modelling all:Grippe Impfung\nhttp:\/\/arxiv\.org\/abs\/1\nAn epidemic model\./,
      ],
      [
        "Google",
        { base_url: `${tools()}/serpapi`, api_key: TOOL_KEY },
        /RKI: Grippe\nhttps:\/\/rki\.de\/grippe\nErgebnis für Grippe Impfung/,
      ],
      ["Bing", { base_url: `${tools()}/bing`, api_key: TOOL_KEY }, /Bing-Treffer[\s\S]*Grippe Impfung/],
      ["Tavily", { base_url: `${tools()}/tavily`, api_key: TOOL_KEY }, /Tavily-Treffer[\s\S]*Grippe Impfung/],
      ["SearXNG", { searxng_url: `${tools()}/searxng` }, /SearXNG-Treffer[\s\S]*Grippe Impfung/],
      [
        "GitHub",
        { base_url: `${tools()}/github` },
        /buddy\/grippe\nhttps:\/\/github\.com\/buddy\/grippe\nGrippe Impfung \(★ 42\)/,
      ],
    ];
    for (const [name, params, expected] of cases) {
      const result = await runTool(user, name, params, "Grippe Impfung");
      expect(result.error, name).toBeNull();
      expect(result.content, name).toMatch(expected);
    }
  });

  it("tools with keys explain a wrong key in the trace", async () => {
    const user = await createUser();
    const result = await runTool(user, "Google", { base_url: `${tools()}/serpapi`, api_key: "wrong" }, "Grippe");
    expect(result.error).toMatch(/HTTP 401/);
    const deepl = await runTool(user, "DeepL", { base_url: `${tools()}/deepl`, auth_key: "wrong" }, "Hallo", "content");
    expect(deepl.error).toMatch(/HTTP 403/);
  });

  it("finance quote, DeepL translation, weather for every period, crawler", async () => {
    const user = await createUser();
    expect((await runTool(user, "YahooFinance", { base_url: `${tools()}/yahoo` }, "bdy", "content")).content).toBe(
      "Buddy Health AG (BDY): 123.45 EUR, 1.50 %",
    );
    expect((await runTool(user, "YahooFinance", { base_url: `${tools()}/yahoo` }, "nope", "content")).error).toMatch(
      /No quote for NOPE/,
    );
    expect(
      (
        await runTool(
          user,
          "DeepL",
          { base_url: `${tools()}/deepl`, auth_key: TOOL_KEY, target_lang: "EN" },
          "Guten Tag",
          "content",
        )
      ).content,
    ).toBe("[EN] Guten Tag");
    const weather = { base_url: `${tools()}/qweather`, geo_url: `${tools()}/qgeo`, api_key: TOOL_KEY };
    expect((await runTool(user, "QWeather", { ...weather, period: "now" }, "Berlin", "content")).content).toBe(
      "Berlin: Bewölkt, 12 °C",
    );
    for (const [period, days] of [
      ["3d", 3],
      ["7d", 7],
      ["10d", 10],
      ["15d", 15],
      ["30d", 30],
    ] as const) {
      const forecast = await runTool(user, "QWeather", { ...weather, period }, "Berlin", "content");
      expect(forecast.content.split("\n"), period).toHaveLength(days + 1);
    }
    expect((await runTool(user, "QWeather", { ...weather, period: "2d" }, "Berlin", "content")).error).toMatch(
      /must be one of now, 3d/,
    );
    const page = await runTool(user, "Crawler", {}, `${env.TEST_SITE_URL}/impfung.html`, "content");
    expect(page.content).toBe("Impfung Impfungen schützen. Mehr");
  });

  it("the LLM translator needs a chat model", async () => {
    const user = await createUser();
    expect((await runTool(user, "Translate", { target_lang: "Englisch" }, "Hallo", "content")).error).toMatch(
      /needs a chat model/,
    );
  });
});
