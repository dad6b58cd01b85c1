import type { ChunkDraft } from "../../rag/chunk";
import type { Figure } from "../../rag/parse/types";
import type { Deps } from "../context";
import { figureKey } from "../scope/storage-keys";
import { type ImageModel, imageText } from "./describe-image";

type DocumentRef = { id: string; datasetId: string; tenantId: string };

// The formats whose figures are taken out.
export const WITH_FIGURES = new Set(["pdf", "docx", "pptx"]);

// The figures of PDFs, Word files and presentations become chunks of their own (RAGFlow describes figures with the vision model): the caption and
// what the image-to-text model sees, with the image shown for the chunk. A figure the model cannot describe is
// noted and skipped unless it has a caption; one with neither is left out.
export const figureDrafts = async (
  deps: Deps,
  doc: DocumentRef,
  fromPage: number,
  figures: Figure[],
  model: ImageModel,
  note: (message: string) => Promise<void>,
  beat: () => Promise<void>,
): Promise<ChunkDraft[]> => {
  const drafts: ChunkDraft[] = [];
  for (const [index, figure] of figures.entries()) {
    // a stopped or re-queued task stops here, not after every figure was paid for
    await beat();
    const described = await imageText(deps, doc.tenantId, model, figure.bytes, figure.mimeType).catch(
      async (error: Error) => {
        await note(`Figure ${index + 1} on page ${figure.page} was not described: ${error.message}`);
        return "";
      },
    );
    const content = [figure.caption, described].filter(Boolean).join("\n");
    if (!content) continue;
    await deps.storage.put(figureKey(doc, fromPage, index), figure.bytes.slice().buffer, figure.mimeType);
    const imageId = `${doc.datasetId}-${doc.id}-${fromPage}-${index}`;
    drafts.push({ content, pages: [figure.page], imageId, idKey: imageId });
  }
  return drafts;
};
