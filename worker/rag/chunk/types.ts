export type ChunkDraft = {
  content: string;
  pages: number[];
  questions?: string[];
  keywords?: string[];
  tags?: string[];
  // tag → weight from the dataset's tag sets
  tagFeatures?: Record<string, number>;
};

export type ChunkConfig = {
  chunkTokenNum: number;
  delimiter: string;
  overlappedPercent: number;
};
