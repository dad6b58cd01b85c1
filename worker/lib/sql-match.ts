import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// Text matching without LIKE: D1 refuses a LIKE pattern over 50 bytes, and `%`, `_` and `\` in a pattern are
// wildcards to escape. instr() and substr() take the term as plain text of any length, so every character in it
// (quotes included: it is a bound value) matches only itself.

// "Contains, ignoring case" on a key the app stored lower-cased (name_key): the term is lower-cased the same way,
// all of Unicode ("Ärger" finds "ärger").
export const keyContains = (key: SQLWrapper, term: string): SQL => sql`instr(${key}, ${term.toLowerCase()}) > 0`;

// "Contains, ignoring case" on text stored as written: SQLite's lower() folds ASCII letters only (as LIKE does);
// callers that need more pass the spellings they want found.
export const textContains = (column: SQLWrapper, term: string): SQL => sql`instr(lower(${column}), lower(${term})) > 0`;

// "Starts with", case as stored.
export const startsWith = (column: SQLWrapper, prefix: string): SQL =>
  sql`substr(${column}, 1, length(${prefix})) = ${prefix}`;
