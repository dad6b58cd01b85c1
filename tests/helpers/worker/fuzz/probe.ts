import { SELF } from "cloudflare:test";
import { JSON_BODY_MAX_BYTES } from "../../../../worker/contract/limits";
import { changedTables, fingerprint, settle, storedState } from "../db-state";
import { type FuzzCase, sendsBody, setAt } from "./cases";
import { conforms } from "./conforms";
import { NOT_OBJECT_BODIES, RAW_BODIES } from "./hostile";
import type { Operation } from "./openapi";

type Envelope = { code?: unknown; message?: unknown; data?: unknown };

// A share link counts every request against its rate limit, refused or not.
const COUNTERS = ["share_usage"];

export type ProbeTarget = {
  operation: Operation;
  pathIds: Record<string, string>;
  authorization: string;
};

const bodyOf = (operation: Operation, fuzzCase: FuzzCase) => {
  const { mutation } = fuzzCase;
  if (!sendsBody(operation)) return undefined;
  if (mutation.kind === "rawBody") return RAW_BODIES[mutation.label];
  if (mutation.kind === "bodyInList") return { text: JSON.stringify([fuzzCase.body]), contentType: "application/json" };
  const json = mutation.kind === "bodyField" ? setAt(fuzzCase.body, mutation.path, mutation.value) : fuzzCase.body;
  return { text: JSON.stringify(json), contentType: "application/json", json };
};

const queryOf = (fuzzCase: FuzzCase) => {
  const { mutation } = fuzzCase;
  return mutation.kind === "queryField" ? { ...fuzzCase.query, [mutation.name]: mutation.value } : fuzzCase.query;
};

const urlOf = (target: ProbeTarget, fuzzCase: FuzzCase) => {
  const { mutation } = fuzzCase;
  let path = target.operation.path;
  for (const name of target.operation.pathParams) {
    const value = mutation.kind === "pathParam" && mutation.name === name ? mutation.value : target.pathIds[name];
    path = path.replace(`{${name}}`, value ?? "");
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(queryOf(fuzzCase)))
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  const query = search.toString();
  return `http://buddy.test${path}${query ? `?${query}` : ""}`;
};

// The field a validation message must name: the mutated key, or the list that holds the mutated item.
export const fieldName = (fuzzCase: FuzzCase): string | undefined => {
  const { mutation } = fuzzCase;
  if (mutation.kind === "queryField") return mutation.name;
  if (mutation.kind === "bodyField") return mutation.path.filter((key) => typeof key === "string").at(-1);
  return undefined;
};

// What a refusal must leave as it was: D1, and for the methods that can store (listing the bucket costs a
// request to R2 each time) the R2 bucket too.
const stateOf = (operation: Operation) => (sendsBody(operation) ? storedState(COUNTERS) : fingerprint(COUNTERS));

// A JSON body that is not an object, sent to an operation that documents an object body.
const notAnObject = (operation: Operation, fuzzCase: FuzzCase) => {
  const { mutation } = fuzzCase;
  if (!operation.body) return false;
  return mutation.kind === "bodyInList" || (mutation.kind === "rawBody" && NOT_OBJECT_BODIES.has(mutation.label));
};

// Whether the request breaks the operation's documented schema through its one mutated field (the
// validators, built from the same schema, must then refuse it and name the field).
const breaksSchema = (operation: Operation, fuzzCase: FuzzCase, json: unknown): boolean => {
  const { mutation } = fuzzCase;
  if (mutation.kind === "bodyField" && operation.body)
    return conforms(operation.body, fuzzCase.body) && !conforms(operation.body, json);
  if (mutation.kind === "queryField") {
    const spec = operation.query[mutation.name];
    const baseValid = Object.entries(operation.query).every(([name, { schema, required }]) =>
      fuzzCase.query[name] === undefined ? !required : conforms(schema, fuzzCase.query[name], true),
    );
    return !!spec && baseValid && !conforms(spec.schema, mutation.value, true);
  }
  return false;
};

const readEnvelope = (text: string, contentType: string): Envelope | undefined => {
  const first = contentType.includes("event-stream") ? /^data:\s*(.*)$/m.exec(text)?.[1] : text;
  if (!first?.trimStart().startsWith("{")) return undefined;
  try {
    return JSON.parse(first) as Envelope;
  } catch {
    return undefined;
  }
};

// The database's and the bucket's fingerprint after the last refusal: still current for the next request, since
// a refusal starts no background work (anything else clears it).
let known: string | undefined;
export const forgetFingerprint = () => {
  known = undefined;
};

const send = async (target: ProbeTarget, fuzzCase: FuzzCase) => {
  const { operation } = target;
  const { mutation } = fuzzCase;
  const body = bodyOf(operation, fuzzCase);
  const headers = new Headers();
  const authorization = mutation.kind === "auth" ? mutation.authorization : target.authorization;
  if (authorization) headers.set("Authorization", authorization);
  if (body?.contentType) headers.set("Content-Type", body.contentType);
  const response = await SELF.fetch(urlOf(target, fuzzCase), { method: operation.method, headers, body: body?.text });
  const text = await response.text();
  const envelope = readEnvelope(text, response.headers.get("Content-Type") ?? "");
  const refused = response.status >= 400 || (typeof envelope?.code === "number" && envelope.code !== 0);
  return { status: response.status, text, envelope, refused, body };
};

// Sends one fuzzed request: was it refused, and what is wrong with the answer (nothing, ideally).
// Refusals RAGFlow v0.27's own suites check word for word: they name their field in words, not by its key.
const RAGFLOW_VERBATIM = [
  "Each delete requires key.",
  "Each update requires key and value.",
  "Status must be a boolean.",
  "Memory size should be in range (0, 10485760] Bytes.",
];

export const probe = async (
  target: ProbeTarget,
  fuzzCase: FuzzCase,
): Promise<{ refused: boolean; problems: string[]; sent: number }> => {
  const { operation } = target;
  const before = known ?? (await stateOf(operation));
  known = undefined;
  const { status, text, envelope, refused, body } = await send(target, fuzzCase);
  const problems: string[] = [];
  let sent = 1;
  if (status >= 500) problems.push(`HTTP ${status}`);
  const oversized = new TextEncoder().encode(body?.text ?? "").length > JSON_BODY_MAX_BYTES;
  const invalid = breaksSchema(operation, fuzzCase, body && "json" in body ? body.json : undefined);
  const wrongShape = notAnObject(operation, fuzzCase);
  if (!refused) {
    if (wrongShape) problems.push("accepted a JSON body that is not an object");
    else if (oversized) problems.push("accepted a body over the 1 MiB limit");
    else if (invalid) problems.push("accepted a value its schema refuses");
    await settle();
  } else {
    if (typeof envelope?.code !== "number" || envelope.code === 0) problems.push("refusal without an envelope code");
    if (typeof envelope?.message !== "string" || envelope.message === "") problems.push("refusal without a message");
    // a bulk request with some unknown ids is refused (RAGFlow's partial success) but does its valid part, which
    // may go on in the queue: it is waited for, so that the next case does not see its writes
    const partial = Number((envelope?.data as { success_count?: unknown } | null)?.success_count ?? 0) > 0;
    if (partial) await settle();
    const after = await stateOf(operation);
    known = after;
    if (after !== before && !partial) problems.push(`refusal wrote to ${changedTables(before, after).join(", ")}`);
    if (wrongShape && !/\bobject\b/.test(String(envelope?.message)))
      problems.push("refusal of a non-object body does not say an object is expected");
    const field = fieldName(fuzzCase);
    // RAGFlow checks the size of a whole parser_config (65,535 characters) before its fields
    const configTooLarge = String(envelope?.message).includes("Parser config exceeds size limit");
    const named =
      String(envelope?.message).includes(field ?? "") ||
      RAGFLOW_VERBATIM.includes(String(envelope?.message)) ||
      configTooLarge;
    if (invalid && !oversized && field !== undefined && !named) {
      // a rule the document cannot show (a trimmed name, a data: URL) may refuse the generated rest first
      const unmutated = await send(target, { ...fuzzCase, mutation: { kind: "none" } });
      sent++;
      known = undefined;
      if (!unmutated.refused || unmutated.envelope?.message !== envelope?.message)
        problems.push(`refusal does not name the field "${field}"`);
    }
  }
  if (problems.length > 0) problems.push(`answer: HTTP ${status} ${text.slice(0, 300)}`);
  return { refused, problems, sent };
};
