import type { DatasetDocument } from "../../../worker/contract/documents";

// What every one-document dialog of the list (rename, chunk method, metadata) is given.
export type DocumentDialogProps = { datasetId: string; doc: DatasetDocument; onClose: () => void };
