import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { loadOperations, type Operation, operationName } from "../../helpers/worker/fuzz/openapi";
import { fingerprint } from "../../helpers/worker/db-state";
import { authorizationFor, buildWorld, realId, type World } from "../../helpers/worker/fuzz/world";

// valibot's object() takes a list, so a top-level [] or [{…}] once passed every schema whose fields are all
// optional (the shared chat's "new session", search completions …). Every operation with a JSON body must
// refuse a body that is not an object, say so, and change nothing.
const BODIES = { list: "[]", listOfObject: '[{"name":"x"}]', text: '"text"', number: "1", null: "null", true: "true" };

// A share link counts every request against its rate limit, refused or not.
const COUNTERS = ["share_usage"];

let world: World;
let withBody: Operation[];

beforeAll(async () => {
  world = await buildWorld();
  withBody = (await loadOperations()).filter((operation) => operation.body);
});

const urlOf = (operation: Operation) => {
  let path = operation.path;
  for (const name of operation.pathParams) path = path.replace(`{${name}}`, realId(world, operation.path, name));
  const visitor = operation.path.startsWith("/api/v1/share/") ? "?visitor_id=visitor-0123456789abcdef" : "";
  return `http://buddy.test${path}${visitor}`;
};

describe("a JSON body that is not an object", () => {
  it("is refused by every operation with a JSON body, with the envelope and nothing written", async () => {
    expect(withBody.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const operation of withBody) {
      for (const [label, text] of Object.entries(BODIES)) {
        const before = await fingerprint(COUNTERS);
        const response = await SELF.fetch(urlOf(operation), {
          method: operation.method,
          headers: { Authorization: authorizationFor(world, operation.path), "Content-Type": "application/json" },
          body: text,
        });
        const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
        const where = `${operationName(operation)} with ${label}`;
        if (response.status >= 500) problems.push(`${where}: HTTP ${response.status}`);
        if (!body.code) problems.push(`${where}: accepted (${JSON.stringify(body).slice(0, 120)})`);
        else if (!/\bobject\b/.test(body.message ?? "")) problems.push(`${where}: ${body.message}`);
        if ((await fingerprint(COUNTERS)) !== before) problems.push(`${where}: wrote to the database`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("answers the shared check's wording on the chunk and chat routes", async () => {
    const response = await SELF.fetch(`http://buddy.test/api/v1/chats/${world.ids.chat}/sessions`, {
      method: "POST",
      headers: { Authorization: world.owner.token, "Content-Type": "application/json" },
      body: "[]",
    });
    expect(await response.json()).toEqual({ code: 102, message: "The request body must be a JSON object." });
  });
});
