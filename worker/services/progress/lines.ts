// RAGFlow's progress lines: "HH:MM:SS Page(1~12): Start to parse."
export const progressLine = (message: string, fromPage: number, toPage: number, at = new Date()) => {
  const time = at.toISOString().slice(11, 19);
  const pages = toPage > 0 ? `Page(${fromPage}~${toPage}): ` : "";
  return `${time} ${pages}${message}`;
};

export const seconds = (sinceMs: number) => `${((Date.now() - sinceMs) / 1000).toFixed(2)}s`;

// progress_msg keeps the most recent lines only, so it never grows without bound
export const appendLine = (log: string, line: string, keep = 200) =>
  [...log.split("\n").filter(Boolean), line].slice(-keep).join("\n");
