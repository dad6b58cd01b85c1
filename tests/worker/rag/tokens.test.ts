import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import { countTokens, truncateTokens } from "../../../worker/rag/tokens";

const plain = new Tiktoken(cl100k);
const MB = 1 << 20;

const timed = <T>(label: string, work: () => T): T => {
  const start = performance.now();
  const result = work();
  console.warn(`${label}: ${Math.round(performance.now() - start)} ms`);
  return result;
};

const ordinary = [
  "Der schnelle braune Fuchs springt über den faulen Hund; Größe 12,5 cm, Preis 3.499,00 €.",
  "The quick brown fox — jumps over 1,234,567 lazy dogs! Isn't it? (Yes.) #tags @mentions 50%",
  "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz und Donaudampfschifffahrt",
  "https://example.com/a/b?c=1&d=%20e#frag user.name+tag@example.org 2026-11-27T13:19:15Z",
  "Emoji 😀👍🏽👨‍👩‍👧 und CJK: 日本語のテキスト、中文文本。한국어 텍스트. Ünïcödé ßtraße.",
  "```ts\nconst x = (a: number) => a ** 2; // comment\n```\n\n\t- list item\r\n  * another\n\n\n",
  '<p class="x">HTML &amp; entities</p> | Tabelle | mit | Spalten |\n|---|---|---|',
];

describe("cl100k token counting", () => {
  it("counts and truncates ordinary text exactly as the plain encoder does", () => {
    const texts = [...ordinary, ordinary.join("\n"), ordinary.join(" \n  ").repeat(200), "", " ", "a"];
    for (const text of texts) {
      const tokens = plain.encode(text);
      expect(countTokens(text)).toBe(tokens.length);
      for (const limit of [0, 1, 7, 20, tokens.length - 1, tokens.length, tokens.length + 5]) {
        const expected = tokens.length <= limit ? text : plain.decode(tokens.slice(0, Math.max(0, limit)));
        expect(truncateTokens(text, limit)).toBe(expected);
      }
    }
  }, 60_000);

  it("counts 1 MB of a single letter in linear time, as the sum over 32-byte slices", () => {
    const text = "A".repeat(MB);
    const count = timed("countTokens 1 MB of A", () => countTokens(text));
    expect(count).toBe((MB / 32) * plain.encode("A".repeat(32)).length);
  }, 60_000);

  it("counts long whitespace-free runs of any script as the sum over their slices", () => {
    const umlauts = "ä".repeat(200_000); // 2 bytes each: slices of 16
    expect(timed("countTokens 200k ä", () => countTokens(umlauts))).toBe(
      (200_000 / 16) * plain.encode("ä".repeat(16)).length,
    );
    const emoji = "😀".repeat(100_000); // 4 bytes each: slices of 8
    expect(timed("countTokens 100k emoji", () => countTokens(emoji))).toBe(
      (100_000 / 8) * plain.encode("😀".repeat(8)).length,
    );
    let seed = 7;
    const random = Array.from({ length: 64 * 1024 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(97 + (seed % 26));
    }).join("");
    const expected = random.match(/.{1,32}/g)?.reduce((sum, slice) => sum + plain.encode(slice).length, 0);
    expect(timed("countTokens 64 kB random letters", () => countTokens(random))).toBe(expected);
  }, 120_000);

  it("stays within the budget when truncating hostile text", () => {
    const hostile = {
      letters: "A".repeat(MB),
      sentences: "a.".repeat(MB / 2),
      umlauts: "ä".repeat(200_000),
      spaces: " ".repeat(MB),
      newlines: "\n".repeat(100_000),
      brackets: "[".repeat(MB / 2) + "]".repeat(MB / 2),
      mixed: `Ein Satz vorweg. ${"B".repeat(MB)} und danach.`,
    };
    for (const [name, text] of Object.entries(hostile)) {
      for (const limit of [0, 1, 100, 500]) {
        const cut = timed(`truncateTokens ${name} to ${limit}`, () => truncateTokens(text, limit));
        expect(text.startsWith(cut.replace(/\uFFFD+$/, ""))).toBe(true);
        expect(countTokens(cut)).toBeLessThanOrEqual(limit);
        if (limit >= 100) expect(countTokens(cut)).toBeGreaterThan(limit / 2);
      }
    }
  }, 120_000);

  it("treats special-token strings as plain text instead of throwing", () => {
    expect(countTokens("vorher <|endoftext|> nachher")).toBe(
      plain.encode("vorher <|endoftext|> nachher", [], []).length,
    );
    expect(truncateTokens("<|endoftext|> und mehr", 100)).toBe("<|endoftext|> und mehr");
  });
});
