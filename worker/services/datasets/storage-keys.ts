// Every blob is under its tenant and dataset, so deleting a dataset is one prefix delete.
export const datasetPrefix = (tenantId: string, datasetId: string) => `${tenantId}/datasets/${datasetId}/`;

export const documentKey = (tenantId: string, datasetId: string, documentId: string) =>
  `${datasetPrefix(tenantId, datasetId)}${documentId}`;
