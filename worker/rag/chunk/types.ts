export type ChunkDraft = {
  content: string;
  pages: number[];
  questions?: string[];
  keywords?: string[];
  tags?: string[];
  // tag → weight from the dataset's tag sets
  tagFeatures?: Record<string, number>;
  // a figure's chunk: the image it shows
  imageId?: string;
};

export type ChunkConfig = {
  chunkTokenNum: number;
  delimiter: string;
  overlappedPercent: number;
};
