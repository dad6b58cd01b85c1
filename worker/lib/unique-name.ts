// RAGFlow's duplicate naming: "Name", then "Name(1)", "Name(2)"… (case-insensitive). For files the
// counter goes before the extension: "report(1).pdf".
export const nextFreeName = (wanted: string, taken: Iterable<string>, keepExtension = false): string => {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  if (!used.has(wanted.toLowerCase())) return wanted;
  const dot = keepExtension ? wanted.lastIndexOf(".") : -1;
  const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
  const extension = dot > 0 ? wanted.slice(dot) : "";
  for (let n = 1; ; n++) {
    const candidate = `${stem}(${n})${extension}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
};

const NAMING_ATTEMPTS = 20;

const isConflictOn = (index: RegExp, error: unknown): boolean =>
  error instanceof Error && (index.test(error.message) || isConflictOn(index, error.cause));

// Two uploads of one name at the same moment read the same free names: the slower insert meets the unique index
// (`index` matches D1's "UNIQUE constraint failed: <columns>") and `nameAndInsert` runs again with fresh names, a
// little apart so that racing requests do not meet again at once.
export const insertWithFreeNames = async <T>(index: RegExp, nameAndInsert: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await nameAndInsert();
    } catch (error) {
      if (attempt >= NAMING_ATTEMPTS || !isConflictOn(index, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
};
