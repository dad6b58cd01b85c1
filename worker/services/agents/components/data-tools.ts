import { WEATHER_PERIODS } from "../../../contract/agent-components";
import type { ComponentImpl, ComponentRun } from "../engine/types";
import { safeFetch, stripHtml } from "../../outbound/safe-fetch";

const base = (run: ComponentRun, key = "base_url") => run.render(run.params[key]).replace(/\/+$/, "");

// A quote by ticker symbol (Yahoo Finance's quote API).
export const yahooFinance: ComponentImpl = {
  name: "YahooFinance",
  run: async (run) => {
    const symbol = run.render(run.params.symbol).trim().toUpperCase();
    if (!symbol) throw new Error("YahooFinance needs a ticker symbol.");
    const url = new URL(`${base(run)}/v7/finance/quote`);
    url.searchParams.set("symbols", symbol);
    const response = await safeFetch(run.ctx, url, { headers: { "User-Agent": "Buddy" } }, run.signal);
    const quote = (JSON.parse(response.text) as { quoteResponse?: { result?: Record<string, unknown>[] } })
      .quoteResponse?.result?.[0];
    if (!quote) throw new Error(`No quote for ${symbol}.`);
    const content = `${String(quote.longName ?? quote.shortName ?? symbol)} (${symbol}): ${String(quote.regularMarketPrice)} ${String(quote.currency ?? "")}, ${Number(quote.regularMarketChangePercent ?? 0).toFixed(2)} %`;
    return { outputs: { content, json: quote } };
  },
};

export const deepl: ComponentImpl = {
  name: "DeepL",
  run: async (run) => {
    const text = run.render(run.params.text);
    const response = await safeFetch(
      run.ctx,
      `${base(run)}/v2/translate`,
      {
        method: "POST",
        headers: {
          Authorization: `DeepL-Auth-Key ${run.render(run.params.auth_key)}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ text: [text], target_lang: run.render(run.params.target_lang) || "EN" }),
      },
      run.signal,
    );
    const translation = (JSON.parse(response.text) as { translations?: { text: string }[] }).translations?.[0]?.text;
    if (translation === undefined) throw new Error("DeepL returned no translation.");
    return { outputs: { content: translation } };
  },
};

// Translation by the chat model; the built-in offline model cannot translate and says so.
export const translate: ComponentImpl = {
  name: "Translate",
  run: async ({ params, render, llm }) => {
    const text = render(params.text);
    const target = render(params.target_lang) || "English";
    const answer = await llm([
      { role: "system", content: `Translate the user's text into ${target}. Answer with the translation only.` },
      { role: "user", content: text },
    ]);
    if (answer === null)
      throw new Error("Translating needs a chat model; the built-in offline model cannot translate.");
    return { outputs: { content: answer.trim() } };
  },
};

// One page: its text (or HTML) for the next components.
export const crawler: ComponentImpl = {
  name: "Crawler",
  run: async (run) => {
    const page = await safeFetch(
      run.ctx,
      run.render(run.params.url).trim(),
      { headers: { "User-Agent": "BuddyCrawler/0.1", Accept: "text/html,text/plain;q=0.8" } },
      run.signal,
    );
    return { outputs: { content: run.params.extract_type === "html" ? page.text : stripHtml(page.text) } };
  },
};

type Day = { fxDate: string; tempMax: string; tempMin: string; textDay: string };

// QWeather: the location (a city name is looked up first) and a period: now, 3d, 7d, 10d, 15d or 30d.
export const qweather: ComponentImpl = {
  name: "QWeather",
  run: async (run) => {
    const period = run.render(run.params.period) || "now";
    if (!(WEATHER_PERIODS as readonly string[]).includes(period))
      throw new Error(`Weather period must be one of ${WEATHER_PERIODS.join(", ")}.`);
    const key = run.render(run.params.api_key);
    const lang = run.render(run.params.lang) || "de";
    let location = run.render(run.params.location).trim();
    let place = location;
    if (!/^\d+$|^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(location)) {
      const lookup = new URL(`${base(run, "geo_url")}/v2/city/lookup`);
      for (const [name, value] of Object.entries({ location, key, lang, number: "1" }))
        lookup.searchParams.set(name, value);
      const city = (
        JSON.parse((await safeFetch(run.ctx, lookup, {}, run.signal)).text) as {
          location?: { id: string; name: string }[];
        }
      ).location?.[0];
      if (!city) throw new Error(`Unknown place: ${location}`);
      location = city.id;
      place = city.name;
    }
    const url = new URL(`${base(run)}/v7/weather/${period}`);
    for (const [name, value] of Object.entries({ location, key, lang })) url.searchParams.set(name, value);
    const answer = JSON.parse((await safeFetch(run.ctx, url, {}, run.signal)).text) as {
      code?: string;
      now?: { temp: string; text: string; windSpeed?: string };
      daily?: Day[];
    };
    if (answer.code && answer.code !== "200") throw new Error(`QWeather answered code ${answer.code}`);
    const content =
      period === "now"
        ? `${place}: ${answer.now?.text ?? ""}, ${answer.now?.temp ?? "?"} °C`
        : [
            `${place}:`,
            ...(answer.daily ?? []).map((day) => `${day.fxDate}: ${day.textDay}, ${day.tempMin}–${day.tempMax} °C`),
          ].join("\n");
    return { outputs: { content, json: answer } };
  },
};
