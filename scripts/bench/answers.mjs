// npm run bench:answers — what the built-in (offline) model answers. Ingests the German XQuAD contexts and the
// four German health laws through the real pipeline in local workerd and asks questions through
// POST /api/v1/chats/{id}/completions (stream: false) with the built-in model and default settings:
//   (a) answer recall: the share of XQuAD answers that contain the gold answer (normalised),
//   (b) the share of answers with a cut sentence (a quote that does not start and end on a sentence boundary of
//       the cited chunk),
//   (c) p50/p95 latency,
//   (d) off-topic refusals: NFCorpus queries and COVID-FAQ questions asked against the XQuAD base, XQuAD questions
//       asked against the laws, which must get the empty response and count as unanswered,
// and the trade-off between (a) and (d) over the similarity threshold. Results: docs/benchmarks/answers.{md,json}.
// Without ../shared/datasets the bench says so and stops.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { DATASETS_DIR, percentile } from "./beir.mjs";

if (!existsSync(`${DATASETS_DIR}xquad/beir-de/corpus.jsonl`)) {
  console.log(
    `bench:answers skipped: the benchmark data is not there (${DATASETS_DIR}, see shared/datasets/README.md).`,
  );
  process.exit(0);
}

const { startStack } = await import("../../tests/e2e/harness.mjs");
const { stackApi } = await import("./stack-api.mjs");

// A fixed, seeded sample of the 1,190 XQuAD questions: every question goes through the whole chat pipeline several
// times, which takes over an hour for all of them on a shared 2-core machine. QUESTIONS=0 asks them all.
const SAMPLE = Number(process.env.QUESTIONS ?? 300);
const THRESHOLDS = [0.2, 0.3, 0.35, 0.4, 0.42, 0.44, 0.46, 0.48, 0.49, 0.5, 0.51, 0.52, 0.53, 0.55, 0.6];
// thresholds at which the XQuAD questions are asked once more, for an exact answer recall
const EXACT = [0.45, 0.5, 0.55];
const NOTHING_FOUND = "In den Wissensdatenbanken wurde dazu nichts gefunden.";

const jsonl = (path) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

// A small seeded generator (mulberry32), so a sample is the same on every run.
const seeded = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sampleOf = (items, n) => {
  if (!n || n >= items.length) return items;
  const random = seeded(32);
  const shuffled = items.map((item) => ({ item, key: random() })).toSorted((a, b) => a.key - b.key);
  return shuffled.slice(0, n).map(({ item }) => item);
};

const normalise = (text) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const withoutMarkers = (text) => text.replace(/\s*\[ID:\d+\]/g, "");

// The quotes of a built-in answer: the lines after "Aus den Quellen:" / "From the sources:", each "> text [ID:n]",
// split at "…" where the answer leaves out sentences in between.
const quotesOf = (answer) =>
  answer
    .split("\n")
    .filter((line) => line.startsWith("> "))
    .map((line) => ({ chunk: Number(/\[ID:(\d+)\]\s*$/.exec(line)?.[1]), text: withoutMarkers(line.slice(2)) }))
    .flatMap(({ chunk, text }) => text.split(" … ").map((part) => ({ chunk, text: part.trim() })));

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SENTENCE_END = /[.!?…:;]["'”“»)\]]*$/u;

// A quote is whole when it occurs in the cited chunk starting where a sentence, line or block starts and ending
// where one ends (end punctuation, a line break or the end of the chunk).
const isWhole = (quote, chunkContent) => {
  if (!chunkContent) return false;
  const source = chunkContent.replace(/<[^<>]+>/g, " ");
  const pattern = new RegExp(quote.split(/\s+/).map(escape).join("[\\s#*>-]*\\s+"), "u");
  const found = pattern.exec(source);
  if (!found) return false;
  const before = source.slice(0, found.index);
  const after = source.slice(found.index + found[0].length);
  const startsWell =
    /(?:^|\n)[\s#>*-]*(?:\(\d+[a-z]?\)\s*|\d{1,3}[.)]\s*)?$/u.test(before) || SENTENCE_END.test(before.trimEnd());
  const endsWell = SENTENCE_END.test(quote) || /^[ \t]*(?:\n|$)/.test(after);
  return startsWell && endsWell;
};

const stack = await startStack({ skipBuild: process.env.BENCH_SKIP_BUILD === "1", browser: false });
const { api, post, waitForDataset, register } = stackApi(stack.baseUrl);

const ingest = async (token, name, files) => {
  const dataset = (await post("/datasets", { name }, token)).body.data;
  const started = Date.now();
  for (let i = 0; i < files.length; i += 64) {
    const form = new FormData();
    for (const file of files.slice(i, i + 64)) form.append("file", new Blob([file.text]), file.name);
    const uploaded = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
    await post(`/datasets/${dataset.id}/chunks`, { document_ids: uploaded.map((doc) => doc.id) }, token);
  }
  const settled = await waitForDataset(token, dataset.id, files.length);
  console.log(`  ${name}: ${files.length} files, ${settled.chunk_count} chunks in ${(Date.now() - started) / 1000} s`);
  return dataset.id;
};

const askAll = async (token, chatId, questions, label) => {
  const results = [];
  for (const [i, question] of questions.entries()) {
    const started = performance.now();
    const { body } = await post(`/chats/${chatId}/completions`, { question: question.text, stream: false }, token);
    const ms = performance.now() - started;
    if (body.code !== 0) throw new Error(`${label}: ${body.code} ${body.message}`);
    results.push({
      question,
      ms,
      answer: body.data.answer,
      chunks: body.data.reference?.chunks ?? [],
      notice: body.data.notice,
    });
    if ((i + 1) % 100 === 0) console.log(`    ${label}: ${i + 1}/${questions.length}`);
  }
  return results;
};

const chatFor = async (token, datasetId, name, threshold) =>
  (
    await post(
      "/chats",
      {
        name,
        dataset_ids: [datasetId],
        llm_id: "builtin-extractive@Builtin",
        prompt_config: { suggested_questions: false },
        ...(threshold === undefined ? {} : { similarity_threshold: threshold }),
      },
      token,
    )
  ).body.data;

const isRefused = (result) => result.chunks.length === 0 && result.answer === NOTHING_FOUND;
const hasGold = (result) => {
  const answer = normalise(withoutMarkers(result.answer));
  return (result.question.answers ?? []).some((gold) => normalise(gold) && answer.includes(normalise(gold)));
};
const hasCut = (result) =>
  quotesOf(result.answer).some((quote) => !isWhole(quote.text, result.chunks[quote.chunk]?.content));

// At threshold t (estimated from the run at 0): refused when no chunk reaches t; answered right when a quote from
// a chunk at or above t holds the gold answer.
const recallAt = (results, t) =>
  results.filter((result) => {
    const quotes = quotesOf(result.answer).filter((quote) => (result.chunks[quote.chunk]?.similarity ?? 0) >= t);
    const text = normalise(quotes.map((quote) => quote.text).join(" "));
    return (result.question.answers ?? []).some((gold) => normalise(gold) && text.includes(normalise(gold)));
  }).length / results.length;
const refusedAt = (results, t) =>
  results.filter((result) => Math.max(0, ...result.chunks.map((chunk) => chunk.similarity)) < t).length /
  results.length;

try {
  const token = await register();
  const corpus = jsonl(`${DATASETS_DIR}xquad/beir-de/corpus.jsonl`);
  const xquadBase = await ingest(
    token,
    "xquad-de",
    corpus.map((doc) => ({ name: `${doc._id}.txt`, text: `${doc.title}\n${doc.text}` })),
  );
  const lawsDir = `${DATASETS_DIR}gesetze-de/`;
  const lawsBase = await ingest(
    token,
    "gesetze-de",
    readdirSync(lawsDir)
      .filter((file) => /^(?:gendg|heilprg|ifsg|tpg)\.md$/.test(file))
      .map((file) => ({ name: file, text: readFileSync(`${lawsDir}${file}`, "utf8") })),
  );

  const xquad = sampleOf(jsonl(`${DATASETS_DIR}xquad/beir-de/queries.jsonl`), SAMPLE);
  const offTopic = [
    {
      name: "NFCorpus queries → XQuAD-de",
      base: xquadBase,
      questions: jsonl(`${DATASETS_DIR}nfcorpus/beir/queries.jsonl`),
    },
    {
      name: "COVID-FAQ (de) questions → XQuAD-de",
      base: xquadBase,
      questions: jsonl(`${DATASETS_DIR}covid-faq/beir-de/queries.jsonl`),
    },
    { name: "XQuAD-de questions → health laws", base: lawsBase, questions: xquad },
  ];

  // 1. every question at threshold 0: the curve over the threshold
  console.log("threshold 0 (for the curve)");
  const open = await chatFor(token, xquadBase, "xquad t=0", 0);
  const inTopicOpen = await askAll(token, open.id, xquad, "xquad t=0");
  const offOpen = [];
  for (const set of offTopic) {
    const chat = await chatFor(token, set.base, `${set.name} t=0`, 0);
    offOpen.push(...(await askAll(token, chat.id, set.questions, `${set.name} t=0`)));
  }
  const exact = new Map();
  for (const t of EXACT) {
    const chat = await chatFor(token, xquadBase, `xquad t=${t}`, t);
    const results = await askAll(token, chat.id, xquad, `xquad t=${t}`);
    exact.set(t, results.filter(hasGold).length / results.length);
  }
  const curve = [...new Set([...THRESHOLDS, ...EXACT])]
    .toSorted((a, b) => a - b)
    .map((t) => ({
      threshold: t,
      recall: +(exact.get(t) ?? recallAt(inTopicOpen, t)).toFixed(3),
      measured: exact.has(t),
      refused: +refusedAt(offOpen, t).toFixed(3),
    }));
  for (const row of curve) console.log(`  ${JSON.stringify(row)}`);

  // 2. the default settings, exactly as a new assistant answers
  console.log("default settings");
  const main = await chatFor(token, xquadBase, "xquad default");
  const inTopic = await askAll(token, main.id, xquad, "xquad default");
  const offRows = [];
  for (const set of offTopic) {
    const chat = await chatFor(token, set.base, set.name);
    const results = await askAll(token, chat.id, set.questions, set.name);
    const stats = (await api(`/chats/${chat.id}/stats`, {}, token)).body.data.totals;
    offRows.push({
      set: set.name,
      questions: results.length,
      refused: +(results.filter(isRefused).length / results.length).toFixed(3),
      unanswered: stats.unanswered,
      results,
    });
  }
  const offAll = offRows.flatMap((row) => row.results);
  const times = inTopic.map((result) => result.ms);
  const summary = {
    threshold: main.similarity_threshold,
    questions: inTopic.length,
    sample: SAMPLE && SAMPLE < 1190 ? `a seeded sample of ${SAMPLE} of the 1,190` : "all 1,190",
    recall: +(inTopic.filter(hasGold).length / inTopic.length).toFixed(3),
    refusedInTopic: +(inTopic.filter(isRefused).length / inTopic.length).toFixed(3),
    cut: +([...inTopic, ...offAll].filter(hasCut).length / (inTopic.length + offAll.length)).toFixed(4),
    withNotice: +(inTopic.filter((result) => result.notice?.code === "offline_model").length / inTopic.length).toFixed(
      3,
    ),
    p50ms: +percentile(times, 50).toFixed(0),
    p95ms: +percentile(times, 95).toFixed(0),
    offTopicRefused: +(offAll.filter(isRefused).length / offAll.length).toFixed(3),
  };
  console.log(JSON.stringify(summary));
  const examples = inTopic.filter((result) => !isRefused(result)).slice(0, 3);
  const cutExamples = [...inTopic, ...offAll].filter(hasCut).slice(0, 5);
  const out = {
    date: new Date().toISOString(),
    command: "npm run bench:answers",
    summary,
    offTopic: offRows.map(({ results: _results, ...row }) => row),
    curve,
    examples: examples.map((result) => ({ question: result.question.text, answer: result.answer })),
    cutExamples: cutExamples.map((result) => ({ question: result.question.text, answer: result.answer })),
  };
  writeFileSync("docs/benchmarks/answers.json", `${JSON.stringify(out, null, 2)}\n`);
  writeFileSync("docs/benchmarks/answers.md", report(out));
  console.log("written docs/benchmarks/answers.md");
} finally {
  await stack.stop();
}

function target(ok) {
  return ok ? "met" : "**not met**";
}

function report({ date, summary, offTopic: off, curve, examples }) {
  return `# Answers of the built-in (offline) model

Generated by \`npm run bench:answers\` on ${date} in \`wrangler dev --local\` on this machine (2 shared cores).
The 240 German XQuAD contexts (one file each, title and text) and the four German health laws (IfSG, TPG, GenDG,
HeilprG, Markdown) are ingested with the default settings; every question goes through
\`POST /api/v1/chats/{id}/completions\` (\`stream: false\`) of an assistant with the built-in model
\`builtin-extractive@Builtin\`, the built-in embedder and the default retrieval settings (hybrid, weight 0.3,
top N 6, similarity threshold ${summary.threshold}, the default of a new assistant). XQuAD questions:
${summary.sample} (the same ones are asked against the laws); NFCorpus and COVID-FAQ: all.

| Measure | Result | Target |
|---|---|---|
| Answer recall (the answer contains the normalised gold answer) | ${summary.recall} | ≥ 0.85: ${target(summary.recall >= 0.85)} |
| Answers with a cut sentence | ${summary.cut} | 0: ${target(summary.cut === 0)} |
| Off-topic questions refused (empty response, counted unanswered) | ${summary.offTopicRefused} | ≥ 0.90: ${target(summary.offTopicRefused >= 0.9)} |
| In-topic questions refused | ${summary.refusedInTopic} | |
| Answers carrying the \`offline_model\` notice | ${summary.withNotice} | 1 |
| Latency p50 / p95 (whole answer, ms) | ${summary.p50ms} / ${summary.p95ms} | |

Latency is the whole non-streamed answer at the client (HTTP, retrieval, quoting, storing the turn) on a shared
machine: other work running at the same time inflates it (\`docs/benchmarks/chat.md\` has the time to the first
token on a quiet machine).

Answer recall normalises both texts (NFKC, lower case, punctuation to spaces) and asks whether the gold answer
occurs in the answer. A quote is cut when it does not occur in the cited chunk from a sentence (or line) start to a
sentence end (or line end); every quote of every answer, in-topic and off-topic, is checked.

## Off-topic questions at the default threshold

| Questions → knowledge base | Questions | Refused | Unanswered in the assistant's stats |
|---|---|---|---|
${off.map((row) => `| ${row.set} | ${row.questions} | ${row.refused} | ${row.unanswered} |`).join("\n")}

## Trade-off over the similarity threshold

Every question is asked once more with threshold 0. An off-topic question is refused at threshold t exactly when
none of its chunks reaches t, so that column is exact. Answer recall is measured by asking the XQuAD questions
again at the thresholds marked "measured"; elsewhere it is estimated from the threshold-0 answers (a quote
counts only if its chunk reaches t), which underestimates it, since with fewer chunks the model quotes other
sentences of the ones left.

| Threshold | Answer recall | Off-topic refused |
|---|---|---|
${curve.map((row) => `| ${row.threshold} | ${row.recall}${row.measured ? " (measured)" : ""} | ${row.refused} |`).join("\n")}

The default (${summary.threshold}, \`DEFAULT_ANSWER_THRESHOLD\` in \`worker/contract/chats.ts\`) is meant to be the
lowest threshold that refuses 90 % of the off-topic questions; in this run that is
${curve.find((row) => row.refused >= 0.9)?.threshold ?? "none of the thresholds above"}. A lower threshold answers a
few more XQuAD questions and refuses fewer off-topic ones. Many COVID-FAQ questions share words with XQuAD's
medical articles (immune system, pharmacy, plague), which makes them the hardest set to refuse.

## Examples

${examples.map((example) => `**${example.question}**\n\n${example.answer}\n`).join("\n")}
`;
}
