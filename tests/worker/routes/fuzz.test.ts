import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { caseArbitrary } from "../../helpers/worker/fuzz/cases";
import { loadOperations, type Operation, operationName } from "../../helpers/worker/fuzz/openapi";
import { forgetFingerprint, probe } from "../../helpers/worker/fuzz/probe";
import { authorizationFor, buildWorld, realId, type World, worldIntact } from "../../helpers/worker/fuzz/world";

// Every operation of the OpenAPI document, called with schema-generated queries and bodies and one mutation
// each (wrong types, nulls, deep and 1 MB values, hostile text, bad ids, bad credentials). No answer may be a
// 5xx; every refusal is an envelope with a non-zero code and a message (naming the field that broke the
// schema) and changes nothing in D1 or R2. FUZZ_SEED and FUZZ_RUNS (environment) replay or widen a run.
const SEED = Number(env.FUZZ_SEED || 20_260_101);
const RUNS = Number(env.FUZZ_RUNS || 10);

// Operations that may end or change the caller's resources, session or share-link limits: they run last, and
// the next operation gets a fresh world when they did.
const DESTRUCTIVE = /^(DELETE .*|\w+ \/api\/v1\/auth\/logout|\w+ \/api\/v1\/users\/me.*|PATCH .*\/share-tokens\/.*)$/;

// Routes not fuzzed, with the reason.
const SKIPPED: Record<string, string> = {
  "OPTIONS /api/v1/searchbots/*": "a CORS preflight the document leaves out; it reads no input beyond headers",
};

// a parameter with its own pattern (`:model{.+}`, model names with slashes) is plain `{model}` in the document
const specPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
const routes = [
  ...new Set(
    app.routes
      .filter((route) => route.path.startsWith("/api/v1/") && route.method !== "ALL")
      .map((route) => `${route.method} ${specPath(route.path)}`),
  ),
].toSorted((a, b) => Number(DESTRUCTIVE.test(a)) - Number(DESTRUCTIVE.test(b)));

// Each operation gets its own stream of cases, derived from the one seed.
const seedOf = (name: string) => [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED);

let operations: Map<string, Operation>;
let world: World | undefined;
let requests = 0;
let fuzzed = 0;

// The shared pages' middleware reads ?visitor_id= before any route, so the document does not list it.
const VISITOR_ID = { schema: { type: "string", pattern: "^[A-Za-z0-9_-]{16,64}$" }, required: true };

beforeAll(async () => {
  const all = await loadOperations();
  for (const operation of all)
    if (operation.path.startsWith("/api/v1/share/") && operation.method !== "OPTIONS")
      operation.query.visitor_id = VISITOR_ID;
  operations = new Map(all.map((operation) => [operationName(operation), operation]));
});

afterAll(() => {
  // the run's size, in the CI log (warn: the lint keeps console.log out of tests)
  console.warn(`fuzz: ${requests} requests over ${fuzzed} operations (seed ${SEED})`);
});

describe("fuzzing every operation of the OpenAPI document", () => {
  it("has an operation in the document for every route not skipped", () => {
    expect(routes.filter((name) => !operations.has(name) && !SKIPPED[name])).toEqual([]);
  });

  for (const name of routes) {
    it.skipIf(SKIPPED[name])(name, { timeout: 60_000 }, async () => {
      const operation = operations.get(name);
      if (!operation) throw new Error(`${name} is not in the OpenAPI document`);
      world ??= await buildWorld();
      const current = world;
      const pathIds = Object.fromEntries(
        operation.pathParams.map((param) => [param, realId(current, operation.path, param)]),
      );
      const target = { operation, pathIds, authorization: authorizationFor(current, operation.path) };
      const context = {
        realIds: Object.values(current.ids),
        strangerIds: current.strangerIds,
        pathIds,
        foreignToken:
          target.authorization === current.owner.token ? `Bearer ${current.shareTokens.chat}` : current.owner.token,
        urls: [env.TEST_SITE_URL, env.TEST_OPENAI_URL, env.TEST_S3_URL, "http://127.0.0.1:9"],
      };
      forgetFingerprint();
      let succeeded = false;
      const result = await fc.check(
        fc.asyncProperty(caseArbitrary(operation, context), async (fuzzCase) => {
          const { refused, problems, sent } = await probe(target, fuzzCase);
          requests += sent;
          succeeded ||= !refused;
          if (problems.length > 0) throw new Error(problems.join("\n"));
        }),
        { seed: seedOf(name), numRuns: RUNS },
      );
      fuzzed++;
      if (succeeded && DESTRUCTIVE.test(name) && !(await worldIntact(current))) world = undefined;
      expect(result.failed, result.failed ? `${fc.defaultReportMessage(result)}\n${result.errorInstance}` : "").toBe(
        false,
      );
    });
  }
});
