// npm run bench:edge — the hot requests against the local stack with a simulated distance to D1: every D1 call
// sleeps D1_LATENCY_MS first (80 ms to the primary, 5 ms to a nearby replica; worker/platform/d1-meter.ts).
// Two stacks: "before" runs every query on the primary with no session (D1_SESSIONS=off, as Buddy did before
// read replication); "after" runs each request in a D1 session, cold (no bookmark) and warm (the previous
// answer's bookmark sent back, as the SPA does). Per request: p50/p95 of ROUNDS×SAMPLES timings (medians of the
// rounds), D1 round trips (all / to the primary), rows read and written (the worker's x-d1-tally), and the cost per
// 1,000 requests at Cloudflare's list prices (docs/benchmarks/edge.md). Results: docs/benchmarks/edge.{md,json}.
// SAMPLES=12 ROUNDS=3 LATENCY=80,5
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { startStack } from "../../tests/e2e/harness.mjs";
import { percentile } from "./beir.mjs";
import { stackApi } from "./stack-api.mjs";

const SAMPLES = Number(process.env.SAMPLES ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LATENCY = process.env.LATENCY ?? "80,5";
const CHUNKS = Number(process.env.CHUNKS ?? 600);
const OUT = "docs/benchmarks/edge";
const NOTES_MARKER = "<!-- notes: kept when the script rewrites this file -->";

// USD list prices (Workers Paid, beyond the included amounts), from developers.cloudflare.com pricing pages.
const PRICES = {
  workerRequest: 0.3 / 1e6,
  d1RowRead: 0.001 / 1e6,
  d1RowWritten: 1.0 / 1e6,
};

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const TALLY_TRAILER = /: x-d1-tally (\{[^\n]*\})\n/;
const BOOKMARK_TRAILER = /: x-d1-bookmark (\S+)\n/;

// One request, timed to its last byte; the tally from the header or, for a stream, its closing comment.
const timedRequest = async (url, init) => {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  const streamed = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const tally = JSON.parse((streamed ? TALLY_TRAILER.exec(text)?.[1] : response.headers.get("x-d1-tally")) ?? "{}");
  const bookmark = BOOKMARK_TRAILER.exec(text)?.[1] ?? response.headers.get("x-d1-bookmark");
  const ok =
    response.ok && (streamed ? text.includes('"data":true') : !text.startsWith("{") || JSON.parse(text).code === 0);
  return { ms, tally, bookmark, ok, status: response.status, text: text.slice(0, 200) };
};

const QUESTIONS = [
  "Wie viel Schlaf brauchen Erwachsene?",
  "Who is the flu vaccine recommended for?",
  "Was prüft das Gesundheitsamt?",
  "What does the lab report?",
];

const corpus = Array.from({ length: 40 }, (_, i) => ({
  title: `Merkblatt ${i}`,
  text:
    i % 2
      ? "The flu vaccine is recommended for people over 60. The lab reports results within 24 hours. Adults need seven to nine hours of sleep."
      : "Die Grippeimpfung wird ab 60 Jahren empfohlen. Das Gesundheitsamt prüft die Meldungen. Erwachsene brauchen sieben bis neun Stunden Schlaf.",
}));

// The hot requests; `bookmark` is sent when warm. Each returns the url and init of one request.
const requestsOf = (base, setup) => {
  const member = (bookmark) => ({
    Authorization: setup.token,
    "Content-Type": "application/json",
    ...(bookmark ? { "x-d1-bookmark": bookmark } : {}),
  });
  const visitor = (bookmark) => ({ ...member(bookmark), Authorization: `Bearer ${setup.link}` });
  const share = `${base}/api/v1/share/chats/${setup.chat.id}`;
  let visitorCount = 0;
  return {
    retrieval: (bookmark, i) => [
      `${base}/api/v1/retrieval`,
      {
        method: "POST",
        headers: member(bookmark),
        body: JSON.stringify({ question: QUESTIONS[i % 4], dataset_ids: [setup.dataset.id], page_size: 10 }),
      },
    ],
    "chat completion (streamed)": (bookmark, i) => [
      `${base}/api/v1/chats/${setup.chat.id}/completions`,
      {
        method: "POST",
        headers: member(bookmark),
        body: JSON.stringify({ question: QUESTIONS[i % 4], session_id: setup.session, stream: true }),
      },
    ],
    "document list": (bookmark) => [
      `${base}/api/v1/datasets/${setup.dataset.id}/documents?page=1&page_size=30`,
      { headers: member(bookmark) },
    ],
    "share page shell": () => [`${base}/chat/share?shared_id=${setup.chat.id}&auth=${setup.link}`, {}],
    "share page info": (bookmark) => [`${share}?visitor_id=${setup.visitor}`, { headers: visitor(bookmark) }],
    "share first answer": (bookmark, i) => [
      `${share}/completions?visitor_id=${setup.visitor}`,
      {
        method: "POST",
        headers: visitor(bookmark),
        body: JSON.stringify({ question: QUESTIONS[i % 4], session_id: setup.visitorSession, stream: true }),
      },
    ],
    "widget first message": (bookmark, i) => [
      `${share}/completions?visitor_id=widget-${Date.now()}-${visitorCount++}`,
      {
        method: "POST",
        headers: visitor(bookmark),
        body: JSON.stringify({ question: QUESTIONS[i % 4], stream: true }),
      },
    ],
  };
};

const setUp = async (base) => {
  const { post, ingestSynthetic, register } = stackApi(base);
  const token = await register();
  const dataset = await ingestSynthetic(token, CHUNKS, corpus);
  const chat = (
    await post(
      "/chats",
      {
        name: "edge",
        dataset_ids: [dataset.id],
        llm_id: "builtin-extractive@Builtin",
        prompt_config: { suggested_questions: false },
      },
      token,
    )
  ).body.data;
  const session = (await post(`/chats/${chat.id}/sessions`, { name: "edge" }, token)).body.data.id;
  const link = (
    await post(`/chats/${chat.id}/share-tokens`, { name: "edge", rate_per_minute: 600, daily_cap: 100_000 }, token)
  ).body.data.token;
  const visitor = `visitor-edge-${Date.now()}`;
  const visitorSession = (await post(`/share/chats/${chat.id}/sessions?visitor_id=${visitor}`, {}, `Bearer ${link}`))
    .body.data.id;
  return { token, dataset, chat, session, link, visitor, visitorSession };
};

// One stack in one mode: for each request, ROUNDS rounds of SAMPLES, cold and (with sessions) warm.
const runMode = async (label, vars) => {
  const stack = await startStack({
    skipBuild: true,
    browser: false,
    vars: { D1_METER: "on", D1_REPORT: "on", D1_LATENCY_MS: LATENCY, ...vars },
  });
  try {
    console.log(`${label}: setting up …`);
    const setup = await setUp(stack.baseUrl);
    const requests = requestsOf(stack.baseUrl, setup);
    const results = {};
    for (const [name, make] of Object.entries(requests)) {
      for (const warm of label === "after" ? [false, true] : [false]) {
        const rounds = [];
        let bookmark = null;
        // one unmeasured call warms the isolate's caches (vectors, models) and gives the first bookmark
        const first = await timedRequest(...make(null, 0));
        if (!first.ok) throw new Error(`${name}: ${first.status} ${first.text}`);
        bookmark = first.bookmark;
        for (let round = 0; round < ROUNDS; round++) {
          const samples = [];
          for (let i = 0; i < SAMPLES; i++) {
            const result = await timedRequest(...make(warm ? bookmark : null, i + 1));
            if (!result.ok) throw new Error(`${name}: ${result.status} ${result.text}`);
            if (result.bookmark) bookmark = result.bookmark;
            samples.push(result);
          }
          const ms = samples.map((sample) => sample.ms);
          rounds.push({ p50: percentile(ms, 50), p95: percentile(ms, 95), tallies: samples.map((s) => s.tally) });
        }
        const tallies = rounds.flatMap((round) => round.tallies);
        const of = (key) => median(tallies.map((tally) => tally[key] ?? 0));
        const key = warm ? `${name} (warm bookmark)` : name;
        results[key] = {
          p50ms: +median(rounds.map((round) => round.p50)).toFixed(0),
          p95ms: +median(rounds.map((round) => round.p95)).toFixed(0),
          roundTrips: of("roundTrips"),
          primaryRoundTrips: of("primaryRoundTrips"),
          rowsRead: of("rowsRead"),
          rowsWritten: of("rowsWritten"),
        };
        console.log(`  ${key}: ${JSON.stringify(results[key])}`);
      }
    }
    return results;
  } finally {
    await stack.stop();
  }
};

const costPer1000 = (row) =>
  1000 * (PRICES.workerRequest + row.rowsRead * PRICES.d1RowRead + row.rowsWritten * PRICES.d1RowWritten);
const dollars = (row) => `$${costPer1000(row).toFixed(5)}`;

// wrangler dev serves assets from web/dist: a stand-in page when the SPA was never built (only the API is driven)
const placeholder = !existsSync("web/dist/index.html");
if (placeholder) {
  mkdirSync("web/dist", { recursive: true });
  writeFileSync("web/dist/index.html", "<!doctype html><title>Buddy</title>\n");
}
let before;
let after;
try {
  before = await runMode("before", { D1_SESSIONS: "off" });
  after = await runMode("after", {});
} finally {
  if (placeholder) rmSync("web/dist", { recursive: true, force: true });
}

const out = {
  date: new Date().toISOString(),
  command: "npm run bench:edge",
  latencyMs: LATENCY,
  samples: SAMPLES,
  rounds: ROUNDS,
  chunks: CHUNKS,
  prices: PRICES,
  before,
  after,
};
writeFileSync(`${OUT}.json`, `${JSON.stringify(out, null, 2)}\n`);

const rows = Object.keys(after).map((key) => {
  const name = key.replace(" (warm bookmark)", "");
  const was = before[name];
  const now = after[key];
  return `| ${key} | ${was.p50ms} / ${was.p95ms} | ${now.p50ms} / ${now.p95ms} | ${was.roundTrips} (${was.primaryRoundTrips}) | ${now.roundTrips} (${now.primaryRoundTrips}) | ${now.rowsRead} / ${now.rowsWritten} | ${dollars(was)} → ${dollars(now)} |`;
});
const previous = existsSync(`${OUT}.md`) ? readFileSync(`${OUT}.md`, "utf8") : "";
const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER)) : NOTES_MARKER;
writeFileSync(
  `${OUT}.md`,
  `# Edge latency and D1 cost per hot request

\`npm run bench:edge\`, ${out.date.slice(0, 10)}: local stack (wrangler dev --local), every D1 call delayed
${LATENCY.split(",")[0]} ms to the primary and ${LATENCY.split(",")[1]} ms to a replica; ${CHUNKS} chunks; p50 / p95 in ms over
${ROUNDS} rounds of ${SAMPLES} requests (median of the rounds). Before: no D1 session, every query on the primary.
After: a D1 session per request; "warm bookmark" sends the previous answer's bookmark back. Round trips: sequential
D1 calls (to the primary in brackets); rows: read / written per request (after); cost per 1,000 requests: Workers
request + D1 rows at list price.

| request | before p50 / p95 | after p50 / p95 | before trips (primary) | after trips (primary) | rows read / written | cost per 1,000 |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}

${notes}`,
);
console.log(`Wrote ${OUT}.md and ${OUT}.json`);
