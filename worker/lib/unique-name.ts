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
