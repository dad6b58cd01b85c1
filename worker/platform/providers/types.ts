// One interface per model type; each provider file implements the ones it offers.
export type EmbeddingModel = {
  id: string;
  dims: number;
  // cosine that unrelated texts typically reach with this model; retrieval rescales from here to 1, so a
  // similarity threshold means the same for every model
  similarityFloor: number;
  embed(texts: string[]): Promise<Float32Array[]>;
};
