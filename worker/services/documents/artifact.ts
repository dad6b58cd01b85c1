import { dataError } from "../../lib/errors";

const ARTIFACT_TYPES = new Set(["png", "jpg", "jpeg", "svg", "pdf", "csv", "json", "html"]);

// RAGFlow's GET /documents/artifact/{filename} serves the files its code sandbox wrote during an agent run. Buddy's
// code component writes no files, so a name RAGFlow would accept is simply not found; its checks on the name come
// first, with its messages.
export const readArtifact = (filename: string): never => {
  if (filename.includes("/") || filename.includes("\\")) throw dataError("Invalid filename.");
  const dot = filename.lastIndexOf(".");
  const suffix = dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
  if (!ARTIFACT_TYPES.has(suffix)) throw dataError("invalid file type");
  throw dataError("Artifact not found.");
};
