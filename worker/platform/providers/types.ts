// One interface per model type; each provider file implements the ones it offers.
export type EmbeddingModel = {
  id: string;
  dims: number;
  embed(texts: string[]): Promise<Float32Array[]>;
};
