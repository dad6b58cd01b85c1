import type { ComponentName } from "../../../contract/agents";
import type { ComponentImpl, ComponentRun } from "../engine/types";
import { safeFetch, stripHtml } from "../../outbound/safe-fetch";

export type Hit = { title: string; url: string; content: string };
type Request = { url: URL; init?: RequestInit };
type SearchTool = {
  name: ComponentName;
  request: (run: ComponentRun, query: string, count: number) => Request;
  hits: (body: string) => Hit[];
};

const json = <T>(text: string) => JSON.parse(text) as T;
const base = (run: ComponentRun, fallback = "") => (run.render(run.params.base_url) || fallback).replace(/\/+$/, "");
const withQuery = (url: string, query: Record<string, string | number>) => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, String(value));
  return target;
};
const xmlText = (xml: string, tag: string) =>
  stripHtml(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? "");

// A list param: a JSON list, or a text of comma-separated entries.
export const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? "").split(","))
    .map((entry) => entry.trim())
    .filter(Boolean);

// Numbered results as the Generate prompt reads them.
export const formalize = (hits: Hit[]) =>
  hits.map((hit, i) => `${i + 1}. ${hit.title}\n${hit.url}\n${hit.content}`).join("\n\n");

const TOOLS: SearchTool[] = [
  {
    name: "Wikipedia",
    request: (run, query, count) => ({
      url: withQuery(`${base(run, `https://${run.render(run.params.language) || "de"}.wikipedia.org`)}/w/api.php`, {
        action: "query",
        list: "search",
        format: "json",
        srsearch: query,
        srlimit: count,
      }),
    }),
    hits: (body) =>
      json<{ query?: { search?: { title: string; snippet: string }[] } }>(body).query?.search?.map((hit) => ({
        title: hit.title,
        url: `https://wikipedia.org/wiki/${encodeURIComponent(hit.title.replaceAll(" ", "_"))}`,
        content: stripHtml(hit.snippet),
      })) ?? [],
  },
  {
    name: "DuckDuckGo",
    request: (run, query) => ({ url: withQuery(`${base(run)}/`, { q: query, format: "json", no_html: 1 }) }),
    hits: (body) => {
      const answer = json<{
        AbstractText?: string;
        AbstractURL?: string;
        Heading?: string;
        RelatedTopics?: { Text?: string; FirstURL?: string }[];
      }>(body);
      const abstract = answer.AbstractText
        ? [{ title: answer.Heading ?? "", url: answer.AbstractURL ?? "", content: answer.AbstractText }]
        : [];
      return [
        ...abstract,
        ...(answer.RelatedTopics ?? [])
          .filter((topic) => topic.Text)
          .map((topic) => ({
            title: (topic.Text ?? "").split(" - ")[0] ?? "",
            url: topic.FirstURL ?? "",
            content: topic.Text ?? "",
          })),
      ];
    },
  },
  {
    name: "ArXiv",
    request: (run, query, count) => ({
      url: withQuery(`${base(run)}/api/query`, {
        search_query: `all:${query}`,
        max_results: count,
        sortBy: run.render(run.params.sort_by) || "relevance",
      }),
    }),
    hits: (body) =>
      [...body.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map(([, entry = ""]) => ({
        title: xmlText(entry, "title"),
        url: xmlText(entry, "id"),
        content: xmlText(entry, "summary"),
      })),
  },
  {
    name: "Google",
    request: (run, query, count) => ({
      url: withQuery(`${base(run)}/search.json`, {
        engine: "google",
        q: query,
        api_key: run.render(run.params.api_key),
        gl: run.render(run.params.country),
        hl: run.render(run.params.language),
        num: count,
      }),
    }),
    hits: (body) =>
      json<{ organic_results?: { title: string; link: string; snippet?: string }[] }>(body).organic_results?.map(
        (hit) => ({ title: hit.title, url: hit.link, content: hit.snippet ?? "" }),
      ) ?? [],
  },
  {
    name: "Bing",
    request: (run, query, count) => ({
      url: withQuery(`${base(run)}/v7.0/search`, { q: query, count }),
      init: { headers: { "Ocp-Apim-Subscription-Key": run.render(run.params.api_key) } },
    }),
    hits: (body) =>
      json<{ webPages?: { value?: { name: string; url: string; snippet?: string }[] } }>(body).webPages?.value?.map(
        (hit) => ({ title: hit.name, url: hit.url, content: hit.snippet ?? "" }),
      ) ?? [],
  },
  {
    name: "Tavily",
    request: (run, query, count) => ({
      url: new URL(`${base(run)}/search`),
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${run.render(run.params.api_key)}` },
        body: JSON.stringify({
          query,
          max_results: count,
          search_depth: run.render(run.params.search_depth) || "basic",
        }),
      },
    }),
    hits: (body) =>
      json<{ results?: { title: string; url: string; content?: string }[] }>(body).results?.map((hit) => ({
        title: hit.title,
        url: hit.url,
        content: hit.content ?? "",
      })) ?? [],
  },
  // RAGFlow v0.27's Tavily tool: the same search with its topic, period and domain filters
  {
    name: "TavilySearch",
    request: (run, query, count) => ({
      url: new URL(`${base(run)}/search`),
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${run.render(run.params.api_key)}` },
        body: JSON.stringify({
          query,
          max_results: count,
          search_depth: run.render(run.params.search_depth) || "basic",
          topic: run.render(run.params.topic) || "general",
          days: Number(run.params.days) || 14,
          include_domains: listOf(run.params.include_domains),
          exclude_domains: listOf(run.params.exclude_domains),
          include_answer: false,
          include_raw_content: false,
          include_images: false,
        }),
      },
    }),
    hits: (body) =>
      json<{ results?: { title: string; url: string; content?: string; raw_content?: string | null }[] }>(
        body,
      ).results?.map((hit) => ({ title: hit.title, url: hit.url, content: hit.raw_content || hit.content || "" })) ??
      [],
  },
  {
    name: "SearXNG",
    request: (run, query) => ({
      url: withQuery(`${run.render(run.params.searxng_url).replace(/\/+$/, "")}/search`, { q: query, format: "json" }),
    }),
    hits: (body) =>
      json<{ results?: { title: string; url: string; content?: string }[] }>(body).results?.map((hit) => ({
        title: hit.title,
        url: hit.url,
        content: hit.content ?? "",
      })) ?? [],
  },
  {
    name: "GitHub",
    request: (run, query, count) => ({
      url: withQuery(`${base(run)}/search/repositories`, { q: query, per_page: count, sort: "stars" }),
      init: { headers: { Accept: "application/vnd.github+json", "User-Agent": "Buddy" } },
    }),
    hits: (body) =>
      json<{
        items?: { full_name: string; html_url: string; description?: string | null; stargazers_count?: number }[];
      }>(body).items?.map((repo) => ({
        title: repo.full_name,
        url: repo.html_url,
        content: `${repo.description ?? ""} (★ ${repo.stargazers_count ?? 0})`,
      })) ?? [],
  },
];

const searchTool = (tool: SearchTool): ComponentImpl => ({
  name: tool.name,
  run: async (run) => {
    const query = run.render(run.params.query).trim();
    if (!query) return { outputs: { formalized_content: "", json: [] } };
    const count = Math.max(1, Math.min(20, Number(run.params.top_n ?? run.params.max_results ?? 5) || 5));
    const { url, init } = tool.request(run, query, count);
    const response = await safeFetch(run.ctx, url, init ?? {}, run.signal);
    const hits = tool.hits(response.text).slice(0, count);
    return { outputs: { formalized_content: formalize(hits), json: hits } };
  },
});

// PubMed needs two calls: the ids of the matches, then their summaries.
const pubmed: ComponentImpl = {
  name: "PubMed",
  run: async (run) => {
    const query = run.render(run.params.query).trim();
    const count = Math.max(1, Math.min(20, Number(run.params.top_n ?? 5) || 5));
    const root = base(run, "https://eutils.ncbi.nlm.nih.gov/entrez/eutils");
    const email = run.render(run.params.email);
    const search = await safeFetch(
      run.ctx,
      withQuery(`${root}/esearch.fcgi`, {
        db: "pubmed",
        term: query,
        retmax: count,
        retmode: "json",
        ...(email ? { email } : {}),
      }),
      {},
      run.signal,
    );
    const ids = json<{ esearchresult?: { idlist?: string[] } }>(search.text).esearchresult?.idlist ?? [];
    if (ids.length === 0) return { outputs: { formalized_content: "", json: [] } };
    const summary = await safeFetch(
      run.ctx,
      withQuery(`${root}/esummary.fcgi`, { db: "pubmed", id: ids.join(","), retmode: "json" }),
      {},
      run.signal,
    );
    const result =
      json<{ result?: Record<string, { title?: string; source?: string; pubdate?: string }> }>(summary.text).result ??
      {};
    const hits = ids.map((id) => ({
      title: result[id]?.title ?? id,
      url: `https://pubmed.ncbi.nlm.nih.gov/${id}/`,
      content: [result[id]?.source, result[id]?.pubdate].filter(Boolean).join(", "),
    }));
    return { outputs: { formalized_content: formalize(hits), json: hits } };
  },
};

// Tavily's extract API: the text of the pages at the given URLs.
export const tavilyExtract: ComponentImpl = {
  name: "TavilyExtract",
  run: async (run) => {
    const urls = listOf(typeof run.params.urls === "string" ? run.render(run.params.urls) : run.params.urls);
    if (urls.length === 0) throw new Error("TavilyExtract needs at least one URL.");
    const response = await safeFetch(
      run.ctx,
      new URL(`${base(run)}/extract`),
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${run.render(run.params.api_key)}` },
        body: JSON.stringify({
          urls,
          extract_depth: run.render(run.params.extract_depth) || "basic",
          format: run.render(run.params.format) || "markdown",
          include_images: false,
        }),
      },
      run.signal,
    );
    const results = json<{ results?: { url: string; raw_content?: string }[] }>(response.text).results ?? [];
    return { outputs: { json: results } };
  },
};

export const SEARCH_TOOLS: ComponentImpl[] = [...TOOLS.map(searchTool), pubmed, tavilyExtract];
