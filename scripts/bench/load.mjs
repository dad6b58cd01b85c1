// npm run bench:load — concurrent clients against one fresh local stack (wrangler dev --local: one workerd
// isolate, the queue consumer in it too). A team with a dataset of a few hundred chunks, an assistant on the
// built-in chat model and share links; then for each concurrency level every client loops over retrieval,
// a built-in chat answer, the documents list and a share-page answer for DURATION seconds. Per operation:
// p50/p95/p99 latency, throughput, errors (non-2xx or envelope code ≠ 0) and lost writes (a chat turn whose
// question or answer is missing from its session afterwards). Results: docs/benchmarks/load.{md,json}.
// CLIENTS=1,20,50 DURATION=60 ROUNDS=1 (ROUNDS > 1: each figure is the median of the rounds').
// PROFILE=20: a CPU profile of workerd while 20 clients run (e2e-artifacts/load-20.cpuprofile, summary printed).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { ARTIFACTS, freePort, startStack } from "../../tests/e2e/harness.mjs";
import { startCpuProfile } from "./cpu-profile.mjs";
import { DATASETS_DIR, percentile } from "./beir.mjs";
import { stackApi } from "./stack-api.mjs";

const CLIENTS = (process.env.CLIENTS ?? "1,20,50").split(",").filter(Boolean).map(Number);
const DURATION_S = Number(process.env.DURATION ?? 60);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const CHUNKS = Number(process.env.CHUNKS ?? 600);
// a client starts a new conversation after this many turns, so histories stay realistic
const TURNS_PER_SESSION = 8;
const OPERATIONS = ["retrieval", "chat", "documents", "share chat"];
const PROFILE = Number(process.env.PROFILE ?? 0);
const OUT = "docs/benchmarks/load";
const NOTES_MARKER = "<!-- notes: kept when the script rewrites this file -->";

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Corpus and questions: German and English text from ../shared/datasets when present (XQuAD paragraphs and
// the German COVID FAQ), else generated sentences in both languages.
const jsonl = (path) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const sharedCorpus = () => {
  const sets = ["xquad/beir-de", "xquad/beir-en", "covid-faq/beir-de"].map((dir) => `${DATASETS_DIR}${dir}`);
  if (!sets.every((dir) => existsSync(`${dir}/corpus.jsonl`))) return null;
  return {
    source: "XQuAD (de, en) and the German COVID FAQ from ../shared/datasets",
    corpus: sets.flatMap((dir) => jsonl(`${dir}/corpus.jsonl`)),
    questions: sets.flatMap((dir) => jsonl(`${dir}/queries.jsonl`).map((query) => query.text)),
  };
};

const WORDS = {
  de: {
    subjects: ["Die Impfung", "Das Gesundheitsamt", "Die Klinik", "Der Hausarzt", "Die Apotheke", "Das Labor"],
    verbs: ["empfiehlt", "prüft", "meldet", "dokumentiert", "verschiebt", "bestätigt"],
    objects: [
      "die Auffrischung nach sechs Monaten",
      "den Befund innerhalb von 24 Stunden",
      "die Quarantäne für Kontaktpersonen",
      "die Einwilligung der Patientin",
      "die Aufbewahrung der Proben",
      "die Meldepflicht nach dem Infektionsschutzgesetz",
    ],
    topics: ["Grippeschutz", "Organspende", "Laborbefunde", "Meldewesen", "Datenschutz", "Arzneimittel"],
  },
  en: {
    subjects: ["The vaccine", "The health office", "The clinic", "The family doctor", "The pharmacy", "The lab"],
    verbs: ["recommends", "checks", "reports", "records", "postpones", "confirms"],
    objects: [
      "a booster after six months",
      "the result within 24 hours",
      "quarantine for close contacts",
      "the patient's written consent",
      "how samples are stored",
      "the duty to report infections",
    ],
    topics: ["flu protection", "organ donation", "lab results", "reporting", "data protection", "medicines"],
  },
};

const generatedCorpus = (size) => {
  let seed = 7;
  const pick = (list) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return list[seed % list.length];
  };
  const sentence = (w) => `${pick(w.subjects)} ${pick(w.verbs)} ${pick(w.objects)}.`;
  const corpus = Array.from({ length: size }, (_, i) => {
    const w = i % 2 ? WORDS.en : WORDS.de;
    return { title: `${pick(w.topics)} ${i}`, text: Array.from({ length: 6 }, () => sentence(w)).join(" ") };
  });
  const questions = Array.from({ length: 200 }, (_, i) => {
    const w = i % 2 ? WORDS.en : WORDS.de;
    return `${pick(w.topics)}: ${pick(w.subjects)} ${pick(w.objects)}?`;
  });
  return { source: "generated German and English sentences", corpus, questions };
};

// wrangler dev's proxy in front of the Worker loses a kept-alive connection now and then under concurrent
// POSTs and answers 500 with this text (workers-sdk issues 15002, 15203, 15317; it retries GETs only): the
// request never reached Buddy. Counted apart from Buddy's errors.
const PROXY_DROP = "Error: Network connection lost.";

// One request; `ok` is false for a transport error, a non-2xx status or an envelope code ≠ 0.
const timed = async (send) => {
  const started = performance.now();
  try {
    const result = await send();
    return { ms: performance.now() - started, ...result };
  } catch (error) {
    return { ms: performance.now() - started, ok: false, error: String(error) };
  }
};

const jsonRequest = async (url, init) => {
  const response = await fetch(url, init);
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: reported as the error below
  }
  const ok = response.ok && body?.code === 0;
  const proxyDrop = response.status === 500 && text.startsWith(PROXY_DROP);
  return { ok, proxyDrop, body, error: ok ? null : `${response.status} ${text.slice(0, 200)}` };
};

const inspectorPort = PROFILE ? await freePort() : undefined;
const startedStack = await startStack({
  // only the API is driven: a SPA built before will do
  skipBuild: process.env.BENCH_SKIP_BUILD === "1" || existsSync("web/dist/index.html"),
  browser: false,
  inspectorPort,
});
const base = startedStack.baseUrl;
const { post, ingestSynthetic, register } = stackApi(base);

const setUp = async () => {
  const data = sharedCorpus() ?? generatedCorpus(CHUNKS);
  const token = await register();
  const dataset = await ingestSynthetic(token, CHUNKS, data.corpus);
  const chat = (
    await post(
      "/chats",
      {
        name: "load",
        dataset_ids: [dataset.id],
        llm_id: "builtin-extractive@Builtin",
        prompt_config: { suggested_questions: false },
      },
      token,
    )
  ).body.data;
  return { ...data, token, dataset, chat };
};

// Each client: its own conversation (a new one every TURNS_PER_SESSION turns) and its own share-page visitor
// on a share link of its own (a link allows at most 600 requests a minute).
const newClient = async (setup, index, level) => {
  const link = (
    await post(
      `/chats/${setup.chat.id}/share-tokens`,
      { name: `load ${level}-${index}`, rate_per_minute: 600, daily_cap: 100_000 },
      setup.token,
    )
  ).body.data;
  return {
    index,
    link: link.token,
    visitor: `visitor-${level}-${index}-${Date.now()}`.padEnd(16, "x"),
    session: null,
    visitorSession: null,
    turns: 0,
    visitorTurns: 0,
    next: index,
  };
};

const authJson = (token, body) => ({
  method: "POST",
  headers: { Authorization: token, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

// Writes a client expects to find afterwards: [owner | visitor, session id, question, message id].
const operations = (setup, written) => ({
  retrieval: (client, question) =>
    jsonRequest(
      `${base}/api/v1/retrieval`,
      authJson(setup.token, { question, dataset_ids: [setup.dataset.id], page_size: 10 }),
    ),
  chat: async (client, question) => {
    if (!client.session || client.turns >= TURNS_PER_SESSION) {
      const opened = await jsonRequest(
        `${base}/api/v1/chats/${setup.chat.id}/sessions`,
        authJson(setup.token, { name: `load ${client.index}` }),
      );
      if (!opened.ok) return opened;
      client.session = opened.body.data.id;
      client.turns = 0;
    }
    client.turns++;
    const answered = await jsonRequest(
      `${base}/api/v1/chats/${setup.chat.id}/completions`,
      authJson(setup.token, { question, session_id: client.session, stream: false }),
    );
    if (answered.ok) written.push(["owner", client, client.session, question, answered.body.data.id]);
    return answered;
  },
  documents: () =>
    jsonRequest(`${base}/api/v1/datasets/${setup.dataset.id}/documents?page=1&page_size=30`, {
      headers: { Authorization: setup.token },
    }),
  "share chat": async (client, question) => {
    const path = `${base}/api/v1/share/chats/${setup.chat.id}`;
    const query = `visitor_id=${client.visitor}`;
    if (!client.visitorSession || client.visitorTurns >= TURNS_PER_SESSION) {
      const opened = await jsonRequest(`${path}/sessions?${query}`, authJson(`Bearer ${client.link}`, {}));
      if (!opened.ok) return opened;
      client.visitorSession = opened.body.data.id;
      client.visitorTurns = 0;
    }
    client.visitorTurns++;
    const answered = await jsonRequest(
      `${path}/completions?${query}`,
      authJson(`Bearer ${client.link}`, { question, session_id: client.visitorSession, stream: false }),
    );
    if (answered.ok) written.push(["visitor", client, client.visitorSession, question, answered.body.data.id]);
    return answered;
  },
});

// A turn is lost when its session lacks the question or the answer's message id afterwards.
const countLostWrites = async (setup, written) => {
  const sessions = new Map();
  for (const [who, client, sessionId] of written) {
    const key = `${who}:${sessionId}`;
    if (sessions.has(key)) continue;
    const url =
      who === "owner"
        ? `${base}/api/v1/chats/${setup.chat.id}/sessions/${sessionId}`
        : `${base}/api/v1/share/chats/${setup.chat.id}/sessions/${sessionId}?visitor_id=${client.visitor}`;
    const token = who === "owner" ? setup.token : `Bearer ${client.link}`;
    const { body } = await jsonRequest(url, { headers: { Authorization: token } });
    sessions.set(key, body?.data?.messages ?? []);
  }
  const lost = [];
  for (const [who, , sessionId, question, messageId] of written) {
    const messages = sessions.get(`${who}:${sessionId}`);
    const asked = messages.some((m) => m.role === "user" && m.content === question.trim());
    const answered = messages.some((m) => m.role === "assistant" && m.id === messageId);
    if (!asked || !answered) lost.push({ who, sessionId, question, asked, answered, stored: messages.length });
  }
  return lost;
};

// `clients` clients loop over the operations (each starting at a different one) for `seconds`; the first
// pass of each client warms caches and is not counted.
const runLevel = async (setup, clients, seconds, round) => {
  const written = [];
  const ops = operations(setup, written);
  const pool = await Promise.all(Array.from({ length: clients }, (_, i) => newClient(setup, i, `${clients}r${round}`)));
  const samples = new Map(OPERATIONS.map((name) => [name, { ms: [], errors: 0, proxyDrops: 0, firstErrors: [] }]));
  const question = () => setup.questions[Math.floor(Math.random() * setup.questions.length)];
  await Promise.all(pool.map((client) => Promise.all(OPERATIONS.map((name) => ops[name](client, question())))));
  written.length = 0;
  const profiler = clients === PROFILE ? await startCpuProfile(inspectorPort) : null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    pool.map(async (client) => {
      while (performance.now() < deadline) {
        const name = OPERATIONS[client.next++ % OPERATIONS.length];
        const result = await timed(() => ops[name](client, question()));
        const sample = samples.get(name);
        if (result.proxyDrop) {
          sample.proxyDrops++;
          continue;
        }
        sample.ms.push(result.ms);
        if (!result.ok) {
          sample.errors++;
          if (sample.firstErrors.length < 3) sample.firstErrors.push(result.error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (profiler) {
    const path = `${ARTIFACTS}/load-${clients}.cpuprofile`;
    const summary = await profiler.stop(path);
    writeFileSync(path.replace(/cpuprofile$/, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`  CPU profile: ${path} (${summary.sampledMs} ms sampled); most self time:`);
    for (const row of summary.self.slice(0, 20)) console.log(`    ${row.share}%  ${row.ms} ms  ${row.name}`);
  }
  const lost = await countLostWrites(setup, written);
  for (const turn of lost.slice(0, 3)) console.warn(`  lost write: ${JSON.stringify(turn)}`);
  const perOperation = Object.fromEntries(
    [...samples].map(([name, s]) => [
      name,
      {
        requests: s.ms.length,
        perSecond: s.ms.length / elapsed,
        p50ms: percentile(s.ms, 50),
        p95ms: percentile(s.ms, 95),
        p99ms: percentile(s.ms, 99),
        errors: s.errors,
        proxyDrops: s.proxyDrops,
        firstErrors: s.firstErrors,
      },
    ]),
  );
  const total = [...samples.values()].reduce((sum, s) => sum + s.ms.length, 0);
  return {
    clients,
    seconds: elapsed,
    perSecond: total / elapsed,
    lostWrites: lost.length,
    turnsChecked: written.length,
    perOperation,
  };
};

// ROUNDS > 1: the median of each figure over the rounds (errors and lost writes are summed).
const combine = (runs) => {
  const first = runs[0];
  const perOperation = Object.fromEntries(
    OPERATIONS.map((name) => {
      const of = (key) => runs.map((run) => run.perOperation[name][key]);
      return [
        name,
        {
          requests: of("requests").reduce((a, b) => a + b, 0),
          perSecond: +median(of("perSecond")).toFixed(2),
          p50ms: +median(of("p50ms")).toFixed(1),
          p95ms: +median(of("p95ms")).toFixed(1),
          p99ms: +median(of("p99ms")).toFixed(1),
          errors: of("errors").reduce((a, b) => a + b, 0),
          proxyDrops: of("proxyDrops").reduce((a, b) => a + b, 0),
          firstErrors: of("firstErrors").flat().slice(0, 3),
        },
      ];
    }),
  );
  return {
    clients: first.clients,
    rounds: runs.length,
    seconds: +median(runs.map((run) => run.seconds)).toFixed(1),
    perSecond: +median(runs.map((run) => run.perSecond)).toFixed(2),
    lostWrites: runs.reduce((sum, run) => sum + run.lostWrites, 0),
    turnsChecked: runs.reduce((sum, run) => sum + run.turnsChecked, 0),
    perOperation,
  };
};

const machine = () => {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}, wrangler dev --local`;
};

const levels = [];
let setup;
try {
  console.log("Setting up …");
  setup = await setUp();
  console.log(`  ${setup.dataset.chunks} chunks (${setup.source})`);
  for (const clients of CLIENTS) {
    const runs = [];
    for (let round = 1; round <= ROUNDS; round++) runs.push(await runLevel(setup, clients, DURATION_S, round));
    levels.push(combine(runs));
    console.log(`  ${JSON.stringify(levels.at(-1))}`);
  }
} finally {
  await startedStack.stop();
}

const single = levels.find((level) => level.clients === 1);
const twenty = levels.find((level) => level.clients === 20);
const ratio =
  single && twenty ? +(twenty.perOperation.retrieval.p95ms / single.perOperation.retrieval.p95ms).toFixed(2) : null;
const out = {
  date: new Date().toISOString(),
  command: "npm run bench:load",
  machine: machine(),
  durationSeconds: DURATION_S,
  rounds: ROUNDS,
  chunks: setup.dataset.chunks,
  corpus: setup.source,
  retrievalP95Ratio20to1: ratio,
  levels,
};
writeFileSync(`${OUT}.json`, `${JSON.stringify(out, null, 2)}\n`);

const rows = levels.flatMap((level) =>
  OPERATIONS.map((name) => {
    const op = level.perOperation[name];
    return `| ${level.clients} | ${name} | ${op.requests} | ${op.perSecond} | ${op.p50ms} | ${op.p95ms} | ${op.p99ms} | ${op.errors} | ${op.proxyDrops} |`;
  }),
);
const sumOf = (level, key) => OPERATIONS.reduce((sum, name) => sum + level.perOperation[name][key], 0);
const totals = levels.map(
  (level) =>
    `| ${level.clients} | ${level.perSecond} | ${level.perOperation.retrieval.p95ms} | ${level.lostWrites} of ${level.turnsChecked} | ${sumOf(level, "errors")} | ${sumOf(level, "proxyDrops")} |`,
);
const previous = existsSync(`${OUT}.md`) ? readFileSync(`${OUT}.md`, "utf8") : "";
const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER)) : `${NOTES_MARKER}\n`;
writeFileSync(
  `${OUT}.md`,
  `# Load benchmark\n\nGenerated by \`npm run bench:load\` on ${out.date}. Machine: ${out.machine}. One fresh local stack; a team with ${out.chunks} chunks (${out.corpus}), an assistant on the built-in extractive model, a share link per client. Each client loops over: \`POST /api/v1/retrieval\` (page_size 10), a built-in chat answer (\`POST /chats/{id}/completions\`, not streamed, a new conversation every ${TURNS_PER_SESSION} turns), \`GET /datasets/{id}/documents\` and a share-page answer (\`POST /share/chats/{id}/completions\`), for ${DURATION_S} s per level${ROUNDS > 1 ? ` and round (figures: medians of ${ROUNDS} rounds)` : ""}, after one uncounted warm-up pass. Errors: transport errors, non-2xx or envelope code ≠ 0. Lost writes: answered turns whose question or answer is missing from their conversation afterwards. Dev-proxy drops: requests that wrangler dev's proxy lost on its way to the Worker (500 \`${PROXY_DROP}\`, a known wrangler dev fault under concurrent POSTs; not timed, not Buddy's errors).\n\nTarget: 0 errors, 0 lost writes, retrieval p95 at 20 clients within 5× its single-client p95${ratio === null ? "" : ` — ratio now ${ratio}×`}.\n\n| Clients | Requests/s (all) | Retrieval p95 ms | Lost writes | Errors | Dev-proxy drops |\n|---|---|---|---|---|---|\n${totals.join("\n")}\n\n| Clients | Operation | Requests | Requests/s | p50 ms | p95 ms | p99 ms | Errors | Dev-proxy drops |\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n\n${notes}`,
);
console.log(`written ${OUT}.md`);
