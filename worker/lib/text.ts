// FTS5's unicode61 tokenizer folds diacritics but not ß; both the index triggers and queries map it to "ss".
export const foldSharpS = (text: string) => text.replaceAll("ß", "ss").replaceAll("ẞ", "SS");

const UMLAUTS: Record<string, string> = { ä: "a", ö: "o", ü: "u", ß: "ss", é: "e", è: "e", à: "a", ç: "c" };

// Lower case, diacritics and ß folded: the form the built-in embedding hashes.
export const foldForMatching = (text: string) =>
  text
    .toLowerCase()
    .replace(/[äöüßéèàç]/g, (ch) => UMLAUTS[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

export const wordsOf = (text: string) => foldForMatching(text).match(/[\p{L}\p{N}]+/gu) ?? [];
