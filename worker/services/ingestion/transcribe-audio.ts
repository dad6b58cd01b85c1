import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema";
import type { TranscriptSegment } from "../../platform/providers/types";
import { UnreadableDocumentError } from "../../rag/parse";
import type { Block, ParsedDocument } from "../../rag/parse/types";
import type { Deps } from "../context";
import { resolveModel } from "../models/resolve";

export const NO_SPEECH_MODEL =
  "Audio files need a speech-to-text model to be transcribed. Set one in the system model settings.";

const two = (n: number) => String(n).padStart(2, "0");

// "1:02:05" or "02:05"
export const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

// One line per segment, "[00:04–00:09] text"; without segments the text's paragraphs.
const transcriptBlocks = (text: string, segments: TranscriptSegment[]): Block[] =>
  segments.length
    ? segments.map((segment) => ({
        kind: "text",
        text: `[${clock(segment.start)}–${clock(segment.end)}] ${segment.text}`,
      }))
    : text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => ({ kind: "text", text: paragraph }));

// An audio file becomes its transcript, written by the tenant's speech-to-text model (system model settings).
export const transcribeAudio = async (
  deps: Deps,
  tenantId: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<ParsedDocument> => {
  const tenant = await deps.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
  if (!tenant?.asrId) throw new UnreadableDocumentError(NO_SPEECH_MODEL);
  const model = await resolveModel(deps, tenantId, tenant.asrId, "speech2text").catch((error: Error) => {
    throw new UnreadableDocumentError(error.message);
  });
  const { text, segments } = await model.transcript(bytes, fileName);
  const blocks = transcriptBlocks(text, segments);
  if (blocks.length === 0) throw new UnreadableDocumentError("The speech-to-text model heard no speech.");
  return { blocks, notes: [`Transcribed by ${model.id}: ${segments.length} timed segments.`] };
};
