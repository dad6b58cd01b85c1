// Every blob is under its tenant and dataset, so deleting a dataset is one prefix delete.
export const datasetPrefix = (tenantId: string, datasetId: string) => `${tenantId}/datasets/${datasetId}/`;

export const documentKey = (tenantId: string, datasetId: string, documentId: string) =>
  `${datasetPrefix(tenantId, datasetId)}${documentId}`;

type DocumentRef = { id: string; datasetId: string; tenantId: string };

// Where a document's figures live: under its dataset (deleting the dataset deletes them), by task page and order,
// so a retried task writes the same objects.
export const datasetFigures = (tenantId: string, datasetId: string) => `${datasetPrefix(tenantId, datasetId)}figures/`;
export const figuresOf = (doc: DocumentRef) => `${datasetFigures(doc.tenantId, doc.datasetId)}${doc.id}/`;
export const figureKey = (doc: DocumentRef, fromPage: number, index: number) => `${figuresOf(doc)}${fromPage}-${index}`;
