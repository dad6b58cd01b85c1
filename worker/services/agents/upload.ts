import { extensionOf } from "../../contract/documents";
import { AGENT_FILE_TEXT_MAX, type AgentInputFile } from "../../contract/agents";
import { IMAGE_SUFFIXES } from "../../lib/content-types";
import { argumentError, dataError } from "../../lib/errors";
import { parseDocument, UnreadableDocumentError } from "../../rag/parse";
import type { ServiceContext } from "../context";
import { assertUploadable } from "../documents/upload";
import { describeImage } from "../ingestion/describe-image";
import { getVisibleAgent } from "./access";

// A file for a Begin input of type file: its text, read by the knowledge bases' parsers (an image by the team's
// image-to-text model). The run gets the text; the file itself is not kept.
export const readInputFile = async (ctx: ServiceContext, agentId: string, files: File[]): Promise<AgentInputFile> => {
  await getVisibleAgent(ctx, agentId);
  assertUploadable(files);
  const [file] = files;
  if (!file || files.length > 1) throw argumentError("Send one file.");
  const suffix = extensionOf(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const parsed = IMAGE_SUFFIXES.has(suffix)
      ? await describeImage(ctx, ctx.actor.tenantId, suffix, bytes)
      : await parseDocument(suffix, file.name, bytes, {
          fromPage: 1,
          toPage: Number.MAX_SAFE_INTEGER,
          html4excel: false,
        });
    const text = parsed.blocks
      .map((block) => block.text)
      .join("\n\n")
      .trim();
    if (!text) throw dataError(`No text found in "${file.name}".`);
    return {
      name: file.name,
      size: file.size,
      content: text.slice(0, AGENT_FILE_TEXT_MAX),
      truncated: text.length > AGENT_FILE_TEXT_MAX,
    };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw dataError(`"${file.name}" could not be read: ${error.message}`);
    throw error;
  }
};
