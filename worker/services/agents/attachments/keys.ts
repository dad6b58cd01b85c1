// Where a flow's generated documents lie in R2, and the API path that downloads one (encoded so that it stays
// one Markdown link target, brackets included). The file name is part of the
// key, so a link cannot rename what it serves.
export const attachmentKey = (tenantId: string, agentId: string, docId: string, filename: string) =>
  `${tenantId}/agent-docs/${agentId}/${docId}/${filename}`;

export const attachmentPath = (agentId: string, docId: string, filename: string) =>
  `/api/v1/agents/${agentId}/attachments/${docId}/${encodeURIComponent(filename).replace(
    /[()'!*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )}`;

// RAGFlow's sanitize_filename: no path or control characters, at most 180 characters before the extension
export const attachmentFilename = (name: string, extension: string) => {
  const cleaned = name
    .trim()
    .replace(/[\\/?#%*:|<>"]/g, " ")
    .replace(/[^\P{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[ .]+|[ .]+$/g, "");
  if (!cleaned) return "";
  const base =
    cleaned
      .replace(/\.[^.]{1,8}$/, "")
      .slice(0, 180)
      .trimEnd() || "file";
  return `${base}.${extension}`;
};
