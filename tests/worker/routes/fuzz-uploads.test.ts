import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasControlCharacter } from "../../../worker/contract/control-characters";
import { changedTables, settle, storedState } from "../../helpers/worker/db-state";
import {
  contentTypeHeader,
  encodeMultipart,
  type MultipartCase,
  multipartArbitrary,
} from "../../helpers/worker/fuzz/multipart";
import { buildWorld, type World } from "../../helpers/worker/fuzz/world";

// Every multipart route, sent one mutation of a good upload each time: no file, the file under another field,
// hostile file names (NUL, CR/LF, traversal, 100 kB), empty files, 129 and 400 parts, a wrong or missing
// content type, a truncated body, hostile text fields. Never a 5xx; a refusal is the envelope with a non-zero
// code and a message, and leaves D1 and the R2 bucket as they were; a stored name holds no control character.
const SEED = Number(env.FUZZ_SEED || 20_260_101);
const RUNS = Number(env.FUZZ_RUNS || 10) * 3;

// A share link counts every request against its rate limit, refused or not.
const COUNTERS = ["share_usage"];

type Route = {
  name: string;
  url: (world: World) => string;
  auth: (world: World) => string;
  fields: Record<string, string>;
};

const VISITOR = "visitor_id=fuzz-visitor-0123456789";
const ROUTES: Route[] = [
  {
    name: "POST /api/v1/datasets/{datasetId}/documents",
    url: (w) => `/api/v1/datasets/${w.ids.dataset}/documents`,
    auth: (w) => w.owner.token,
    fields: {},
  },
  {
    name: "POST /api/v1/files",
    url: () => "/api/v1/files",
    auth: (w) => w.owner.token,
    fields: { parent_id: "" },
  },
  {
    name: "POST /api/v1/agents/{agentId}/upload",
    url: (w) => `/api/v1/agents/${w.ids.agent}/upload`,
    auth: (w) => w.owner.token,
    fields: {},
  },
  {
    name: "POST /api/v1/share/agents/{agentId}/upload",
    url: (w) => `/api/v1/share/agents/${w.ids.agent}/upload?${VISITOR}`,
    auth: (w) => `Bearer ${w.shareTokens.agent}`,
    fields: {},
  },
  {
    name: "POST /api/v1/chat/audio/transcription",
    url: () => "/api/v1/chat/audio/transcription",
    auth: (w) => w.owner.token,
    fields: {},
  },
];

let world: World;
let requests = 0;

beforeAll(async () => {
  world = await buildWorld();
});

afterAll(() => {
  console.warn(`fuzz uploads: ${requests} requests over ${ROUTES.length} routes (seed ${SEED})`);
});

const send = async (route: Route, fuzzCase: MultipartCase) => {
  const encoded = new TextEncoder().encode(encodeMultipart(fuzzCase.parts));
  const headers = new Headers({ Authorization: route.auth(world) });
  const type = contentTypeHeader(fuzzCase.contentType);
  if (type) headers.set("Content-Type", type);
  const body = fuzzCase.truncated ? encoded.slice(0, Math.floor(encoded.length / 2)) : encoded;
  requests++;
  const response = await SELF.fetch(`http://buddy.test${route.url(world)}`, { method: "POST", headers, body });
  const text = await response.text();
  let envelope: { code?: unknown; message?: unknown } | undefined;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  return { status: response.status, text, envelope };
};

const lastRows = () =>
  env.DB.prepare(
    "SELECT (SELECT coalesce(max(rowid), 0) FROM documents) AS documents, (SELECT coalesce(max(rowid), 0) FROM files) AS files",
  ).first<{ documents: number; files: number }>();

// Names of the documents and files stored since `last`.
const newNames = async (last: { documents: number; files: number } | null) => {
  const { results } = await env.DB.prepare(
    "SELECT name FROM documents WHERE rowid > ? UNION ALL SELECT name FROM files WHERE rowid > ?",
  )
    .bind(last?.documents ?? 0, last?.files ?? 0)
    .all<{ name: string }>();
  return results.map((row) => row.name);
};

describe("fuzzing every multipart upload route", () => {
  for (const route of ROUTES) {
    it(route.name, { timeout: 120_000 }, async () => {
      const seed = [...route.name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED);
      const tally = { accepted: 0, refused: 0 };
      const result = await fc.check(
        fc.asyncProperty(multipartArbitrary(route.fields), async (fuzzCase) => {
          const before = await storedState(COUNTERS);
          const last = await lastRows();
          const { status, text, envelope } = await send(route, fuzzCase);
          const problems: string[] = [];
          if (status >= 500) problems.push(`HTTP ${status}`);
          const refused = status >= 400 || (typeof envelope?.code === "number" && envelope.code !== 0);
          tally[refused ? "refused" : "accepted"]++;
          if (refused) {
            if (typeof envelope?.code !== "number" || envelope.code === 0) problems.push("refusal without a code");
            if (typeof envelope?.message !== "string" || !envelope.message) problems.push("refusal without a message");
            const after = await storedState(COUNTERS);
            if (after !== before) problems.push(`refusal wrote to ${changedTables(before, after).join(", ")}`);
          } else {
            const stored = await newNames(last);
            const bad = stored.filter((name) => hasControlCharacter(name));
            if (bad.length) problems.push(`stored names with control characters: ${JSON.stringify(bad)}`);
            await settle();
          }
          if (problems.length)
            throw new Error(`${fuzzCase.label}: ${problems.join("; ")}\nanswer: ${status} ${text.slice(0, 300)}`);
        }),
        { seed, numRuns: RUNS },
      );
      // the mutations must reach both sides: a good upload stored, a broken one refused
      expect(tally.refused).toBeGreaterThan(0);
      if (route.name.endsWith("/documents") || route.name.endsWith("/files")) expect(tally.accepted).toBeGreaterThan(0);
      expect(result.failed, result.failed ? `${fc.defaultReportMessage(result)}\n${result.errorInstance}` : "").toBe(
        false,
      );
    });
  }
});
