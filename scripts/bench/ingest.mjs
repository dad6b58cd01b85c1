// npm run bench:ingest — parse, chunk, embed and index every ingestion sample in local workerd
// (wrangler dev --local, real D1/R2/Queues) and report per-format throughput, end-to-end time per
// document and workerd's peak memory. Medians over RUNS fresh datasets; results go to docs/benchmarks/.
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { startStack } from "../../tests/e2e/harness.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
// the real documents of ../shared (not part of the repository; the benchmark needs them)
const SAMPLES = fileURLToPath(new URL("../../../shared/datasets/ingestion-samples/", import.meta.url));
const manifest = JSON.parse(readFileSync(`${SAMPLES}MANIFEST.json`, "utf8")).filter(
  (entry) => !entry.file.endsWith(".nxml"),
);
const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Peak resident memory (VmHWM) of the workerd processes in wrangler's process group, in MB.
const peakMemoryMb = (groupId) => {
  try {
    const pids = execSync(`ps -o pid=,comm= -g ${groupId}`, { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes("workerd"))
      .map((line) => line.trim().split(/\s+/)[0]);
    return Math.max(
      ...pids.map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024),
    );
  } catch {
    return null;
  }
};

const stack = await startStack({ skipBuild: process.env.BENCH_SKIP_BUILD === "1", browser: false });
const api = async (path, init = {}, token) => {
  const response = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { ...init.headers, ...(token ? { Authorization: token } : {}) },
  });
  return { headers: response.headers, body: await response.json() };
};
const json = (body) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

try {
  const email = `bench-${Date.now()}@buddy.test`;
  const registered = await api("/users", json({ email, nickname: "Bench", password: "benchmark-password" }));
  const token = registered.headers.get("Authorization");
  const timings = new Map(manifest.map((entry) => [entry.file, []]));
  const outcome = new Map();
  const runWalls = [];

  for (let run = 1; run <= RUNS; run++) {
    const dataset = (await api("/datasets", json({ name: `bench-${run}` }), token)).body.data;
    const runStart = Date.now();
    // one document at a time: end-to-end time per document without queue contention
    for (const entry of manifest) {
      const form = new FormData();
      form.append("file", new Blob([readFileSync(`${SAMPLES}${entry.file}`)]), entry.file);
      const started = performance.now();
      const uploaded = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body;
      // refused at upload (an empty file): no document, no time
      if (uploaded.code !== 0) {
        outcome.set(entry.file, { run: "REFUSED", chunks: 0, reason: uploaded.message });
        continue;
      }
      const [doc] = uploaded.data;
      await api(`/datasets/${dataset.id}/chunks`, json({ document_ids: [doc.id] }), token);
      let state;
      for (;;) {
        state = (await api(`/datasets/${dataset.id}/documents?id=${doc.id}`, {}, token)).body.data.docs[0];
        if (state.run !== "RUNNING") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      timings.get(entry.file).push(performance.now() - started);
      outcome.set(entry.file, { run: state.run, chunks: state.chunk_count });
    }
    runWalls.push((Date.now() - runStart) / 1000);
    console.log(`run ${run}/${RUNS}: ${runWalls.at(-1).toFixed(1)} s for ${manifest.length} files`);
  }

  const rows = manifest.map((entry) => {
    const ms = timings.get(entry.file).length ? median(timings.get(entry.file)) : Number.NaN;
    const seconds = ms / 1000;
    return {
      file: entry.file,
      format: entry.format,
      bytes: entry.bytes,
      pages: entry.pages ?? null,
      status: outcome.get(entry.file).run,
      chunks: outcome.get(entry.file).chunks,
      medianMs: Number.isNaN(ms) ? null : Math.round(ms),
      mbPerSecond: entry.bytes && !Number.isNaN(ms) ? +(entry.bytes / 1024 / 1024 / seconds).toFixed(2) : null,
      pagesPerSecond: entry.pages && !Number.isNaN(ms) ? +(entry.pages / seconds).toFixed(1) : null,
    };
  });
  const byFormat = Object.values(
    Object.groupBy(
      rows.filter((row) => row.status === "DONE"),
      (row) => row.format,
    ),
  ).map((group) => {
    const bytes = group.reduce((sum, row) => sum + row.bytes, 0);
    const seconds = group.reduce((sum, row) => sum + row.medianMs, 0) / 1000;
    const pages = group.reduce((sum, row) => sum + (row.pages ?? 0), 0);
    return {
      format: group[0].format,
      files: group.length,
      mbPerSecond: +(bytes / 1024 / 1024 / seconds).toFixed(2),
      pagesPerSecond: pages ? +(pages / seconds).toFixed(1) : null,
    };
  });
  const geotopo = rows.find((row) => row.file === "GeoTopo-komprimiert.pdf");
  const result = {
    date: new Date().toISOString(),
    // other work on the machine slows every figure: the load at the end says how busy it was
    machine: `${execSync("nproc").toString().trim()} cores, load ${loadavg()[0].toFixed(1)}, Node ${process.version}, wrangler dev --local`,
    runs: RUNS,
    runWallSecondsMedian: +median(runWalls).toFixed(1),
    peakWorkerdMemoryMb: peakMemoryMb(stack.server.pid),
    target117PagePdf: { medianSeconds: geotopo.medianMs / 1000, underThirtySeconds: geotopo.medianMs < 30_000 },
    byFormat,
    documents: rows,
  };
  writeFileSync("docs/benchmarks/ingest.json", `${JSON.stringify(result, null, 2)}\n`);
  const table = rows
    .map(
      (r) =>
        `| ${r.file} | ${r.status} | ${r.chunks} | ${r.medianMs ?? ""} | ${r.pages ?? ""} | ${r.pagesPerSecond ?? ""} | ${r.mbPerSecond ?? ""} |`,
    )
    .join("\n");
  const formats = byFormat
    .map((f) => `| ${f.format} | ${f.files} | ${f.mbPerSecond} | ${f.pagesPerSecond ?? ""} |`)
    .join("\n");
  writeFileSync(
    "docs/benchmarks/ingest.md",
    `# Ingestion benchmark\n\nGenerated by \`npm run bench:ingest\` on ${result.date} (${result.machine}).\nEach document is uploaded, parsed, chunked, embedded (built-in model) and indexed alone; figures are medians of ${RUNS} runs on fresh datasets.\n\n- 117-page German PDF (GeoTopo), upload to DONE: **${result.target117PagePdf.medianSeconds.toFixed(2)} s** (target < 30 s)\n- All ${rows.length} files one after another: ${result.runWallSecondsMedian} s per run (median)\n- Peak workerd memory (VmHWM): ${result.peakWorkerdMemoryMb?.toFixed(0) ?? "n/a"} MB\n\n## By format (successful documents)\n\n| Format | Files | MB/s | Pages/s |\n|---|---|---|---|\n${formats}\n\n## Per document\n\n| File | Status | Chunks | Median ms | Pages | Pages/s | MB/s |\n|---|---|---|---|---|---|---|\n${table}\n`,
  );
  console.log(
    `117-page PDF: ${result.target117PagePdf.medianSeconds.toFixed(2)} s (median of ${RUNS}); peak workerd memory ${result.peakWorkerdMemoryMb?.toFixed(0)} MB`,
  );
  console.table(byFormat);
} finally {
  await stack.stop();
}
